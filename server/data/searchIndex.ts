// The name search's index: every buried person of the register in one in-memory NameIndex (src/domain/search/names),
// held compactly so that a city's register (300,000 burials) fits a small machine's default heap.
//
// Why in memory rather than in SQL: the matcher ranks by word classes (exact, folded, Egyptian spoken swaps, one
// slip, Latin spellings) that neither SQLite's LIKE nor PostgreSQL's pg_trgm can express, and it must give the same
// answers on both engines and in the browser. A query looks only at the names holding a word that can match its
// most selective word.
//
// What it holds, per person, in typed arrays outside the JavaScript heap: the name's word numbers (in NameIndex), the
// burial day (as a number into a table of the distinct days), when it was recorded, its grave, its id as bytes. The
// names themselves, the graves' statuses and where moved remains came from are read from the database for the
// answer shown only (50 people at most), and kept for the next searches until the log names their grave
// (searchDetails.ts KeptDetails): about 110 bytes a person instead of about 800.
//
// How it stays true: the index knows the counters of the grave sections (data/dataVersions.ts) it reflects.
// - A write tells every process which graves it changed: this process's own writes directly (changedGraves), and
//   every write, of any process, through the log of changed graves kept in its transaction (data/graveFacts.ts).
//   When a section's counter is ahead of the index's, the index reads the graves the log names since its own counter
//   and replaces their entries in place (a burial recorded costs one grave's read, not 300,000 names), in this
//   process and in the others sharing the database.
// - Only when the log no longer reaches back that far, or too many entries were removed, is the index built again:
//   in pages of burials, between which other requests are answered. At start, once the server listens (warm), the
//   index kept in the snapshot file is read, or without a usable file built: not on the first search.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { isDatePrecision, type PartialPrecision } from '../../src/domain/dates/datePrecision';
import {
  NameIndex,
  NumberPool,
  type BurialFacts,
  type PreparedQuery,
} from '../../src/domain/search/names';
import { GENDERS, type Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { readVersions, type DataScope } from './dataVersions';
import { gravesChangedSince } from './graveFacts';
import { sectionTallies } from './sectionTallies';
import { readSnapshot, writeSnapshot, type SearchIndexParts } from './searchSnapshot';
import { graveNumberOf } from './graves';
import type { GraveChange } from './write';
import { KeptDetails } from './searchDetails';

export type { GraveChange } from './write';

/** Burials read per page while building; each page is one indexed query and a slice of indexing. */
const BUILD_PAGE = 5000;
/** Graves read again per query while catching up. */
const GRAVE_CHUNK = 500;
/** How long indexing holds the event loop at a time, except in the first build's quiet moments (see warm). */
const BUILD_SLICE_MS = 15;
/** The same when no search waits: a visitor's request arriving meanwhile waits for the slice to end. */
const QUIET_SLICE_MS = 5;

const int32s = () => new NumberPool(new Int32Array(1024), (n) => new Int32Array(n));
const bytes = () => new NumberPool(new Uint8Array(16 * 1024), (n) => new Uint8Array(n));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A person's id as bytes: a UUID (every id the register makes) as its 16 bytes, anything else as its characters. */
function idBytesOf(id: string): { packed: boolean; bytes: ArrayLike<number> } {
  if (UUID.test(id)) return { packed: true, bytes: Buffer.from(id.replace(/-/g, ''), 'hex') };
  return { packed: false, bytes: Buffer.from(id, 'utf8') };
}
function idFromBytes(packed: boolean, bytes: Uint8Array): string {
  if (!packed) return Buffer.from(bytes).toString('utf8');
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Who a found person is, as the index knows them (the name and the grave's status are read for the answer). */
export interface FoundPerson {
  personId: string;
  graveId: string;
  gender: Gender;
  number: number | string;
  burialDate: string;
  datePrecision?: PartialPrecision;
}

const PRECISIONS: ReadonlyArray<PartialPrecision | null> = [null, 'month', 'year'];

type Row = {
  person_id: string;
  name: string;
  burial_date: string;
  date_precision: string;
  created_at: string;
  grave_id: string;
  gender: Gender;
  number: string;
};

/** One reading of the register's burials, as the search sees it. Items of `names` are person slots. */
export class SearchIndex {
  readonly names: NameIndex<number>;
  // Per person slot (a slot is its NameIndex entry: both are numbered in the order added).
  private readonly idBytes = bytes();
  private readonly idStart = int32s();
  private readonly idPacked = bytes();
  private readonly day = int32s();
  private readonly precision = bytes();
  private readonly recordedAt = new NumberPool(new Float64Array(1024), (n) => new Float64Array(n));
  private readonly graveOf = int32s();
  /** The next person of the same grave (-1 at the end): each grave's people as a list, without an array per grave. */
  private readonly nextInGrave = int32s();
  /** The distinct burial days (a city has tens of thousands), each once. */
  private readonly days: string[] = [];
  private readonly dayNumber = new Map<string, number>();
  // Per grave slot.
  /** Made on the first change read (see slotOfGrave): an index read back at start does not wait for it. */
  private graveSlot: Map<string, number> | null = null;
  private graveIds: string[] = [];
  private graveGender: Gender[] = [];
  private graveNumber: Array<number | string> = [];
  /** The first person of each grave (-1 when none). */
  private readonly firstInGrave = int32s();

  /** `names`: an index read back from a snapshot (fromParts), else an empty one. */
  constructor(
    readonly versions: Map<DataScope, string>,
    names?: NameIndex<number>,
  ) {
    this.names = names ?? new NameIndex<number>(this.tieBreak, this.factsOf);
  }

  /** Among people whose matches tie, the most recent burial first (see newerFirst). */
  private readonly tieBreak = (a: number, b: number) => this.newerFirst(a, b);
  /** A person's section and day, for the section words and years of a query. */
  private readonly factsOf = (slot: number): BurialFacts => ({
    gender: this.graveGender[this.graveOf.data[slot]!]!,
    date: this.days[this.day.data[slot]!]!,
  });

  /**
   * Everything this index holds, for a snapshot (data/searchSnapshot.ts). The arrays of numbers are views taken now:
   * write them out before the next change is applied, or copy them (those a change rewrites in place are copies).
   */
  parts(): SearchIndexParts {
    return {
      versions: Object.fromEntries(this.versions),
      names: this.names.parts(),
      idBytes: this.idBytes.held(),
      idStart: this.idStart.held(),
      idPacked: this.idPacked.held(),
      day: this.day.held(),
      precision: this.precision.held(),
      recordedAt: this.recordedAt.held(),
      graveOf: this.graveOf.held(),
      nextInGrave: this.nextInGrave.held(),
      firstInGrave: this.firstInGrave.held().slice(), // set in place when a grave's people are replaced
      days: [...this.days],
      graveIds: [...this.graveIds],
      graveGender: [...this.graveGender],
      graveNumber: [...this.graveNumber],
    };
  }

  /**
   * An index read back from its parts (they become its own); null when they do not fit together or the names'
   * rules changed. `pause` is awaited every few thousand entries (a city's index takes 200 ms to put together).
   */
  static async fromParts(parts: SearchIndexParts, pause: () => Promise<void>): Promise<SearchIndex | null> {
    const people = parts.graveOf.length;
    const graves = parts.graveIds.length;
    /** Whether every number of `list` is one of 0 to size - 1 (with a pause now and then: a city has 300,000). */
    const within = async (list: Int32Array, size: number) => {
      for (let at = 0; at < list.length; at++) {
        if (at % 4096 === 0) await pause();
        const n = list[at]!;
        if (!(n >= 0 && n < size)) return false;
      }
      return true;
    };
    const fits =
      [parts.idStart, parts.idPacked, parts.day, parts.precision, parts.recordedAt, parts.nextInGrave].every(
        (a) => a.length === people,
      ) &&
      parts.firstInGrave.length === graves &&
      parts.graveGender.length === graves &&
      parts.graveNumber.length === graves &&
      (await within(parts.graveOf, graves)) &&
      (await within(parts.day, parts.days.length)) &&
      parts.graveGender.every((g) => (GENDERS as readonly string[]).includes(g));
    if (!fits) return null;
    const versions = new Map<DataScope, string>();
    for (const gender of GENDERS) {
      const v = parts.versions[gender];
      if (typeof v !== 'string') return null;
      versions.set(gender, v);
    }
    const graveNumbers: Array<number | string> = [];
    for (let at = 0; at < people; at++) {
      if (at % 4096 === 0) await pause();
      graveNumbers.push(parts.graveNumber[parts.graveOf[at]!]!);
    }
    // The names' tie-break and facts read the index being made here, once it exists.
    let index: SearchIndex | null = null;
    const names = await NameIndex.fromParts(
      parts.names,
      graveNumbers,
      (a, b) => index!.tieBreak(a, b),
      (slot) => index!.factsOf(slot),
      pause,
    );
    if (!names) return null;
    index = new SearchIndex(versions, names);
    const adopt = <A extends Int32Array | Uint8Array | Float64Array>(pool: NumberPool<A>, data: A) => {
      pool.data = data;
      pool.length = data.length;
    };
    adopt(index.idBytes, parts.idBytes);
    adopt(index.idStart, parts.idStart);
    adopt(index.idPacked, parts.idPacked);
    adopt(index.day, parts.day);
    adopt(index.precision, parts.precision);
    adopt(index.recordedAt, parts.recordedAt);
    adopt(index.graveOf, parts.graveOf);
    adopt(index.nextInGrave, parts.nextInGrave);
    adopt(index.firstInGrave, parts.firstInGrave);
    parts.days.forEach((day, n) => {
      index.days.push(day);
      index.dayNumber.set(day, n);
    });
    index.graveIds = parts.graveIds;
    index.graveGender = parts.graveGender;
    index.graveNumber = parts.graveNumber;
    return index;
  }

  /** Among people whose matches tie, the most recent burial first (then the one recorded last, then by id). */
  private newerFirst(a: number, b: number): number {
    const da = this.days[this.day.data[a]!]!;
    const db = this.days[this.day.data[b]!]!;
    if (da !== db) return da > db ? -1 : 1;
    const ra = this.recordedAt.data[a]!;
    const rb = this.recordedAt.data[b]!;
    if (ra !== rb) return rb - ra;
    const ia = this.personIdOf(a);
    const ib = this.personIdOf(b);
    return ia > ib ? -1 : ia < ib ? 1 : 0;
  }

  private personIdOf(slot: number): string {
    const start = this.idStart.data[slot]!;
    const end = slot + 1 < this.idStart.length ? this.idStart.data[slot + 1]! : this.idBytes.length;
    return idFromBytes(this.idPacked.data[slot] === 1, this.idBytes.data.subarray(start, end));
  }

  /** Who the person of this slot is. */
  person(slot: number): FoundPerson {
    const grave = this.graveOf.data[slot]!;
    const precision = PRECISIONS[this.precision.data[slot]!];
    return {
      personId: this.personIdOf(slot),
      graveId: this.graveIds[grave]!,
      gender: this.graveGender[grave]!,
      number: this.graveNumber[grave]!,
      burialDate: this.days[this.day.data[slot]!]!,
      ...(precision && { datePrecision: precision }),
    };
  }

  /** The grave a found person lies in (id and section): the callers that list graves need no more. */
  graveOfPerson(slot: number): { id: string; gender: Gender } {
    const grave = this.graveOf.data[slot]!;
    return { id: this.graveIds[grave]!, gender: this.graveGender[grave]! };
  }

  /** The section of the grave a person lies in. */
  genderOf(slot: number): Gender {
    return this.graveGender[this.graveOf.data[slot]!]!;
  }

  /** People found by the query, best first, with how they matched; with `gender`, that section's only. */
  search(query: PreparedQuery, limit?: number, gender?: Gender) {
    return this.names.search(query, limit, gender && ((slot) => this.genderOf(slot) === gender));
  }

  /** Who the query finds, best first, without how (the callers that list graves); with `gender`, that section's. */
  found(query: PreparedQuery, limit?: number, gender?: Gender): number[] {
    return this.names.searchItems(query, limit, gender && ((slot) => this.genderOf(slot) === gender));
  }

  /** Whether the query finds anyone now lying in one of these graves. */
  findsIn(query: PreparedQuery, graveIds: Iterable<string>): boolean {
    const slots = this.slotOfGrave();
    for (const id of graveIds) {
      const grave = slots.get(id);
      if (grave === undefined) continue;
      for (let slot = this.firstInGrave.data[grave]!; slot >= 0; slot = this.nextInGrave.data[slot]!) {
        if (this.names.finds(query, slot)) return true;
      }
    }
    return false;
  }

  /** Up to `count` people spread evenly over the index (the check of an index read back). */
  sample(count: number): FoundPerson[] {
    const slots = this.graveOf.length;
    const people: FoundPerson[] = [];
    for (let k = 0; k < count && slots > 0; k++) {
      const slot = Math.floor((k * slots) / count);
      if (this.names.holds(slot)) people.push(this.person(slot));
    }
    return people;
  }

  /** Live people indexed (the tests and the bench read it). */
  get size(): number {
    return this.names.size;
  }

  /** Each grave's slot by its id. */
  private slotOfGrave(): Map<string, number> {
    if (!this.graveSlot) this.graveSlot = new Map(this.graveIds.map((id, slot) => [id, slot]));
    return this.graveSlot;
  }

  /** Replaces what the index knows of one grave by these rows (none when it was deleted or is empty). */
  replaceGrave(graveId: string, rows: readonly Row[]): void {
    const grave = this.slotOfGrave().get(graveId);
    if (grave !== undefined) {
      for (let slot = this.firstInGrave.data[grave]!; slot >= 0; slot = this.nextInGrave.data[slot]!) {
        this.names.remove(slot);
      }
      this.firstInGrave.data[grave] = -1;
    }
    for (const row of rows) this.addRow(row);
  }

  addRow(row: Row): void {
    const slots = this.slotOfGrave();
    let grave = slots.get(row.grave_id);
    if (grave === undefined) {
      grave = this.graveIds.length;
      slots.set(row.grave_id, grave);
      this.graveIds.push(row.grave_id);
      this.graveGender.push(row.gender);
      this.graveNumber.push(graveNumberOf(row));
      this.firstInGrave.push(-1);
    }
    let day = this.dayNumber.get(row.burial_date);
    if (day === undefined) {
      day = this.days.length;
      this.days.push(row.burial_date);
      this.dayNumber.set(row.burial_date, day);
    }
    const slot = this.idStart.push(this.idBytes.length);
    const id = idBytesOf(row.person_id);
    for (let i = 0; i < id.bytes.length; i++) this.idBytes.push(id.bytes[i]!);
    this.idPacked.push(id.packed ? 1 : 0);
    this.day.push(day);
    const precision =
      isDatePrecision(row.date_precision) && row.date_precision !== 'day' ? PRECISIONS.indexOf(row.date_precision) : 0;
    this.precision.push(Math.max(0, precision));
    this.recordedAt.push(Date.parse(row.created_at));
    this.graveOf.push(grave);
    this.nextInGrave.push(this.firstInGrave.data[grave]!);
    this.firstInGrave.data[grave] = slot;
    const entry = this.names.add(row.name, this.graveNumber[grave]!, slot);
    if (entry !== slot) throw new Error('search index: a person slot and its name entry differ');
  }

  /** Gives back the spare room of the typed arrays once the whole register is read. */
  trim(): void {
    this.names.trim();
    for (const pool of [this.idBytes, this.idStart, this.idPacked, this.day, this.precision, this.graveOf]) pool.trim();
    for (const pool of [this.nextInGrave, this.firstInGrave, this.recordedAt]) pool.trim();
  }
}

const burialColumns = [
  'burials.id as person_id',
  'burials.name',
  'burials.burial_date',
  'burials.date_precision',
  'burials.created_at',
  'graves.id as grave_id',
  'graves.gender',
  'graves.number',
] as const;

function burialRows(db: Kysely<Database>) {
  return db.selectFrom('burials').innerJoin('graves', 'graves.id', 'burials.grave_id').select(burialColumns);
}

/**
 * Whether an index built under `built` shows every change counted in `current`. It may be ahead: this process's
 * own writes move its counters before the answer cache reads them again.
 */
const behind = (built: ReadonlyMap<DataScope, string>, current: ReadonlyMap<DataScope, string>) =>
  GENDERS.filter((g) => Number(built.get(g)) < Number(current.get(g)));

/**
 * Built again once a quarter of its entries, and at least a thousand, were removed (each correction removes one
 * and adds one): they still cost memory and a look when a query meets their words.
 */
const tooManyRemoved = (names: NameIndex<number>) => names.removed > Math.max(1000, names.size / 4);

/** The index this process searches: built when the server starts listening, then kept up to date (see the top). */
/** Counter moves (all sections together) after which the snapshot is written again, so a restart catches up little. */
const SNAPSHOT_EVERY = 500;
/** How long a stop waits for a build under way before writing the file (a city's build takes about six seconds). */
const STOP_WAIT_MS = 8000;

export class LiveSearchIndex {
  private index: SearchIndex | null = null;
  private building: Promise<SearchIndex> | null = null;
  /** The catch-ups, one after another (each reads the log from the index's counters on). */
  private applying: Promise<void> = Promise.resolve();
  /**
   * The highest counters asked for since the catch-up under way began, and the catch-up that will read them all:
   * under a burst of writes in several processes, one catch-up (two queries) follows many writes, rather than one
   * catch-up each, queued behind one another (a second and more in the scale-out bench, every search waiting).
   */
  private wanted: Map<DataScope, string> | null = null;
  private next: Promise<void> | null = null;
  private built = 0;
  /** Whether the snapshot was tried (once: an index read from it and then refused is built from the names). */
  private snapshotTried = false;
  private readBack = false;
  /** The counters of the index last written to the snapshot (or read from it), and the write under way. */
  private savedVersions: ReadonlyMap<DataScope, string> | null = null;
  private saving: Promise<void> | null = null;
  /** What the first build's slices wait for between them (see warm), and the requests waiting for that build. */
  private quiet: (() => Promise<void>) | null = null;
  private waiting = 0;
  /** Ends the first build's waits for quiet moments: a search waits for it. */
  private searched: (() => void) | null = null;

  /** What the search answers show of the people found, forgotten grave by grave as the index follows the log. */
  readonly details: KeptDetails;

  /** `snapshotFile`: where this machine keeps the index between starts (data/searchSnapshot.ts); null for none. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly snapshotFile: string | null = null,
  ) {
    this.details = new KeptDetails(db);
  }

  /** How many times the whole index was built since start (the tests and the bench read it). */
  builds(): number {
    return this.built;
  }

  /** Whether the index in use was read from the snapshot rather than built (the tests read it). */
  fromSnapshot(): boolean {
    return this.readBack && this.index !== null;
  }

  /**
   * Starts the first build (the server calls it once it listens, so no visitor's search starts it); resolves when it
   * ended, well or not. With `quiet`, it begins and goes on only in moments when no request is being answered, until
   * a search waits for the index: the first visitors after a start do not share the event loop with it.
   */
  warm(quiet?: () => Promise<void>): Promise<void> {
    if (!this.index && !this.building) {
      if (quiet) {
        const searched = new Promise<void>((resolve) => (this.searched = resolve));
        this.quiet = () => Promise.race([quiet(), searched]);
      }
      const begin = this.quiet ? this.quiet() : Promise.resolve();
      this.building = begin
        .then(() => this.readOrBuild())
        .finally(() => {
          this.building = null;
          this.quiet = null;
        });
    }
    return (this.building ?? Promise.resolve()).then(
      () => undefined,
      () => undefined, // a failed build is tried again by the next search
    );
  }

  /** The index being read or built, for a request that waits for it (from then on the build takes every turn). */
  private awaitBuild(): Promise<SearchIndex> {
    this.waiting++;
    this.searched?.();
    const building = (this.building ??= this.readOrBuild().finally(() => (this.building = null)));
    return building.finally(() => this.waiting--);
  }

  /**
   * An async function that lets other work run once a slice of reading or building the index has passed since the
   * last: until a quiet moment (see warm), or for a turn of the event loop when a search waits for the index.
   */
  private pause(): () => Promise<void> {
    let started = performance.now();
    return async () => {
      const quiet = this.waiting === 0 ? this.quiet : null;
      if (performance.now() - started < (quiet ? QUIET_SLICE_MS : BUILD_SLICE_MS)) return;
      await (quiet ? quiet() : nextTurn());
      started = performance.now();
    };
  }

  /** The index for these counters (the current ones, as the answer cache last read them). */
  async current(versions: ReadonlyMap<DataScope, string>): Promise<SearchIndex> {
    const index = this.index ?? (await this.awaitBuild());
    // An index holding these counters holds every write its visitor was told of: the answer cache reads the counters
    // again before a write's answer leaves, and never goes back to older ones.
    if (behind(index.versions, versions).length === 0) return index;
    // Another process wrote: read the graves it changed (once for all the searches waiting here).
    await this.follow(versions);
    return this.index ?? (await this.awaitBuild());
  }

  /**
   * The index brought up to these counters if it is built (a visitor's search builds it, not this); null when it is
   * not, or could not follow them.
   */
  async caughtUp(versions: ReadonlyMap<DataScope, string>): Promise<SearchIndex | null> {
    if (this.index && behind(this.index.versions, versions).length > 0) await this.follow(versions);
    const index = this.index;
    return index && behind(index.versions, versions).length === 0 ? index : null;
  }

  /**
   * Brings the index up to these counters: by the catch-up waiting to begin, which then reads up to the highest
   * counters asked for by then, or by a new one after the one under way.
   */
  private follow(versions: ReadonlyMap<DataScope, string>): Promise<void> {
    const wanted = (this.wanted ??= new Map());
    for (const [scope, version] of versions) {
      if (!(Number(wanted.get(scope)) >= Number(version))) wanted.set(scope, version);
    }
    if (!this.next) {
      // A change that cannot be read is not the write's failure (it committed): the index is built again instead.
      this.next = this.applying
        .then(() => {
          const upTo = this.wanted ?? new Map<DataScope, string>();
          this.wanted = null;
          this.next = null;
          return this.catchUp(upTo);
        })
        .catch(() => {
          this.index = null;
          this.details.clear();
        });
      this.applying = this.next;
    }
    return this.next;
  }

  /**
   * The first time: the snapshot, if it can be used, brought up to the database's counters through the log of
   * changed graves; otherwise (and every later time) a build from the names.
   */
  private async readOrBuild(): Promise<SearchIndex> {
    const read = await this.readSnapshotOnce();
    if (read) return read;
    this.readBack = false;
    const index = await this.build();
    void this.saveSnapshot(); // in the background: it never fails (a failed write leaves the file as it was)
    return index;
  }

  /** The index read back from the snapshot and brought up to the database's counters, the first time only; else null. */
  private async readSnapshotOnce(): Promise<SearchIndex | null> {
    if (this.snapshotTried || !this.snapshotFile) return null;
    this.snapshotTried = true;
    const parts = await readSnapshot(this.snapshotFile).catch(() => null);
    // A file whose lists hold what no index writes (damaged, edited) is not used: the index is built instead.
    const index = parts && (await SearchIndex.fromParts(parts, this.pause()).catch(() => null));
    if (!index) return null;
    try {
      const now = await readVersions(this.db);
      if (GENDERS.some((g) => Number(index.versions.get(g)) > Number(now.get(g)))) return null;
      this.index = index;
      this.readBack = true;
      this.savedVersions = new Map(index.versions);
      // Too far behind to follow: the caller builds it (after listening, in quiet moments), not catchUp now.
      await this.catchUp(now, { buildIfFar: false });
      if (this.index && (await this.agrees(this.index))) return this.index;
    } catch {
      // The database could not say whether the file holds this register: it is not used.
    }
    this.index = null;
    return null;
  }

  /**
   * Whether an index read back is this register's and not another's kept under the same file name (a register made
   * again, a backup of another restored): as many people as the register holds, and a few of them, spread over the
   * index, in the register with the same grave and day. A write landing meanwhile only costs a build.
   */
  private async agrees(index: SearchIndex): Promise<boolean> {
    // The sections' kept figures (sectionTallies.ts), as the public totals read them: counting a city's 300,000
    // burials took 30-45 ms of the first search after a start.
    const tallies = await sectionTallies(this.db);
    if (index.size !== GENDERS.reduce((sum, g) => sum + tallies[g].burials, 0)) return false;
    const sample = index.sample(16);
    if (sample.length === 0) return true;
    const rows = await this.db
      .selectFrom('burials')
      .select(['id', 'grave_id', 'burial_date'])
      .where(
        'id',
        'in',
        sample.map((p) => p.personId),
      )
      .execute();
    const found = new Map(rows.map((r) => [r.id, r]));
    return sample.every((p) => found.get(p.personId)?.grave_id === p.graveId && found.get(p.personId)?.burial_date === p.burialDate);
  }

  /**
   * Writes the index to the snapshot file in the background (the server also calls it when it stops); nothing when
   * there is no file, no index, or the file already holds these counters. A failure leaves the file as it was.
   */
  saveSnapshot(): Promise<void> {
    const index = this.index;
    const file = this.snapshotFile;
    if (!file || !index || this.saving) return this.saving ?? Promise.resolve();
    const saved = this.savedVersions;
    if (saved && GENDERS.every((g) => saved.get(g) === index.versions.get(g))) return Promise.resolve();
    const versions = new Map(index.versions);
    this.saving = writeSnapshot(file, index.parts())
      .then(
        () => void (this.savedVersions = versions),
        () => undefined,
      )
      .finally(() => (this.saving = null));
    return this.saving;
  }

  /**
   * At a stop: the index as it is now into the file, after a build under way (a large import makes the index be
   * built again) has finished, for at most `waitMs`. Without it the file would be older than the log reaches, and
   * the next start would build the index from the names while its first visitors' searches wait.
   */
  async saveAtStop(waitMs = STOP_WAIT_MS): Promise<void> {
    if (!this.snapshotFile) return;
    if (this.building) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
      await Promise.race([this.building.then(() => undefined, () => undefined), late]);
      clearTimeout(timer);
    }
    await this.saveSnapshot();
  }

  /** Counter moves since the snapshot was written. */
  private movesSinceSaved(index: SearchIndex): number {
    const saved = this.savedVersions;
    if (!saved) return Infinity;
    return GENDERS.reduce((sum, g) => sum + Number(index.versions.get(g)) - Number(saved.get(g)), 0);
  }

  /** Reads again the graves the log names between the index's counters and these, or builds it again. */
  private async catchUp(
    versions: ReadonlyMap<DataScope, string>,
    { buildIfFar = true }: { buildIfFar?: boolean } = {},
  ): Promise<void> {
    const index = this.index;
    if (!index) return;
    for (const gender of behind(index.versions, versions)) {
      const known = Number(index.versions.get(gender));
      const upTo = Number(versions.get(gender));
      const ids = await gravesChangedSince(this.db, gender, known, upTo);
      if (ids === null || ids.length > Math.max(GRAVE_CHUNK * 4, index.size / 10) || tooManyRemoved(index.names)) {
        // Built again now, in slices, rather than by the next visitor's search; its file is written after it.
        this.index = null;
        this.details.clear();
        if (buildIfFar) void this.warm();
        return;
      }
      this.details.forgetGraves(ids);
      await this.readGraves(index, ids);
      index.versions.set(gender, String(upTo));
    }
    if (this.movesSinceSaved(index) >= SNAPSHOT_EVERY) void this.saveSnapshot();
  }

  private async readGraves(index: SearchIndex, graveIds: readonly string[]): Promise<void> {
    for (let at = 0; at < graveIds.length; at += GRAVE_CHUNK) {
      const ids = graveIds.slice(at, at + GRAVE_CHUNK);
      const rows = await burialRows(this.db).where('graves.id', 'in', ids).execute();
      const byGrave = new Map<string, Row[]>(ids.map((id) => [id, []]));
      for (const row of rows) byGrave.get(row.grave_id)?.push(row);
      for (const [id, held] of byGrave) index.replaceGrave(id, held);
    }
  }

  private async build(): Promise<SearchIndex> {
    // The counters are read before the burials: a write landing in between makes the index newer than it says,
    // never older, and the log brings it up to date on the next search.
    const versions = await readVersions(this.db);
    // Whatever changed before these counters is in what the build reads, not in the log it follows next.
    this.details.clear();
    const index = new SearchIndex(versions);
    const pause = this.pause();
    // Two reads in the tables' own order rather than a join: the graves first (a section and number each, held
    // only while building), then the burials in pages. Joining each burial to its grave reads the graves' pages in
    // random order, which was half of the build at 300,000 burials on SQLite (3 s of its 6).
    const graves = new Map<string, { gender: Gender; number: string }>();
    let afterGrave: string | null = null;
    for (;;) {
      let page = this.db.selectFrom('graves').select(['id', 'gender', 'number']).orderBy('id').limit(BUILD_PAGE * 2);
      if (afterGrave !== null) page = page.where('id', '>', afterGrave);
      const rows = await page.execute();
      for (const g of rows) graves.set(g.id, { gender: g.gender, number: g.number });
      if (rows.length < BUILD_PAGE * 2) break;
      afterGrave = rows[rows.length - 1]!.id;
      await pause();
    }
    // SQLite keeps a table in the order of its row numbers: paging by them reads it front to back. PostgreSQL pages
    // by id (its buffers hold the table after the first pages).
    const sqlite = !(this.db.getExecutor().adapter instanceof PostgresAdapter);
    const order = sql<string | number>`${sql.raw(sqlite ? "burials.rowid" : "burials.id")}`;
    let after: string | number | null = null;
    for (;;) {
      let page = this.db
        .selectFrom('burials')
        .select([
          'burials.id as person_id',
          'burials.name',
          'burials.burial_date',
          'burials.date_precision',
          'burials.created_at',
          'burials.grave_id',
          order.as('page_key'),
        ])
        .orderBy(order)
        .limit(BUILD_PAGE);
      if (after !== null) page = page.where(order, '>', after);
      const rows = await page.execute();
      for (const row of rows) {
        const grave = graves.get(row.grave_id);
        if (grave) index.addRow({ ...row, gender: grave.gender, number: grave.number });
        await pause();
      }
      if (rows.length < BUILD_PAGE) break;
      after = rows[rows.length - 1]!.page_key;
      await pause();
    }
    index.trim();
    this.built++;
    this.index = index;
    return index;
  }

  /** Called by a write of this process after its transaction committed (see the top). */
  changedGraves({ gender, version }: GraveChange): Promise<void> {
    const index = this.index;
    if (!index || Number(version) <= Number(index.versions.get(gender))) return Promise.resolve(); // already read
    // The log names this write's graves and any other process's in between: one path for both.
    return this.follow(new Map([[gender, version]]));
  }
}
