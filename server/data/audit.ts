// The audit trail: every staff write is recorded with the account, the time and the values before and after,
// inside the same transaction as the change (so there is never a change without its record, or the reverse).
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { GENDERS, type Gender, type TokenClaims } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { bumpVersions, type DataScope } from './dataVersions';

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
    /** The section of the grave a grave or burial action changed (without it, every section counts as changed). */
    section?: Gender;
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
  // Cached public answers of the part changed are dropped, by this process and the others, when its counter moves.
  await bumpVersions(trx, scopesChangedBy(entry.action, entry.section));
}

function scopesChangedBy(action: AuditAction, section: Gender | undefined): readonly DataScope[] {
  if (action.startsWith('article.')) return ['articles'];
  if (action.startsWith('suggestion.')) return ['suggestions'];
  if (action.startsWith('account.')) return []; // no public answer shows an account
  return section ? [section] : GENDERS;
}
