// What a write leaves behind for every process to read cheaply (issue 29: a city's register on a small machine).
// - Each grave row keeps its newest burial day and how many lie in it. Every status in the register is derived from
//   the newest day (with the full mark and today), so the next grave, the statistics and a page of a section are
//   read through an index instead of grouping 300,000 burials.
// - The log of changed graves: under which counter of its section each grave changed. A process that finds a
//   section's counter moved by another process reads the log from its own counter on and reads those graves again
//   (the search index), instead of building everything from the whole section.
// Both are written by recordGraveChanges, inside the write's own transaction, from the one list of changed graves
// each write already gives (auditedWrite's `graves`, the import's touched graves): no write can forget them.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import type { GraveChange } from './write';

/** Versions of a section kept in the log; a process further behind than this builds its view again. */
export const CHANGE_LOG_VERSIONS = 2000;

/** How often (in versions of a section) its log loses the rows it no longer keeps. */
const TRIM_EVERY = 50;

/** Bound parameters per statement, well under SQLite's 32,766. */
const CHUNK = 500;

type Db = Kysely<Database> | Transaction<Database>;

/** Sets the two facts of these graves from their burials (after the write changed them). */
export async function refreshGraveFacts(db: Db, graveIds: readonly string[]): Promise<void> {
  const ids = [...new Set(graveIds)];
  for (let at = 0; at < ids.length; at += CHUNK) {
    await db
      .updateTable('graves')
      .set({
        last_burial_date: sql<string | null>`(select max(b.burial_date) from burials b where b.grave_id = graves.id)`,
        burial_count: sql<number>`(select count(*) from burials b where b.grave_id = graves.id)`,
      })
      .where('id', 'in', ids.slice(at, at + CHUNK))
      .execute();
  }
}

/** Sets the facts of every grave at once (a register written in bulk; the tests check the seed's against it). */
export async function refreshAllGraveFacts(db: Db): Promise<void> {
  await sql`update graves set
    last_burial_date = (select max(b.burial_date) from burials b where b.grave_id = graves.id),
    burial_count = (select count(*) from burials b where b.grave_id = graves.id)`.execute(db);
}

/**
 * Called inside a write's transaction, after its section counters moved (markChanged): the facts of the changed
 * graves, and one log row per grave under the counter its section took.
 */
export async function recordGraveChanges(trx: Transaction<Database>, changes: readonly GraveChange[]): Promise<void> {
  await refreshGraveFacts(
    trx,
    changes.flatMap((c) => c.graveIds),
  );
  await logGraveChanges(trx, changes);
}

/**
 * The log rows alone (auditedWrite sets the facts before it moves the counters: on PostgreSQL the counter's row is
 * locked from its update to the commit, so as little as possible runs after it). The log keeps CHANGE_LOG_VERSIONS
 * versions of each section; older rows are cleared every TRIM_EVERY versions.
 */
export async function logGraveChanges(trx: Transaction<Database>, changes: readonly GraveChange[]): Promise<void> {
  for (const change of changes) {
    const version = Number(change.version);
    if (!Number.isSafeInteger(version)) continue;
    const ids = [...new Set(change.graveIds)];
    for (let at = 0; at < ids.length; at += CHUNK) {
      await trx
        .insertInto('grave_changes')
        .values(ids.slice(at, at + CHUNK).map((id) => ({ gender: change.gender, version, grave_id: id })))
        .execute();
    }
    if (version % TRIM_EVERY === 0) {
      await trx
        .deleteFrom('grave_changes')
        .where('gender', '=', change.gender)
        .where('version', '<=', version - CHANGE_LOG_VERSIONS)
        .execute();
    }
  }
}

/**
 * The graves of a section changed after version `after` up to `upTo`, or null when the log no longer reaches back
 * that far (the caller then reads everything again).
 */
export async function gravesChangedSince(
  db: Db,
  gender: Gender,
  after: number,
  upTo: number,
): Promise<string[] | null> {
  if (upTo - after >= CHANGE_LOG_VERSIONS) return null;
  const rows = await db
    .selectFrom('grave_changes')
    .select(['grave_id'])
    .where('gender', '=', gender)
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .execute();
  return [...new Set(rows.map((r) => r.grave_id))];
}
