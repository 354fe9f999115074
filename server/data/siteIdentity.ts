// The village's identity: one JSON row of `settings`, read by every page and the settings call, written
// by a manager through the audited write (the audit keeps the old and new value of each field changed) with its
// counter moved, so kept answers and drawn pages follow, here and in the other processes.
import type { Kysely, Transaction } from 'kysely';
import {
  EMPTY_IDENTITY,
  readIdentity,
  type IdentityPatch,
  type SiteIdentity,
} from '../../src/domain/identity/siteIdentity';
import { checkSiteUrl } from '../../src/domain/identity/identityRules';
import type { Database } from '../db/schema';
import { auditedWrite } from './auditedWrite';
import type { Write } from './write';

export const IDENTITY_KEY = 'site_identity';

export async function loadIdentity(db: Kysely<Database> | Transaction<Database>): Promise<SiteIdentity> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', IDENTITY_KEY).executeTakeFirst();
  if (!row) return EMPTY_IDENTITY;
  let identity: SiteIdentity;
  try {
    identity = readIdentity(JSON.parse(row.value));
  } catch {
    return EMPTY_IDENTITY;
  }
  // An address stored under an older, looser rule (with a query or a fragment) would put every absolute address in
  // its query: it is read by today's rule, and as not set when that rule refuses it.
  const site = checkSiteUrl(identity.siteUrl);
  const siteUrl = site.ok ? site.value : '';
  return siteUrl === identity.siteUrl ? identity : { ...identity, siteUrl };
}

/** Writes the identity whole (insert or replace), inside the caller's transaction. */
export async function storeIdentity(trx: Transaction<Database> | Kysely<Database>, identity: SiteIdentity) {
  const value = JSON.stringify(identity);
  const updated = await trx.updateTable('settings').set({ value }).where('key', '=', IDENTITY_KEY).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('settings').values({ key: IDENTITY_KEY, value }).execute();
}

/** The fields whose value the patch changes, with the old and the new value (what the audit keeps). */
function changedFields(before: SiteIdentity, after: SiteIdentity) {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof SiteIdentity>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      old[key] = before[key];
      now[key] = after[key];
    }
  }
  return { old, now };
}

/**
 * Applies a checked change (src/domain/identity/identityRules.ts) and answers the whole identity. Two managers
 * saving at once take turns (the row is locked on PostgreSQL; SQLite runs one transaction at a time), so neither's
 * fields are lost. A change that changes nothing leaves the pages' counter alone.
 */
export async function updateIdentity(
  write: Write,
  patch: IdentityPatch & { logo?: string | null },
): Promise<SiteIdentity> {
  return auditedWrite(write, {
    async run(trx) {
      if (write.dialect === 'postgres') {
        await trx.selectFrom('settings').select('key').where('key', '=', IDENTITY_KEY).forUpdate().execute();
      }
      const before = await loadIdentity(trx);
      const after = readIdentity({ ...before, ...patch });
      const { old, now } = changedFields(before, after);
      const same = Object.keys(now).length === 0;
      if (!same) await storeIdentity(trx, after);
      return {
        result: after,
        audit: { action: 'settings.update', entity: 'settings', entityId: IDENTITY_KEY, before: old, after: now },
        marks: same ? [] : ['site'],
      };
    },
  });
}
