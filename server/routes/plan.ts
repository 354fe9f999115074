// The plan of the cemetery: the drawing's data, the rows the committee names, and a grave found by its
// section and number (what a plan cell, a printed plan or a plate on the ground gives).
import type { FastifyInstance } from 'fastify';
import { t } from '../../src/domain/messages';
import { isOneOf } from '../../src/domain/rules/oneOf';
import { PLAN_GENDERS, type PlanGender } from '../../src/domain/plan/plan';
import { checkPlanRows } from '../../src/domain/plan/planRows';
import type { AppContext } from '../http/context';
import { replaceNamedRows } from '../data/planRows';
import { writeBy } from '../data/graveWrites';
import { badRequest, HttpError } from '../http/errors';
import { bodies } from '../schemas/bodies';
import { answers, idParams, STAFF, WITH_BODY } from '../schemas/common';
import { grave, planAnswer, planRows, planRowsWithMessage } from '../schemas/entities';
import { cemeteryPlan, graveByNumber, SHOWS } from './publicAnswers';
import { typed } from './typed';

const SECTION_NAME: Record<PlanGender, 'plan.sectionMen' | 'plan.sectionWomen'> = {
  men: 'plan.sectionMen',
  women: 'plan.sectionWomen',
};

export async function planRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.get(
    '/plan',
    {
      schema: {
        summary: 'Get the plan of the cemetery',
        response: answers({ 200: planAnswer }, { kept: true }),
      },
      config: { answerCache: { shows: SHOWS.plan } },
    },
    async () => cemeteryPlan(ctx),
  );

  r.get(
    '/plan/rows',
    {
      schema: {
        summary: 'List the named rows of the plan',
        response: answers({ 200: planRows }, { kept: true }),
      },
      config: { answerCache: { shows: ['plan'] } },
    },
    async () => ctx.data.plan.namedRows(),
  );

  r.put(
    '/plan/rows/:gender',
    {
      schema: {
        summary: 'Replace the named rows of a section',
        params: idParams('gender'),
        body: bodies.planRows,
        response: answers({ 200: planRowsWithMessage }, { refusals: [...STAFF, ...WITH_BODY] }),
      },
      config: { access: { resource: 'plan', action: 'edit' }, fieldErrors: { rows: 'plan.rowsInvalid' } },
    },
    async (request) => {
      const { gender } = request.params;
      if (!isOneOf(PLAN_GENDERS, gender)) throw badRequest('plan.sectionInvalid');
      const checked = checkPlanRows(request.body.rows);
      if (!checked.ok) throw new HttpError(400, checked.error);
      await replaceNamedRows(writeBy(ctx, request), gender, checked.value);
      const section = t(SECTION_NAME[gender]);
      return {
        message: t(checked.value.length > 0 ? 'plan.rowsSaved' : 'plan.rowsReset', { section }),
        rows: checked.value,
      };
    },
  );

  r.get(
    '/graves/by-number/:gender/:number',
    {
      schema: {
        summary: 'Find a grave by its section and number',
        params: idParams('gender', 'number'),
        response: answers({ 200: grave }, { refusals: [404] }),
      },
    },
    async (request) => graveByNumber(ctx, request.params.gender, request.params.number),
  );
}
