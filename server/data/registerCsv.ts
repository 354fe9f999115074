// The whole register (graves and their burials) as CSV for Excel: UTF-8 with a BOM so Arabic shows right,
// CRLF line ends, every field quoted when it needs to be, and formula-looking cells defused. Its columns are the ones
// the import reads (src/domain/rules/registerImport.ts): an export imported into an empty register gives the same register
// (الحالة brings back the full marks; the ids are for reading only and are not imported).
import type { Kysely } from 'kysely';
import { burialDateText } from '../../src/domain/dates/burialDate';
import { BOM, csvLine } from '../../src/domain/rules/csv';
import { sharedText } from '../../src/domain/messages/shared';
import type { Database } from '../db/schema';
import { GENDERS } from '../../src/domain/types';
import type { StatusContext } from './graves';
import { gravePages } from './sectionStream';

const GENDER_LABEL = {
  men: sharedText['gender.men'],
  women: sharedText['gender.women'],
  bones: sharedText['gender.bones'],
} as const;

/**
 * One row per burial; a grave without burials gets one row with empty burial cells. Written a page of graves at a
 * time (server/data/sectionStream.ts), so a city's register is never held whole.
 */
export async function* registerCsv(db: Kysely<Database>, ctx: StatusContext): AsyncGenerator<string> {
  yield BOM +
    csvLine([
      sharedText['grave.gender'],
      sharedText['grave.number'],
      sharedText['grave.status'],
      'معرف المقبرة',
      sharedText['burial.name'],
      sharedText['burial.date'],
      'معرف المتوفى',
      'ملاحظات',
    ]);
  // Section by section (men, women, bones), each by number: the order a reader of the register expects.
  for (const gender of GENDERS) {
    for await (const pieces of gravePages(db, ctx, gender)) {
      let out = '';
      for (const { grave: g, opens, closes } of pieces) {
        const base = [GENDER_LABEL[g.gender], g.number, g.status, g._id];
        if (opens && closes && g.buriedPersons.length === 0) out += csvLine([...base, null, null, null, null]);
        for (const p of g.buriedPersons) {
          out += csvLine([...base, p.name, burialDateText(p.burialDate, p.datePrecision), p._id, p.notes ?? null]);
        }
      }
      yield out;
    }
  }
}
