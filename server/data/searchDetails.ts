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

/** The people of these ids as the answer shows them (an id no longer in the register is absent). */
export async function searchDetails(db: Kysely<Database>, personIds: readonly string[]): Promise<Map<string, FoundDetails>> {
  if (personIds.length === 0) return new Map();
  // The people, then their graves: two lookups by key. Joined in one query, PostgreSQL's planner read every grave into
  // a hash for 50 people (4.6 ms a search at the town's 7,000 graves, more with each grave added), where looking
  // each grave up takes a few hundredths of a millisecond.
  const people = await db
    .selectFrom('burials')
    .select(['id', 'name', 'burial_date', 'date_precision', 'grave_id'])
    .where('id', 'in', [...personIds])
    .execute();
  const graveIds = [...new Set(people.map((p) => p.grave_id))];
  const graves =
    graveIds.length === 0
      ? []
      : await db
          .selectFrom('graves')
          .select(['id', 'gender', 'number', 'full', 'last_burial_date'])
          .where('id', 'in', graveIds)
          .execute();
  const graveOf = new Map(graves.map((g) => [g.id, g]));
  // A grave removed between the two reads took its people with it (a grave holding burials cannot be removed):
  // they are no longer in the register.
  const found = people.flatMap((person) => {
    const grave = graveOf.get(person.grave_id);
    return grave ? [{ person, grave }] : [];
  });
  const bones = [...new Set(found.filter(({ grave }) => grave.gender === 'bones').map(({ grave }) => grave.id))];
  const moved = await movesInto(db, bones);
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
