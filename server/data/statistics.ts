// The committee's planning figures, summed by the database: what the capacity forecast reads of each section (its
// open graves, the graves still resting counted by their newest burial day, its burials by month), the years in
// pictures (burials by day and section, transfers to the ossuary, photos and corrections received), and the rows of
// the yearly register book. Every figure is a GROUP BY; only the register book reads rows, one year's.
//
// A person whose remains were moved to the ossuary still counts as a burial of the section they were buried in
// (burialCountsBySection's rule in graves.ts): the section of a burial is its grave's, or for one now lying in a bone
// section, the section of its first move's grave.
import { sql, type Kysely } from 'kysely';
import { availableSince } from '../../src/domain/rules/graveStatus';
import type { Database } from '../db/schema';
import type { StatusContext } from './graves';
import { sectionTallies } from './sectionTallies';

type Db = Kysely<Database>;
type Section = 'men' | 'women' | 'bones';

/** The section a burial counts in, as SQL over `b` (burials) and `g` (its grave). */
const BURIAL_SECTION = sql<Section>`case when g.gender = 'bones' then coalesce((
    select m.from_gender from burial_moves m where m.burial_id = b.id order by m.moved_on, m.created_at limit 1
  ), 'bones') else g.gender end`;

/** A date the ledger gave as a year alone is kept as that year's last day: it has no month to be counted in. */
const YEAR_ONLY = sql<boolean>`b.date_precision in ('year', 'hijriYear')`;

export interface SectionForecastFacts {
  openGraves: number;
  lastBurials: Array<{ date: string; graves: number }>;
  burialsByMonth: Array<{ month: string; burials: number }>;
}

/** How far back the forecast reads burials: its five years and the months of today's. */
const FORECAST_HISTORY_MONTHS = 61;

function monthsBefore(today: string, months: number): string {
  const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - months, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * What the forecast (src/domain/statistics/forecast.ts) reads of the men's and the women's sections: the graves not
 * marked full (the kept figures), those whose newest burial still rests counted by that day (graves_section_open's
 * range of the recent burials: at most a resting period of days), and the burials of the last five years by month.
 */
export async function forecastFacts(db: Db, ctx: StatusContext): Promise<Record<'men' | 'women', SectionForecastFacts>> {
  const from = monthsBefore(ctx.today, FORECAST_HISTORY_MONTHS);
  const [tallies, resting, months] = await Promise.all([
    sectionTallies(db),
    Promise.all(
      (['men', 'women'] as const).map((gender) =>
        db
          .selectFrom('graves')
          .select(['last_burial_date', db.fn.countAll<string | number>().as('n')])
          .where('gender', '=', gender)
          .where('full', '=', 0)
          .where('last_burial_date', '>', availableSince(gender, ctx.today, ctx.restingPeriodDays)!)
          .groupBy('last_burial_date')
          .execute(),
      ),
    ),
    sql<{ section: Section; month: string; n: string | number }>`
      select ${BURIAL_SECTION} as section, substr(b.burial_date, 1, 7) as month, count(*) as n
      from burials b join graves g on g.id = b.grave_id
      where b.burial_date >= ${from} and not (${YEAR_ONLY})
      group by 1, 2`.execute(db),
  ]);
  const facts = (gender: 'men' | 'women', i: number): SectionForecastFacts => ({
    openGraves: tallies[gender].openGraves,
    lastBurials: resting[i]!.map((r) => ({ date: r.last_burial_date!, graves: Number(r.n) })),
    burialsByMonth: months.rows
      .filter((r) => r.section === gender)
      .map((r) => ({ month: r.month, burials: Number(r.n) })),
  });
  return { men: facts('men', 0), women: facts('women', 1) };
}

export interface PictureFacts {
  /** Burials of the men's and the women's sections by day; `yearOnly` for dates the ledger gave as a year alone. */
  burialDays: Array<{ section: 'men' | 'women'; date: string; yearOnly: boolean; burials: number }>;
  /** Remains moved into the ossuary, by the year of the move. */
  transfersByYear: Array<{ year: string; transfers: number }>;
  /** Photos of graves received (waiting or approved) and families' corrections received, by month. */
  photosByMonth: Array<{ month: string; count: number }>;
  correctionsByMonth: Array<{ month: string; count: number }>;
}

/**
 * The years in pictures, summed by the database: burials by day (a town's decades are some ten thousand days), so
 * that the months and years of both calendars are counted from one answer (a Hijri month is not a text prefix).
 */
export async function pictureFacts(db: Db): Promise<PictureFacts> {
  const [days, transfers, photos, corrections] = await Promise.all([
    sql<{ section: Section; date: string; year_only: boolean | number; n: string | number }>`
      select ${BURIAL_SECTION} as section, b.burial_date as date, ${YEAR_ONLY} as year_only, count(*) as n
      from burials b join graves g on g.id = b.grave_id
      group by 1, 2, 3`.execute(db),
    sql<{ year: string; n: string | number }>`
      select substr(m.moved_on, 1, 4) as year, count(*) as n
      from burial_moves m join graves g on g.id = m.to_grave_id
      where g.gender = 'bones'
      group by 1 order by 1`.execute(db),
    sql<{ month: string; n: string | number }>`
      select substr(created_at, 1, 7) as month, count(*) as n from grave_photos group by 1 order by 1`.execute(db),
    sql<{ month: string; n: string | number }>`
      select substr(created_at, 1, 7) as month, count(*) as n from corrections group by 1 order by 1`.execute(db),
  ]);
  return {
    burialDays: days.rows
      .filter((r): r is typeof r & { section: 'men' | 'women' } => r.section !== 'bones')
      .map((r) => ({ section: r.section, date: r.date, yearOnly: Boolean(r.year_only), burials: Number(r.n) })),
    transfersByYear: transfers.rows.map((r) => ({ year: r.year, transfers: Number(r.n) })),
    photosByMonth: photos.rows.map((r) => ({ month: r.month, count: Number(r.n) })),
    correctionsByMonth: corrections.rows.map((r) => ({ month: r.month, count: Number(r.n) })),
  };
}

export interface RegisterBookRow {
  section: Section;
  /** The grave the person was buried in: for remains moved since, the grave they left. */
  number: string;
  name: string;
  date: string;
  precision: string;
}

/**
 * At most this many burials in one register book (some 440 pages): a year of a town's register is a thousand or
 * two; a city's year, or a section's whole register, stops here and the book says so.
 */
export const REGISTER_BOOK_MAX_ROWS = 10_000;

/**
 * Every burial dated within [from, to] (YYYY-MM-DD, both included), of one section when named, in date order,
 * through the index on the burial date; and whether there were more than REGISTER_BOOK_MAX_ROWS (the book then
 * stops there).
 */
export async function registerBookRows(
  db: Db,
  from: string,
  to: string,
  section: Section | null,
): Promise<{ rows: RegisterBookRow[]; more: boolean }> {
  const found = await sql<{ section: Section; number: string; name: string; date: string; precision: string }>`
    select ${BURIAL_SECTION} as section,
      case when g.gender = 'bones' then coalesce((
        select m.from_number from burial_moves m where m.burial_id = b.id order by m.moved_on, m.created_at limit 1
      ), g.number) else g.number end as number,
      b.name as name, b.burial_date as date, b.date_precision as precision
    from burials b join graves g on g.id = b.grave_id
    where b.burial_date >= ${from} and b.burial_date <= ${to}
      ${section === null ? sql`` : sql`and (${BURIAL_SECTION}) = ${section}`}
    order by b.burial_date, b.created_at, b.id
    limit ${REGISTER_BOOK_MAX_ROWS + 1}`.execute(db);
  const more = found.rows.length > REGISTER_BOOK_MAX_ROWS;
  return { rows: more ? found.rows.slice(0, REGISTER_BOOK_MAX_ROWS) : found.rows, more };
}
