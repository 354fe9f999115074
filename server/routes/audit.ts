// The audit trail for managers (read-only: no route edits or deletes it) and the CSV downloads of the register.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BOM, csvLine } from '../../src/domain/rules/csv';
import { t, type MessageKey } from '../../src/domain/messages';
import type { AppContext } from '../http/context';
import { AUDIT_SORT } from '../data/audit';
import { isoDay } from '../../src/domain/text/textRules';
import { badRequest, notFound } from '../http/errors';
import { contentRange, filterText, parseListQuery } from '../http/paging';
import { answers, idParams, listQuery, messageAnswer, STAFF } from '../schemas/common';
import { undoEntry } from '../data/undo';
import { writeBy } from '../data/graveWrites';
import { gravePlace } from '../../src/domain/rules/graveMoves';
import { formatCount } from '../../src/domain/text/nouns';

/** How long a transfer or a deletion can be undone. */
const UNDO_MAX_DAYS = 30;
import { auditEntry, csvFile } from '../schemas/entities';
import { typed } from './typed';

/** The columns of the audit log's download, as the console's audit page names them. */
const AUDIT_CSV_COLUMNS = [
  'audit.at',
  'audit.account',
  'audit.action',
  'audit.entity',
  'audit.entityId',
  'audit.before',
  'audit.after',
] as const satisfies readonly MessageKey[];

/** A day of the trail's filter: YYYY-MM-DD or an ISO date-time whose zone is a real UTC offset (within ±14:00). */
function filterDay(filter: Record<string, unknown>, key: 'from' | 'to'): string | null {
  const text = filterText(filter, key);
  if (text === null) return null;
  const day = isoDay(text.trim());
  if (day === null) throw badRequest('input.auditDate');
  return day;
}

const csv = { 200: { ...csvFile, content: { 'text/csv': { schema: csvFile } } } } as const;

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  /** filter: {account: email or id, action, entity, entityId, from: YYYY-MM-DD, to: YYYY-MM-DD} */
  r.get(
    '/audit',
    {
      schema: {
        summary: 'List the audit log',
        querystring: listQuery,
        response: answers({ 200: { type: 'array', items: auditEntry } }, { refusals: [...STAFF, 400] }),
      },
      config: { access: { resource: 'audit', action: 'list' } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, AUDIT_SORT);
      const start = q.range?.start ?? 0;
      const { entries, total } = await ctx.data.audit.list(
        {
          account: filterText(q.filter, 'account'),
          action: filterText(q.filter, 'action'),
          entity: filterText(q.filter, 'entity'),
          entityId: filterText(q.filter, 'entityId'),
          grave: filterText(q.filter, 'grave'),
          from: filterDay(q.filter, 'from'),
          to: filterDay(q.filter, 'to'),
        },
        q.sort && { field: q.sort.field, order: q.sort.order === 'ASC' ? 'asc' : 'desc' },
        { start, end: q.range?.end ?? start + 99 },
      );
      reply.header('Content-Range', contentRange('audit', start, start + entries.length - 1, total));
      return entries;
    },
  );

  r.get(
    '/audit/:id',
    {
      schema: {
        summary: 'Get an audit entry',
        params: idParams('id'),
        response: answers({ 200: auditEntry }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'audit', action: 'show' } },
    },
    async (request) => {
      const found = await ctx.data.audit.get(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  // Undo for what cannot be retyped — a move of remains to the ossuary or a burial's deletion, by a manager
  // within 30 days (server/data/undo.ts says when it is refused). The undo is an audit entry of its own.
  r.post(
    '/audit/:id/undo',
    {
      schema: {
        summary: 'Undo a transfer to the ossuary or a burial deletion',
        params: idParams('id'),
        response: answers({ 200: messageAnswer }, { refusals: [...STAFF, 404, 409] }),
      },
      config: { access: { resource: 'undo', action: 'create' } },
    },
    async (request) => {
      const entry = await ctx.data.audit.get(request.params.id);
      if (!entry) throw notFound();
      const done = await undoEntry(writeBy(ctx, request), entry, UNDO_MAX_DAYS);
      return {
        message:
          done.kind === 'transfer'
            ? t('undo.transferDone', {
                people: formatCount(done.people, 'person', 'genitive'),
                place: gravePlace(done.place),
              })
            : t('undo.restoreDone', { name: done.name, place: gravePlace(done.place) }),
      };
    },
  );

  r.get(
    '/export/register.csv',
    {
      schema: {
        summary: 'Download the register as CSV',
        response: answers(csv, { refusals: STAFF }),
      },
      config: { access: { resource: 'graves', action: 'export' } },
    },
    async (request, reply) => {
      const fileName = `register-${ctx.today()}.csv`;
      // Every export is recorded in the audit, this one too.
      await ctx.data.exports.record({ at: ctx.now(), by: request.account, kind: 'register', fileName });
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      // Written a page of graves at a time, never held whole.
      return reply.send(Readable.from(ctx.data.exports.registerCsv(ctx.statusContext()), { objectMode: false }));
    },
  );

  r.get(
    '/export/audit.csv',
    {
      schema: {
        summary: 'Download the audit log as CSV',
        response: answers(csv, { refusals: STAFF }),
      },
      config: { access: { resource: 'audit', action: 'export' } },
    },
    async (request, reply) => {
      const fileName = `audit-${ctx.today()}.csv`;
      await ctx.data.exports.record({ at: ctx.now(), by: request.account, kind: 'audit', fileName });
      let text = BOM + csvLine(AUDIT_CSV_COLUMNS.map((key) => t(key)));
      for (const row of await ctx.data.audit.allRows()) {
        text += csvLine([
          row.at,
          row.account_email,
          row.action,
          row.entity,
          row.entity_id,
          row.before_json,
          row.after_json,
        ]);
      }
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return text;
    },
  );
}
