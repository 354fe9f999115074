// Reading graves with their burials and deriving each grave's status at read time.
import { nextGraveWhy, type NextGraveOrder } from '../../src/domain/rules/nextGrave';
import { isDatePrecision, type PartialPrecision } from '../../src/domain/dates/datePrecision';
import type { Kysely } from 'kysely';
import type { Reason } from '../../src/domain/rules/burialHistory';
import { availableSince, deriveStatus } from '../../src/domain/rules/graveStatus';
import { t } from '../../src/domain/messages';
import {
  GRAVE_STATUS,
  type BuriedPerson,
  type Gender,
  type Grave,
  type GraveCardData,
  type GraveMove,
} from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { Database, GravesTable } from '../db/schema';
import { placeOf, rowsOfSection } from '../../src/domain/plan/plan';
import { namedRows } from './planRows';
import { sectionTallies } from './sectionTallies';

export interface StatusContext {
  today: string;
  restingPeriodDays: number;
}

type GraveRow = Pick<GravesTable, 'id' | 'gender' | 'number' | 'number_value' | 'full'>;
type BurialRow = {
  id: string;
  grave_id: string;
  name: string;
  burial_date: string;
  date_precision: string;
  notes: string | null;
};

/** The burial columns a BuriedPerson is made of. */
const personColumns = [
  'burials.id',
  'burials.grave_id',
  'burials.name',
  'burials.burial_date',
  'burials.date_precision',
  'burials.notes',
] as const;

/**
 * A stored burial as the API carries it: the additive fields only when they say something. The warning stored with
 * it is the staff's and never part of it: every answer built of this is one the public may read; the
 * staff read their warnings through graveWarnings below.
 */
export function toBuriedPerson(r: Omit<BurialRow, 'grave_id' | 'warning_json'>): BuriedPerson {
  const person: BuriedPerson = { _id: r.id, name: r.name, burialDate: r.burial_date };
  if (isDatePrecision(r.date_precision) && r.date_precision !== 'day') person.datePrecision = r.date_precision;
  if (r.notes) person.notes = r.notes;
  return person;
}

/** A stored warning in words; null when there is none (or it cannot be read). */
function warningText(json: string | null): string | null {
  if (!json) return null;
  try {
    const reason = JSON.parse(json) as Reason;
    return t(reason.key, reason.params);
  } catch {
    return null;
  }
}

/** A burial of a grave saved with a warning of the history rule, for the staff's eyes only. */
export interface BurialWarning {
  _id: string;
  name: string;
  burialDate: string;
  datePrecision?: PartialPrecision;
  warning: string;
}

/** The warnings stored with the burials of one grave, newest burial first (the grave's console page). */
export async function graveWarnings(db: Kysely<Database>, graveId: string): Promise<BurialWarning[]> {
  const rows = await db
    .selectFrom('burials')
    .select(['id', 'name', 'burial_date', 'date_precision', 'warning_json'])
    .where('grave_id', '=', graveId)
    .where('warning_json', 'is not', null)
    .orderBy('burial_date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const found: BurialWarning[] = [];
  for (const r of rows) {
    const warning = warningText(r.warning_json);
    if (warning === null) continue;
    const item: BurialWarning = { _id: r.id, name: r.name, burialDate: r.burial_date, warning };
    if (isDatePrecision(r.date_precision) && r.date_precision !== 'day') item.datePrecision = r.date_precision;
    found.push(item);
  }
  return found;
}

/** The ids of the graves holding a burial saved with a warning (the console list's filter «مع تنبيهات»). */
export async function gravesWithWarnings(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('burials').select('grave_id').where('warning_json', 'is not', null).distinct().execute();
  return new Set(rows.map((r) => r.grave_id));
}

/** Men and women graves carry a JSON number; bone sections their label. */
export function graveNumberOf(row: Pick<GravesTable, 'gender' | 'number'>): number | string {
  return row.gender === 'bones' ? row.number : Number(row.number);
}

export function toGrave(row: GraveRow, persons: BuriedPerson[], ctx: StatusContext): Grave {
  const { status, daysUntilAvailable } = deriveStatus(
    { gender: row.gender, full: row.full === 1, lastBurialDate: persons[0]?.burialDate ?? null },
    ctx.today,
    ctx.restingPeriodDays,
  );
  return {
    _id: row.id,
    number: graveNumberOf(row),
    gender: row.gender,
    status,
    daysUntilAvailable,
    buriedPersons: persons,
  };
}

/**
 * A grave read inside a write (getGrave with `inWrite`) with one burial that write added: the grave as a read after
 * the commit finds it, without reading it again (three statements less for a burial's answer). The person stands
 * after the people of later days and before those of earlier ones (burialsOf's order); the status is derived again
 * from the newest day. Null when someone else in the grave has the same day: their order then follows when each
 * was recorded, which the write did not read (the caller reads the grave again). tests/server/writeAnswers.test.ts
 * holds it to a read of the grave.
 */
export function withBurialAdded(grave: Grave, person: BuriedPerson, ctx: StatusContext): Grave | null {
  if (grave.buriedPersons.some((p) => p.burialDate === person.burialDate)) return null;
  const persons = [...grave.buriedPersons];
  const at = persons.findIndex((p) => p.burialDate < person.burialDate);
  persons.splice(at === -1 ? persons.length : at, 0, person);
  const { status, daysUntilAvailable } = deriveStatus(
    { gender: grave.gender, full: grave.status === GRAVE_STATUS.full, lastBurialDate: persons[0]!.burialDate },
    ctx.today,
    ctx.restingPeriodDays,
  );
  return { ...grave, status, daysUntilAvailable, buriedPersons: persons };
}

/** By number; bone labels that are not numbers after the numbered ones, in Arabic order. */
export function compareGraveRows(
  a: Pick<GraveRow, 'number' | 'number_value'>,
  b: Pick<GraveRow, 'number' | 'number_value'>,
): number {
  const av = a.number_value ?? Number.POSITIVE_INFINITY;
  const bv = b.number_value ?? Number.POSITIVE_INFINITY;
  if (av !== bv) return av < bv ? -1 : 1;
  return a.number.localeCompare(b.number, 'ar');
}

const graveColumns = ['id', 'gender', 'number', 'number_value', 'full'] as const;

/**
 * A grave row with the newest burial date its status is derived from (with its full mark and today), kept on the
 * row by every write (graveFacts.ts): every status in the register is read from it without grouping burials.
 */
type FactRow = GraveRow & { last_burial_date: string | null };

const factColumns = [...graveColumns, 'last_burial_date'] as const;

/** Bound parameters per statement, well under SQLite's 32,766. */
const CHUNK = 500;

/** The newest burial date of each of these graves (graves without burials are absent). */
export async function lastBurialDates(db: Kysely<Database>, graveIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let at = 0; at < graveIds.length; at += CHUNK) {
    const rows = await db
      .selectFrom('graves')
      .select(['id', 'last_burial_date'])
      .where('id', 'in', graveIds.slice(at, at + CHUNK))
      .where('last_burial_date', 'is not', null)
      .execute();
    for (const r of rows) found.set(r.id, String(r.last_burial_date));
  }
  return found;
}

/** Groups burial rows (already newest first) by grave; a person moved into their grave says from where. */
function groupBurials(rows: BurialRow[], movedIn: ReadonlyMap<string, GraveMove> = new Map()): Map<string, BuriedPerson[]> {
  const byGrave = new Map<string, BuriedPerson[]>();
  for (const r of rows) {
    let list = byGrave.get(r.grave_id);
    if (!list) byGrave.set(r.grave_id, (list = []));
    const from = movedIn.get(r.id);
    const person = toBuriedPerson(r);
    list.push(from ? { ...person, transferredFrom: from } : person);
  }
  return byGrave;
}

/**
 * The moves into the bone sections' graves (all of them, or those of some graves), the newest per person: where
 * each person moved into a bone grave came from. Moves are few (an ossuary is filled a grave at a time), and only
 * bone sections receive them, so the men's and women's lists never ask.
 */
export async function movesInto(db: Kysely<Database>, graveIds?: readonly string[]): Promise<Map<string, GraveMove>> {
  if (graveIds && graveIds.length === 0) return new Map();
  let q = db
    .selectFrom('burial_moves')
    .innerJoin('burials', 'burials.id', 'burial_moves.burial_id')
    .whereRef('burials.grave_id', '=', 'burial_moves.to_grave_id')
    .select([
      'burial_moves.burial_id',
      'burial_moves.from_grave_id',
      'burial_moves.from_gender',
      'burial_moves.from_number',
      'burial_moves.moved_on',
    ])
    .orderBy('burial_moves.moved_on', 'asc')
    .orderBy('burial_moves.created_at', 'asc');
  if (graveIds) q = q.where('burial_moves.to_grave_id', 'in', graveIds);
  const found = new Map<string, GraveMove>();
  for (const m of await q.execute()) {
    found.set(m.burial_id, {
      graveId: m.from_grave_id,
      number: graveNumberOf({ gender: m.from_gender, number: m.from_number }),
      gender: m.from_gender,
      date: m.moved_on,
    });
  }
  return found;
}

/** The people once buried in this grave whose remains were moved away, newest move first, each saying where to. */
export async function movedOutOf(db: Kysely<Database>, graveId: string): Promise<BuriedPerson[]> {
  const rows = await db
    .selectFrom('burial_moves')
    .innerJoin('burials', 'burials.id', 'burial_moves.burial_id')
    .innerJoin('graves', 'graves.id', 'burial_moves.to_grave_id')
    .select([
      'burials.id',
      'burials.name',
      'burials.burial_date',
      'burial_moves.to_grave_id',
      'burial_moves.moved_on',
      'graves.gender',
      'graves.number',
    ])
    .where('burial_moves.from_grave_id', '=', graveId)
    .orderBy('burial_moves.moved_on', 'desc')
    .orderBy('burial_moves.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    burialDate: r.burial_date,
    transferredTo: { graveId: r.to_grave_id, number: graveNumberOf(r), gender: r.gender, date: r.moved_on },
  }));
}

/** Every grave of one section (or all sections), by number, each with its burials newest first. */
export async function listGraves(db: Kysely<Database>, ctx: StatusContext, gender?: Gender): Promise<Grave[]> {
  let gq = db.selectFrom('graves').select(graveColumns);
  let bq = db
    .selectFrom('burials')
    .select(personColumns)
    .orderBy('burials.burial_date', 'desc')
    .orderBy('burials.created_at', 'desc')
    .orderBy('burials.id', 'desc');
  if (gender) {
    gq = gq.where('gender', '=', gender);
    bq = bq.innerJoin('graves', 'graves.id', 'burials.grave_id').where('graves.gender', '=', gender);
  }
  const [rows, burials, movedIn] = await Promise.all([
    gq.execute(),
    bq.execute(),
    gender === undefined || gender === 'bones' ? movesInto(db) : new Map<string, GraveMove>(),
  ]);
  const byGrave = groupBurials(burials, movedIn);
  return rows.sort(compareGraveRows).map((row) => toGrave(row, byGrave.get(row.id) ?? [], ctx));
}

export async function findGraveRow(db: Kysely<Database>, id: string): Promise<GraveRow | undefined> {
  return db.selectFrom('graves').select(graveColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * One grave with its history and position. `withPlace`: with its place on the plan's rows too, for the grave's own
 * page (the contract's write answers keep their shape). `inWrite`: read in a write's transaction on that engine, its
 * row locked until the transaction ends on PostgreSQL, in the same round trip (see lockGrave in auditedWrite.ts).
 */
export async function getGrave(
  db: Kysely<Database>,
  ctx: StatusContext,
  id: string,
  { withPlace = false, inWrite }: { withPlace?: boolean; inWrite?: DialectName } = {},
): Promise<Grave | null> {
  const row = db
    .selectFrom('graves')
    .select(placedGraveColumns)
    .where('id', '=', id)
    .$if(inWrite === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  // In a write's transaction the statements run one after another on its connection: the row first, then only the
  // history its section can hold (no grave of the men's or women's sections receives moved remains).
  if (inWrite) {
    const place = await row;
    return place ? graveOfRow(db, ctx, place, { ...(await historyOf(db, id, place.gender)), withPlace }) : null;
  }
  // Otherwise the row with its position, and its history, asked at once: each query is a round trip, and on a busy
  // server each round trip waits for a turn of the event loop (a grave is read after every burial, and by its page).
  // Its place on the plan needs the row's section: read after it, for the grave's page only.
  const [place, history] = await Promise.all([row, historyOf(db, id)]);
  return place ? graveOfRow(db, ctx, place, { ...history, withPlace }) : null;
}

/**
 * A grave's history: the people buried in it (newest first) and those whose remains were moved away; `gender`, when
 * known, spares the moves into it of a section that receives none.
 */
async function historyOf(db: Kysely<Database>, id: string, gender?: Gender): Promise<GraveHistory> {
  const [persons, moved] = await Promise.all([
    burialsOf(db, [id], { movedIn: gender === undefined || gender === 'bones' }),
    movedOutOf(db, id),
  ]);
  return { persons, moved };
}

interface GraveHistory {
  persons: Map<string, BuriedPerson[]>;
  moved: BuriedPerson[];
}

/** A grave's row with its position, as getGrave and the next grave's choice read it. */
const placedGraveColumns = [...graveColumns, 'latitude', 'longitude'] as const;
type PlacedGraveRow = GraveRow & { latitude: string | null; longitude: string | null };

/** The grave of a row already read (with its position) and its history: its place read now when asked for. */
async function graveOfRow(
  db: Kysely<Database>,
  ctx: StatusContext,
  place: PlacedGraveRow,
  { persons, moved, withPlace = false }: GraveHistory & { withPlace?: boolean },
): Promise<Grave> {
  const { latitude: _latitude, longitude: _longitude, ...row } = place;
  const id = row.id;
  const rows = row.gender === 'bones' || !withPlace ? [] : await namedRows(db, row.gender);
  const grave: Grave = toGrave(row, persons.get(id) ?? [], ctx);
  if (moved.length > 0) grave.moved = moved;
  if (place.latitude && place.longitude) {
    grave.position = { latitude: Number(place.latitude), longitude: Number(place.longitude) };
  }
  if (withPlace && typeof grave.number === 'number') {
    const onPlan = placeOf(rowsOfSection(rows, [grave.number]), grave.number);
    if (onPlan) grave.place = { row: onPlan.row.label, place: onPlan.place };
  }
  return grave;
}

/** The graves holding the `limit` most recent burials, newest first, each listing only those burials. */
export async function recentBurials(db: Kysely<Database>, ctx: StatusContext, limit = 10): Promise<Grave[]> {
  const recent = await db
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select([
      'burials.id as burial_id',
      'burials.name',
      'burials.burial_date',
      'burials.date_precision',
      'burials.notes',
      'graves.id',
      'graves.gender',
      'graves.number',
      'graves.number_value',
      'graves.full',
    ])
    .orderBy('burials.burial_date', 'desc')
    .orderBy('burials.created_at', 'desc')
    .orderBy('burials.id', 'desc')
    .limit(limit)
    .execute();
  if (recent.length === 0) return [];
  // A grave's status depends on its newest burial, which is among the recent ones only if it is recent itself.
  const lastOf = await lastBurialDates(db, [...new Set(recent.map((r) => r.id))]);
  const order: string[] = [];
  const rowOf = new Map<string, GraveRow>();
  const personsOf = new Map<string, BuriedPerson[]>();
  for (const r of recent) {
    if (!rowOf.has(r.id)) {
      order.push(r.id);
      rowOf.set(r.id, r);
      personsOf.set(r.id, []);
    }
    personsOf.get(r.id)!.push(toBuriedPerson({ ...r, id: r.burial_id }));
  }
  return order.map((id) => {
    const row = rowOf.get(id)!;
    const persons = personsOf.get(id)!;
    const grave = toGrave(row, [{ _id: '', name: '', burialDate: lastOf.get(id) ?? '' }], ctx);
    return { ...grave, buriedPersons: persons };
  });
}

/**
 * Every grave with its status but without its burials: one aggregate query instead of reading every burial,
 * for the staff's paged list (filter, sort and page first, then read the burials of the 25 graves shown).
 */
export async function listGraveSummaries(db: Kysely<Database>, ctx: StatusContext): Promise<Grave[]> {
  const rows = await db.selectFrom('graves').select(factColumns).execute();
  return rows.sort(compareGraveRows).map((row) => {
    const lastDate = row.last_burial_date ? String(row.last_burial_date) : null;
    const grave = toGrave(row, lastDate ? [{ _id: '', name: '', burialDate: lastDate }] : [], ctx);
    return { ...grave, buriedPersons: [] };
  });
}

/**
 * Every grave's status without its burials, as columns in the register's order (the staff's paged list filters,
 * sorts and pages these, then reads the burials of the 25 graves shown). Columns of shared strings and small
 * numbers rather than an object per grave: a city's 100,000 graves take about 8 MB instead of about 50.
 */
export interface GraveSummaries {
  ids: string[];
  genders: Gender[];
  numbers: Array<number | string>;
  statuses: Grave['status'][];
  days: Array<number | null>;
}

export async function graveSummaryColumns(db: Kysely<Database>, ctx: StatusContext): Promise<GraveSummaries> {
  const rows = (await db.selectFrom('graves').select(factColumns).execute()).sort(compareGraveRows);
  const columns: GraveSummaries = { ids: [], genders: [], numbers: [], statuses: [], days: [] };
  for (const row of rows) {
    const card = toCard(row, ctx);
    columns.ids.push(card._id);
    columns.genders.push(card.gender);
    columns.numbers.push(card.number);
    columns.statuses.push(card.status);
    columns.days.push(card.daysUntilAvailable);
  }
  return columns;
}

/** A grave as a card of its section's page: its status without its burials. */
export function toCard(row: FactRow, ctx: StatusContext): GraveCardData {
  const { status, daysUntilAvailable } = deriveStatus(
    { gender: row.gender, full: row.full === 1, lastBurialDate: row.last_burial_date ? String(row.last_burial_date) : null },
    ctx.today,
    ctx.restingPeriodDays,
  );
  return { _id: row.id, number: graveNumberOf(row), gender: row.gender, status, daysUntilAvailable };
}

/**
 * One page of a section's cards in the section's order (compareGraveRows), and how many cards the section has
 * (GET /graves/cards/{section}): the numbered graves are read a page at a time through graves_section_order; the
 * bone labels that are not numbers come after them in Arabic order, which SQL does not sort alike on both engines,
 * so that tail (a few labels of the ossuaries) is read whole and sorted here.
 */
export async function listSectionCards(
  db: Kysely<Database>,
  ctx: StatusContext,
  gender: Gender,
  page: { offset: number; limit: number },
): Promise<{ total: number; cards: GraveCardData[] }> {
  const counts = await db
    .selectFrom('graves')
    .select([db.fn.countAll<string | number>().as('all'), db.fn.count<string | number>('number_value').as('numbered')])
    .where('gender', '=', gender)
    .executeTakeFirstOrThrow();
  const total = Number(counts.all);
  const numbered = Number(counts.numbered);
  const end = Math.min(page.offset + page.limit, total);
  const rows: FactRow[] = [];
  if (page.offset < numbered && page.offset < end) {
    rows.push(
      ...(await db
        .selectFrom('graves')
        .select(factColumns)
        .where('gender', '=', gender)
        .where('number_value', 'is not', null)
        .orderBy('number_value')
        .orderBy('number')
        .limit(Math.min(end, numbered) - page.offset)
        .offset(page.offset)
        .execute()),
    );
  }
  if (end > numbered) {
    const tail = await db
      .selectFrom('graves')
      .select(factColumns)
      .where('gender', '=', gender)
      .where('number_value', 'is', null)
      .execute();
    rows.push(...tail.sort(compareGraveRows).slice(Math.max(0, page.offset - numbered), end - numbered));
  }
  return { total, cards: rows.map((row) => toCard(row, ctx)) };
}

/** The cards of these graves of a section (others are left out), in the section's order; read in chunks. */
export async function sectionCardsOf(
  db: Kysely<Database>,
  ctx: StatusContext,
  gender: Gender,
  graveIds: readonly string[],
): Promise<GraveCardData[]> {
  const ids = [...new Set(graveIds)];
  const rows: FactRow[] = [];
  for (let at = 0; at < ids.length; at += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('graves')
        .select(factColumns)
        .where('gender', '=', gender)
        .where('id', 'in', ids.slice(at, at + CHUNK))
        .execute()),
    );
  }
  return rows.sort(compareGraveRows).map((row) => toCard(row, ctx));
}

/** A grave of a section as a search by number reads it: its number as stored (unique in the section) and as shown. */
export interface SectionNumber {
  /** The number's text as stored: the key of sectionCardsByNumber. */
  key: string;
  number: number | string;
  /** Set for the graves asked by id. */
  id?: string;
}

/**
 * For a search by number (GET /graves/cards/{section}?q=45): the graves of a section whose number may hold every
 * one of these digit strings, with these other graves of the section (a year's burials), in the section's order;
 * the search's own matching then decides. A men's or women's number is whole digits, so LIKE finds the graves that
 * hold the digits, reading graves_section_order alone (no table row: 6 ms for a section of 55,000 graves); a bone
 * label is folded before matching (Arabic digits), so every label of the bone sections (a few per ossuary) is
 * given. No digits: only the graves named.
 */
export async function sectionNumbersHolding(
  db: Kysely<Database>,
  gender: Gender,
  digits: readonly string[],
  alsoIds: readonly string[] = [],
): Promise<SectionNumber[]> {
  type Row = Pick<GravesTable, 'number' | 'number_value'> & { id?: string };
  const byNumber = new Map<string, Row>();
  if (digits.length > 0) {
    let q = db.selectFrom('graves').select(['number', 'number_value']).where('gender', '=', gender);
    if (gender !== 'bones') {
      for (const d of digits) if (/^[0-9]+$/.test(d)) q = q.where('number', 'like', `%${d}%`);
    }
    for (const row of await q.execute()) byNumber.set(row.number, row);
  }
  const ids = [...new Set(alsoIds)];
  for (let at = 0; at < ids.length; at += CHUNK) {
    const rows = await db
      .selectFrom('graves')
      .select(['id', 'number', 'number_value'])
      .where('gender', '=', gender)
      .where('id', 'in', ids.slice(at, at + CHUNK))
      .execute();
    for (const row of rows) byNumber.set(row.number, row);
  }
  return [...byNumber.values()].sort(compareGraveRows).map((row) => {
    const found: SectionNumber = { key: row.number, number: graveNumberOf({ gender, number: row.number }) };
    if (row.id !== undefined) found.id = row.id;
    return found;
  });
}

/** The cards of a section's graves by their numbers as stored (SectionNumber.key), in the order asked. */
export async function sectionCardsByNumber(
  db: Kysely<Database>,
  ctx: StatusContext,
  gender: Gender,
  keys: readonly string[],
): Promise<GraveCardData[]> {
  const byKey = new Map<string, GraveCardData>();
  for (let at = 0; at < keys.length; at += CHUNK) {
    const rows = await db
      .selectFrom('graves')
      .select(factColumns)
      .where('gender', '=', gender)
      .where('number', 'in', keys.slice(at, at + CHUNK))
      .execute();
    for (const row of rows) byKey.set(row.number, toCard(row, ctx));
  }
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * The burials of these graves, newest first; `movedIn: false` when none of them is a bone section's grave (the only
 * ones that receive moved remains, whose moves say where each person came from).
 */
export async function burialsOf(
  db: Kysely<Database>,
  graveIds: string[],
  { movedIn = true }: { movedIn?: boolean } = {},
): Promise<Map<string, BuriedPerson[]>> {
  if (graveIds.length === 0) return new Map();
  const [rows, moves] = await Promise.all([
    db
      .selectFrom('burials')
      .select(personColumns)
      .where('burials.grave_id', 'in', graveIds)
      .orderBy('burials.burial_date', 'desc')
      .orderBy('burials.created_at', 'desc')
      .orderBy('burials.id', 'desc')
      .execute(),
    movedIn ? movesInto(db, graveIds) : new Map<string, GraveMove>(),
  ]);
  return groupBurials(rows, moves);
}


/**
 * Burials counted by section (men and women; the bone sections hold remains, not deaths). Remains moved to the
 * ossuary still count as deaths of the section they were first buried in.
 */
export async function burialCountsBySection(db: Kysely<Database>): Promise<{ men: number; women: number }> {
  const [tallies, movedOut] = await Promise.all([
    // The sections' kept figures (sectionTallies.ts), not a count of 300,000 burials nor a sum over every grave.
    sectionTallies(db),
    // Each moved person once, by the section of their first move's grave, when they now lie in a bone section.
    // From the first moves (materialized: read first, then each joined to its person and grave): joined the other
    // way round, the planners started from the bone sections' graves and read every remains they hold (9,000 in a
    // city's register, 22 ms on PostgreSQL), though moves are few.
    db
      .with(
        (cte) => cte('first_moves').materialized(),
        (q) =>
          q
            .selectFrom('burial_moves as m')
            .select(['m.burial_id', 'm.from_gender'])
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('burial_moves as earlier')
                    .select('earlier.id')
                    .whereRef('earlier.burial_id', '=', 'm.burial_id')
                    .where((e) =>
                      e.or([
                        e('earlier.moved_on', '<', e.ref('m.moved_on')),
                        e.and([
                          e('earlier.moved_on', '=', e.ref('m.moved_on')),
                          e('earlier.created_at', '<', e.ref('m.created_at')),
                        ]),
                      ]),
                    ),
                ),
              ),
            ),
      )
      .selectFrom('first_moves as m')
      .innerJoin('burials', 'burials.id', 'm.burial_id')
      .innerJoin('graves', 'graves.id', 'burials.grave_id')
      .where('graves.gender', '=', 'bones')
      .select(['m.from_gender', db.fn.countAll<string | number>().as('n')])
      .groupBy('m.from_gender')
      .execute(),
  ]);
  const count = (g: Gender) => tallies[g].burials + Number(movedOut.find((r) => r.from_gender === g)?.n ?? 0);
  return { men: count('men'), women: count('women') };
}

/**
 * How many graves of the men's and the women's sections are available today, or not (the home page's figures), by
 * deriveStatus's rule as availableSince gives it: of a section's graves not marked full (its kept figures,
 * sectionTallies.ts), those whose newest burial still rests are not available; they are counted on
 * graves_section_open, a range of the recent burials' graves rather than the whole section.
 */
export async function countGraves(
  db: Kysely<Database>,
  ctx: StatusContext,
  which: 'available' | 'unavailable',
): Promise<number> {
  const tallies = await sectionTallies(db);
  const figures = await Promise.all(
    (['men', 'women'] as const).map(async (gender) => {
      const { graves, openGraves } = tallies[gender];
      const since = availableSince(gender, ctx.today, ctx.restingPeriodDays);
      if (since === null) return which === 'available' ? 0 : graves;
      const resting = await db
        .selectFrom('graves')
        .select(db.fn.countAll<string | number>().as('n'))
        .where('gender', '=', gender)
        .where('full', '=', 0)
        .where('last_burial_date', '>', since)
        .executeTakeFirstOrThrow();
      const available = openGraves - Number(resting.n);
      return which === 'available' ? available : graves - available;
    }),
  );
  return figures[0]! + figures[1]!;
}

/**
 * The next grave to use in the men's and the women's sections, with why it is the one (src/domain/rules/nextGrave.ts):
 * an available grave (not full, not resting), never used first and then the one whose last burial is the oldest, or,
 * by the committee's setting, the lowest-numbered. null when a section has none. Read through the section's indexes,
 * a row at a time.
 */
export async function nextGraves(
  db: Kysely<Database>,
  ctx: StatusContext,
  order: NextGraveOrder,
): Promise<{ men: Grave | null; women: Grave | null; why: { men: string | null; women: string | null } }> {
  const pick = async (gender: 'men' | 'women') => {
    const since = availableSince(gender, ctx.today, ctx.restingPeriodDays);
    if (since === null) return null;
    // The row itself (with its position), so the grave is not read a second time before its burials.
    const open = db
      .selectFrom('graves')
      .select([...placedGraveColumns, 'last_burial_date'])
      .where('gender', '=', gender)
      .where('full', '=', 0);
    const first = (q: typeof open) => q.orderBy('number_value').orderBy('number').limit(1).executeTakeFirst();
    let found: (PlacedGraveRow & { last_burial_date: string | null }) | undefined;
    if (order === 'longest') {
      found =
        (await first(open.where('last_burial_date', 'is', null))) ??
        (await first(open.where('last_burial_date', '<=', since).orderBy('last_burial_date')));
    } else {
      found = await first(open.where((eb) => eb.or([eb('last_burial_date', 'is', null), eb('last_burial_date', '<=', since)])));
    }
    if (!found) return null;
    const { last_burial_date: last, ...row } = found;
    const lastBurial = last === null ? null : String(last).slice(0, 10);
    return { grave: await graveOfRow(db, ctx, row, await historyOf(db, row.id, row.gender)), why: nextGraveWhy(order, lastBurial) };
  };
  const [men, women] = await Promise.all([pick('men'), pick('women')]);
  return {
    men: men?.grave ?? null,
    women: women?.grave ?? null,
    why: { men: men?.why ?? null, women: women?.why ?? null },
  };
}
