// Counting attempts per key in a sliding window, in the database so that several processes share the count.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';

export interface Throttle {
  /**
   * Checks and takes one attempt in one step: false when `limit` attempts were already recorded for key within
   * the last windowSeconds, otherwise records this attempt and answers true. Checking and recording separately
   * let many requests sent at once all pass the check before any of them was recorded.
   */
  take(key: string, windowSeconds: number, limit: number): Promise<boolean>;
  /** Forgets every attempt of key (a successful login). */
  clear(key: string): Promise<void>;
}

export function createThrottle(db: Kysely<Database>, dialect: DialectName, nowSeconds: () => number): Throttle {
  let lastSweep = 0;
  return {
    async take(key, windowSeconds, limit) {
      const now = nowSeconds();
      const taken = await db.transaction().execute(async (trx) => {
        // SQLite runs one transaction at a time on our single connection; PostgreSQL needs a lock per key,
        // held until the transaction ends, so that two processes or connections take turns for one key.
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        const row = await trx
          .selectFrom('throttle')
          .select(trx.fn.countAll<string | number>().as('n'))
          .where('key', '=', key)
          .where('at', '>', now - windowSeconds)
          .executeTakeFirst();
        if (Number(row?.n ?? 0) >= limit) return false;
        await trx.insertInto('throttle').values({ key, at: now }).execute();
        return true;
      });
      // Old attempts are swept now and then; nothing is kept longer than a day.
      if (taken && now - lastSweep > 600) {
        lastSweep = now;
        await db.deleteFrom('throttle').where('at', '<', now - 86_400).execute();
      }
      return taken;
    },
    async clear(key) {
      await db.deleteFrom('throttle').where('key', '=', key).execute();
    },
  };
}
