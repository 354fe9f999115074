// The sections' kept figures (server/data/sectionTallies.ts) against a count of the graves themselves.
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { sectionTallies, type SectionTally } from '../../server/data/sectionTallies';
import type { Database } from '../../server/db/schema';
import { GENDERS, type Gender } from '../../src/domain/types';

/** Each section's graves, graves not marked full and burials, counted from the graves' rows. */
export async function countedTallies(db: Kysely<Database>): Promise<Record<Gender, SectionTally>> {
  const rows = await db.selectFrom('graves').select(['gender', 'full', 'burial_count']).execute();
  const tally = (gender: Gender): SectionTally => {
    const of = rows.filter((r) => r.gender === gender);
    return {
      graves: of.length,
      openGraves: of.filter((r) => Number(r.full) === 0).length,
      burials: of.reduce((n, r) => n + Number(r.burial_count), 0),
    };
  };
  return Object.fromEntries(GENDERS.map((g) => [g, tally(g)])) as Record<Gender, SectionTally>;
}

/** The kept figures equal the counted ones; answers them (as lines, for a dump of the register). */
export async function expectTalliesKept(db: Kysely<Database>, step: string): Promise<string[]> {
  const kept = await sectionTallies(db);
  expect(kept, step).toEqual(await countedTallies(db));
  return GENDERS.map((g) => JSON.stringify({ gender: g, ...kept[g] }));
}
