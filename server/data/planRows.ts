// The rows of the cemetery plan the committee names: read per section, replaced as a whole.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PlanGender, PlanRow } from '../../src/domain/plan/plan';
import type { Database } from '../db/schema';
import { auditedWrite, type Write } from './auditedWrite';

/** A section's named rows in the committee's order; empty when it is drawn in rows of ten. */
export async function namedRows(db: Kysely<Database>, gender: PlanGender): Promise<PlanRow[]> {
  const rows = await db
    .selectFrom('plan_rows')
    .select(['label', 'from_number', 'to_number'])
    .where('gender', '=', gender)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ label: r.label, from: Number(r.from_number), to: Number(r.to_number) }));
}

/** Every section's named rows. */
export async function allNamedRows(db: Kysely<Database>): Promise<Record<PlanGender, PlanRow[]>> {
  const [men, women] = await Promise.all([namedRows(db, 'men'), namedRows(db, 'women')]);
  return { men, women };
}

/** Replaces a section's rows (already checked by the domain rule) in one audited write; [] returns to rows of ten. */
export async function replaceNamedRows(write: Write, gender: PlanGender, rows: PlanRow[]): Promise<void> {
  await auditedWrite(write, {
    run: async (trx) => {
      const before = await namedRows(trx, gender);
      await trx.deleteFrom('plan_rows').where('gender', '=', gender).execute();
      if (rows.length > 0) {
        await trx
          .insertInto('plan_rows')
          .values(
            rows.map((row, position) => ({
              id: randomUUID(),
              gender,
              position,
              label: row.label,
              from_number: row.from,
              to_number: row.to,
            })),
          )
          .execute();
      }
      return {
        result: undefined,
        audit: { action: 'plan.rows', entity: 'plan', entityId: gender, before: { rows: before }, after: { rows } },
        marks: ['plan'],
      };
    },
  });
}
