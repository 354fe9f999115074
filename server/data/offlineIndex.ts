// The register read for the offline index (GET /api/search/index) a page of graves at a time: a city's register
// (300,000 burials) as Grave objects is about 100 MB, more than the process's heap can spare beside the name index.
// A page of graves with their burials is encoded (OfflineIndexEncoder) and let go before the next is read, and the
// event loop serves other requests between pages.
import type { Kysely } from 'kysely';
import { OfflineIndexEncoder, type OfflineIndex } from '../../src/domain/search/offlineIndex';
import { GENDERS, type Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { GRAVE_SCOPES, readVersions } from './dataVersions';
import type { BuriedPerson } from '../../src/domain/types';
import { compareGraveRows, toBuriedPerson, toGrave, type StatusContext } from './graves';

/**
 * Graves read and encoded at a time, with their burials (three each on average): on SQLite a page holds the event
 * loop for about 100 ms at 300,000 burials (about 200 ms at 2,000 graves, for no shorter reading).
 */
export const OFFLINE_PAGE_GRAVES = 1000;
/** A write between pages makes a mixed answer: read again, this many times at most. */
const READINGS = 3;

type GraveRow = Parameters<typeof toGrave>[0];
const graveColumns = ['id', 'gender', 'number', 'number_value', 'full'] as const;

/**
 * How many burials the register holds. Counting the burials reads their smallest index (6 ms for 300,000 on SQLite);
 * summing graves.burial_count reads every grave's whole row (50–90 ms).
 */
export async function registerBurials(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('burials')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One section's graves in listGraves' order (compareGraveRows), read by the index graves_section_order: the numbered
 * ones in pages after the last one read, then those labelled without a number (a few bone graves), sorted here
 * because their order is Arabic's, which SQL does not know. Within a section (number_value, number) is unique.
 */
class SectionReader {
  private rows: GraveRow[] = [];
  private at = 0;
  private after: { value: number; number: string } | null = null;
  private numberedDone = false;
  private done = false;

  constructor(
    private readonly db: Kysely<Database>,
    readonly gender: Gender,
    private readonly pageSize: number,
  ) {}

  /** The next grave, reading a page when none is left in hand; null at the section's end. */
  async peek(): Promise<GraveRow | null> {
    if (this.at < this.rows.length) return this.rows[this.at]!;
    if (this.done) return null;
    this.rows = await this.read();
    this.at = 0;
    return this.rows[0] ?? null;
  }

  take(): void {
    this.at++;
  }

  private async read(): Promise<GraveRow[]> {
    const section = this.db.selectFrom('graves').select(graveColumns).where('gender', '=', this.gender);
    if (!this.numberedDone) {
      const after = this.after;
      const rows = await section
        .where('number_value', 'is not', null)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('number_value', 'number'), '>', eb.tuple(after!.value, after!.number))),
        )
        .orderBy('number_value')
        .orderBy('number')
        .limit(this.pageSize)
        .execute();
      const last = rows.at(-1);
      if (last) this.after = { value: Number(last.number_value), number: last.number };
      if (rows.length < this.pageSize) this.numberedDone = true;
      if (rows.length > 0) return rows;
    }
    this.done = true;
    const labelled = await section.where('number_value', 'is', null).execute();
    return labelled.sort(compareGraveRows);
  }
}

/**
 * The burials of some graves, newest first as burialsOf orders them (server/data/graves.ts), with only what the
 * index holds: burialsOf also reads where moved remains came from, a second query as long as the first that the
 * index has no use for. Most of the time is the burials' rows, read by grave, wherever they lie in the table.
 */
async function peopleOf(db: Kysely<Database>, graveIds: string[]): Promise<Map<string, BuriedPerson[]>> {
  const rows = await db
    .selectFrom('burials')
    .select(['id', 'grave_id', 'name', 'burial_date', 'date_precision'])
    .where('grave_id', 'in', graveIds)
    .orderBy('burial_date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byGrave = new Map<string, BuriedPerson[]>();
  for (const row of rows) {
    let list = byGrave.get(row.grave_id);
    if (!list) byGrave.set(row.grave_id, (list = []));
    list.push(toBuriedPerson({ ...row, notes: null }));
  }
  return byGrave;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The next `count` graves of the whole register in listGraves' order: by number across the sections, and a number
 * that several sections share in the order of GENDERS (listGraves leaves those to the engine's scan order, which is
 * the order the graves were made on SQLite and anything on PostgreSQL).
 */
async function nextPage(readers: SectionReader[], count: number): Promise<GraveRow[]> {
  const page: GraveRow[] = [];
  while (page.length < count) {
    let best: { reader: SectionReader; row: GraveRow } | null = null;
    for (const reader of readers) {
      const row = await reader.peek();
      if (row && (best === null || compareGraveRows(row, best.row) < 0)) best = { reader, row };
    }
    if (best === null) break;
    best.reader.take();
    page.push(best.row);
  }
  return page;
}

async function readOnce(db: Kysely<Database>, ctx: StatusContext, updatedAt: Date, pageSize: number) {
  const encoder = new OfflineIndexEncoder();
  const readers = GENDERS.map((gender) => new SectionReader(db, gender, pageSize));
  for (;;) {
    const rows = await nextPage(readers, pageSize);
    if (rows.length === 0) break;
    const persons = await peopleOf(
      db,
      rows.map((r) => r.id),
    );
    encoder.add(rows.map((row) => toGrave(row, persons.get(row.id) ?? [], ctx)));
    await nextTurn();
  }
  return encoder.finish(updatedAt);
}

/**
 * The offline index of the whole register, as encodeOfflineIndex(listGraves(…)) gives it, read page by page. The
 * pages are not one transaction (on SQLite that would hold the one connection for the whole reading): the
 * sections' counters, which every write moves in its own transaction, are read before and after, and the register
 * read again when they moved, so that a burial moved between two pages is neither missing nor there twice.
 */
export async function readOfflineIndex(
  db: Kysely<Database>,
  ctx: StatusContext,
  updatedAt: Date,
  pageSize = OFFLINE_PAGE_GRAVES,
): Promise<OfflineIndex> {
  const counters = async () => {
    const versions = await readVersions(db);
    return GRAVE_SCOPES.map((scope) => versions.get(scope)).join(' ');
  };
  let before = await counters();
  for (let reading = 1; ; reading++) {
    const index = await readOnce(db, ctx, updatedAt, pageSize);
    const after = await counters();
    if (after === before || reading === READINGS) return index;
    before = after;
  }
}
