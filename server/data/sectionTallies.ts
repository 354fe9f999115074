// Each section's figures (its graves, those not marked full, its burials) kept as rows of differences that the
// database adds itself whenever a grave is added, removed, or changes section, full mark or count of burials
// (the triggers of migration 0019): every path that writes graves, a burial, an import and its undo, a copy of the
// register, the seed, keeps them without knowing of them. A figure is the sum of a section's rows.
//
// Rows are only ever added by writes, never updated, so two writes in one section never wait for each other's row
// (on PostgreSQL an updated row stays locked until its transaction ends). To keep the sums short,
// foldSectionTallies replaces every row with one per section, from inside a write's transaction: every TRIM_EVERY
// versions of a section, after an import's write and after any write that changed many graves at once
// (data/graveFacts.ts), and at the end of a seed or a copy.
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface SectionTally {
  graves: number;
  /** Graves not marked full. */
  openGraves: number;
  burials: number;
}

const NONE: SectionTally = { graves: 0, openGraves: 0, burials: 0 };

/** A write that changed more graves than this folds the rows it added (an import adds one per grave). */
export const FOLD_AFTER_GRAVES = 200;

/** The figures of every section (a section without graves: zeros). */
export async function sectionTallies(db: Db): Promise<Record<Gender, SectionTally>> {
  const rows = await db
    .selectFrom('section_tallies')
    .select((eb) => [
      'gender',
      eb.fn.sum<string | number>('graves').as('graves'),
      eb.fn.sum<string | number>('open_graves').as('open_graves'),
      eb.fn.sum<string | number>('burials').as('burials'),
    ])
    .groupBy('gender')
    .execute();
  const tally = (gender: Gender): SectionTally => {
    const row = rows.find((r) => r.gender === gender);
    return row
      ? { graves: Number(row.graves), openGraves: Number(row.open_graves), burials: Number(row.burials) }
      : NONE;
  };
  return { men: tally('men'), women: tally('women'), bones: tally('bones') };
}

/**
 * Replaces the rows with one per section holding their sums, inside the caller's write transaction. On PostgreSQL
 * one statement deletes exactly the rows it sums: rows another transaction adds meanwhile stay as they are.
 */
export async function foldSectionTallies(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`with ${foldCtes('true')} select 1`).execute(trx);
    return;
  }
  // SQLite: one writer at a time, so the sums read here are of the rows deleted below.
  const sums = await sectionTallies(trx);
  await trx.deleteFrom('section_tallies').execute();
  await trx
    .insertInto('section_tallies')
    .values(
      (Object.entries(sums) as Array<[Gender, SectionTally]>).map(([gender, t]) => ({
        gender,
        graves: t.graves,
        open_graves: t.openGraves,
        burials: t.burials,
      })),
    )
    .execute();
}

/**
 * The fold as two common table expressions, for a PostgreSQL statement that writes already (graveFacts.ts'
 * markChangedAndCommit): the rows are folded when `when` (an SQL condition) holds.
 */
export function foldCtes(when: string): string {
  // Rows another fold is deleting at this moment are left to it (skip locked): a fold never waits.
  return `folded as (
        delete from section_tallies
        where ${when} and ctid in (select ctid from section_tallies for update skip locked)
        returning *
      ),
      refolded as (
        insert into section_tallies (gender, graves, open_graves, burials)
        select gender, sum(graves), sum(open_graves), sum(burials) from folded group by gender
      )`;
}
