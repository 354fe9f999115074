// Burials: recorded into a grave under the bury rule of spec screen 10, corrected and removed by staff.
import type { FastifyInstance } from 'fastify';
import { canBury } from '../../../src/domain/rules/graveStatus';
import { formatDate, formatDays } from '../../../src/domain/text/format';
import { formatCount } from '../../../src/domain/text/nouns';
import { gravePlace } from '../../../src/domain/rules/graveMoves';
import { t } from '../../../src/domain/messages';
import { GRAVE_STATUS, type Grave } from '../../../src/domain/types';
import { checkBurialDate, checkText, LIMITS, TEXT_FIELDS } from '../../../src/domain/rules/validation';
import type { AppContext } from '../../http/context';
import { addBurial, removeBurial, transferRemains, updateBurial, writeBy } from '../../data/graveWrites';
import { badRequest, notFound } from '../../http/errors';
import { bodies } from '../../schemas/bodies';
import { answers, idParams, messageAnswer, STAFF, WITH_BODY } from '../../schemas/common';
import { graveWithMessage } from '../../schemas/entities';
import { typed } from '../typed';

const burialFieldErrors = { name: 'burial.nameInvalid', burialDate: 'burial.dateInvalid' } as const;

/** Refuses a burial the grave cannot take today (full, or resting since its last burial). */
function refuseUnlessOpen(grave: Grave, today: string): void {
  const last = grave.buriedPersons[0]?.burialDate ?? null;
  if (canBury({ gender: grave.gender, status: grave.status, lastBurialDate: last }, today)) return;
  if (grave.status === GRAVE_STATUS.full) throw badRequest('burial.graveFull');
  throw badRequest('burial.graveResting', {
    date: formatDate(last ?? today),
    days: formatDays(grave.daysUntilAvailable ?? 1),
  });
}

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
        response: answers({ 201: graveWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'burials', action: 'create' }, fieldErrors: burialFieldErrors },
    },
    async (request, reply) => {
      const today = ctx.today();
      const name = checkText(request.body.name, LIMITS.burialNameMax, 'burial.nameInvalid', TEXT_FIELDS.burialName);
      if (!name.ok) throw badRequest(name.error);
      const date = checkBurialDate(request.body.burialDate, today);
      if (!date.ok) throw badRequest(date.error);
      const { id } = request.params;
      await addBurial(
        writeBy(ctx, request),
        ctx.statusContext(),
        id,
        { name: name.value, burialDate: date.value },
        (grave) => refuseUnlessOpen(grave, today),
      );
      reply.status(201);
      return { message: t('burial.success'), grave: await graveNow(id) };
    },
  );

  // Issue 13: remains moved to the ossuary. The people keep their records; the grave they leave is available again
  // when no burial left in it holds it in its resting period (and it is not marked full).
  r.post(
    '/graves/:id/transfer',
    {
      schema: {
        summary: "Move a grave's remains to the bone section",
        params: idParams('id'),
        body: bodies.transfer,
        response: answers({ 200: graveWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: {
        access: { resource: 'transfers', action: 'create' },
        fieldErrors: {
          bonesGraveId: 'transfer.targetNotFound',
          date: 'transfer.dateInvalid',
          buriedPersonIds: 'transfer.personNotHere',
        },
      },
    },
    async (request) => {
      const today = ctx.today();
      const date = checkBurialDate(request.body.date, today);
      if (!date.ok)
        throw badRequest(date.error === 'burial.dateFuture' ? 'transfer.dateFuture' : 'transfer.dateInvalid');
      const { id } = request.params;
      const done = await transferRemains(
        writeBy(ctx, request),
        id,
        { bonesGraveId: request.body.bonesGraveId, date: date.value, personIds: request.body.buriedPersonIds ?? null },
        (people) => {
          const earlier = people.find((p) => p.burialDate > date.value);
          if (earlier) throw badRequest('transfer.dateBeforeBurial', { name: earlier.name });
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
        response: answers({ 200: graveWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'burials', action: 'edit' }, fieldErrors: burialFieldErrors },
    },
    async (request) => {
      const { id, personId } = request.params;
      const changes: { name?: string; burialDate?: string } = {};
      if (request.body.name !== undefined) {
        const name = checkText(request.body.name, LIMITS.burialNameMax, 'burial.nameInvalid', TEXT_FIELDS.burialName);
        if (!name.ok) throw badRequest(name.error);
        changes.name = name.value;
      }
      if (request.body.burialDate !== undefined) {
        const date = checkBurialDate(request.body.burialDate, ctx.today());
        if (!date.ok) throw badRequest(date.error);
        changes.burialDate = date.value;
      }
      if (Object.keys(changes).length === 0) throw badRequest('burial.nothingToUpdate');
      await updateBurial(writeBy(ctx, request), id, personId, changes);
      return { message: t('burial.updated'), grave: await graveNow(id) };
    },
  );
}
