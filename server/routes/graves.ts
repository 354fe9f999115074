// Graves and burials: the public sections, statistics and grave pages, and the staff's writes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { canBury, deriveStatus } from '../../src/domain/graveStatus';
import { formatDate, formatDays } from '../../src/domain/format';
import { normalizeArabic } from '../../src/domain/normalize';
import { GRAVE_STATUS, type Gender, type Grave } from '../../src/domain/types';
import { checkBurialDate, checkGraveNumber, checkText, LIMITS } from '../../src/domain/validation';
import { t } from '../../src/domain/messages';
import { guard } from '../auth/guard';
import type { AppContext } from '../context';
import { audit } from '../data/audit';
import { GRAVE_SCOPES } from '../data/dataVersions';
import {
  burialsOf,
  findGraveRow,
  getGrave,
  graveIdsByName,
  graveNumberOf,
  listGraves,
  listGraveSummaries,
  lockGrave,
  recentBurials,
} from '../data/graves';
import { badRequest, notFound } from '../errors';
import { filterIds, filterText, pageOf, parseListQuery } from '../paging';
import { bodies, idParams, listQuery } from '../schemas';
import { isUniqueViolation } from '../db/errors';

const SECTIONS: ReadonlyArray<[string, Gender]> = [
  ['male', 'men'],
  ['female', 'women'],
  ['bone', 'bones'],
];

const SORTABLE = ['number', 'gender', 'status', 'daysUntilAvailable', 'id'] as const;

function compareBy(field: string): (a: Grave, b: Grave) => number {
  switch (field) {
    case 'gender':
      return (a, b) => a.gender.localeCompare(b.gender);
    case 'status':
      return (a, b) => a.status.localeCompare(b.status, 'ar');
    case 'daysUntilAvailable':
      return (a, b) => (a.daysUntilAvailable ?? Infinity) - (b.daysUntilAvailable ?? Infinity);
    case 'id':
      return (a, b) => a._id.localeCompare(b._id);
    default:
      return () => 0; // the list already comes by number
  }
}

export async function graveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  for (const [path, gender] of SECTIONS) {
    app.get(`/graves/${path}`, { config: { answerCache: { shows: [gender] } } }, async () => listGraves(db, ctx.statusContext(), gender));
  }

  app.get('/graves/recentBurials', { config: { answerCache: { shows: GRAVE_SCOPES } } }, async () => recentBurials(db, ctx.statusContext()));

  /** Burial counts by section and the availability of men and women graves, in two queries. */
  async function statistics() {
    const deaths = await db
      .selectFrom('burials')
      .innerJoin('graves', 'graves.id', 'burials.grave_id')
      .select(['graves.gender', db.fn.countAll<string | number>().as('n')])
      .groupBy('graves.gender')
      .execute();
    const count = (g: Gender) => Number(deaths.find((d) => d.gender === g)?.n ?? 0);
    const graves = await listGraveStates();
    const available = graves.filter((s) => s === GRAVE_STATUS.available).length;
    return {
      totalDeaths: count('men') + count('women'),
      maleDeaths: count('men'),
      femaleDeaths: count('women'),
      availableGravesCount: available,
      unavailableGravesCount: graves.length - available,
    };
  }

  async function listGraveStates() {
    const rows = await db
      .selectFrom('graves')
      .leftJoin('burials', 'burials.grave_id', 'graves.id')
      .select(['graves.id', 'graves.gender', 'graves.full', db.fn.max('burials.burial_date').as('last')])
      .where('graves.gender', 'in', ['men', 'women'])
      .groupBy(['graves.id', 'graves.gender', 'graves.full'])
      .execute();
    const sc = ctx.statusContext();
    return rows.map(
      (r) =>
        deriveStatus(
          { gender: r.gender, full: Number(r.full) === 1, lastBurialDate: r.last ? String(r.last) : null },
          sc.today,
          sc.restingPeriodDays,
        ).status,
    );
  }

  app.get('/graves/totalDeaths', { config: { answerCache: { shows: GRAVE_SCOPES } } }, async () => ({ totalDeaths: (await statistics()).totalDeaths }));
  app.get('/graves/maleDeaths', { config: { answerCache: { shows: GRAVE_SCOPES } } }, async () => ({ maleDeaths: (await statistics()).maleDeaths }));
  app.get('/graves/femaleDeaths', { config: { answerCache: { shows: GRAVE_SCOPES } } }, async () => ({ femaleDeaths: (await statistics()).femaleDeaths }));
  app.get('/graves/available-count', { config: { answerCache: { shows: GRAVE_SCOPES } } }, async () => ({
    availableGravesCount: (await statistics()).availableGravesCount,
  }));
  app.get('/graves/unavailable-count', { config: { answerCache: { shows: GRAVE_SCOPES } } }, async () => ({
    unavailableGravesCount: (await statistics()).unavailableGravesCount,
  }));

  const getOne = async (request: { params: unknown }) => {
    const { id } = request.params as { id: string };
    const grave = await getGrave(db, ctx.statusContext(), id);
    if (!grave) throw notFound('grave.notFound');
    return grave;
  };
  app.get('/graves/graves/:id', { schema: { params: idParams('id') }, config: { answerCache: { shows: GRAVE_SCOPES } } }, getOne);
  // The same answer at the path ra-data-simple-rest's getOne asks.
  app.get('/graves/:id', { schema: { params: idParams('id') } }, getOne);

  app.get(
    '/graves',
    { schema: { querystring: listQuery }, onRequest: guard(ctx, 'graves', 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query as Record<string, unknown>, SORTABLE);
      if (!q.paged) {
        // The whole register (3.7 MB for a town) is built once per change, not once per request.
        return app.answerCache.answer(request, reply, { key: 'staff:/api/graves', shows: GRAVE_SCOPES }, () => listGraves(db, ctx.statusContext()));
      }
      // Filter, sort and page on statuses from one aggregate query, kept until a grave or burial changes (at town
      // scale it took most of each request); read burials only for the page shown.
      const all = await app.answerCache.remember({ key: 'staff:grave-summaries', shows: GRAVE_SCOPES }, () => listGraveSummaries(db, ctx.statusContext()));
      const ids = filterIds(q.filter);
      const term = filterText(q.filter, 'q');
      const gender = filterText(q.filter, 'gender');
      const status = filterText(q.filter, 'status');
      const needle = term === null ? '' : normalizeArabic(term);
      const byName = needle === '' ? null : await graveIdsByName(db, needle);
      let items = all.filter(
        (g) =>
          (!ids || ids.includes(g._id)) &&
          (!gender || g.gender === gender) &&
          (!status || g.status === status) &&
          (!byName || byName.has(g._id) || normalizeArabic(String(g.number)).includes(needle)),
      );
      if (q.sort) {
        const cmp = compareBy(q.sort.field);
        const sign = q.sort.order === 'DESC' ? -1 : 1;
        items = items
          .map((g, i) => ({ g, i }))
          .sort((a, b) => sign * (cmp(a.g, b.g) || a.i - b.i))
          .map((x) => x.g);
      }
      const { page, contentRange } = pageOf('graves', items, q);
      const persons = await burialsOf(db, page.map((g) => g._id));
      reply.header('Content-Range', contentRange);
      return page.map((g) => ({ ...g, buriedPersons: persons.get(g._id) ?? [] }));
    },
  );

  app.post(
    '/graves',
    {
      schema: { body: bodies.createGrave },
      config: { fieldErrors: { gender: 'grave.genderInvalid', number: 'grave.numberInvalid' } },
      onRequest: guard(ctx, 'graves', 'create'),
    },
    async (request, reply) => {
      const body = request.body as { gender: Gender; number: number | string };
      const number = checkGraveNumber(body.gender, body.number);
      if (!number.ok) throw badRequest(number.error);
      const id = randomUUID();
      const canonical = String(number.value);
      const now = ctx.now();
      try {
        await db.transaction().execute(async (trx) => {
          const taken = await trx
            .selectFrom('graves')
            .select('id')
            .where('gender', '=', body.gender)
            .where('number', '=', canonical)
            .executeTakeFirst();
          if (taken) throw badRequest('grave.duplicate');
          const row = {
            id,
            gender: body.gender,
            number: canonical,
            number_value: /^\d+$/.test(canonical) ? Number(canonical) : null,
            full: 0,
            created_at: now.toISOString(),
          };
          await trx.insertInto('graves').values(row).execute();
          await audit(trx, {
            at: now,
            account: request.account,
            action: 'grave.create',
            entity: 'grave',
            entityId: id,
            after: { gender: row.gender, number: graveNumberOf(row) },
            section: row.gender,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('grave.duplicate');
        throw error;
      }
      reply.status(201);
      return getGrave(db, ctx.statusContext(), id);
    },
  );

  app.put(
    '/graves/full/:id',
    { schema: { params: idParams('id') }, onRequest: guard(ctx, 'graves', 'edit') },
    async (request) => {
      const { id } = request.params as { id: string };
      await db.transaction().execute(async (trx) => {
        await lockGrave(trx, ctx.dialect, id);
        const row = await trx.selectFrom('graves').select(['id', 'full', 'gender']).where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('grave.notFound');
        if (Number(row.full) === 1) throw badRequest('grave.cannotUpdateFull');
        await trx.updateTable('graves').set({ full: 1 }).where('id', '=', id).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'grave.full',
          entity: 'grave',
          entityId: id,
          before: { full: false },
          after: { full: true },
          section: row.gender,
        });
      });
      return { message: t('grave.fullSuccess'), grave: await getGrave(db, ctx.statusContext(), id) };
    },
  );

  app.post(
    '/graves/:id/bury',
    {
      schema: { params: idParams('id'), body: bodies.bury },
      config: { fieldErrors: { name: 'burial.nameInvalid', burialDate: 'burial.dateInvalid' } },
      onRequest: guard(ctx, 'burials', 'create'),
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const body = request.body as { name: string; burialDate: string };
      const today = ctx.today();
      const name = checkText(body.name, LIMITS.burialNameMax, 'burial.nameInvalid');
      if (!name.ok) throw badRequest(name.error);
      const date = checkBurialDate(body.burialDate, today);
      if (!date.ok) throw badRequest(date.error);
      const now = ctx.now();
      const personId = randomUUID();
      await db.transaction().execute(async (trx) => {
        await lockGrave(trx, ctx.dialect, id);
        const grave = await getGrave(trx, ctx.statusContext(), id);
        if (!grave) throw notFound('grave.notFound');
        const last = grave.buriedPersons[0]?.burialDate ?? null;
        if (!canBury({ gender: grave.gender, status: grave.status, lastBurialDate: last }, today)) {
          if (grave.status === GRAVE_STATUS.full) throw badRequest('burial.graveFull');
          throw badRequest('burial.graveResting', {
            date: formatDate(last ?? today),
            days: formatDays(grave.daysUntilAvailable ?? 1),
          });
        }
        const row = {
          id: personId,
          grave_id: id,
          name: name.value,
          name_search: normalizeArabic(name.value),
          burial_date: date.value,
          created_at: now.toISOString(),
        };
        await trx.insertInto('burials').values(row).execute();
        await audit(trx, {
          at: now,
          account: request.account,
          action: 'burial.create',
          entity: 'burial',
          entityId: personId,
          after: { graveId: id, graveNumber: grave.number, name: row.name, burialDate: row.burial_date },
          section: grave.gender,
        });
      });
      reply.status(201);
      return { message: t('burial.success'), grave: await getGrave(db, ctx.statusContext(), id) };
    },
  );

  app.delete(
    '/graves/:id/remove-buried',
    {
      schema: { params: idParams('id'), body: bodies.removeBuried },
      config: { fieldErrors: { buriedPersonId: 'burial.notFound' } },
      onRequest: guard(ctx, 'burials', 'delete'),
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { buriedPersonId } = request.body as { buriedPersonId: string };
      await db.transaction().execute(async (trx) => {
        const grave = await findGraveRow(trx, id);
        if (!grave) throw notFound('grave.notFound');
        const person = await trx
          .selectFrom('burials')
          .select(['id', 'name', 'burial_date'])
          .where('id', '=', buriedPersonId)
          .where('grave_id', '=', id)
          .executeTakeFirst();
        if (!person) throw notFound('burial.notFound');
        await trx.deleteFrom('burials').where('id', '=', person.id).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'burial.delete',
          entity: 'burial',
          entityId: person.id,
          before: { graveId: id, name: person.name, burialDate: person.burial_date },
          section: grave.gender,
        });
      });
      return { message: t('burial.deleted') };
    },
  );

  app.put(
    '/graves/:id/buried/:personId',
    {
      schema: { params: idParams('id', 'personId'), body: bodies.updateBuried },
      config: { fieldErrors: { name: 'burial.nameInvalid', burialDate: 'burial.dateInvalid' } },
      onRequest: guard(ctx, 'burials', 'edit'),
    },
    async (request) => {
      const { id, personId } = request.params as { id: string; personId: string };
      const body = request.body as { name?: string; burialDate?: string };
      const changes: { name?: string; name_search?: string; burial_date?: string } = {};
      if (body.name !== undefined) {
        const name = checkText(body.name, LIMITS.burialNameMax, 'burial.nameInvalid');
        if (!name.ok) throw badRequest(name.error);
        changes.name = name.value;
        changes.name_search = normalizeArabic(name.value);
      }
      if (body.burialDate !== undefined) {
        const date = checkBurialDate(body.burialDate, ctx.today());
        if (!date.ok) throw badRequest(date.error);
        changes.burial_date = date.value;
      }
      if (Object.keys(changes).length === 0) throw badRequest('burial.nothingToUpdate');
      await db.transaction().execute(async (trx) => {
        const grave = await findGraveRow(trx, id);
        if (!grave) throw notFound('grave.notFound');
        const person = await trx
          .selectFrom('burials')
          .select(['id', 'name', 'burial_date'])
          .where('id', '=', personId)
          .where('grave_id', '=', id)
          .executeTakeFirst();
        if (!person) throw notFound('burial.notFound');
        await trx.updateTable('burials').set(changes).where('id', '=', personId).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'burial.update',
          entity: 'burial',
          entityId: personId,
          before: { name: person.name, burialDate: person.burial_date },
          after: { name: changes.name ?? person.name, burialDate: changes.burial_date ?? person.burial_date },
          section: grave.gender,
        });
      });
      return { message: t('burial.updated'), grave: await getGrave(db, ctx.statusContext(), id) };
    },
  );

  app.delete(
    '/graves/:id',
    { schema: { params: idParams('id') }, onRequest: guard(ctx, 'graves', 'delete') },
    async (request) => {
      const { id } = request.params as { id: string };
      await db.transaction().execute(async (trx) => {
        const row = await findGraveRow(trx, id);
        if (!row) throw notFound('grave.notFound');
        const used = await trx.selectFrom('burials').select('id').where('grave_id', '=', id).limit(1).executeTakeFirst();
        if (used) throw badRequest('grave.hasBurials');
        await trx.deleteFrom('graves').where('id', '=', id).execute();
        await audit(trx, {
          at: ctx.now(),
          account: request.account,
          action: 'grave.delete',
          entity: 'grave',
          entityId: id,
          before: { gender: row.gender, number: graveNumberOf(row), full: Number(row.full) === 1 },
          section: row.gender,
        });
      });
      return { message: t('grave.deleted'), _id: id };
    },
  );
}
