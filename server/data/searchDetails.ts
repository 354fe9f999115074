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
  const rows = await db
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select([
      'burials.id',
      'burials.name',
      'burials.burial_date',
      'burials.date_precision',
      'graves.id as grave_id',
      'graves.gender',
      'graves.number',
      'graves.full',
      'graves.last_burial_date',
    ])
    .where('burials.id', 'in', [...personIds])
    .execute();
  const bones = [...new Set(rows.filter((r) => r.gender === 'bones').map((r) => r.grave_id))];
  const moved = await movesInto(db, bones);
  return new Map(
    rows.map((r) => {
      const from = moved.get(r.id);
      const details: FoundDetails = {
        name: r.name,
        burialDate: r.burial_date,
        graveId: r.grave_id,
        gender: r.gender,
        number: graveNumberOf(r),
        full: Number(r.full) === 1,
        lastBurialDate: r.last_burial_date,
        ...(from && { transferredFrom: from }),
      };
      if (isDatePrecision(r.date_precision) && r.date_precision !== 'day') details.datePrecision = r.date_precision;
      return [r.id, details];
    }),
  );
}
