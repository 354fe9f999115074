// The demo village's death notices, relative to the demo's today: one whose burial is recorded (linked to
// its grave and burial), one whose prayer is tomorrow (no grave yet), and one past (off the home page, still on
// /notices). Written through the same domain rule as the API's (checkNewNotice), so the demo holds only what the
// committee could publish. Only here, in the demo's seed, does the source write a notice's words.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { addDays, zonedInstant } from '../../src/domain/dates/zonedTime';
import { checkNewNotice, type NoticeFields } from '../../src/domain/notices/noticeRules';
import type { Database } from '../db/schema';
import { noticeRow } from '../data/notices';

interface SeedBurial {
  id: string;
  grave_id: string;
  name: string;
  burial_date: string;
}

/** The demo's three notices, for `today` in `timeZone`, linked to the given burials where one fits. */
export async function seedDemoNotices(
  trx: Transaction<Database>,
  options: { today: string; timeZone: string; burials: readonly SeedBurial[]; genderOf: (graveId: string) => string },
): Promise<number> {
  const { today, timeZone } = options;
  const inSections = options.burials.filter((b) => options.genderOf(b.grave_id) !== 'bones');
  const newest = [...inSections].sort((a, b) => (a.burial_date < b.burial_date ? 1 : -1))[0];
  const older = inSections.find((b) => b.burial_date <= addDays(today, -5) && b.burial_date >= addDays(today, -14));
  const later = (days: number) => addDays(today, days);

  const drafts: Array<Record<string, unknown>> = [];
  if (newest) {
    const women = options.genderOf(newest.grave_id) === 'women';
    drafts.push({
      name: newest.name,
      relations: women ? 'والدة الأستاذ أحمد والمهندس محمود' : 'والد الأستاذ أحمد وشقيق الحاج محمود',
      prayerAt: `${newest.burial_date}T13:00`,
      mosque: 'المسجد الكبير',
      afterPrayer: 'عقب صلاة الظهر',
      graveId: newest.grave_id,
      burialId: newest.id,
      condolences: [
        {
          place: 'دار المناسبات بجوار المسجد الكبير',
          for: 'men',
          from: newest.burial_date,
          to: later(1),
          hours: 'من بعد صلاة المغرب حتى العشاء',
        },
        { place: 'منزل الأسرة', for: 'women', from: newest.burial_date, to: later(1), hours: 'من العصر حتى المغرب' },
      ],
      // The committee kept it on the home page a little longer than the three days.
      endsAt: [addDays(newest.burial_date, 3), later(2)].sort()[1],
    });
  }
  drafts.push({
    name: 'عبد الحميد سالم الجمال',
    relations: 'والد الأستاذ سالم وشقيق الحاج فتحي',
    prayerAt: `${later(1)}T12:00`,
    mosque: 'مسجد الرحمة',
    afterPrayer: 'عقب صلاة الظهر',
    condolences: [{ place: 'دوار عائلة الجمال', for: 'all', from: later(1), to: later(3), hours: 'بعد صلاة المغرب' }],
  });
  if (older) {
    drafts.push({
      name: older.name,
      prayerAt: `${older.burial_date}T15:30`,
      mosque: 'المسجد الكبير',
      afterPrayer: 'عقب صلاة العصر',
      graveId: older.grave_id,
      burialId: older.id,
      condolences: [
        { place: 'دوار العائلة', for: 'all', from: older.burial_date, to: addDays(older.burial_date, 2), hours: null },
      ],
    });
  }

  // Checked by the rule as at 06:00 of the demo's today (the prayer of tomorrow is still to come).
  const now = zonedInstant(`${today}T06:00`, timeZone);
  const rows = drafts.map((draft) => {
    const verdict = checkNewNotice(draft, { now, timeZone });
    if (!verdict.ok) throw new Error(`demo notice refused: ${verdict.refusal.error}`);
    const fields: NoticeFields = verdict.value;
    const at = `${today}T04:00:00.000Z`;
    return {
      id: randomUUID(),
      ...noticeRow(fields, timeZone),
      created_at: at,
      updated_at: at,
    };
  });
  if (rows.length > 0) await trx.insertInto('notices').values(rows).execute();
  return rows.length;
}
