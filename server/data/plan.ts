// The plan of the cemetery as the public page and the console draw it: every grave of the men's and
// the women's sections in its row with its status, and the bone sections apart with how many remains each holds.
import type { Kysely } from 'kysely';
import {
  drawSection,
  PLAN_CELL,
  PLAN_GENDERS,
  type PlanAnswer,
  type PlanMark,
  type PlanGender,
} from '../../src/domain/plan/plan';
import { deriveStatus } from '../../src/domain/rules/graveStatus';
import { GRAVE_STATUS, type Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { compareGraveRows, type StatusContext } from './graves';
import { allNamedRows } from './planRows';

/** The key of a full grave's mark (a burial day is never this). */
const FULL = 'full';

/**
 * Only the columns a cell needs, and one mark per distinct state (full, or the last burial day): a city's 100,000
 * graves made an object of every grave's whole summary first (a third of a second, most of it the collector's), then
 * an object per grave and a map of them again for each section.
 */
export async function planOfCemetery(db: Kysely<Database>, ctx: StatusContext): Promise<PlanAnswer> {
  const [graves, bones, named] = await Promise.all([
    db
      .selectFrom('graves')
      .select(['gender', 'number_value', 'full', 'last_burial_date'])
      .where('gender', '!=', 'bones')
      .execute(),
    // The count each grave keeps (graveFacts.ts) is the bone sections' remains.
    db
      .selectFrom('graves')
      .select(['number', 'number_value', 'burial_count as n'])
      .where('gender', '=', 'bones')
      .execute(),
    allNamedRows(db),
  ]);
  // The status depends on the day alone when the grave is not full, and is the same for men and women.
  const marks = new Map<string | null, PlanMark>();
  const markOf = (gender: PlanGender, full: boolean, last: string | null): PlanMark => {
    const key = full ? FULL : last;
    let mark = marks.get(key);
    if (!mark) {
      const derived = deriveStatus({ gender, full, lastBurialDate: last }, ctx.today, ctx.restingPeriodDays);
      const cell =
        derived.status === GRAVE_STATUS.available
          ? PLAN_CELL.available
          : derived.status === GRAVE_STATUS.full
            ? PLAN_CELL.full
            : PLAN_CELL.resting;
      mark = { cell, daysLeft: derived.daysUntilAvailable ?? 0 };
      marks.set(key, mark);
    }
    return mark;
  };
  const onPlan: Record<PlanGender, Map<number, PlanMark>> = { men: new Map(), women: new Map() };
  for (const g of graves) {
    // A section's numbers are whole (graveWrites.ts keeps number_value for them); bones were read apart.
    if (g.number_value === null || g.gender === 'bones') continue;
    const last = g.last_burial_date === null ? null : String(g.last_burial_date);
    onPlan[g.gender].set(Number(g.number_value), markOf(g.gender, Number(g.full) === 1, last));
  }
  // The bone sections in the order of the section page (graves are listed by number, then by label).
  bones.sort(compareGraveRows);
  return {
    sections: PLAN_GENDERS.map((gender) => drawSection(gender, named[gender], onPlan[gender])),
    bones: bones.map((b) => ({ number: b.number, count: Number(b.n) })),
  };
}
/** The id of a section's grave by its number (a bone section by its label), or null. */
export async function graveIdByNumber(db: Kysely<Database>, gender: Gender, number: string): Promise<string | null> {
  const row = await db
    .selectFrom('graves')
    .select('id')
    .where('gender', '=', gender)
    .where('number', '=', number)
    .executeTakeFirst();
  return row?.id ?? null;
}
