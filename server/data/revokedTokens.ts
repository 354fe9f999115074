// Sessions ended one at a time (POST /api/auth/sign-out). Kept in the database, so a token signed out through one
// process is refused by every process sharing it (sessionAccount in accounts.ts reads it with the account); a row is
// kept only until its token would have expired anyway.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Ends the session of token `jti` (expiring at `expiresAt`, seconds); the ended ones already expired go. */
export async function revokeToken(db: Kysely<Database>, jti: string, expiresAt: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('revoked_tokens').where('expires_at', '<=', now).execute();
    // Signing out twice with the same token (two tabs, a retry after a lost answer) changes nothing more.
    await trx
      .insertInto('revoked_tokens')
      .values({ jti, expires_at: expiresAt })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  });
}
