// The register read for the open-format exports (GeoJSON, GEDCOM), a batch of graves at a time so a big
// register is never held whole: section by section (men, women, bones), each by id, with the batch's burials; and
// the audit record every export leaves (an export changes nothing, so it is one audit entry on its own, not an
// audited write: no change marks, nothing for the search index).
import type { Kysely } from 'kysely';
import { isDatePrecision, type DatePrecision } from '../../src/domain/dates/datePrecision';
import { deriveStatus } from '../../src/domain/rules/graveStatus';
import type { Gender } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { audit, type AuditAction } from './audit';
import { graveNumberOf, type StatusContext } from './graves';
import type { Staff } from './write';

export interface ExportBurial {
  id: string;
  name: string;
  /** YYYY-MM-DD */
  date: string;
  precision: DatePrecision;
}

export interface ExportGrave {
  id: string;
  gender: Gender;
  number: number | string;
  status: string;
  latitude: string | null;
  longitude: string | null;
  /** Oldest first (the order they were buried in). */
  burials: ExportBurial[];
}

const SECTIONS: readonly Gender[] = ['men', 'women', 'bones'];

/** Every grave with its burials, in batches of `batchSize` graves. */
export async function* graveBatches(
  db: Kysely<Database>,
  ctx: StatusContext,
  batchSize = 500,
): AsyncGenerator<ExportGrave[]> {
  for (const gender of SECTIONS) {
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom('graves')
        .select(['id', 'gender', 'number', 'full', 'latitude', 'longitude'])
        .where('gender', '=', gender)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const burials = await db
        .selectFrom('burials')
        .select(['id', 'grave_id', 'name', 'burial_date', 'date_precision'])
        .where(
          'grave_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('burial_date', 'asc')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      const byGrave = new Map<string, ExportBurial[]>();
      for (const b of burials) {
        const list = byGrave.get(b.grave_id) ?? [];
        list.push({
          id: b.id,
          name: b.name,
          date: b.burial_date,
          precision: isDatePrecision(b.date_precision) ? b.date_precision : 'day',
        });
        byGrave.set(b.grave_id, list);
      }
      yield rows.map((row) => {
        const held = byGrave.get(row.id) ?? [];
        const { status } = deriveStatus(
          { gender: row.gender, full: row.full === 1, lastBurialDate: held.at(-1)?.date ?? null },
          ctx.today,
          ctx.restingPeriodDays,
        );
        return {
          id: row.id,
          gender: row.gender,
          number: graveNumberOf(row),
          status,
          latitude: row.latitude,
          longitude: row.longitude,
          burials: held,
        };
      });
      if (rows.length < batchSize) break;
    }
  }
}

/** The four downloads of the register, each with its own audit action. */
export type ExportKind = 'register' | 'audit' | 'geojson' | 'gedcom';

/** Records that this account downloaded this export (entity 'export', the file's name as its id). */
export async function recordExport(
  db: Kysely<Database>,
  entry: { at: Date; by: Staff; kind: ExportKind; fileName: string },
): Promise<void> {
  const action: AuditAction = `export.${entry.kind}`;
  await audit(db, { at: entry.at, account: entry.by, action, entity: 'export', entityId: entry.fileName });
}
