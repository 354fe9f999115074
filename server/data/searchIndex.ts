// The name search's index: every buried person of the register in one in-memory NameIndex (src/domain/nameSearch),
// built from one read of the burials and kept by the answer cache until a grave section changes.
//
// Why in memory rather than in SQL: the matcher ranks by word classes (exact, folded, Egyptian spoken swaps, one
// slip, Latin spellings) that neither SQLite's LIKE nor PostgreSQL's pg_trgm can express, and it must give the same
// answers on both engines and in the browser. 30,000 names index in well under a second and take a few MB; a query
// looks only at the names holding a word that can match its most selective word.
import type { Kysely } from 'kysely';
import { NameIndex } from '../../src/domain/nameSearch';
import type { Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { graveNumberOf } from './graves';

export interface IndexedPerson {
  personId: string;
  name: string;
  burialDate: string;
  graveId: string;
  gender: Gender;
  number: number | string;
  full: boolean;
}

export async function buildSearchIndex(db: Kysely<Database>): Promise<NameIndex<IndexedPerson>> {
  // Newest first: people whose matches tie keep this order, the register's last tie-break.
  const rows = await db
    .selectFrom('burials')
    .innerJoin('graves', 'graves.id', 'burials.grave_id')
    .select([
      'burials.id as person_id',
      'burials.name',
      'burials.burial_date',
      'graves.id',
      'graves.gender',
      'graves.number',
      'graves.full',
    ])
    .orderBy('burials.burial_date', 'desc')
    .orderBy('burials.created_at', 'desc')
    .orderBy('burials.id', 'desc')
    .execute();
  const names = new NameIndex<IndexedPerson>();
  for (const row of rows) {
    const number = graveNumberOf(row);
    names.add(row.name, number, {
      personId: row.person_id,
      name: row.name,
      burialDate: row.burial_date,
      graveId: row.id,
      gender: row.gender,
      number,
      full: Number(row.full) === 1,
    });
  }
  return names;
}
