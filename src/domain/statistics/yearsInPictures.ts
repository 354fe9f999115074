// The years in pictures: the register's burials counted by month and by year in both calendars, per section, from
// the database's counts by day (server/data/statistics.ts), the ossuary's transfers by year, and the photos and
// corrections the families sent by month. Months with nothing are counted as 0, so a chart's bars stand at their
// places. A date the ledger gave as a year alone counts in its years, never in a month.
import { hijriParts } from '../dates/hijri';

/** How many months the monthly series show, ending with today's month (Gregorian) or today's Hijri month. */
export const PICTURE_MONTHS = 36;
/** How many months the photos' and corrections' series show. */
export const RECEIVED_MONTHS = 24;

export interface SectionCounts {
  /** YYYY-MM or YYYY (Gregorian), or the Hijri year and month the same way (1446-09, 1446). */
  period: string;
  men: number;
  women: number;
}

export interface CalendarSeries {
  months: SectionCounts[];
  years: SectionCounts[];
}

export interface YearsInPictures {
  gregorian: CalendarSeries;
  hijri: CalendarSeries;
  transfers: Array<{ year: string; transfers: number }>;
  received: Array<{ month: string; photos: number; corrections: number }>;
}

export interface PictureInput {
  today: string;
  burialDays: ReadonlyArray<{ section: 'men' | 'women'; date: string; yearOnly: boolean; burials: number }>;
  transfersByYear: ReadonlyArray<{ year: string; transfers: number }>;
  photosByMonth: ReadonlyArray<{ month: string; count: number }>;
  correctionsByMonth: ReadonlyArray<{ month: string; count: number }>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const key = (year: number, month: number) => `${pad(year, 4)}-${pad(month)}`;

/** The `count` months ending with (year, month), oldest first, as keys. */
function lastMonths(year: number, month: number, count: number): string[] {
  const keys: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    keys.push(key(Math.floor(index / 12), (index % 12) + 1));
  }
  return keys;
}

function series(periods: readonly string[], counts: ReadonlyMap<string, { men: number; women: number }>) {
  return periods.map((period) => ({
    period,
    men: counts.get(period)?.men ?? 0,
    women: counts.get(period)?.women ?? 0,
  }));
}

function add(counts: Map<string, { men: number; women: number }>, period: string, section: 'men' | 'women', n: number) {
  const entry = counts.get(period) ?? { men: 0, women: 0 };
  entry[section] += n;
  counts.set(period, entry);
}

/** Every year from the first with a burial to today's (at most the last 200), as keys. */
function yearsUpTo(first: number, last: number): string[] {
  const from = Math.max(first, last - 199);
  return Array.from({ length: Math.max(0, last - from + 1) }, (_, i) => pad(from + i, 4));
}

export function yearsInPictures(input: PictureInput): YearsInPictures {
  const gMonths = new Map<string, { men: number; women: number }>();
  const gYears = new Map<string, { men: number; women: number }>();
  const hMonths = new Map<string, { men: number; women: number }>();
  const hYears = new Map<string, { men: number; women: number }>();
  let firstG = Infinity;
  let firstH = Infinity;
  for (const { section, date, yearOnly, burials } of input.burialDays) {
    const h = hijriParts(date);
    const gYear = Number(date.slice(0, 4));
    firstG = Math.min(firstG, gYear);
    firstH = Math.min(firstH, h.year);
    add(gYears, date.slice(0, 4), section, burials);
    add(hYears, pad(h.year, 4), section, burials);
    if (yearOnly) continue;
    add(gMonths, date.slice(0, 7), section, burials);
    add(hMonths, key(h.year, h.month), section, burials);
  }
  const today = hijriParts(input.today);
  const gYear = Number(input.today.slice(0, 4));
  const gMonth = Number(input.today.slice(5, 7));

  const receivedMonths = lastMonths(gYear, gMonth, RECEIVED_MONTHS);
  const photos = new Map(input.photosByMonth.map((r) => [r.month, r.count]));
  const corrections = new Map(input.correctionsByMonth.map((r) => [r.month, r.count]));
  const transfers = new Map(input.transfersByYear.map((r) => [r.year, r.transfers]));
  const firstTransfer = Math.min(gYear, ...input.transfersByYear.map((r) => Number(r.year)));

  return {
    gregorian: {
      months: series(lastMonths(gYear, gMonth, PICTURE_MONTHS), gMonths),
      years: series(yearsUpTo(firstG === Infinity ? gYear : firstG, gYear), gYears),
    },
    hijri: {
      months: series(lastMonths(today.year, today.month, PICTURE_MONTHS), hMonths),
      years: series(yearsUpTo(firstH === Infinity ? today.year : firstH, today.year), hYears),
    },
    transfers: yearsUpTo(firstTransfer, gYear).map((year) => ({ year, transfers: transfers.get(year) ?? 0 })),
    received: receivedMonths.map((month) => ({
      month,
      photos: photos.get(month) ?? 0,
      corrections: corrections.get(month) ?? 0,
    })),
  };
}
