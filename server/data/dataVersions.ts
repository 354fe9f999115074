// One counter per part of the register the public sees, moved by every write to that part (markChanged, called by
// each write of server/data in its own transaction). Server processes
// compare them with the ones their cached answers were built under, so a burial recorded in the women's section
// leaves the men's section (the largest answer) cached, in this process and in the others sharing the database.
import { sql, type Kysely, type Transaction } from 'kysely';
import { GENDERS, type Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';

/**
 * The grave sections are named as the graves' gender; articles, approved suggestions and the rows of the plan
 * are parts of their own, and so is the village's identity (`site`). `burials` is the burials and the graves already on record: every grave write
 * moves it with the grave's section, except adding a new, empty grave, which changes no answer that shows only
 * graves already there (the search, the recent burials, a grave's page). Under the benchmark's load, where staff add
 * graves all the time, those answers are kept instead of being built again after each one.
 */
export type DataScope = Gender | 'burials' | 'articles' | 'suggestions' | 'plan' | 'site' | 'notices' | 'photos';

export const DATA_SCOPES: readonly DataScope[] = [
  ...GENDERS,
  'burials',
  'articles',
  'suggestions',
  'plan',
  'site',
  // The death notices.
  'notices',
  // The approved photos of graves.
  'photos',
];
export const GRAVE_SCOPES: readonly DataScope[] = GENDERS;

/** The settings key of a part's counter: this prefix and the part's name. */
export const VERSION_KEY_PREFIX = 'data_version:';
const PREFIX = VERSION_KEY_PREFIX;
export const versionKey = (scope: DataScope) => `${PREFIX}${scope}`;

/**
 * Marks parts of the register changed: the answers that show them are dropped, here and in other processes.
 * Answers the counters this write set (the search index uses them to tell its own writes from others').
 */
export async function markChanged(
  trx: Transaction<Database> | Kysely<Database>,
  scopes: readonly DataScope[],
): Promise<Map<DataScope, string>> {
  // One counter at a time, always in the same order: on PostgreSQL one UPDATE of several rows locks them in the order
  // it finds them, which changes as rows are rewritten, so two writes moving the same two counters could each hold
  // one and wait for the other (deadlock detected: seen under the scale-out bench's 200 clients).
  const moved = new Map<DataScope, string>();
  for (const scope of [...new Set(scopes)].sort()) {
    const row = await trx
      .updateTable('settings')
      .set({ value: sql<string>`cast(cast(value as integer) + 1 as text)` })
      .where('key', '=', versionKey(scope))
      .returning(['key', 'value'])
      .executeTakeFirst();
    if (row) moved.set(scope, row.value);
  }
  return moved;
}

/** Every part's counter, read in one query. */
export async function readVersions(
  db: Kysely<Database> | Transaction<Database>,
): Promise<Map<DataScope, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${PREFIX}%`).execute();
  return new Map(rows.map((row) => [row.key.slice(PREFIX.length) as DataScope, row.value]));
}
