// Bringing a paper register in: graves by range, and burials from a file or typed in the console, each
// written in one transaction with one audit entry. A batch of burials is recorded (import_batches) so that a manager
// can list it and undo it as a whole while nothing it brought in was changed since.
//
// The rules live in src/domain/rules/registerImport.ts (the plan of the rows against the register); this module loads the
// register the plan needs, inside the transaction that writes it, and tells the search index what changed after the
// commit, as every write of server/data does (one change per section, with the counter markChanged set there).
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BurialPlanner,
  graveKey,
  parseSection,
  planBurials,
  rowGrave,
  type BurialPlan,
  type ImportReport,
  type PlanOptions,
  type RawBurialRow,
  type StoredGrave,
} from '../../src/domain/rules/registerImport';
import type { Gender } from '../../src/domain/types';
import type { Database, ImportBatchesTable } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { conflict, notFound } from './refusals';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { formatNumber } from '../../src/domain/text/format';
import { gravePlace } from '../../src/domain/rules/graveMoves';
import { t } from '../../src/domain/messages';
import { audit } from './audit';
import { markChanged, readVersions } from './dataVersions';
import type { Write } from './auditedWrite';
import { recordGraveChanges } from './graveFacts';
import type { GraveChange } from './searchIndex';

type Db = Kysely<Database> | Transaction<Database>;

// SQLite takes at most 32766 bound parameters per statement; 500 rows of a dozen columns stay well under it.
const CHUNK = 500;
async function inChunks<T>(rows: readonly T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * On PostgreSQL, holds the graves of these sections until the transaction ends: a burial recorded through the
 * single-burial route meanwhile waits, so the plan's view of each grave stays true until it is written. (SQLite runs
 * one transaction at a time on our connection.)
 */
async function lockSections(trx: Db, write: Write, genders: readonly Gender[]): Promise<void> {
  if (write.dialect === 'postgres' && genders.length > 0) {
    await trx.selectFrom('graves').select('id').where('gender', 'in', genders).forUpdate().execute();
  }
}

/** Tells the search index, after the commit, what each section's write changed. */
export async function tell(write: Write, changes: readonly GraveChange[]): Promise<void> {
  for (const change of changes) await write.changed?.(change);
}

/** A race with another writer (a grave created meanwhile in another process) is answered "try again". */
function raceAsBusy(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict('import.busy');
  throw error;
}

// ---- graves by range ----

export interface RangeAnswer {
  created: number;
  skipped: number[];
}

/** The numbers from..to a section still lacks, and those it has. */
async function rangePlan(db: Db, gender: 'men' | 'women', from: number, to: number) {
  const rows = await db
    .selectFrom('graves')
    .select('number_value')
    .where('gender', '=', gender)
    .where('number_value', '>=', from)
    .where('number_value', '<=', to)
    .execute();
  const taken = new Set(rows.map((r) => Number(r.number_value)));
  const missing: number[] = [];
  for (let n = from; n <= to; n++) if (!taken.has(n)) missing.push(n);
  return { missing, skipped: [...taken].sort((a, b) => a - b) };
}

/**
 * The range's write inside the caller's transaction (graves by range, and the first start's graves): the missing
 * numbers inserted, audited as one `grave.range`, the section marked changed. The caller tells the search index of
 * `change` after its commit (tell).
 */
export async function insertGraveRange(
  trx: Transaction<Database>,
  write: Pick<Write, 'by' | 'at'>,
  gender: 'men' | 'women',
  from: number,
  to: number,
): Promise<RangeAnswer & { change: GraveChange | null }> {
  const { by, at } = write;
  const { missing, skipped } = await rangePlan(trx, gender, from, to);
  if (missing.length === 0) return { created: 0, skipped, change: null };
  const createdAt = at.toISOString();
  await inChunks(missing, (part) =>
    trx
      .insertInto('graves')
      .values(
        part.map((n) => ({
          id: randomUUID(),
          gender,
          number: String(n),
          number_value: n,
          full: 0,
          created_at: createdAt,
        })),
      )
      .execute(),
  );
  await audit(trx, {
    at,
    account: by,
    action: 'grave.range',
    entity: 'grave',
    entityId: `${gender}:${from}-${to}`,
    after: { gender, from, to, created: missing.length, skipped },
  });
  const versions = await markChanged(trx, [gender, 'burials']);
  // New graves hold no burials, and the search index keeps only graves with burials: it needs the counter alone.
  const change = { gender, version: versions.get(gender) ?? '', graveIds: [] };
  await recordGraveChanges(trx, [change]);
  return { created: missing.length, skipped, change };
}

/** Creates every missing number from..to of a numbered section (a dry run only counts them). */
export async function createGraveRange(
  write: Write,
  gender: 'men' | 'women',
  from: number,
  to: number,
  dryRun: boolean,
): Promise<RangeAnswer> {
  if (dryRun) {
    const { missing, skipped } = await rangePlan(write.db, gender, from, to);
    return { created: missing.length, skipped };
  }
  let change: GraveChange | null = null;
  const answer = await write.db
    .transaction()
    .execute(async (trx) => {
      const made = await insertGraveRange(trx, write, gender, from, to);
      change = made.change;
      return { created: made.created, skipped: made.skipped };
    })
    .catch(raceAsBusy);
  if (change) await tell(write, [change]);
  return answer;
}

// ---- burials from a file or from the keyboard ----

/** The graves the rows name, by section: their canonical numbers (rows whose section or number is refused name none). */
export type NamedGraves = Map<Gender, Set<string>>;

function gravesNamed(rows: readonly RawBurialRow[], defaultSection?: Gender): NamedGraves {
  const named: NamedGraves = new Map();
  for (const row of rows) {
    const grave = rowGrave(row, defaultSection);
    if (!grave) continue;
    let numbers = named.get(grave.gender);
    if (!numbers) named.set(grave.gender, (numbers = new Set()));
    numbers.add(grave.number);
  }
  return named;
}

/** The named graves that exist, a chunk of numbers at a time (bound parameters stay far under SQLite's limit). */
async function namedGraveRows(db: Db, named: NamedGraves) {
  const rows: Array<{ id: string; gender: Gender; number: string; full: number }> = [];
  for (const [gender, numbers] of named) {
    const all = [...numbers];
    for (let at = 0; at < all.length; at += 500) {
      rows.push(
        ...(await db
          .selectFrom('graves')
          .select(['id', 'gender', 'number', 'full'])
          .where('gender', '=', gender)
          .where('number', 'in', all.slice(at, at + 500))
          .execute()),
      );
    }
  }
  return rows;
}

/**
 * The graves the rows name, with what the plan needs of their burials: a file of 20,000 rows reads at most 20,000
 * graves and their burials, whatever the size of the register (a city's would not fit the server's memory).
 */
export async function loadRegisterState(db: Db, named: NamedGraves): Promise<Map<string, StoredGrave>> {
  const state = new Map<string, StoredGrave>();
  const graves = await namedGraveRows(db, named);
  const byId = new Map<string, StoredGrave & { burials: StoredGrave['burials'][number][] }>();
  for (const g of graves) {
    const grave = { id: g.id, gender: g.gender, number: g.number, full: Number(g.full) === 1, burials: [] };
    byId.set(g.id, grave);
    state.set(graveKey(g.gender, g.number), grave);
  }
  const ids = [...byId.keys()];
  for (let at = 0; at < ids.length; at += 500) {
    const burials = await db
      .selectFrom('burials')
      .select(['grave_id', 'name', 'name_search', 'burial_date', 'date_precision'])
      .where('grave_id', 'in', ids.slice(at, at + 500))
      .execute();
    for (const b of burials) {
      byId.get(b.grave_id)?.burials.push({
        name: b.name,
        nameKey: b.name_search,
        date: b.burial_date,
        precision: b.date_precision,
      });
    }
  }
  return state;
}

/** The id of every named grave that exists, by its key (what the writes of a plan need). */
async function loadGraveIds(db: Db, named: NamedGraves): Promise<Map<string, { id: string; gender: Gender }>> {
  const ids = new Map<string, { id: string; gender: Gender }>();
  for (const g of await namedGraveRows(db, named)) ids.set(graveKey(g.gender, g.number), { id: g.id, gender: g.gender });
  return ids;
}

/** The sections the rows name (the plan refuses the rows that name none). */
function sectionsOf(rows: readonly RawBurialRow[], defaultSection?: Gender): Gender[] {
  const found = new Set<Gender>();
  for (const row of rows) {
    const gender = parseSection(row.gender) ?? defaultSection;
    if (gender) found.add(gender);
  }
  return [...found];
}

export interface BatchMeta {
  kind: ImportBatchesTable['kind'];
  fileName: string | null;
  dryRun: boolean;
}

/** How long the plan holds the event loop at a time before letting other requests be answered. */
const PLAN_SLICE_MS = 15;

/** The plan of the rows, made in slices of PLAN_SLICE_MS: a 20,000-row file takes about a second of work. */
async function planInSlices(
  rows: readonly RawBurialRow[],
  state: ReadonlyMap<string, StoredGrave>,
  options: PlanOptions,
): Promise<BurialPlan> {
  const planner = new BurialPlanner(state, options);
  let sliceStarted = performance.now();
  for (const row of rows) {
    planner.add(row);
    if (performance.now() - sliceStarted > PLAN_SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
  return planner.plan();
}

/** The data versions of these sections, as one string to compare. */
const versionsOf = async (db: Db, genders: readonly Gender[]) => {
  const versions = await readVersions(db);
  return genders.map((g) => versions.get(g) ?? '').join(',');
};

/**
 * Plans the rows against the register and, unless a dry run, writes every valid one in one transaction under one
 * batch id (nothing at all when nothing is valid: batchId stays null). Answers the report.
 *
 * The plan is made before the transaction, in slices, so that neither the event loop nor the database (SQLite has
 * one connection) is held while 20,000 rows are checked. It stays true if the sections' data versions, read before
 * the register was, have not moved when the transaction starts; if they have (a write landed meanwhile), the rows
 * are planned again inside the transaction against what is there now.
 */
export async function importBurials(
  write: Write,
  rows: readonly RawBurialRow[],
  options: PlanOptions,
  meta: BatchMeta,
): Promise<ImportReport> {
  const genders = sectionsOf(rows, options.defaultSection);
  const named = gravesNamed(rows, options.defaultSection);
  const versionsPlanned = await versionsOf(write.db, genders);
  const planned = await planInSlices(rows, await loadRegisterState(write.db, named), options);
  if (meta.dryRun) return planned.report;

  const { by, at } = write;
  const changes: GraveChange[] = [];
  const report = await write.db
    .transaction()
    .execute(async (trx) => {
      await lockSections(trx, write, genders);
      const plan =
        (await versionsOf(trx, genders)) === versionsPlanned
          ? planned
          : planBurials(rows, await loadRegisterState(trx, named), options);
      const state = await loadGraveIds(trx, named);
      if (plan.newGraves.length === 0 && plan.burials.length === 0) return plan.report;
      const batchId = randomUUID();
      const createdAt = at.toISOString();
      await trx
        .insertInto('import_batches')
        .values({
          id: batchId,
          kind: meta.kind,
          file_name: meta.fileName,
          created_at: createdAt,
          account_id: by?.sub ?? null,
          account_email: by?.email ?? 'system',
          rows_read: plan.report.rowsRead,
          graves_created: plan.report.gravesCreated,
          burials_added: plan.report.burialsAdded,
          undone_at: null,
        })
        .execute();
      const idOf = new Map<string, { id: string; gender: Gender }>(state);
      const graveRows = plan.newGraves.map((g) => {
        const id = randomUUID();
        idOf.set(g.key, { id, gender: g.gender });
        return {
          id,
          gender: g.gender,
          number: g.number,
          number_value: /^\d+$/.test(g.number) ? Number(g.number) : null,
          full: g.full ? 1 : 0,
          created_at: createdAt,
          batch_id: batchId,
        };
      });
      await inChunks(graveRows, (part) => trx.insertInto('graves').values(part).execute());
      const touched = new Map<Gender, Set<string>>();
      const burialRows = plan.burials.map((b) => {
        const grave = idOf.get(b.graveKey)!;
        let ids = touched.get(grave.gender);
        if (!ids) touched.set(grave.gender, (ids = new Set()));
        ids.add(grave.id);
        return {
          id: randomUUID(),
          grave_id: grave.id,
          name: b.name,
          name_search: b.nameKey,
          burial_date: b.date,
          date_precision: b.precision,
          notes: b.notes,
          warning_json: b.warning ? JSON.stringify(b.warning) : null,
          batch_id: batchId,
          created_at: createdAt,
        };
      });
      await inChunks(burialRows, (part) => trx.insertInto('burials').values(part).execute());
      const { refused, warnings, ...counts } = plan.report;
      await audit(trx, {
        at,
        account: by,
        action: 'import.create',
        entity: 'import',
        entityId: batchId,
        after: {
          kind: meta.kind,
          fileName: meta.fileName,
          ...counts,
          batchId,
          refused: refused.length,
          warnings: warnings.length,
        },
      });
      for (const g of plan.newGraves) if (!touched.has(g.gender)) touched.set(g.gender, new Set());
      const versions = await markChanged(trx, [...touched.keys(), 'burials']);
      for (const [gender, ids] of touched) {
        changes.push({ gender, version: versions.get(gender) ?? '', graveIds: [...ids] });
      }
      await recordGraveChanges(trx, changes);
      return { ...plan.report, batchId };
    })
    .catch(raceAsBusy);
  await tell(write, changes);
  return report;
}

// ---- the batches, and undoing one ----

export interface BatchSummary {
  _id: string;
  kind: ImportBatchesTable['kind'];
  fileName: string | null;
  createdAt: string;
  accountEmail: string;
  rowsRead: number;
  gravesCreated: number;
  burialsAdded: number;
  undoneAt: string | null;
}

/** The batches, newest first (the console's list with its undo buttons). */
export async function listBatches(db: Kysely<Database>, limit = 500): Promise<BatchSummary[]> {
  const rows = await db
    .selectFrom('import_batches')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    fileName: r.file_name,
    createdAt: r.created_at,
    accountEmail: r.account_email,
    rowsRead: Number(r.rows_read),
    gravesCreated: Number(r.graves_created),
    burialsAdded: Number(r.burials_added),
    undoneAt: r.undone_at,
  }));
}

/**
 * What changed in a batch since it was saved, the first change in words and how many there are, or null
 * while nothing did. A change is a burial of the batch moved to the ossuary, corrected or deleted, or someone else
 * buried in a grave the batch created: undoing would then remove a record staff made since (a move's history, a
 * correction) or another person's grave, so the undo is refused by name and the manager sees what to look at.
 */
async function batchChanges(
  trx: Transaction<Database>,
  batch: { id: string; burials_added: number | string },
): Promise<{ first: string; count: number } | null> {
  const id = batch.id;
  const place = (gender: Gender, number: string) => gravePlace({ gender, number });
  const moved = await trx
    .selectFrom('burial_moves')
    .innerJoin('burials', 'burials.id', 'burial_moves.burial_id')
    .innerJoin('graves as to', 'to.id', 'burial_moves.to_grave_id')
    .select([
      'burials.id',
      'burials.name',
      'burial_moves.from_gender',
      'burial_moves.from_number',
      'burial_moves.moved_on',
      'to.number as toNumber',
    ])
    .where('burials.batch_id', '=', id)
    .orderBy('burial_moves.created_at')
    .orderBy('burial_moves.id')
    .execute();
  const corrected = await trx
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select(['burials.id', 'burials.name', 'graves.gender', 'graves.number'])
    .where('burials.batch_id', '=', id)
    .where('burials.updated_at', 'is not', null)
    .orderBy('burials.updated_at')
    .orderBy('burials.id')
    .execute();
  const remaining = await trx
    .selectFrom('burials')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('batch_id', '=', id)
    .executeTakeFirstOrThrow();
  const deletedCount = Math.max(0, Number(batch.burials_added) - Number(remaining.n));
  // A deletion's audit entry names the batch of the burial it removed (graveWrites.ts removeBurial); the batch id is
  // a UUID, so it holds none of LIKE's wildcards.
  const deleted =
    deletedCount === 0
      ? []
      : await trx
          .selectFrom('audit_log')
          .select('before_json')
          .where('action', '=', 'burial.delete')
          .where('before_json', 'like', `%"batchId":"${id}"%`)
          .orderBy('at')
          .orderBy('id')
          .limit(1)
          .execute();
  const others = await trx
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select(['burials.name', 'graves.gender', 'graves.number'])
    .where('graves.batch_id', '=', id)
    .where((eb) => eb.or([eb('burials.batch_id', 'is', null), eb('burials.batch_id', '!=', id)]))
    .orderBy('burials.created_at')
    .orderBy('burials.id')
    .execute();

  const changedBurials = new Set([...moved.map((m) => m.id), ...corrected.map((c) => c.id)]);
  const count = changedBurials.size + deletedCount + others.length;
  if (count === 0) return null;
  let first: string;
  const move = moved[0];
  const correction = corrected[0];
  const other = others[0];
  if (move) {
    first = t('import.changeMoved', {
      name: move.name,
      from: place(move.from_gender, move.from_number),
      to: place('bones', move.toNumber),
      date: formatBurialDate(move.moved_on),
    });
  } else if (correction) {
    first = t('import.changeCorrected', { name: correction.name, grave: place(correction.gender, correction.number) });
  } else if (deletedCount > 0) {
    const entry = deleted[0]?.before_json ? (JSON.parse(deleted[0].before_json) as Record<string, unknown>) : null;
    first =
      entry && typeof entry.name === 'string' && typeof entry.gender === 'string' && entry.graveNumber !== undefined
        ? t('import.changeDeleted', { name: entry.name, grave: place(entry.gender as Gender, String(entry.graveNumber)) })
        : t('import.changeDeletedUnnamed', { count: formatNumber(deletedCount) });
  } else {
    first = t('import.changeOtherBurial', { name: other!.name, grave: place(other!.gender, other!.number) });
  }
  return { first, count };
}

/**
 * Removes every burial a batch added and every grave it created, while none of them changed since (batchChanges):
 * otherwise a 409 names the first change and how many there are, and nothing is removed.
 */
export async function undoBatch(write: Write, id: string): Promise<void> {
  const { by, at } = write;
  const changes: GraveChange[] = [];
  await write.db.transaction().execute(async (trx) => {
    const batch = await trx.selectFrom('import_batches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!batch) throw notFound('import.batchNotFound');
    if (batch.undone_at) throw conflict('import.batchUndone');
    const ofBatch = trx.selectFrom('graves').select('id').where('batch_id', '=', id);
    if (write.dialect === 'postgres') {
      await trx
        .selectFrom('graves')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('batch_id', '=', id),
            eb('id', 'in', trx.selectFrom('burials').select('grave_id').where('batch_id', '=', id)),
          ]),
        )
        .forUpdate()
        .execute();
    }
    const changed = await batchChanges(trx, batch);
    if (changed) {
      throw changed.count === 1
        ? conflict('import.undoChangedOne', { change: changed.first })
        : conflict('import.undoChangedMany', { change: changed.first, count: formatNumber(changed.count) });
    }
    const burials = await trx
      .selectFrom('burials')
      .innerJoin('graves', 'graves.id', 'burials.grave_id')
      .select(['burials.grave_id', 'graves.gender'])
      .where('burials.batch_id', '=', id)
      .execute();
    const graves = await ofBatch.select('gender').execute();
    await trx.deleteFrom('burials').where('batch_id', '=', id).execute();
    await trx.deleteFrom('graves').where('batch_id', '=', id).execute();
    await trx.updateTable('import_batches').set({ undone_at: at.toISOString() }).where('id', '=', id).execute();
    await audit(trx, {
      at,
      account: by,
      action: 'import.undo',
      entity: 'import',
      entityId: id,
      before: { burialsAdded: burials.length, gravesCreated: graves.length },
    });
    const touched = new Map<Gender, Set<string>>();
    const touch = (gender: Gender, graveId: string) => {
      let ids = touched.get(gender);
      if (!ids) touched.set(gender, (ids = new Set()));
      ids.add(graveId);
    };
    for (const b of burials) touch(b.gender, b.grave_id);
    for (const g of graves) touch(g.gender, g.id);
    const versions = await markChanged(trx, [...touched.keys(), 'burials']);
    for (const [gender, ids] of touched) changes.push({ gender, version: versions.get(gender) ?? '', graveIds: [...ids] });
    await recordGraveChanges(trx, changes);
  });
  await tell(write, changes);
}
