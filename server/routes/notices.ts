// Death notices (نعي). Anyone reads the current ones (and, with ?recent=N, those whose prayer fell in the
// last N days); staff read every notice, past and hidden (?all=true, paged like the console's other lists); managers
// and admins publish, change, hide and delete them, and record a notice's burial through the bury rule. The notice's
// rule is the domain's (src/domain/notices/noticeRules.ts); the links are checked by the data layer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dayOf } from '../../src/domain/dates/zonedTime';
import { checkNewNotice, checkNoticeChange, type NoticeChecked } from '../../src/domain/notices/noticeRules';
import { noticeBurialDay, type NoticeFields } from '../../src/domain/notices/noticeRules';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { t } from '../../src/domain/messages';
import { isOneOf } from '../../src/domain/rules/oneOf';
import { can, type Action } from '../../src/domain/rules/policy';
import type { TokenClaims } from '../../src/domain/types';
import type { AppContext } from '../http/context';
import { writeBy } from '../data/graveWrites';
import {
  createNotice,
  deleteNotice,
  fieldsOf,
  linkBurialStep,
  NOTICE_SORT,
  updateNotice,
  type NoticeStatus,
} from '../data/notices';
import { badRequest, notFound, refuse } from '../http/errors';
import { contentRange, filterText, parseListQuery } from '../http/paging';
import { optionalSession } from '../plugins/authentication';
import { bodies } from '../schemas/bodies';
import { answers, idParams, listQuery, STAFF, WITH_BODY } from '../schemas/common';
import { deleted, notice, noticeWithMessage, noticeWithWarnings, notices } from '../schemas/entities';
import { recordBurial } from './graves/bury';
import { publicNotices, readNotice, RECENT_PATTERN, SHOWS } from './publicAnswers';
import { typed } from './typed';

const noticesQuery = {
  type: 'object',
  properties: {
    ...listQuery.properties,
    recent: {
      type: 'string',
      pattern: RECENT_PATTERN,
      description: 'adds the notices whose prayer fell in the last N days (1–365; /notices asks 30)',
    },
    all: {
      type: 'string',
      enum: ['true', 'false'],
      description: 'staff only (401/403 otherwise): every notice, past and hidden, paged, sorted and filtered',
    },
  },
} as const;

const STATUSES: readonly NoticeStatus[] = ['current', 'past', 'hidden'];

const fieldErrors = {
  name: 'burial.nameInvalid',
  relations: 'notice.relationsInvalid',
  prayerAt: 'notice.prayerAtInvalid',
  mosque: 'notice.mosqueInvalid',
  afterPrayer: 'notice.afterPrayerInvalid',
  graveId: 'notice.graveNotFound',
  burialId: 'notice.burialNotFound',
  condolences: 'notice.condolencesInvalid',
  endsAt: 'notice.endsAtInvalid',
  hidden: 'notice.hiddenInvalid',
} as const;

/** The domain rule's verdict as the API answers a refusal: 400 with the field's Arabic reason. */
function accepted(verdict: NoticeChecked): NoticeFields {
  if (!verdict.ok) throw badRequest(verdict.refusal.error, verdict.refusal.params);
  return verdict.value;
}

export async function noticeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  /** The staff session of a request that asks for more than the public's answer (401/403 as a guarded route). */
  const staffOnly = async (request: FastifyRequest, action: Action): Promise<TokenClaims> => {
    const session = await optionalSession(ctx, request);
    if (!session) throw refuse(401, 'errors.unauthenticated');
    if (!can(session.role, 'notices', action)) throw refuse(403, 'errors.forbidden');
    return session;
  };

  r.get(
    '/notices',
    {
      schema: {
        summary: 'List the current death notices (every notice for the staff, with all=true)',
        description:
          'Anyone: the notices on the home page today (not hidden, endsAt not passed), newest prayer first; with ' +
          'recent=N also those whose prayer fell in the last N days. Staff with all=true: every notice, past and ' +
          'hidden, with ra-data-simple-rest paging (Content-Range) and the filters q (name, relations, mosque) and ' +
          'status (current, past, hidden).',
        querystring: noticesQuery,
        // The token is optional (OpenAPI's empty requirement): the public's list needs none, all=true needs one.
        security: [{}, { bearer: [] }],
        response: answers({ 200: notices }, { refusals: [...STAFF, 400], kept: true }),
      },
      config: { answerCache: { shows: SHOWS.notices, query: ['recent'], publicOnly: true } },
    },
    async (request, reply) => {
      if (request.query.all !== 'true') {
        return publicNotices(ctx, request.query.recent === undefined ? null : Number(request.query.recent));
      }
      const today = ctx.today();
      await staffOnly(request, 'list');
      const q = parseListQuery(request.query, NOTICE_SORT);
      const search = filterText(q.filter, 'q')?.trim() || null;
      const status = filterText(q.filter, 'status');
      if (status !== null && !isOneOf(STATUSES, status)) throw badRequest('errors.badQuery');
      const { notices: found, total } = await ctx.data.notices.list(today, {
        search,
        status,
        sort: q.sort && { field: q.sort.field, order: q.sort.order === 'ASC' ? 'asc' : 'desc' },
        range: q.paged ? { start: q.range?.start ?? 0, end: q.range?.end ?? null } : null,
      });
      if (total !== null) {
        const start = q.range?.start ?? 0;
        reply.header('Content-Range', contentRange('notices', start, start + found.length - 1, total));
      }
      return found;
    },
  );

  r.get(
    '/notices/:id',
    {
      schema: {
        summary: 'Get a death notice',
        description:
          'Not found when unknown or hidden; a staff session also reads a hidden one (the console edits it).',
        params: idParams('id'),
        response: answers({ 200: notice }, { refusals: [404], kept: true }),
      },
      config: { answerCache: { shows: SHOWS.notices, publicOnly: true } },
    },
    async (request) =>
      readNotice(ctx, request.params.id, async () => {
        // A session no longer valid reads as the public's: a visitor's old token must not hide a notice from them.
        const session = await optionalSession(ctx, request).catch(() => null);
        return can(session?.role, 'notices', 'show');
      }),
  );

  r.post(
    '/notices',
    {
      schema: {
        summary: 'Publish a death notice',
        description:
          "A prayer time already past (in the register's time zone) is refused unless burialId names the burial, " +
          "already recorded. endsAt defaults to the prayer's day + 3.",
        body: bodies.notice,
        response: answers({ 201: noticeWithMessage }, { refusals: [...STAFF, ...WITH_BODY] }),
      },
      config: { access: { resource: 'notices', action: 'create' }, fieldErrors },
    },
    async (request, reply) => {
      const fields = accepted(checkNewNotice(request.body, { now: ctx.now(), timeZone: ctx.config.timeZone }));
      const created = await createNotice(writeBy(ctx, request), ctx.config.timeZone, fields);
      reply.status(201);
      return { ...created, message: t('notice.created') };
    },
  );

  r.put(
    '/notices/:id',
    {
      schema: {
        summary: 'Change, hide or show a death notice',
        description: 'Any subset of the fields (null clears an optional one); answers the whole notice.',
        params: idParams('id'),
        body: bodies.noticeUpdate,
        response: answers({ 200: noticeWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'notices', action: 'edit' }, fieldErrors },
    },
    async (request) => {
      const updated = await updateNotice(writeBy(ctx, request), ctx.config.timeZone, request.params.id, (stored) =>
        accepted(checkNoticeChange(fieldsOf(stored), request.body)),
      );
      return { ...updated, message: t('notice.updated') };
    },
  );

  r.delete(
    '/notices/:id',
    {
      schema: {
        summary: 'Delete a death notice',
        params: idParams('id'),
        response: answers({ 200: deleted }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'notices', action: 'delete' } },
    },
    async (request) => {
      await deleteNotice(writeBy(ctx, request), request.params.id);
      return { message: t('notice.deleted'), _id: request.params.id };
    },
  );

  r.post(
    '/notices/:id/burial',
    {
      schema: {
        summary: "Record a death notice's burial",
        description:
          "Records the burial under the bury rule (as POST /graves/{id}/bury), by default the notice's name on " +
          "the prayer's day in the notice's grave, and links it to the notice in the same transaction. 409 when the " +
          "notice already names a burial, or when no day is given and the prayer's day is still to come.",
        params: idParams('id'),
        body: bodies.noticeBurial,
        response: answers({ 201: noticeWithWarnings }, { refusals: [...STAFF, ...WITH_BODY, 404, 409] }),
      },
      config: {
        access: { resource: 'notices', action: 'edit' },
        fieldErrors: {
          graveId: 'notice.graveNotFound',
          name: 'burial.nameInvalid',
          burialDate: 'burial.dateUnreadable',
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await ctx.data.notices.get(id);
      if (!found) throw notFound('notice.notFound');
      if (found.burialId !== null) throw refuse(409, 'notice.alreadyBuried');
      const graveId = request.body.graveId ?? found.graveId;
      if (!graveId) throw badRequest('notice.graveRequired');
      if (!(await ctx.data.graves.get(ctx.statusContext(), graveId))) throw badRequest('notice.graveNotFound');
      // Dated the prayer's day unless the clerk names another; before that day, said so rather than dated today.
      const burialDay = noticeBurialDay(dayOf(found.prayerAt), ctx.today());
      if (!request.body.burialDate && burialDay.early) {
        throw refuse(409, 'notice.buryFrom', { date: formatBurialDate(burialDay.day) });
      }
      const write = writeBy(ctx, request);
      const link = linkBurialStep(write, id);
      const { message, warnings } = await recordBurial(
        ctx,
        write,
        graveId,
        { name: request.body.name ?? found.name, burialDate: request.body.burialDate ?? burialDay.day },
        (trx, personId) => link(trx, graveId, personId),
        'notice.buried',
      );
      const linked = await ctx.data.notices.get(id);
      if (!linked) throw notFound('notice.notFound');
      reply.status(201);
      return { ...linked, message, warnings };
    },
  );
}
