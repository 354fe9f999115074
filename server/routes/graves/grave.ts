// One grave: its public page, and the staff's list, creation, "full" mark and deletion of graves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchGraveNumber, prepareQuery, sectionFits, type PreparedQuery } from '../../../src/domain/search/names';
import { GRAVE_STATUS, type Grave } from '../../../src/domain/types';
import { t } from '../../../src/domain/messages';
import { checkGraveNumber, checkPosition, checkText, TEXT_FIELDS } from '../../../src/domain/rules/validation';
import { deriveStatus } from '../../../src/domain/rules/graveStatus';
import { formatDate, formatDays } from '../../../src/domain/text/format';
import type { AppContext } from '../../http/context';
import { GRAVE_SCOPES } from '../../data/dataVersions';
import type { GraveSummaries } from '../../data/graves';
import {
  createGrave,
  deleteGrave,
  markGraveFull,
  reopenGrave,
  setGravePosition,
  writeBy,
} from '../../data/graveWrites';
import { badRequest, notFound } from '../../http/errors';
import { sendStreamed } from '../../http/streamedAnswer';
import { filterFlag, filterIds, filterText, pageOf, parseListQuery } from '../../http/paging';
import { bodies } from '../../schemas/bodies';
import { answers, idParams, listQuery, STAFF, WITH_BODY } from '../../schemas/common';
import { burialWarnings, deleted, grave, graves, graveWithMessage } from '../../schemas/entities';
import { namesIndex } from '../search';
import { publicGrave, SHOWS } from '../publicAnswers';
import { typed } from '../typed';

const SORTABLE = ['number', 'gender', 'status', 'daysUntilAvailable', 'id'] as const;

/** Compares two graves of the summaries by a sortable field (by their positions in the columns). */
function compareBy(field: string, all: GraveSummaries): (a: number, b: number) => number {
  switch (field) {
    case 'gender':
      return (a, b) => all.genders[a]!.localeCompare(all.genders[b]!);
    case 'status':
      return (a, b) => all.statuses[a]!.localeCompare(all.statuses[b]!, 'ar');
    case 'daysUntilAvailable':
      return (a, b) => (all.days[a] ?? Infinity) - (all.days[b] ?? Infinity);
    case 'id':
      return (a, b) => all.ids[a]!.localeCompare(all.ids[b]!);
    default:
      return () => 0; // the list already comes by number
  }
}

export async function graveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const write = (request: FastifyRequest) => writeBy(ctx, request);

  /** The graves holding someone the query finds (a grave without burials is found by its number alone). */
  const graveIdsFound = async (query: PreparedQuery) => {
    const index = await namesIndex(app, ctx);
    return new Set(index.names.matchingItems(query).map((slot) => index.graveOfPerson(slot).id));
  };

  const one = async (id: string, withPlace = false) => {
    const found = await ctx.data.graves.get(ctx.statusContext(), id, { withPlace });
    if (!found) throw notFound('grave.notFound');
    return found;
  };
  r.get(
    '/graves/graves/:id',
    {
      schema: {
        summary: "Get a grave (the specification's path)",
        params: idParams('id'),
        response: answers({ 200: grave }, { refusals: [404], kept: true }),
      },
      // A write to another grave leaves it kept (the log of changed graves names the ones a write changed).
      config: { answerCache: { shows: SHOWS.grave, grave: 'id' } },
    },
    async (request) => {
      const found = await publicGrave(ctx, request.params.id);
      app.keptAnswers.showsGraves(request, found.alsoShows);
      return found.grave;
    },
  );
  // The same answer at the path ra-data-simple-rest's getOne asks.
  r.get(
    '/graves/:id',
    {
      schema: {
        summary: 'Get a grave',
        params: idParams('id'),
        response: answers({ 200: grave }, { refusals: [404] }),
      },
    },
    async (request) => one(request.params.id, true),
  );

  // The warnings stored with a grave's burials are the staff's; no public answer carries them.
  r.get(
    '/graves/:id/warnings',
    {
      schema: {
        summary: "List the warnings stored with a grave's burials, for the staff",
        params: idParams('id'),
        response: answers({ 200: burialWarnings }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'graves', action: 'show' } },
    },
    async (request) => {
      const found = await ctx.data.graves.get(ctx.statusContext(), request.params.id);
      if (!found) throw notFound('grave.notFound');
      return ctx.data.graves.warnings(request.params.id);
    },
  );

  r.get(
    '/graves',
    {
      schema: {
        summary: 'List every grave, for the staff',
        querystring: listQuery,
        response: answers({ 200: graves }, { refusals: [...STAFF, 400] }),
      },
      config: { access: { resource: 'graves', action: 'list' } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, SORTABLE);
      if (!q.paged) {
        // The whole register (3.7 MB for a town, 80 MB for a city) is written as it is read, never held; a client
        // holding the current answer gets a 304 (server/data/sectionStream.ts).
        const status = ctx.statusContext();
        const etag = await ctx.data.graves.answerTag(status, 'staff:graves', GRAVE_SCOPES);
        // Its compressed copy is kept while the ETag holds, as the sections' (the same for every member of staff).
        const kept = { streams: app.keptStreams, key: 'staff:graves' };
        return sendStreamed(request, reply, { etag, cacheControl: 'private, no-cache', kept }, () =>
          ctx.data.graves.sectionJson(status),
        );
      }
      // Filter, sort and page on statuses read from the graves' kept facts, kept as columns until a grave or burial
      // changes (at town scale it took most of each request); read burials only for the page shown.
      const all = await app.keptAnswers.graveSummaries(() => ctx.data.graves.summaryColumns(ctx.statusContext()));
      const ids = filterIds(q.filter);
      const term = filterText(q.filter, 'q');
      const gender = filterText(q.filter, 'gender');
      const status = filterText(q.filter, 'status');
      // «مع تنبيهات»: the graves holding a burial saved with a warning.
      const warned =
        filterFlag(q.filter, 'withWarnings') === true
          ? await app.keptAnswers.gravesWithWarnings(() => ctx.data.graves.withWarnings())
          : null;
      // The search box: the register's name matcher (the same as /api/search), on the names and the numbers.
      // The index before the query: a query's compounds are the words the indexed names hold (see /api/search).
      if (term !== null && prepareQuery(term) !== null) await namesIndex(app, ctx);
      const query = term === null ? null : prepareQuery(term);
      const found = query === null ? null : await graveIdsFound(query);
      let items: number[] = [];
      for (let at = 0; at < all.ids.length; at++) {
        const id = all.ids[at]!;
        const g = all.genders[at]!;
        if (
          (!ids || ids.includes(id)) &&
          (!gender || g === gender) &&
          (!status || all.statuses[at] === status) &&
          (!warned || warned.has(id)) &&
          (!query ||
            found!.has(id) ||
            (query.words.length === 0 && sectionFits(query, g) && matchGraveNumber(query, all.numbers[at]!) !== null))
        ) {
          items.push(at);
        }
      }
      if (q.sort) {
        const cmp = compareBy(q.sort.field, all);
        const sign = q.sort.order === 'DESC' ? -1 : 1;
        items = items.sort((a, b) => sign * (cmp(a, b) || a - b));
      }
      const { page: shown, contentRange } = pageOf('graves', items, q);
      const page: Grave[] = shown.map((at) => ({
        _id: all.ids[at]!,
        number: all.numbers[at]!,
        gender: all.genders[at]!,
        status: all.statuses[at]!,
        daysUntilAvailable: all.days[at]!,
        buriedPersons: [],
      }));
      const persons = await ctx.data.graves.burialsOf(page.map((g) => g._id));
      reply.header('Content-Range', contentRange);
      return page.map((g) => ({ ...g, buriedPersons: persons.get(g._id) ?? [] }));
    },
  );

  r.post(
    '/graves',
    {
      schema: {
        summary: 'Create a grave',
        body: bodies.createGrave,
        response: answers({ 201: grave }, { refusals: [...STAFF, ...WITH_BODY] }),
      },
      config: {
        access: { resource: 'graves', action: 'create' },
        fieldErrors: { gender: 'grave.genderInvalid', number: 'grave.numberInvalid' },
      },
    },
    async (request, reply) => {
      const { gender } = request.body;
      const number = checkGraveNumber(gender, request.body.number);
      if (!number.ok) throw badRequest(number.error);
      const created = await createGrave(write(request), ctx.statusContext(), gender, String(number.value));
      reply.status(201);
      return created;
    },
  );

  r.put(
    '/graves/full/:id',
    {
      schema: {
        summary: 'Mark a grave full',
        params: idParams('id'),
        response: answers({ 200: graveWithMessage }, { refusals: [...STAFF, 400, 404] }),
      },
      config: { access: { resource: 'graves', action: 'edit' } },
    },
    async (request) => {
      await markGraveFull(write(request), request.params.id);
      return { message: t('grave.fullSuccess'), grave: await one(request.params.id) };
    },
  );

  // A full grave takes burials again, by the manager's decision, once nothing left in it is resting.
  r.put(
    '/graves/:id/reopen',
    {
      schema: {
        summary: 'Reopen a full grave',
        params: idParams('id'),
        body: bodies.reopen,
        response: answers({ 200: graveWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'reopen', action: 'edit' }, fieldErrors: { reason: 'reopen.reasonRequired' } },
    },
    async (request) => {
      const reason = checkText(request.body.reason, 500, 'reopen.reasonRequired', TEXT_FIELDS.reopenReason);
      if (!reason.ok) throw badRequest(reason.error);
      const { today, restingPeriodDays } = ctx.statusContext();
      await reopenGrave(write(request), request.params.id, reason.value, (grave) => {
        const open = deriveStatus({ ...grave, full: false }, today, restingPeriodDays);
        if (open.status === GRAVE_STATUS.unavailable && grave.lastBurialDate) {
          throw badRequest('reopen.resting', {
            date: formatDate(grave.lastBurialDate),
            days: formatDays(open.daysUntilAvailable ?? 1),
          });
        }
      });
      return { message: t('reopen.done'), grave: await one(request.params.id) };
    },
  );

  // Where the grave is, typed or read by a phone standing at it; the public page offers directions.
  r.put(
    '/graves/:id/position',
    {
      schema: {
        summary: 'Set where a grave is',
        params: idParams('id'),
        body: bodies.position,
        response: answers({ 200: graveWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: {
        access: { resource: 'graves', action: 'edit' },
        fieldErrors: { latitude: 'position.invalid', longitude: 'position.invalid' },
      },
    },
    async (request) => {
      const position = checkPosition(request.body.latitude, request.body.longitude);
      if (!position.ok) throw badRequest(position.error);
      await setGravePosition(write(request), request.params.id, position.value);
      return {
        message: t(position.value ? 'position.saved' : 'position.cleared'),
        grave: await one(request.params.id),
      };
    },
  );

  r.delete(
    '/graves/:id',
    {
      schema: {
        summary: 'Delete a grave',
        params: idParams('id'),
        response: answers({ 200: deleted }, { refusals: [...STAFF, 400, 404] }),
      },
      config: { access: { resource: 'graves', action: 'delete' } },
    },
    async (request) => {
      await deleteGrave(write(request), request.params.id);
      return { message: t('grave.deleted'), _id: request.params.id };
    },
  );
}
