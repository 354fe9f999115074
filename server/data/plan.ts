// The plan of the cemetery as the public page and the console draw it: every grave of the men's and
// the women's sections in its row with its status, and the bone sections apart with how many remains each holds.
import type { Kysely } from 'kysely';
import {
  drawSection,
  PLAN_CELL,
  PLAN_GENDERS,
  type GraveOnPlan,
  type PlanAnswer,
  type PlanGender,
} from '../../src/domain/plan/plan';
import { deriveStatus } from '../../src/domain/rules/graveStatus';
import { GRAVE_STATUS, type Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { compareGraveRows, graveNumberOf, type StatusContext } from './graves';
import { allNamedRows } from './planRows';

/**
 * Only the columns a cell needs, and one status a distinct last burial day: a city's 100,000 graves made an object
 * of every grave's whole summary first (a third of a second, most of it the collector's).
 */
export async function planOfCemetery(db: Kysely<Database>, ctx: StatusContext): Promise<PlanAnswer> {
  const [graves, named] = await Promise.all([
    db
      .selectFrom('graves')
      // The count each grave keeps (graveFacts.ts) is the bone sections' remains.
      .select(['gender', 'number', 'number_value', 'full', 'last_burial_date', 'burial_count as n'])
      .execute(),
    allNamedRows(db),
  ]);
  const statusOn = new Map<string, ReturnType<typeof deriveStatus>>();
  const cellOf = (gender: PlanGender, full: boolean, last: string | null): Omit<GraveOnPlan, 'number'> => {
    let derived: ReturnType<typeof deriveStatus>;
    if (full || last === null) derived = deriveStatus({ gender, full, lastBurialDate: last }, ctx.today, ctx.restingPeriodDays);
    else {
      // Not full: the status depends on the day alone (and the section, the same for men and women).
      derived = statusOn.get(last) ?? deriveStatus({ gender, full, lastBurialDate: last }, ctx.today, ctx.restingPeriodDays);
      statusOn.set(last, derived);
    }
    const cell =
      derived.status === GRAVE_STATUS.available
        ? PLAN_CELL.available
        : derived.status === GRAVE_STATUS.full
          ? PLAN_CELL.full
          : PLAN_CELL.resting;
    return { cell, daysLeft: derived.daysUntilAvailable ?? 0 };
  };
  const onPlan: Record<PlanGender, GraveOnPlan[]> = { men: [], women: [] };
  const bones: typeof graves = [];
  for (const g of graves) {
    if (g.gender === 'bones') bones.push(g);
    else {
      const number = graveNumberOf(g);
      if (typeof number !== 'number') continue;
      const last = g.last_burial_date ? String(g.last_burial_date) : null;
      onPlan[g.gender].push({ number, ...cellOf(g.gender, Number(g.full) === 1, last) });
    }
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
