// What a write leaves behind for every process to read cheaply (a city's register on a small machine).
// - Each grave row keeps its newest burial day and how many lie in it. Every status in the register is derived from
//   the newest day (with the full mark and today), so the next grave, the statistics and a page of a section are
//   read through an index instead of grouping 300,000 burials.
// - The log of changed graves: under which counter of its section each grave changed. A process that finds a
//   section's counter moved by another process reads the log from its own counter on and reads those graves again
//   (the search index), instead of building everything from the whole section.
// Both are written by recordGraveChanges, inside the write's own transaction, from the one list of changed graves
// each write already gives (auditedWrite's `graves`, the import's touched graves): no write can forget them.
import { sql, type Kysely, type Transaction } from 'kysely';
import { GENDERS, type Gender } from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { AuditTable, Database } from '../db/schema';
import { markChanged, VERSION_KEY_PREFIX, versionKey, type DataScope } from './dataVersions';
import { FOLD_AFTER_GRAVES, foldCtes, foldSectionTallies } from './sectionTallies';
import type { GraveChange } from './write';

/** Versions of a section kept in the log; a process further behind than this builds its view again. */
export const CHANGE_LOG_VERSIONS = 2000;

/**
 * Rows this many versions older than a section's counter are cleared: twice what a reader uses, so a reader that
 * read its counters a moment before cannot find rows of its window already gone (it would miss those graves).
 */
export const TRIMMED_BELOW = 2 * CHANGE_LOG_VERSIONS;

/** How often (in versions of a section) its log loses the rows it no longer keeps. */
const TRIM_EVERY = 50;

/** Bound parameters per statement, well under SQLite's 32,766. */
const CHUNK = 500;

type Db = Kysely<Database> | Transaction<Database>;

/** The two facts of a grave row (in an UPDATE of `graves`), from its burials. */
const LAST_BURIAL_DATE = '(select max(b.burial_date) from burials b where b.grave_id = graves.id)';
const BURIAL_COUNT = '(select count(*) from burials b where b.grave_id = graves.id)';
const SET_FACTS = `last_burial_date = ${LAST_BURIAL_DATE}, burial_count = ${BURIAL_COUNT}`;

/** Sets the two facts of these graves from their burials (after the write changed them). */
export async function refreshGraveFacts(db: Db, graveIds: readonly string[]): Promise<void> {
  const ids = [...new Set(graveIds)];
  for (let at = 0; at < ids.length; at += CHUNK) {
    await db
      .updateTable('graves')
      .set({
        last_burial_date: sql<string | null>`${sql.raw(LAST_BURIAL_DATE)}`,
        burial_count: sql<number>`${sql.raw(BURIAL_COUNT)}`,
      })
      .where('id', 'in', ids.slice(at, at + CHUNK))
      .execute();
  }
}

/** Sets the facts of every grave at once (a register written in bulk; the tests check the seed's against it). */
export async function refreshAllGraveFacts(db: Db): Promise<void> {
  await sql`update graves set ${sql.raw(SET_FACTS)}`.execute(db);
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
  // The import's writes (a file, its undo, a range of new graves) change graves by the thousand.
  await foldSectionTallies(trx);
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
  }
  await trimLog(trx, changes);
}

/** Clears a section's rows the log no longer keeps, once every TRIM_EVERY versions. */
async function trimLog(trx: Transaction<Database>, changes: readonly GraveChange[]): Promise<void> {
  for (const change of changes) {
    const version = Number(change.version);
    if (!Number.isSafeInteger(version) || version % TRIM_EVERY !== 0) continue;
    await trx
      .deleteFrom('grave_changes')
      .where('gender', '=', change.gender)
      .where('version', '<=', version - TRIMMED_BELOW)
      .execute();
  }
}

type LogRows = Array<{ grave_id: string; version: number | string }>;

/** The ranges of the log read last, per database handle, and how many are kept. */
const readRanges = new WeakMap<Db, Map<string, Promise<LogRows>>>();
const KEPT_RANGES = 16;

/**
 * The log's rows of a section after version `after` up to `upTo`, or null when it no longer reaches back that far.
 * The rows of a range never change once its last counter is read (they commit with it, and are trimmed only far
 * behind it), and in a process three readers follow the same counter moves (the answer cache, the search index, the
 * sections' copies): a range read for one is given to the others, not read again.
 */
function changesBetween(db: Db, gender: Gender, after: number, upTo: number): Promise<LogRows> | null {
  if (upTo - after >= CHANGE_LOG_VERSIONS) return null;
  const read = () =>
    db
      .selectFrom('grave_changes')
      .select(['grave_id', 'version'])
      .where('gender', '=', gender)
      .where('version', '>', after)
      .where('version', '<=', upTo)
      .execute();
  if (db.isTransaction) return read();
  let ranges = readRanges.get(db);
  if (!ranges) readRanges.set(db, (ranges = new Map()));
  const key = `${gender} ${after} ${upTo}`;
  let rows = ranges.get(key);
  if (!rows) {
    rows = read();
    ranges.set(key, rows);
    if (ranges.size > KEPT_RANGES) ranges.delete(ranges.keys().next().value!);
    // A failed read is not kept: the next reader asks again.
    rows.catch(() => ranges.get(key) === rows && ranges.delete(key));
  }
  return rows;
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
  const rows = await changesBetween(db, gender, after, upTo);
  return rows && [...new Set(rows.map((r) => r.grave_id))];
}

/**
 * As gravesChangedSince, but null also when a step of the counter in between names no grave: a write that moved the
 * section without saying which graves (a range of new, empty graves) changed graves nobody can name. For a copy of a
 * whole section (server/http/sectionCopies.ts), which must then be read again whole.
 */
export async function gravesChangedWholly(
  db: Db,
  gender: Gender,
  after: number,
  upTo: number,
): Promise<string[] | null> {
  const rows = await changesBetween(db, gender, after, upTo);
  if (!rows || new Set(rows.map((r) => Number(r.version))).size !== upTo - after) return null;
  return [...new Set(rows.map((r) => r.grave_id))];
}

/** A text as a PostgreSQL string literal, whatever standard_conforming_strings says (an escape string: E'…'). */
const literal = (text: string) => `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
const literalOrNull = (text: string | null) => (text === null ? 'null' : literal(text));

/** What a write does before its counters move: its entry in the audit trail, and the graves whose facts it changed. */
export interface WriteEnd {
  audit: AuditTable;
  /** The graves whose kept facts are set again from their burials. */
  refresh: readonly string[];
}

/** The audit entry and the graves' facts as statements of PostgreSQL's simple protocol (their values as literals). */
function endStatements({ audit, refresh }: WriteEnd): string[] {
  const columns = Object.keys(audit) as Array<keyof AuditTable>;
  const statements = [
    `insert into audit_log (${columns.join(', ')}) values (${columns.map((c) => literalOrNull(audit[c])).join(', ')})`,
  ];
  const ids = [...new Set(refresh)];
  for (let at = 0; at < ids.length; at += CHUNK) {
    statements.push(`update graves set ${SET_FACTS} where id in (${ids.slice(at, at + CHUNK).map(literal).join(', ')})`);
  }
  return statements;
}

/**
 * The end of a write's transaction: its audit entry and its graves' kept facts (`end`), then the counters of the
 * parts it changed moved (as markChanged does), and its graves logged under their section's new counter. Answers the
 * counters moved, or null on PostgreSQL, where this also commits the transaction: the caller reads the counters after
 * it (readVersions; later writes may have moved them on, which the search index reads from the log as well).
 *
 * Why it commits there: the counters' rows stay locked from their update to the commit, and every write of every
 * process waits for them. Sent as separate statements, the lock was held while the writing process's event loop got
 * round to sending the next one and the commit, tens of milliseconds on a busy server: under the scale-out bench,
 * writes queued a second for those rows. Here the audit entry, the facts, the update, the log, its trimming and the
 * commit travel as one message (PostgreSQL's simple query protocol, hence the values written as literals: the keys
 * are ours, the graves' ids and sections come from the register's rows, the audit entry's texts are escaped by
 * `literal`), so the rows are held only while PostgreSQL runs it, and the write is two round trips shorter. Should
 * one of its statements fail, PostgreSQL runs none after it (the commit included) and the transaction is rolled back.
 * The counters are locked in the order of their keys, as markChanged does, so two writes never deadlock.
 */
export async function markChangedAndCommit(
  trx: Transaction<Database>,
  dialect: DialectName,
  marks: readonly DataScope[],
  graves: ReadonlyArray<{ gender: Gender; id: string }>,
  end: WriteEnd,
): Promise<Map<DataScope, string> | null> {
  const keys = [...new Set(marks)].sort().map(versionKey);
  if (dialect !== 'postgres' || keys.length === 0) {
    await trx.insertInto('audit_log').values(end.audit).execute();
    // The graves' kept facts before the counters: their rows stay locked from their move to the commit.
    await refreshGraveFacts(trx, end.refresh);
    const versions = await markChanged(trx, marks);
    const changes = sectionsOf(graves).map(([gender, graveIds]) => ({ gender, version: versions.get(gender) ?? '', graveIds }));
    await logGraveChanges(trx, changes);
    // The sections' figures folded as the log is trimmed, or after a write of many graves (as on PostgreSQL below).
    const trimming = changes.some((c) => Number(c.version) % TRIM_EVERY === 0);
    if (trimming || graves.length > FOLD_AFTER_GRAVES) await foldSectionTallies(trx);
    return versions;
  }
  const section = (column: string) => `${literal(VERSION_KEY_PREFIX)} || ${column}`;
  const pairs = sectionsOf(graves).flatMap(([gender, ids]) => ids.map((id) => `(${literal(gender)}, ${literal(id)})`));
  const logged = pairs.length
    ? `, changed (gender, grave_id) as (values ${pairs.join(', ')}),
      logged as (
        insert into grave_changes (gender, version, grave_id)
        select changed.gender, moved.version, changed.grave_id from moved join changed on moved.key = ${section('changed.gender')}
      )`
    : '';
  await sql
    .raw(
      `${endStatements(end).join(';\n')};
      with locked as (
        select key from settings where key in (${keys.map(literal).join(', ')}) order by key for update
      ), moved as (
        update settings set value = cast(cast(settings.value as integer) + 1 as text)
        from locked where settings.key = locked.key
        returning settings.key, cast(settings.value as integer) as version
      )${logged}, trimmed as (
        delete from grave_changes using moved
        where moved.key = ${section('grave_changes.gender')} and moved.version % ${TRIM_EVERY} = 0
          and grave_changes.version <= moved.version - ${TRIMMED_BELOW}
      ), ${foldCtes(
        graves.length > FOLD_AFTER_GRAVES
          ? 'true'
          : `exists (select 1 from moved where moved.key in (${GENDERS.map((g) => literal(versionKey(g))).join(', ')})
              and moved.version % ${TRIM_EVERY} = 0)`,
      )}
      select count(*) from moved; commit`,
    )
    .execute(trx);
  return null;
}

/** The graves changed, by section (each id once): one change per section, which the index follows by its counter. */
export function sectionsOf(graves: ReadonlyArray<{ gender: Gender; id: string }>): Array<[Gender, string[]]> {
  const bySection = new Map<Gender, Set<string>>();
  for (const g of graves) bySection.set(g.gender, (bySection.get(g.gender) ?? new Set()).add(g.id));
  return [...bySection].map(([gender, ids]) => [gender, [...ids]]);
}
