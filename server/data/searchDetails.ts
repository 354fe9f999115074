// What a search answer shows of the people found, read fresh for them alone (50 at most): the index ranks by the
// numbers it holds (data/searchIndex.ts) and keeps neither names nor statuses, so a city's register fits a small
// machine, and a grave's status is as of this moment even when the index is a write behind.
import type { Kysely } from 'kysely';
import { isDatePrecision, type PartialPrecision } from '../../src/domain/dates/datePrecision';
import type { Gender, GraveMove } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { graveNumberOf, movesInto } from './graves';

export interface FoundDetails {
  name: string;
  burialDate: string;
  datePrecision?: PartialPrecision;
  graveId: string;
  gender: Gender;
  number: number | string;
  full: boolean;
  lastBurialDate: string | null;
  transferredFrom?: GraveMove;
}

/** A person the index found, with the grave it holds them in (a write may have moved them since). */
export interface IndexedPerson {
  personId: string;
  graveId: string;
  gender: Gender;
}

/** The people found as the answer shows them, read now (a person no longer in the register is absent). */
export async function searchDetails(
  db: Kysely<Database>,
  asked: readonly IndexedPerson[],
): Promise<Map<string, FoundDetails>> {
  if (asked.length === 0) return new Map();
  // The people, and at once the graves the index holds them in: lookups by key, sent together (on a busy server each
  // round trip waits for a turn of the event loop). Joined in one query, PostgreSQL's planner read every grave into a
  // hash for 50 people (4.6 ms a search at the town's 7,000 graves, more with each grave added), where looking each
  // grave up takes a few hundredths of a millisecond. A person moved since the index read them (it follows every
  // write within a moment) has their grave read after.
  const graves = (ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('graves').select(['id', 'gender', 'number', 'full', 'last_burial_date']).where('id', 'in', ids).execute();
  const bonesOf = (list: ReadonlyArray<{ gender: Gender; graveId: string }>) => [
    ...new Set(list.filter((g) => g.gender === 'bones').map((g) => g.graveId)),
  ];
  const [people, held, moved] = await Promise.all([
    db
      .selectFrom('burials')
      .select(['id', 'name', 'burial_date', 'date_precision', 'grave_id'])
      .where(
        'id',
        'in',
        asked.map((a) => a.personId),
      )
      .execute(),
    graves([...new Set(asked.map((a) => a.graveId))]),
    movesInto(db, bonesOf(asked)),
  ]);
  const graveOf = new Map(held.map((g) => [g.id, g]));
  const elsewhere = await graves([...new Set(people.map((p) => p.grave_id).filter((id) => !graveOf.has(id)))]);
  for (const grave of elsewhere) graveOf.set(grave.id, grave);
  for (const [id, move] of await movesInto(
    db,
    bonesOf(elsewhere.map((g) => ({ gender: g.gender, graveId: g.id }))),
  )) {
    moved.set(id, move);
  }
  // A grave removed between the reads took its people with it (a grave holding burials cannot be removed): they are
  // no longer in the register.
  const found = people.flatMap((person) => {
    const grave = graveOf.get(person.grave_id);
    return grave ? [{ person, grave }] : [];
  });
  return new Map(
    found.map(({ person, grave }) => {
      const from = moved.get(person.id);
      const details: FoundDetails = {
        name: person.name,
        burialDate: person.burial_date,
        graveId: grave.id,
        gender: grave.gender,
        number: graveNumberOf(grave),
        full: Number(grave.full) === 1,
        lastBurialDate: grave.last_burial_date,
        ...(from && { transferredFrom: from }),
      };
      if (isDatePrecision(person.date_precision) && person.date_precision !== 'day') {
        details.datePrecision = person.date_precision;
      }
      return [person.id, details];
    }),
  );
}

/**
 * The most people whose details are kept between searches (a few hundred bytes each: about 1 MB at most). Families
 * search the same few names again and again; 50 people a search at most, so this is sixty searches' worth.
 */
const KEPT_PEOPLE = 3000;

/**
 * What search answers showed of the people found, kept between searches in this process. Under writes every search
 * answer is dropped with each burial (a new name may match it), and each was built again by reading its 50 people:
 * three queries on three of the pool's connections, the most of any public read (the scale-out bench). The people
 * found are mostly the same from one build to the next, so what was read of them is kept here, and forgotten grave
 * by grave as the search index follows the log of changed graves (searchIndex.ts catchUp): every change to what this
 * shows (a person's name or date, moved remains, a grave's facts) names the person's grave there, both graves of a
 * move. A search's answer is built from the index caught up to the counters it is kept for, so what it shows is as
 * current as before: details read while a grave was being forgotten are used once and not kept.
 */
export class KeptDetails {
  private readonly kept = new Map<string, FoundDetails>();
  /** Moved by every forgetting: a read begun before one is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly max = KEPT_PEOPLE,
  ) {}

  /** The people found as the answer shows them: those kept, and the others read now (searchDetails). */
  async of(asked: readonly IndexedPerson[]): Promise<Map<string, FoundDetails>> {
    const shown = new Map<string, FoundDetails>();
    const missing: IndexedPerson[] = [];
    for (const person of asked) {
      const details = this.kept.get(person.personId);
      if (!details) {
        missing.push(person);
        continue;
      }
      // Used again: the last to leave (a Map keeps the order of insertion).
      this.kept.delete(person.personId);
      this.kept.set(person.personId, details);
      shown.set(person.personId, details);
    }
    if (missing.length === 0) return shown;
    const began = this.generation;
    const read = await searchDetails(this.db, missing);
    const keep = began === this.generation;
    for (const [id, details] of read) {
      shown.set(id, details);
      if (keep) this.kept.set(id, details);
    }
    while (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return shown;
  }

  /** These graves changed: what is kept of the people they hold is read again when next found. */
  forgetGraves(graveIds: readonly string[]): void {
    if (graveIds.length === 0) return;
    this.generation++;
    const changed = new Set(graveIds);
    for (const [id, details] of this.kept) if (changed.has(details.graveId)) this.kept.delete(id);
  }

  /** The index was built again, or could not follow the log: nothing kept is known to be current. */
  clear(): void {
    this.generation++;
    this.kept.clear();
  }

  /** How many people are kept (the tests read it). */
  size(): number {
    return this.kept.size;
  }
}
