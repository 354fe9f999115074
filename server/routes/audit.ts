// The audit trail for managers (read-only: no route edits or deletes it) and the CSV downloads of the register.
import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '../../src/domain/types';
import { guard } from '../auth/guard';
import type { AppContext } from '../context';
import type { AuditTable } from '../db/schema';
import { notFound } from '../errors';
import { contentRange, filterText, parseListQuery } from '../paging';
import { idParams, listQuery } from '../schemas';
import { registerCsv } from '../data/registerCsv';
import { BOM, csvLine } from '../../src/domain/csv';

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export const toAuditEntry = (r: AuditTable): AuditEntry => ({
  _id: r.id,
  at: r.at,
  accountId: r.account_id,
  accountEmail: r.account_email,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  before: parse(r.before_json),
  after: parse(r.after_json),
});

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  /** filter: {account: email or id, action, entity, entityId, from: YYYY-MM-DD, to: YYYY-MM-DD} */
  function filtered(filter: Record<string, unknown>) {
    let q = db.selectFrom('audit_log').selectAll();
    const account = filterText(filter, 'account');
    if (account) q = q.where((eb) => eb.or([eb('account_email', '=', account.toLowerCase()), eb('account_email', '=', account), eb('account_id', '=', account)]));
    const action = filterText(filter, 'action');
    if (action) q = q.where('action', '=', action);
    const entity = filterText(filter, 'entity');
    if (entity) q = q.where('entity', '=', entity);
    const entityId = filterText(filter, 'entityId');
    if (entityId) q = q.where('entity_id', '=', entityId);
    const from = filterText(filter, 'from');
    if (from) q = q.where('at', '>=', from.slice(0, 10));
    const to = filterText(filter, 'to');
    // `to` is a whole day: every time stamp of that date sorts before the next character after it.
    if (to) q = q.where('at', '<', `${to.slice(0, 10)}\uffff`);
    return q;
  }

  app.get(
    '/audit',
    { schema: { querystring: listQuery }, onRequest: guard(ctx, 'audit', 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query as Record<string, unknown>, ['at', 'action', 'accountEmail', 'entity']);
      const column = { at: 'at', action: 'action', accountEmail: 'account_email', entity: 'entity' } as const;
      const order = q.sort?.order === 'ASC' ? 'asc' : 'desc';
      const query = filtered(q.filter)
        .orderBy(q.sort ? column[q.sort.field as keyof typeof column] : 'at', order)
        .orderBy('id', order);
      const total = Number(
        (await db.selectFrom(query.as('a')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
      );
      const start = q.range?.start ?? 0;
      const end = q.range?.end ?? start + 99;
      const rows = await query.offset(start).limit(end - start + 1).execute();
      reply.header('Content-Range', contentRange('audit', start, start + rows.length - 1, total));
      return rows.map(toAuditEntry);
    },
  );

  app.get(
    '/audit/:id',
    { schema: { params: idParams('id') }, onRequest: guard(ctx, 'audit', 'show') },
    async (request) => {
      const { id } = request.params as { id: string };
      const row = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      return toAuditEntry(row);
    },
  );

  app.get('/export/register.csv', { onRequest: guard(ctx, 'graves', 'export') }, async (_request, reply) => {
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="register-${ctx.today()}.csv"`);
    return registerCsv(db, ctx.statusContext());
  });

  app.get('/export/audit.csv', { onRequest: guard(ctx, 'audit', 'export') }, async (_request, reply) => {
    const rows = await db.selectFrom('audit_log').selectAll().orderBy('at', 'asc').orderBy('id', 'asc').execute();
    let csv = BOM + csvLine(['الوقت', 'الحساب', 'الإجراء', 'النوع', 'المعرف', 'قبل', 'بعد']);
    for (const r of rows) csv += csvLine([r.at, r.account_email, r.action, r.entity, r.entity_id, r.before_json, r.after_json]);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="audit-${ctx.today()}.csv"`);
    return csv;
  });
}
