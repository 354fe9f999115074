// The name search's index: every buried person of the register in one in-memory NameIndex (src/domain/search/names),
// with what each grave's status needs (its full mark and newest burial), so a search answers without a query.
// About 0.8 KB a person (25 MB for 30,000; measured with the heap's used size before and after a build).
//
// Why in memory rather than in SQL: the matcher ranks by word classes (exact, folded, Egyptian spoken swaps, one
// slip, Latin spellings) that neither SQLite's LIKE nor PostgreSQL's pg_trgm can express, and it must give the same
// answers on both engines and in the browser. 30,000 names index in about a third of a second and take a few MB; a
// query looks only at the names holding a word that can match its most selective word.
//
// How it stays true: the index knows the counters of the grave sections (data/dataVersions.ts) it reflects.
// - A write of this process tells it which graves it changed and the counter its transaction set (changedGraves):
//   when that counter follows the index's own by one, nothing else happened in between, and the index reads those
//   graves again and replaces their entries in place (a burial recorded costs one grave's read, not 30,000 names).
// - Anything else (a write of another process sharing the database, two writes finishing out of order, a bulk
//   change) leaves the counters apart: the next search finds them different from the current ones and builds the
//   index again from one read of every burial.
import { isDatePrecision, type PartialPrecision } from '../../src/domain/dates/datePrecision';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { NameIndex } from '../../src/domain/search/names';
import type { Gender, GraveMove } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { GRAVE_SCOPES, readVersions, type DataScope } from './dataVersions';
import { graveNumberOf, movesInto } from './graves';
import type { GraveChange } from './write';

/** A grave holding indexed people, one object shared by them all (30,000 people lie in a few thousand graves). */
export interface IndexedGrave {
  id: string;
  gender: Gender;
  number: number | string;
  /** What its status is derived from, besides today. */
  full: boolean;
  lastBurialDate: string;
}

export interface IndexedPerson {
  personId: string;
  name: string;
  burialDate: string;
  /** Present only for a partial ledger date, a month or a year alone (the search answer carries it as it is). */
  datePrecision?: PartialPrecision;
  /** When it was recorded (milliseconds): the last tie-break. */
  recordedAt: number;
  grave: IndexedGrave;
  /** For remains moved into a bone section: where from (issue 13). */
  transferredFrom?: GraveMove;
}

export type { GraveChange } from './write';

/** Among people whose matches tie, the most recent burial first (then the one recorded last). */
const newerFirst = (a: IndexedPerson, b: IndexedPerson) =>
  a.burialDate !== b.burialDate
    ? a.burialDate > b.burialDate
      ? -1
      : 1
    : b.recordedAt - a.recordedAt || (a.personId > b.personId ? -1 : a.personId < b.personId ? 1 : 0);

/**
 * Built again once a quarter of its entries, and at least a thousand, were removed (each correction removes one
 * and adds one): they still cost memory and a look when a query meets their words.
 */
const tooManyRemoved = (names: NameIndex<IndexedPerson>) => names.removed > Math.max(1000, names.size / 4);

/** How long building the index holds the event loop at a time. */
const BUILD_SLICE_MS = 15;

/** One reading of the register's burials, as the search sees it. */
export class SearchIndex {
  readonly names = new NameIndex<IndexedPerson>(newerFirst, (p) => ({ gender: p.grave.gender, date: p.burialDate }));
  private readonly graves = new Map<string, { grave: IndexedGrave; entries: number[] }>();

  constructor(readonly versions: Map<DataScope, string>) {}

  /** Replaces what the index knows of one grave by these rows (none when it was deleted or is empty). */
  replaceGrave(graveId: string, rows: readonly GraveBurialRow[]): void {
    for (const entry of this.graves.get(graveId)?.entries ?? []) this.names.remove(entry);
    this.graves.delete(graveId);
    for (const row of rows) this.addRow(row);
  }

  addRow(row: GraveBurialRow, movedFrom?: GraveMove): void {
    let held = this.graves.get(row.id);
    if (!held) {
      const grave: IndexedGrave = {
        id: row.id,
        gender: row.gender,
        number: graveNumberOf(row),
        full: Number(row.full) === 1,
        lastBurialDate: row.burial_date,
      };
      this.graves.set(row.id, (held = { grave, entries: [] }));
    } else if (row.burial_date > held.grave.lastBurialDate) {
      held.grave.lastBurialDate = row.burial_date;
    }
    const person: IndexedPerson = {
      personId: row.person_id,
      name: row.name,
      burialDate: row.burial_date,
      ...(isDatePrecision(row.date_precision) &&
        row.date_precision !== 'day' && { datePrecision: row.date_precision }),
      recordedAt: Date.parse(row.created_at),
      grave: held.grave,
      ...(movedFrom && { transferredFrom: movedFrom }),
    };
    held.entries.push(this.names.add(row.name, held.grave.number, person));
  }
}

type GraveBurialRow = Awaited<ReturnType<ReturnType<typeof burialRows>['execute']>>[number];

function burialRows(db: Kysely<Database>) {
  return db
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select([
      'burials.id as person_id',
      'burials.name',
      'burials.burial_date',
      'burials.date_precision',
      'burials.created_at',
      'graves.id',
      'graves.gender',
      'graves.number',
      'graves.full',
    ]);
}

/**
 * Whether an index built under `built` shows every change counted in `current`. It may be ahead: this process's
 * own writes move its counters before the answer cache reads them again.
 */
const upToDate = (built: ReadonlyMap<DataScope, string>, current: ReadonlyMap<DataScope, string>) =>
  GRAVE_SCOPES.every((scope) => Number(built.get(scope)) >= Number(current.get(scope)));

/** The index this process searches: built when first needed, kept up to date by its writes (see the top). */
export class LiveSearchIndex {
  private index: SearchIndex | null = null;
  private building: Promise<SearchIndex> | null = null;
  /** The changes being applied, one after another; a search waits for them so it sees its own writes. */
  private applying: Promise<void> = Promise.resolve();
  private built = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** How many times the whole index was built since start (the tests and the bench read it). */
  builds(): number {
    return this.built;
  }

  /** The index for these counters (the current ones, as the answer cache last read them). */
  async current(versions: ReadonlyMap<DataScope, string>): Promise<SearchIndex> {
    await this.applying;
    const index = this.index;
    if (index && upToDate(index.versions, versions)) return index;
    if (this.building) {
      const next = await this.building;
      if (upToDate(next.versions, versions)) return next;
    }
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  private async build(): Promise<SearchIndex> {
    // The counters are read before the burials: a write landing in between makes the index newer than it says,
    // never older, and the next search builds it again.
    const versions = await readVersions(this.db);
    const [rows, movedIn] = await Promise.all([burialRows(this.db).execute(), movesInto(this.db)]);
    const index = new SearchIndex(versions);
    // In slices: a town's register takes a third of a second to index, and the other visitors are answered
    // between the slices instead of waiting for all of it.
    let sliceStarted = performance.now();
    for (const row of rows) {
      index.addRow(row, movedIn.get(row.person_id));
      if (performance.now() - sliceStarted > BUILD_SLICE_MS) {
        await nextTurn();
        sliceStarted = performance.now();
      }
    }
    this.built++;
    this.index = index;
    return index;
  }

  /** Called by a write after its transaction committed (see the top). */
  changedGraves(change: GraveChange): Promise<void> {
    // A change that cannot be read is not the write's failure (it committed): the index is built again instead.
    this.applying = this.applying
      .then(() => this.apply(change))
      .catch(() => {
        this.index = null;
      });
    return this.applying;
  }

  private async apply({ gender, version, graveIds }: GraveChange): Promise<void> {
    const index = this.index;
    if (!index) return;
    const known = Number(index.versions.get(gender));
    const set = Number(version);
    if (set <= known) return; // already read (the index was built after this write)
    if (set !== known + 1 || graveIds.length > 50 || tooManyRemoved(index.names)) {
      this.index = null;
      return;
    }
    const [rows, movedIn] = await Promise.all([
      burialRows(this.db).where('graves.id', 'in', graveIds).execute(),
      movesInto(this.db, graveIds),
    ]);
    for (const graveId of graveIds) index.replaceGrave(graveId, []);
    for (const row of rows) index.addRow(row, movedIn.get(row.person_id));
    // Graves with no burials are not indexed; their full mark does not matter to the search.
    index.versions.set(gender, version);
  }
}
