// Reading graves with their burials and deriving each grave's status at read time.
import type { Kysely } from 'kysely';
import type { Reason } from '../../src/domain/burialHistory';
import { deriveStatus } from '../../src/domain/graveStatus';
import { t } from '../../src/domain/messages';
import type { BuriedPerson, Gender, Grave } from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { Database, GravesTable } from '../db/schema';

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
  warning_json: string | null;
};

/** The burial columns a BuriedPerson is made of. */
const personColumns = [
  'burials.id',
  'burials.grave_id',
  'burials.name',
  'burials.burial_date',
  'burials.date_precision',
  'burials.notes',
  'burials.warning_json',
] as const;

/** A stored burial as the API carries it: the additive fields only when they say something. */
export function toBuriedPerson(r: Omit<BurialRow, 'grave_id'>): BuriedPerson {
  const person: BuriedPerson = { _id: r.id, name: r.name, burialDate: r.burial_date };
  if (r.date_precision === 'year') person.datePrecision = 'year';
  if (r.notes) person.notes = r.notes;
  if (r.warning_json) {
    const reason = JSON.parse(r.warning_json) as Reason;
    person.warning = t(reason.key, reason.params);
  }
  return person;
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

/** By number; bone labels that are not numbers after the numbered ones, in Arabic order. */
export function compareGraveRows(a: GraveRow, b: GraveRow): number {
  const av = a.number_value ?? Number.POSITIVE_INFINITY;
  const bv = b.number_value ?? Number.POSITIVE_INFINITY;
  if (av !== bv) return av < bv ? -1 : 1;
  return a.number.localeCompare(b.number, 'ar');
}

const graveColumns = ['id', 'gender', 'number', 'number_value', 'full'] as const;

/**
 * The newest burial date of each grave, the one fact a grave's status is derived from (with its full mark and
 * today): a query to join or to run on its own. Every status in the register is computed from it.
 */
function newestBurials(db: Kysely<Database>) {
  return db.selectFrom('burials').select(['grave_id', db.fn.max('burial_date').as('last')]).groupBy('grave_id');
}

/** The newest burial date of each of these graves (graves without burials are absent). */
export async function lastBurialDates(db: Kysely<Database>, graveIds: string[]): Promise<Map<string, string>> {
  if (graveIds.length === 0) return new Map();
  const rows = await newestBurials(db).where('grave_id', 'in', graveIds).execute();
  return new Map(rows.map((r) => [r.grave_id, String(r.last)]));
}

/** Groups burial rows (already newest first) by grave. */
function groupBurials(rows: BurialRow[]): Map<string, BuriedPerson[]> {
  const byGrave = new Map<string, BuriedPerson[]>();
  for (const r of rows) {
    let list = byGrave.get(r.grave_id);
    if (!list) byGrave.set(r.grave_id, (list = []));
    list.push(toBuriedPerson(r));
  }
  return byGrave;
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
  const [rows, burials] = await Promise.all([gq.execute(), bq.execute()]);
  const byGrave = groupBurials(burials);
  return rows.sort(compareGraveRows).map((row) => toGrave(row, byGrave.get(row.id) ?? [], ctx));
}

/**
 * Holds the grave's row until the transaction ends, so two writes to one grave take turns and the second sees
 * what the first did (a second "full", a burial into a grave that has just become resting). Only PostgreSQL
 * needs it: SQLite runs one transaction at a time on our single connection.
 */
export async function lockGrave(db: Kysely<Database>, dialect: DialectName, id: string): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('graves').select('id').where('id', '=', id).forUpdate().execute();
}

export async function findGraveRow(db: Kysely<Database>, id: string): Promise<GraveRow | undefined> {
  return db.selectFrom('graves').select(graveColumns).where('id', '=', id).executeTakeFirst();
}

export async function getGrave(db: Kysely<Database>, ctx: StatusContext, id: string): Promise<Grave | null> {
  const row = await findGraveRow(db, id);
  if (!row) return null;
  return toGrave(row, (await burialsOf(db, [id])).get(id) ?? [], ctx);
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
      'burials.warning_json',
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
  const last = newestBurials(db).as('b');
  const rows = await db
    .selectFrom('graves')
    .leftJoin(last, 'b.grave_id', 'graves.id')
    .select(['graves.id', 'graves.gender', 'graves.number', 'graves.number_value', 'graves.full', 'b.last'])
    .execute();
  return rows.sort(compareGraveRows).map((row) => {
    const lastDate = row.last ? String(row.last) : null;
    const grave = toGrave(row, lastDate ? [{ _id: '', name: '', burialDate: lastDate }] : [], ctx);
    return { ...grave, buriedPersons: [] };
  });
}

/** The burials of some graves, newest first, by grave. */
export async function burialsOf(db: Kysely<Database>, graveIds: string[]): Promise<Map<string, BuriedPerson[]>> {
  if (graveIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('burials')
    .select(personColumns)
    .where('burials.grave_id', 'in', graveIds)
    .orderBy('burials.burial_date', 'desc')
    .orderBy('burials.created_at', 'desc')
    .orderBy('burials.id', 'desc')
    .execute();
  return groupBurials(rows);
}


/** Burials counted by section (men and women; the bone sections hold remains, not deaths). */
export async function burialCountsBySection(db: Kysely<Database>): Promise<{ men: number; women: number }> {
  const rows = await db
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select(['graves.gender', db.fn.countAll<string | number>().as('n')])
    .groupBy('graves.gender')
    .execute();
  const count = (g: Gender) => Number(rows.find((r) => r.gender === g)?.n ?? 0);
  return { men: count('men'), women: count('women') };
}
