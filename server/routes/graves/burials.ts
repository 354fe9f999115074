// Burials: recorded into a grave under the bury rule of spec screen 10, corrected and removed by staff.
import type { FastifyInstance } from 'fastify';
import { restingDaysLeft } from '../../../src/domain/rules/graveStatus';
import { can } from '../../../src/domain/rules/policy';
import { formatDays } from '../../../src/domain/text/format';
import { parseDayDate } from '../../../src/domain/dates/burialDate';
import { formatCount } from '../../../src/domain/text/nouns';
import { gravePlace } from '../../../src/domain/rules/graveMoves';
import { t } from '../../../src/domain/messages';
import type { AppContext } from '../../http/context';
import { removeBurial, transferRemains, writeBy } from '../../data/graveWrites';
import { readBurialChanges, recordBurial, writeBurialChanges } from './bury';
import { badRequest, notFound, refuse } from '../../http/errors';
import { bodies } from '../../schemas/bodies';
import { answers, idParams, messageAnswer, STAFF, WITH_BODY } from '../../schemas/common';
import { graveWithMessage } from '../../schemas/entities';
import { typed } from '../typed';

/** The longest reason a manager may write for moving someone still resting. */
const TRANSFER_REASON_MAX = 500;

const burialFieldErrors = { name: 'burial.nameInvalid', burialDate: 'burial.dateUnreadable' } as const;

/** The bury and correction answers: the grave as it now stands, and the history rule's warnings for the staff. */
const graveWithWarnings = {
  type: 'object',
  properties: {
    ...graveWithMessage.properties,
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description: 'the history rule’s warnings the burial was saved with (Arabic), for the staff; empty when none',
    },
  },
  required: [...graveWithMessage.required, 'warnings'],
} as const;

export async function burialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const graveNow = async (id: string) => {
    const found = await ctx.data.graves.get(ctx.statusContext(), id);
    if (!found) throw notFound('grave.notFound');
    return found;
  };

  r.post(
    '/graves/:id/bury',
    {
      schema: {
        summary: 'Bury a person in a grave',
        params: idParams('id'),
        body: bodies.bury,
        response: answers({ 201: graveWithWarnings }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'burials', action: 'create' }, fieldErrors: burialFieldErrors },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { message, warnings, grave } = await recordBurial(ctx, writeBy(ctx, request), id, request.body);
      reply.status(201);
      return { message, warnings, grave };
    },
  );

  // Remains moved to the ossuary. The people keep their records; the grave they leave is available again
  // when no burial left in it holds it in its resting period (and it is not marked full). Only people
  // whose resting period has passed move (restingDaysLeft), unless a manager names one still resting and writes a
  // reason, kept in the audit entry; without named people, everyone whose rest has passed.
  r.post(
    '/graves/:id/transfer',
    {
      schema: {
        summary: "Move a grave's remains to the bone section",
        params: idParams('id'),
        body: bodies.transfer,
        response: answers({ 200: graveWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404, 409] }),
      },
      config: {
        access: { resource: 'transfers', action: 'create' },
        fieldErrors: {
          bonesGraveId: 'transfer.targetNotFound',
          date: 'transfer.dateInvalid',
          buriedPersonIds: 'transfer.personNotHere',
          reason: 'transfer.reasonTooLong',
        },
      },
    },
    async (request) => {
      const today = ctx.today();
      const date = parseDayDate(request.body.date, today);
      if (!date.ok)
        throw badRequest(date.error === 'burial.dateFuture' ? 'transfer.dateFuture' : 'transfer.dateInvalid');
      const reasonText = (request.body.reason ?? '').replace(/\s+/g, ' ').trim();
      if ([...reasonText].length > TRANSFER_REASON_MAX) {
        throw badRequest('transfer.reasonTooLong');
      }
      const manager = can(request.account?.role, 'restOverride', 'create');
      const reason = manager && reasonText !== '' ? reasonText : null;
      const { restingPeriodDays } = ctx.statusContext();
      const daysLeft = (burialDate: string) => restingDaysLeft(burialDate, today, restingPeriodDays);
      const { id } = request.params;
      const done = await transferRemains(
        writeBy(ctx, request),
        id,
        {
          bonesGraveId: request.body.bonesGraveId,
          date: date.value,
          personIds: request.body.buriedPersonIds ?? null,
          reason,
        },
        (burialDate) => daysLeft(burialDate) === 0,
        (people) => {
          const earlier = people.find((p) => p.burialDate > date.value);
          if (earlier) throw badRequest('transfer.dateBeforeBurial', { name: earlier.name });
          const resting = people.find((p) => daysLeft(p.burialDate) > 0);
          if (resting && reason === null) {
            throw refuse(409, manager ? 'transfer.restingManager' : 'transfer.resting', {
              name: resting.name,
              days: formatDays(daysLeft(resting.burialDate)),
            });
          }
        },
      );
      return {
        message: t('transfer.done', {
          people: formatCount(done.moved, 'person', 'genitive'),
          place: gravePlace(done.to),
        }),
        grave: await graveNow(id),
      };
    },
  );

  r.delete(
    '/graves/:id/remove-buried',
    {
      schema: {
        summary: 'Remove a burial from a grave',
        params: idParams('id'),
        body: bodies.removeBuried,
        response: answers({ 200: messageAnswer }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'burials', action: 'delete' }, fieldErrors: { buriedPersonId: 'burial.notFound' } },
    },
    async (request) => {
      await removeBurial(writeBy(ctx, request), request.params.id, request.body.buriedPersonId);
      return { message: t('burial.deleted') };
    },
  );

  r.put(
    '/graves/:id/buried/:personId',
    {
      schema: {
        summary: 'Correct a burial',
        params: idParams('id', 'personId'),
        body: bodies.updateBuried,
        response: answers({ 200: graveWithWarnings }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'burials', action: 'edit' }, fieldErrors: burialFieldErrors },
    },
    async (request) => {
      const { id, personId } = request.params;
      const read = readBurialChanges(ctx, request.body);
      if (Object.keys(read.changes).length === 0) throw badRequest('burial.nothingToUpdate');
      const { message, warnings } = await writeBurialChanges(ctx, writeBy(ctx, request), id, personId, read);
      return { message, warnings, grave: await graveNow(id) };
    },
  );
}
