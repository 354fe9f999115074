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
