// The plan of the cemetery as the public page and the console draw it (issue 13): every grave of the men's and
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
import { GRAVE_STATUS, type Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { listGraveSummaries, type StatusContext } from './graves';
import { allNamedRows } from './planRows';

export async function planOfCemetery(db: Kysely<Database>, ctx: StatusContext): Promise<PlanAnswer> {
  const [graves, named, remains] = await Promise.all([
    listGraveSummaries(db, ctx),
    allNamedRows(db),
    // The count each grave keeps (graveFacts.ts).
    db.selectFrom('graves').where('gender', '=', 'bones').select(['number', 'burial_count as n']).execute(),
  ]);
  const onPlan = (gender: PlanGender): GraveOnPlan[] =>
    graves
      .filter((g) => g.gender === gender && typeof g.number === 'number')
      .map((g) => ({
        number: g.number as number,
        cell:
          g.status === GRAVE_STATUS.available
            ? PLAN_CELL.available
            : g.status === GRAVE_STATUS.full
              ? PLAN_CELL.full
              : PLAN_CELL.resting,
        daysLeft: g.daysUntilAvailable ?? 0,
      }));
  // The bone sections in the order of the section page (graves are listed by number, then by label).
  const order = graves.filter((g) => g.gender === 'bones').map((g) => String(g.number));
  const count = new Map(remains.map((r) => [r.number, Number(r.n)]));
  return {
    sections: PLAN_GENDERS.map((gender) => drawSection(gender, named[gender], onPlan(gender))),
    bones: order.map((number) => ({ number, count: count.get(number) ?? 0 })),
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
