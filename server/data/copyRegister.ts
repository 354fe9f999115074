// Copies a whole register from one database to another, SQLite ↔ PostgreSQL (npm run copy, server/cli/copy.ts):
// a village moving from one machine's file to several processes on PostgreSQL, or back.
//
// Which tables: every table the target has after its migrations, read from the database itself (not a list kept
// here that would go stale when a migration adds one), except those in SKIPPED with their reason. A table the source
// lacks, or a column it lacks, stops the copy before anything is written. Rows keep their ids, timestamps and text as
// they are; the tables are written parents first (their foreign keys say the order), each read in pages ordered by
// its primary key so that memory stays bounded, all inside one transaction on the target: a failure anywhere leaves
// the target as it was. The source is read inside one transaction too (a snapshot: SQLite's WAL reader, PostgreSQL's
// repeatable read), so the copy is consistent even if a process still writes; what it writes afterwards is not
// copied, hence "stop writes first" in docs/operating.md.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { VERSION_KEY_PREFIX } from './dataVersions';
import { CHANGE_LOG_VERSIONS } from './graveFacts';
import { foldSectionTallies } from './sectionTallies';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/** Tables not copied, and why. Anything else the target holds is copied. */
export const SKIPPED: Readonly<Record<string, string>> = {
  // As in a backup (server/data/backup.ts): the secret that signs sessions never leaves its database. The target
  // keeps its own or makes one at start (or both use JWT_SECRET); staff sign in again after the move unless so.
  token_secret: 'the session-signing secret never leaves its database (as in a backup)',
  // Rows of differences that the target's own triggers add as the graves are written into it (and taken out, with
  // --replace): copied as well, every grave would count twice.
  section_tallies: "the sections' figures are kept by the target's own triggers as the graves are copied",
};

/**
 * Tables whose rows do not make a register: settings (a migrated, empty database already holds the counters and an
 * empty identity), the sign-in throttle and the signed-out tokens (short-lived rows about sessions). A target with
 * rows in any other copied table holds a register and is refused unless --replace.
 *
 * All three are still copied: settings is the village's identity and the counters; the throttle keeps a guesser's
 * count across the move (it has no id: it is paged in the order of all its columns); the signed-out tokens stay
 * signed out when both sides sign with the same JWT_SECRET.
 */
const NOT_A_REGISTER = new Set(['settings', 'throttle', 'revoked_tokens']);


/** Rows per page; fewer for a table with blobs (a logo's files), and never more parameters than SQLite allows. */
const PAGE_ROWS = 500;
const BLOB_PAGE_ROWS = 10;
const MAX_PARAMETERS = 30000;

export interface Side {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface CopyResult {
  counts: TableCount[];
  skipped: Array<{ table: string; reason: string }>;
}

/** The target already holds a register (and --replace was not given). */
export class TargetNotEmpty extends Error {
  override name = 'TargetNotEmpty';
}

/** The two sides are not the same register's schema, or their rows did not end up equal in number. */
export class CopyMismatch extends Error {
  override name = 'CopyMismatch';
}

/** A mismatch found after copying: the counts of both sides, for the command to print. */
export class CopyMismatchWithCounts extends CopyMismatch {
  constructor(
    message: string,
    readonly counts: TableCount[],
  ) {
    super(message);
  }
}

interface Column {
  name: string;
  type: string;
}

interface TableShape {
  name: string;
  columns: Column[];
  primaryKey: string[];
}

const isBlobType = (type: string) => /^(blob|bytea)$/i.test(type);
const isIntegerType = (type: string) => /^(integer|int|int2|int4|int8|bigint|smallint)$/i.test(type);
const isBooleanType = (type: string) => /^(bool|boolean)$/i.test(type);

async function tableShapes(side: Side): Promise<Map<string, TableShape>> {
  const tables = await side.db.introspection.getTables();
  const shapes = new Map<string, TableShape>();
  for (const table of tables) {
    if (table.isView) continue;
    const primaryKey =
      side.dialect === 'sqlite'
        ? (
            await sql<{ name: string }>`select name from pragma_table_info(${table.name}) where pk > 0 order by pk`.execute(
              side.db,
            )
          ).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`
              select a.attname as name from pg_index i
              join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = ${table.name}::regclass and i.indisprimary
              order by array_position(i.indkey, a.attnum)`.execute(side.db)
          ).rows.map((r) => r.name);
    shapes.set(table.name, {
      name: table.name,
      columns: table.columns.map((c) => ({ name: c.name, type: c.dataType })),
      primaryKey,
    });
  }
  return shapes;
}

/** Which table refers to which (child → parents), from the target's foreign keys. */
async function foreignKeys(side: Side): Promise<Array<{ table: string; parent: string }>> {
  const rows =
    side.dialect === 'sqlite'
      ? await sql<{ table: string; parent: string }>`
          select m.name as "table", p."table" as parent
          from sqlite_master m join pragma_foreign_key_list(m.name) p
          where m.type = 'table'`.execute(side.db)
      : await sql<{ table: string; parent: string }>`
          select child.relname as "table", parent.relname as parent
          from pg_constraint c
          join pg_class child on child.oid = c.conrelid
          join pg_class parent on parent.oid = c.confrelid
          join pg_namespace n on n.oid = child.relnamespace
          where c.contype = 'f' and n.nspname = current_schema()`.execute(side.db);
  return rows.rows;
}

/** Parents before children (ties by name, so the order is the same every time). */
function parentsFirst(tables: string[], links: Array<{ table: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const pending = [...tables].sort();
  while (pending.length > 0) {
    const index = pending.findIndex((t) =>
      links.every((l) => l.table !== t || l.parent === t || placed.has(l.parent) || !tables.includes(l.parent)),
    );
    if (index === -1) throw new CopyMismatch(`the foreign keys of ${pending.join(', ')} form a cycle`);
    const [next] = pending.splice(index, 1);
    ordered.push(next!);
    placed.add(next!);
  }
  return ordered;
}

async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A value read from one engine, as the other's column of that type takes it and reads it back equal. */
function valueFor(value: unknown, column: Column, target: DialectName): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') {
    if (target === 'postgres' && isBooleanType(column.type)) return value;
    return value ? 1 : 0;
  }
  if (target === 'postgres' && isBooleanType(column.type) && typeof value === 'number') return value !== 0;
  // pg answers bigints as text; SQLite keeps text in an integer column as text unless it converts cleanly.
  if (typeof value === 'string' && isIntegerType(column.type) && /^-?\d+$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : BigInt(value);
  }
  if (value instanceof Date) return value.toISOString();
  return value;
}

function insertStatement(table: TableShape, rows: Row[], target: DialectName): RawBuilder<unknown> {
  const names = table.columns.map((c) => sql.ref(c.name));
  const tuples = rows.map((row) => sql`(${sql.join(table.columns.map((c) => valueFor(row[c.name], c, target)))})`);
  return sql`insert into ${sql.table(table.name)} (${sql.join(names)}) values ${sql.join(tuples)}`;
}

/** Reads the source's table page by page (keyset on a one-column key, else offset in the order of every column). */
async function* pages(source: Db, table: TableShape): AsyncGenerator<Row[]> {
  const columns = sql.join(table.columns.map((c) => sql.ref(c.name)));
  const blobs = table.columns.some((c) => isBlobType(c.type));
  const size = Math.max(
    1,
    Math.min(blobs ? BLOB_PAGE_ROWS : PAGE_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)),
  );
  const [key] = table.primaryKey;
  if (key !== undefined && table.primaryKey.length === 1) {
    let last: unknown = undefined;
    for (;;) {
      const after = last === undefined ? sql`` : sql`where ${sql.ref(key)} > ${last}`;
      const { rows } = await sql<Row>`select ${columns} from ${sql.table(table.name)} ${after}
        order by ${sql.ref(key)} limit ${size}`.execute(source);
      if (rows.length === 0) return;
      yield rows;
      last = rows[rows.length - 1]![key];
      if (rows.length < size) return;
    }
  }
  const orderColumns = table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name);
  const order = sql.join(orderColumns.map((name) => sql.ref(name)));
  for (let offset = 0; ; offset += size) {
    const { rows } = await sql<Row>`select ${columns} from ${sql.table(table.name)}
      order by ${order} limit ${size} offset ${offset}`.execute(source);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
  }
}

/**
 * Copies every table of `source` into `target`, both already migrated to this version. Refuses (TargetNotEmpty) a
 * target that holds a register unless `replace`, in which case its rows are deleted first in the same transaction.
 * The counters of data_version end above both sides' (the higher plus CHANGE_LOG_VERSIONS and one), so no process
 * serving the target keeps an answer it cached before the copy, nor reads the copied log of changed graves as the
 * changes since its own counter. Throws CopyMismatch when a count differs at the end (nothing is kept then).
 */
export async function copyRegister(
  source: Side,
  target: Side,
  options: { replace: boolean; onTable?: (table: string, rows: number) => void },
): Promise<CopyResult> {
  const targetShapes = await tableShapes(target);
  const sourceShapes = await tableShapes(source);
  const tables = [...targetShapes.keys()].filter((name) => !(name in SKIPPED));
  for (const name of tables) {
    const from = sourceShapes.get(name);
    if (!from) throw new CopyMismatch(`the source has no table ${name}: is it this version's register?`);
    const missing = targetShapes.get(name)!.columns.filter((c) => !from.columns.some((s) => s.name === c.name));
    if (missing.length > 0) {
      throw new CopyMismatch(`the source's table ${name} has no column ${missing.map((c) => c.name).join(', ')}`);
    }
  }
  const unknown = [...sourceShapes.keys()].filter((name) => !targetShapes.has(name) && !(name in SKIPPED));
  if (unknown.length > 0) throw new CopyMismatch(`the target has no table ${unknown.join(', ')}`);
  const order = parentsFirst(tables, await foreignKeys(target));

  const readSource = source.db.transaction();
  const sourceSnapshot = source.dialect === 'postgres' ? readSource.setIsolationLevel('repeatable read') : readSource;
  return sourceSnapshot.execute(async (from) =>
    target.db.transaction().execute(async (to) => {
      for (const name of tables) {
        if (NOT_A_REGISTER.has(name) || options.replace) continue;
        const rows = await countRows(to, name);
        if (rows > 0) {
          throw new TargetNotEmpty(
            `the target already holds a register (${rows} rows in ${name}); copy into an empty database, or add --replace to empty this one first`,
          );
        }
      }
      const { rows: before } = await sql<{ key: string; value: string }>`
        select key, value from settings where key like ${`${VERSION_KEY_PREFIX}%`}`.execute(to);
      for (const name of [...order].reverse()) await sql`delete from ${sql.table(name)}`.execute(to);

      for (const name of order) {
        const shape = targetShapes.get(name)!;
        let copied = 0;
        for await (const rows of pages(from, shape)) {
          await insertStatement(shape, rows, target.dialect).execute(to);
          copied += rows.length;
        }
        options.onTable?.(name, copied);
      }

      // The counters: above what either side had, so every process's cached answers are dropped.
      const { rows: copiedVersions } = await sql<{ key: string; value: string }>`
        select key, value from settings where key like ${`${VERSION_KEY_PREFIX}%`}`.execute(to);
      const highest = new Map<string, number>();
      for (const row of [...before, ...copiedVersions]) {
        highest.set(row.key, Math.max(highest.get(row.key) ?? 0, Number(row.value) || 0));
      }
      for (const [key, value] of highest) {
        // Past what the log of changed graves keeps (data/graveFacts.ts), so no process reads the copied log as the
        // changes since its own counter: it drops and builds everything again.
        const next = String(value + CHANGE_LOG_VERSIONS + 1);
        if (copiedVersions.some((row) => row.key === key)) {
          await sql`update settings set value = ${next} where key = ${key}`.execute(to);
        } else {
          await sql`insert into settings (key, value) values (${key}, ${next})`.execute(to);
        }
      }
      const added = [...highest.keys()].filter((key) => !copiedVersions.some((row) => row.key === key)).length;
      // The triggers added a row of the sections' figures for each grave taken out and written: one per section.
      await foldSectionTallies(to);

      const counts: TableCount[] = [];
      for (const name of order) {
        counts.push({
          table: name,
          source: await countRows(from, name),
          target: (await countRows(to, name)) - (name === 'settings' ? added : 0),
        });
      }
      const wrong = counts.filter((c) => c.source !== c.target);
      if (wrong.length > 0) {
        const list = wrong.map((c) => `${c.table} ${c.source} → ${c.target}`).join(', ');
        throw new CopyMismatchWithCounts(`the row counts differ: ${list}`, counts);
      }
      return { counts, skipped: Object.entries(SKIPPED).map(([table, reason]) => ({ table, reason })) };
    }),
  );
}
