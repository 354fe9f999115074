// Counting attempts per key in a sliding window, in the database so that several processes share the count.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';

/** At most `limit` attempts per key within the last windowSeconds. */
export interface Allowance {
  key: string;
  windowSeconds: number;
  limit: number;
}

/** A refusal says which allowance was spent (its index among those asked) and when it frees a slot. */
export type Taken = { ok: true } | { ok: false; refusedBy: number; retryAfterSeconds: number };

export interface Throttle {
  /**
   * Checks and takes one attempt in one step: refused when `limit` attempts were already recorded for key within
   * the last windowSeconds, otherwise records this attempt. Checking and recording separately would let many
   * requests sent at once all pass the check before any of them was recorded. A refused attempt is not recorded,
   * so the wait it announces is the real one.
   */
  take(key: string, windowSeconds: number, limit: number): Promise<Taken>;
  /**
   * take() over several allowances at once: the attempt is recorded under every key only when none of them is
   * spent, so one allowance refusing never uses up another.
   */
  takeAll(allowances: readonly Allowance[]): Promise<Taken>;
}

/** How long attempts are kept at all: a day, whatever the windows (the login audit counts failures within it). */
export const KEPT_SECONDS = 86_400;

/**
 * Makes the transaction take turns with every other one touching the same keys. PostgreSQL: an advisory lock per
 * key, held until the transaction ends, taken in one order so that two transactions never wait on each other.
 * SQLite: its first statement writes (dropping the keys' attempts older than a day), which takes the database's
 * one write lock at once; a transaction that first read and only then wrote could find that another process had
 * written in between and fail instead of waiting.
 */
export async function lockKeys(
  trx: Transaction<Database>,
  dialect: DialectName,
  keys: readonly string[],
  now: number,
): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (dialect === 'postgres') {
    for (const key of sorted) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  }
  await trx
    .deleteFrom('throttle')
    .where('key', 'in', sorted)
    .where('at', '<', now - KEPT_SECONDS)
    .execute();
}

/** Seconds until fewer than `limit` attempts remain in the window, or null while there is room. */
async function waitFor(trx: Transaction<Database>, allowance: Allowance, now: number): Promise<number | null> {
  const rows = await trx
    .selectFrom('throttle')
    .select('at')
    .where('key', '=', allowance.key)
    .where('at', '>', now - allowance.windowSeconds)
    .orderBy('at', 'asc')
    .execute();
  if (rows.length < allowance.limit) return null;
  // A slot frees when the oldest attempts beyond the allowance leave the window (PostgreSQL's bigint comes as text).
  const freeing = Number(rows[rows.length - allowance.limit]!.at);
  return Math.max(1, freeing + allowance.windowSeconds - now);
}

export function createThrottle(db: Kysely<Database>, dialect: DialectName, nowSeconds: () => number): Throttle {
  let lastSweep = 0;
  const takeAll = async (allowances: readonly Allowance[]): Promise<Taken> => {
    const now = nowSeconds();
    const taken = await db.transaction().execute(async (trx): Promise<Taken> => {
      await lockKeys(
        trx,
        dialect,
        allowances.map((a) => a.key),
        now,
      );
      for (const [index, allowance] of allowances.entries()) {
        const wait = await waitFor(trx, allowance, now);
        if (wait !== null) return { ok: false, refusedBy: index, retryAfterSeconds: wait };
      }
      const keys = [...new Set(allowances.map((a) => a.key))];
      await trx
        .insertInto('throttle')
        .values(keys.map((key) => ({ key, at: now })))
        .execute();
      return { ok: true };
    });
    // Keys nobody asks again (an address that left, an unknown email) are swept now and then.
    if (taken.ok && now - lastSweep > 600) {
      lastSweep = now;
      await db
        .deleteFrom('throttle')
        .where('at', '<', now - KEPT_SECONDS)
        .execute();
    }
    return taken;
  };
  return {
    takeAll,
    take: (key, windowSeconds, limit) => takeAll([{ key, windowSeconds, limit }]),
  };
}
