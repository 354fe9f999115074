// The audit trail: every staff write is recorded with the account, the time and the values before and after,
// inside the same transaction as the change (so there is never a change without its record, or the reverse).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { TokenClaims } from '../../src/domain/types';
import type { Database } from '../db/schema';

export type AuditAction =
  | 'grave.create'
  | 'grave.full'
  | 'grave.delete'
  | 'burial.create'
  | 'burial.update'
  | 'burial.delete'
  | 'suggestion.status'
  | 'article.create'
  | 'article.update'
  | 'article.delete'
  | 'account.create'
  | 'account.password';

export async function audit(
  trx: Transaction<Database> | Kysely<Database>,
  entry: {
    at: Date;
    account: Pick<TokenClaims, 'sub' | 'email'> | null;
    action: AuditAction;
    entity: string;
    entityId: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: entry.at.toISOString(),
      account_id: entry.account?.sub ?? null,
      account_email: entry.account?.email ?? 'system',
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
  // Every audited write changes what the public sees: other processes drop their cached answers when this moves.
  await trx
    .updateTable('settings')
    .set({ value: sql<string>`cast(cast(value as integer) + 1 as text)` })
    .where('key', '=', 'data_version')
    .execute();
}
