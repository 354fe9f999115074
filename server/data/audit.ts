// The audit trail: every staff write is recorded with the account, the time and the values before and after,
// inside the same transaction as the change (so there is never a change without its record, or the reverse).
// Read-only for everyone else: no function here edits or deletes an entry.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry, TokenClaims } from '../../src/domain/types';
import type { AuditTable, Database } from '../db/schema';
import type { AuditAction } from '../../src/domain/audit/actions';

export type { AuditAction };

/** What one entry of the trail records: who, when, what, and the values before and after. */
export interface AuditInput {
  at: Date;
  account: Pick<TokenClaims, 'sub' | 'email'> | null;
  action: AuditAction;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** The row an entry of the trail is written as (audit below; a grave write's last message, graveFacts.ts). */
export function auditRow(entry: AuditInput): AuditTable {
  return {
    id: randomUUID(),
    at: entry.at.toISOString(),
    account_id: entry.account?.sub ?? null,
    account_email: entry.account?.email ?? 'system',
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
  };
}

export async function audit(trx: Transaction<Database> | Kysely<Database>, entry: AuditInput): Promise<void> {
  await trx.insertInto('audit_log').values(auditRow(entry)).execute();
}

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

export interface AuditFilter {
  /** An e-mail (any case) or an account id. */
  account?: string | null;
  action?: string | null;
  entity?: string | null;
  entityId?: string | null;
  /**
   * The entries about one grave (its own, and its burials' whose values name it): the grave's history on
   * its console page.
   */
  grave?: string | null;
  /** YYYY-MM-DD, inclusive. */
  from?: string | null;
  to?: string | null;
}

export const AUDIT_SORT = { at: 'at', action: 'action', accountEmail: 'account_email', entity: 'entity' } as const;

function filtered(db: Kysely<Database>, filter: AuditFilter) {
  let q = db.selectFrom('audit_log').selectAll();
  const { account, action, entity, entityId, grave, from, to } = filter;
  if (account) {
    q = q.where((eb) =>
      eb.or([eb('account_email', '=', account.toLowerCase()), eb('account_email', '=', account), eb('account_id', '=', account)]),
    );
  }
  if (action) q = q.where('action', '=', action);
  if (entity) q = q.where('entity', '=', entity);
  if (entityId) q = q.where('entity_id', '=', entityId);
  if (grave) {
    // The values are the register's own JSON (JSON.stringify): a grave's id is written exactly so.
    const named = `%${JSON.stringify({ graveId: grave }).slice(1, -1)}%`;
    q = q.where((eb) => eb.or([eb('entity_id', '=', grave), eb('before_json', 'like', named)]));
  }
  if (from) q = q.where('at', '>=', from.slice(0, 10));
  // `to` is a whole day: every time stamp of that date sorts before the next character after it.
  if (to) q = q.where('at', '<', `${to.slice(0, 10)}\uffff`);
  return q;
}

/** One page of the trail, newest first unless sorted otherwise, and the number of entries the filter selects. */
export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  sort: { field: keyof typeof AUDIT_SORT; order: 'asc' | 'desc' } | null,
  range: { start: number; end: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const order = sort?.order ?? 'desc';
  const query = filtered(db, filter).orderBy(sort ? AUDIT_SORT[sort.field] : 'at', order).orderBy('id', order);
  const total = Number(
    (await db.selectFrom(query.as('a')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const rows = await query.offset(range.start).limit(range.end - range.start + 1).execute();
  return { entries: await withUndone(db, rows.map(toAuditEntry)), total };
}

/** The undo entries point at the entry they undid (entity 'audit'): those entries say they are undone. */
async function withUndone(db: Kysely<Database>, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const undoable = entries.filter((e) => e.action === 'burial.transfer' || e.action === 'burial.delete');
  if (undoable.length === 0) return entries;
  const undone = await db
    .selectFrom('audit_log')
    .select('entity_id')
    .where('entity', '=', 'audit')
    .where(
      'entity_id',
      'in',
      undoable.map((e) => e._id),
    )
    .execute();
  const ids = new Set(undone.map((u) => u.entity_id));
  return entries.map((e) => (ids.has(e._id) ? { ...e, undone: true } : e));
}

export async function getAuditEntry(db: Kysely<Database>, id: string): Promise<AuditEntry | null> {
  const row = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ((await withUndone(db, [toAuditEntry(row)]))[0] ?? null) : null;
}

/** The whole trail, oldest first, as stored (for the CSV download). */
export async function allAuditRows(db: Kysely<Database>): Promise<AuditTable[]> {
  return db.selectFrom('audit_log').selectAll().orderBy('at', 'asc').orderBy('id', 'asc').execute();
}
