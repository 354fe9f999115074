// The caps on what visitors leave waiting (src/domain/rules/pending.ts), as the data layer enforces them: the turn a
// transaction takes before it counts and adds a pending photo or correction, and the refusal of each cap.
import { sql, type Kysely, type Transaction } from 'kysely';
import { PENDING_CAP_STATUS, type PendingCap } from '../../src/domain/rules/pending';
import type { MessageKey } from '../../src/domain/messages';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { capReached, type RegisterRefusal } from './refusals';

export type PendingKind = 'photos' | 'corrections';

/**
 * Makes the transaction take turns with every other adding a pending item of this kind, so that the counts it reads
 * stay true until it commits: two visitors sending at once cannot both take the last room. PostgreSQL: an advisory
 * lock held to the end of the transaction (taken after the grave's row lock, always in that order). SQLite: one
 * transaction writes at a time already.
 */
export async function holdPendingTurn(trx: Transaction<Database>, dialect: DialectName, kind: PendingKind) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`pending:${kind}`}))`.execute(trx);
}

/**
 * When a client told to wait may try again: a cap frees only when the committee decides (or a photo expires), and
 * its pace is not known, so an hour, as the hourly allowances say.
 */
export const PENDING_RETRY_SECONDS = 3600;

const MESSAGE: Record<PendingKind, Record<PendingCap, MessageKey>> = {
  photos: { grave: 'pending.photosGrave', client: 'pending.photosClient', register: 'pending.photosRegister' },
  corrections: {
    grave: 'pending.correctionsGrave',
    client: 'pending.correctionsClient',
    register: 'pending.correctionsRegister',
  },
};

/** The refusal of a cap: 429 (the grave's, the client's) or 507 (the register's), in Arabic, with Retry-After. */
export const pendingRefusal = (kind: PendingKind, cap: PendingCap): RegisterRefusal =>
  capReached(PENDING_CAP_STATUS[cap] === 507 ? 'full' : 'tooMany', MESSAGE[kind][cap], PENDING_RETRY_SECONDS);

/** What waits for the staff: the families' corrections and photos, and the suggestions, not yet decided. */
export async function waitingCounts(
  db: Kysely<Database>,
): Promise<{ corrections: number; photos: number; suggestions: number }> {
  const count = async (table: 'corrections' | 'grave_photos' | 'suggestions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(db.fn.countAll<string | number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const [corrections, photos, suggestions] = await Promise.all([
    count('corrections'),
    count('grave_photos'),
    count('suggestions'),
  ]);
  return { corrections, photos, suggestions };
}
