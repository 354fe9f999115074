// The register read whole, a page at a time: the spec's whole-section answers (GET /graves/male, female,
// bone), the staff's unpaged list of every grave, and the register's CSV. Their size grows with the register, so they
// are written as they are read, never held: a page of graves by number (the index graves_section_order), then the
// burials of that page, so what one request holds is a page, whatever the section's size. The bytes are those
// JSON.stringify(listGraves(…)) gives for the same register (tests/server/sectionStream.test.ts holds them equal).
//
// Why pages read afresh rather than per-grave fragments kept up to date from grave_changes: fragments of every grave
// would be a copy of the register in each process's memory (27 MB for the men's section at 300,000 burials, the size
// the RSS target cannot afford); reading a page by an index costs a few milliseconds and is always the register's
// current state. Only a section small enough (a town's, server/http/sectionCopies.ts) has its compressed copy kept
// patched from the graves a write changed (graveTexts below). A client that already holds the answer asks with its
// ETag (tagOf below).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { GENDERS, type BuriedPerson, type Gender, type GraveMove } from '../../src/domain/types';
import type { Database, GravesTable } from '../db/schema';
import { readVersions, type DataScope } from './dataVersions';
import { compareGraveRows, graveNumberOf, toBuriedPerson, toGrave, type StatusContext } from './graves';

/**
 * Graves read at a time, and the burials a page may hold before it is cut (a few hundred KB of JSON at most; a
 * grave of more burials comes alone, its burials a page at a time). Smaller in tests, to cross every boundary.
 */
export interface PageSizes {
  graves: number;
  burials: number;
}
const PAGES: PageSizes = { graves: 200, burials: 500 };

type Row = Pick<GravesTable, 'id' | 'gender' | 'number' | 'number_value' | 'full'> & { burial_count: number };
/** A grave's row as the answers order it (sectionOrder). */
export type SectionRow = Row;
const rowColumns = ['id', 'gender', 'number', 'number_value', 'full', 'burial_count'] as const;

/** The answers' order: by number (labels after, in Arabic order); equal numbers of two sections, men first. */
export const sectionOrder = (a: Row, b: Row) =>
  compareGraveRows(a, b) || GENDERS.indexOf(a.gender) - GENDERS.indexOf(b.gender);

/**
 * One section's graves in the answers' order. The numbered ones by keyset on (number_value, number): digits compare
 * the same in SQL as in localeCompare. Labels that are not numbers (a few in the bone sections) are sorted here, by
 * the Arabic collation SQL has no portable form of: only their ids and labels are held, never their burials.
 */
async function* sectionRows(db: Kysely<Database>, gender: Gender, pages: PageSizes): AsyncGenerator<Row> {
  let after: { value: number; number: string } | null = null;
  for (;;) {
    let q = db
      .selectFrom('graves')
      .select(rowColumns)
      .where('gender', '=', gender)
      .where('number_value', 'is not', null)
      .orderBy('number_value')
      .orderBy('number')
      .limit(pages.graves);
    if (after) {
      const { value, number } = after;
      q = q.where((eb) =>
        eb.or([eb('number_value', '>', value), eb.and([eb('number_value', '=', value), eb('number', '>', number)])]),
      );
    }
    const rows = await q.execute();
    yield* rows;
    if (rows.length < pages.graves) break;
    const last = rows.at(-1)!;
    after = { value: Number(last.number_value), number: last.number };
  }
  const labels = await db
    .selectFrom('graves')
    .select(['id', 'number'])
    .where('gender', '=', gender)
    .where('number_value', 'is', null)
    .execute();
  labels.sort((a, b) => a.number.localeCompare(b.number, 'ar'));
  for (let i = 0; i < labels.length; i += pages.graves) {
    const ids = labels.slice(i, i + pages.graves).map((l) => l.id);
    const byId = new Map((await db.selectFrom('graves').select(rowColumns).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      if (row) yield row; // deleted since the labels were read: left out, as a grave deleted before the answer
    }
  }
}

/** Several sections' graves merged into the answers' order (the staff's list of every grave, interleaved by number). */
async function* mergedRows(db: Kysely<Database>, genders: readonly Gender[], pages: PageSizes): AsyncGenerator<Row> {
  const cursors = genders.map((gender) => sectionRows(db, gender, pages));
  const heads = await Promise.all(cursors.map((c) => c.next()));
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i]!;
      if (head.done) continue;
      if (best === -1 || sectionOrder(head.value, (heads[best] as IteratorYieldResult<Row>).value) < 0) best = i;
    }
    if (best === -1) return;
    yield (heads[best] as IteratorYieldResult<Row>).value;
    heads[best] = await cursors[best]!.next();
  }
}

const personColumns = [
  'id',
  'grave_id',
  'name',
  'burial_date',
  'date_precision',
  'notes',
  'created_at',
] as const;

/** Where the remains of these people, now in a bone section, were moved from (the newest move of each). */
async function movesOf(db: Kysely<Database>, burialIds: string[]): Promise<Map<string, GraveMove>> {
  const found = new Map<string, GraveMove>();
  if (burialIds.length === 0) return found;
  const moves = await db
    .selectFrom('burial_moves')
    .innerJoin('burials', 'burials.id', 'burial_moves.burial_id')
    .whereRef('burials.grave_id', '=', 'burial_moves.to_grave_id')
    .where('burial_moves.burial_id', 'in', burialIds)
    .select([
      'burial_moves.burial_id',
      'burial_moves.from_grave_id',
      'burial_moves.from_gender',
      'burial_moves.from_number',
      'burial_moves.moved_on',
    ])
    .orderBy('burial_moves.moved_on', 'asc')
    .orderBy('burial_moves.created_at', 'asc')
    .execute();
  for (const m of moves) {
    found.set(m.burial_id, {
      graveId: m.from_grave_id,
      number: graveNumberOf({ gender: m.from_gender, number: m.from_number }),
      gender: m.from_gender,
      date: m.moved_on,
    });
  }
  return found;
}

type PersonRow = { id: string; grave_id: string; name: string; burial_date: string; date_precision: string; notes: string | null };

/** Burial rows as the answers carry them; only the bone sections receive moved remains (as listGraves). */
async function personsOf(db: Kysely<Database>, rows: PersonRow[], bones: ReadonlySet<string>) {
  const moved = await movesOf(
    db,
    rows.filter((r) => bones.has(r.grave_id)).map((r) => r.id),
  );
  return rows.map((r) => {
    const person = toBuriedPerson(r);
    const from = moved.get(r.id);
    return { graveId: r.grave_id, person: from ? { ...person, transferredFrom: from } : person };
  });
}

/**
 * A grave, or a part of one: a grave holding more than a page of burials (an ossuary) comes in several pieces, the
 * first opening it (its status is that of its newest burial, the first piece's first), the last closing it.
 */
export interface GravePiece {
  grave: ReturnType<typeof toGrave>;
  opens: boolean;
  closes: boolean;
}

/** The pieces of these graves' answers, a page at a time, in the order the rows come. */
async function* piecesOf(
  db: Kysely<Database>,
  ctx: StatusContext,
  rows: AsyncIterable<Row>,
  pages: PageSizes,
): AsyncGenerator<GravePiece[]> {
  let page: Row[] = [];
  let burials = 0;
  const flush = async function* (): AsyncGenerator<GravePiece[]> {
    if (page.length === 0) return;
    const ids = page.map((r) => r.id);
    const bones = new Set(page.filter((r) => r.gender === 'bones').map((r) => r.id));
    const found = await db
      .selectFrom('burials')
      .select(personColumns)
      .where('grave_id', 'in', ids)
      .orderBy('burial_date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const byGrave = new Map<string, BuriedPerson[]>();
    for (const { graveId, person } of await personsOf(db, found, bones)) {
      let list = byGrave.get(graveId);
      if (!list) byGrave.set(graveId, (list = []));
      list.push(person);
    }
    yield page.map((row) => ({ grave: toGrave(row, byGrave.get(row.id) ?? [], ctx), opens: true, closes: true }));
    page = [];
    burials = 0;
  };
  for await (const row of rows) {
    const count = Number(row.burial_count);
    if (count > pages.burials) {
      yield* flush();
      yield* bigGrave(db, ctx, row, pages);
      continue;
    }
    if (page.length >= pages.graves || burials + count > pages.burials) yield* flush();
    page.push(row);
    burials += count;
  }
  yield* flush();
}

/** A grave of more burials than a page, its burials by keyset on their order (newest first). */
async function* bigGrave(
  db: Kysely<Database>,
  ctx: StatusContext,
  row: Row,
  pages: PageSizes,
): AsyncGenerator<GravePiece[]> {
  const bones = new Set(row.gender === 'bones' ? [row.id] : []);
  let after: { date: string; created: string; id: string } | null = null;
  let newest: BuriedPerson | null = null;
  for (;;) {
    let q = db
      .selectFrom('burials')
      .select(personColumns)
      .where('grave_id', '=', row.id)
      .orderBy('burial_date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pages.burials);
    if (after) {
      const { date, created, id } = after;
      q = q.where((eb) =>
        eb.or([
          eb('burial_date', '<', date),
          eb.and([eb('burial_date', '=', date), eb('created_at', '<', created)]),
          eb.and([eb('burial_date', '=', date), eb('created_at', '=', created), eb('id', '<', id)]),
        ]),
      );
    }
    const found = await q.execute();
    const persons = (await personsOf(db, found, bones)).map((p) => p.person);
    newest ??= persons[0] ?? null;
    const grave = toGrave(row, newest ? [newest] : [], ctx);
    const last = found.length < pages.burials;
    yield [{ grave: { ...grave, buriedPersons: persons }, opens: after === null, closes: last }];
    if (last) return;
    const end = found.at(-1)!;
    after = { date: end.burial_date, created: end.created_at, id: end.id };
  }
}

/** Lets the other requests in between two pages (better-sqlite3 reads without ever leaving the thread). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The graves of one section (or, without a section, of all of them interleaved by number), with their burials
 * newest first, a page at a time: the pieces of each page. Each section read alone keeps the index's order.
 */
export async function* gravePages(
  db: Kysely<Database>,
  ctx: StatusContext,
  gender?: Gender,
  pages = PAGES,
): AsyncGenerator<GravePiece[]> {
  const rows = gender ? sectionRows(db, gender, pages) : mergedRows(db, GENDERS, pages);
  for await (const pieces of piecesOf(db, ctx, rows, pages)) {
    yield pieces;
    await nextTurn();
  }
}

/** The JSON array of listGraves(db, ctx, gender), as text a page at a time. */
export async function* sectionJson(
  db: Kysely<Database>,
  ctx: StatusContext,
  gender?: Gender,
  pages = PAGES,
): AsyncGenerator<string> {
  yield '[';
  let graves = 0;
  let persons = 0;
  for await (const pieces of gravePages(db, ctx, gender, pages)) {
    let text = '';
    for (const { grave, opens, closes } of pieces) {
      if (opens) {
        const head = JSON.stringify({ ...grave, buriedPersons: [] });
        // `buriedPersons` is the last field of a grave (toGrave): its head is all but the closing `]}`.
        text += (graves++ === 0 ? '' : ',') + head.slice(0, -2);
        persons = 0;
      }
      for (const person of grave.buriedPersons) text += (persons++ === 0 ? '' : ',') + JSON.stringify(person);
      if (closes) text += ']}';
    }
    yield text;
  }
  yield ']';
}

/** Graves of one section by id, in the answers' order (those not in it now are left out). */
async function* rowsOf(db: Kysely<Database>, gender: Gender, ids: readonly string[]): AsyncGenerator<Row> {
  const rows: Row[] = [];
  for (let i = 0; i < ids.length; i += PAGES.graves) {
    const some = ids.slice(i, i + PAGES.graves);
    rows.push(...(await db.selectFrom('graves').select(rowColumns).where('gender', '=', gender).where('id', 'in', some).execute()));
  }
  yield* rows.sort(sectionOrder);
}

/**
 * Each grave of one section with the JSON text sectionJson writes for it, in the answers' order: of the whole
 * section (`ids` null), or of the graves `ids` names that are in it now (server/http/sectionCopies.ts patches its
 * copy of a section with them). A grave's text is held whole, a few KB (an ossuary's more).
 */
export async function* graveTexts(
  db: Kysely<Database>,
  ctx: StatusContext,
  gender: Gender,
  ids: readonly string[] | null,
  pages = PAGES,
): AsyncGenerator<{ row: Row; text: string }> {
  const rowOf = new Map<string, Row>();
  async function* noted(rows: AsyncIterable<Row>) {
    for await (const row of rows) {
      rowOf.set(row.id, row);
      yield row;
    }
  }
  const rows = noted(ids === null ? sectionRows(db, gender, pages) : rowsOf(db, gender, ids));
  let text = '';
  let persons = 0;
  for await (const pieces of piecesOf(db, ctx, rows, pages)) {
    for (const { grave, opens, closes } of pieces) {
      if (opens) {
        // As sectionJson: `buriedPersons` is a grave's last field.
        text = JSON.stringify({ ...grave, buriedPersons: [] }).slice(0, -2);
        persons = 0;
      }
      for (const person of grave.buriedPersons) text += (persons++ === 0 ? '' : ',') + JSON.stringify(person);
      if (closes) {
        yield { row: rowOf.get(grave._id)!, text: `${text}]}` };
        rowOf.delete(grave._id);
      }
    }
    await nextTurn();
  }
}

/** The answers' format; another value when what they hold changes shape for the same register. */
const FORMAT = 'graves-1';

/**
 * The ETag of a whole answer: the counters of the parts it shows, the day and the resting period (the statuses
 * move with both) and the answer's name, hashed. The same in every process sharing the database for the same
 * counters.
 */
export function tagOf(
  versions: ReadonlyMap<DataScope, string>,
  ctx: StatusContext,
  name: string,
  shows: readonly DataScope[],
): string {
  const parts = [FORMAT, name, ctx.today, ctx.restingPeriodDays, ...shows.map((scope) => versions.get(scope) ?? '')];
  return `"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url')}"`;
}

/**
 * The ETag of a whole answer from the counters read afresh (one small query), so it never names an older register
 * than the body that follows it.
 */
export async function answerTag(
  db: Kysely<Database>,
  ctx: StatusContext,
  name: string,
  shows: readonly DataScope[],
): Promise<string> {
  return tagOf(await readVersions(db), ctx, name, shows);
}
