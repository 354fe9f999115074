// The yearly register book: which days a Gregorian or Hijri year covers, how each burial reads as a line (number,
// section, grave, name, both dates), the totals, and how the lines fall on pages. The server prints it as a PDF
// (server/print/registerBookPdf.ts) and the console draws the same lines to print from the browser.
import { formatLedgerDate } from '../dates/dateText';
import type { DatePrecision } from '../dates/datePrecision';
import { formatHijri, gregorianOfHijri } from '../dates/hijri';
import { t } from '../messages';
import { formatDate, formatGraveNumber, formatNumber, toArabicDigits } from '../text/format';

export const BOOK_CALENDARS = ['gregorian', 'hijri'] as const;
export type BookCalendar = (typeof BOOK_CALENDARS)[number];
export type BookSection = 'men' | 'women' | 'bones';

/** The years a book may be asked for: the register takes nothing before 1900 (1317 AH). */
export const BOOK_YEARS = { gregorian: { min: 1900, max: 2200 }, hijri: { min: 1318, max: 1600 } } as const;

/** The first and last day (YYYY-MM-DD) of a year of either calendar, or null when the year is out of bounds. */
export function bookYearRange(year: number, calendar: BookCalendar): { from: string; to: string } | null {
  const bounds = BOOK_YEARS[calendar];
  if (!Number.isInteger(year) || year < bounds.min || year > bounds.max) return null;
  if (calendar === 'gregorian') return { from: `${year}-01-01`, to: `${year}-12-31` };
  const from = gregorianOfHijri(year, 1, 1);
  const next = gregorianOfHijri(year + 1, 1, 1);
  if (from === null || next === null) return null;
  const to = new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export interface BookRow {
  section: BookSection;
  number: string;
  name: string;
  date: string;
  precision: string;
}

export interface BookLine {
  /** The line's place in the book, from 1, in Arabic-Indic digits. */
  n: string;
  section: string;
  grave: string;
  name: string;
  gregorian: string;
  hijri: string;
}

const SECTION_WORD: Record<BookSection, 'gender.men' | 'gender.women' | 'gender.bones'> = {
  men: 'gender.men',
  women: 'gender.women',
  bones: 'gender.bones',
};

/** Both dates of a burial: a whole day in each calendar; a partial date as the ledger wrote it, in its calendar. */
export function bookDates(date: string, precision: string): { gregorian: string; hijri: string } {
  const p = precision as DatePrecision;
  if (p === 'hijriMonth' || p === 'hijriYear') return { gregorian: '—', hijri: formatLedgerDate(date, p) };
  if (p === 'month' || p === 'year') return { gregorian: formatLedgerDate(date, p), hijri: '—' };
  return { gregorian: `${formatDate(date)}م`, hijri: formatHijri(date) };
}

export function bookLine(row: BookRow, index: number): BookLine {
  return {
    n: formatNumber(index + 1),
    section: t(SECTION_WORD[row.section]),
    grave: formatGraveNumber(row.number),
    name: row.name,
    ...bookDates(row.date, row.precision),
  };
}

/** The book's totals: every burial, and each section's. */
export function bookTotals(rows: readonly BookRow[]): {
  all: number;
  sections: Array<{ section: string; count: number }>;
} {
  const counts = new Map<BookSection, number>();
  for (const row of rows) counts.set(row.section, (counts.get(row.section) ?? 0) + 1);
  const order: BookSection[] = ['men', 'women', 'bones'];
  return {
    all: rows.length,
    sections: order.filter((s) => counts.has(s)).map((s) => ({ section: t(SECTION_WORD[s]), count: counts.get(s)! })),
  };
}

/** The book's title: «سجل الدفن لعام ٢٠٢٤م» or «… لعام ١٤٤٥ هـ», with the section when one is asked. */
export function bookTitle(year: number | null, calendar: BookCalendar, section: BookSection | null): string {
  const yearText =
    year === null
      ? null
      : calendar === 'hijri'
        ? t('registerBook.hijriYear', { year: toArabicDigits(String(year)) })
        : t('registerBook.gregorianYear', { year: toArabicDigits(String(year)) });
  const title = yearText ? t('registerBook.titleYear', { year: yearText }) : t('registerBook.titleAll');
  return section ? t('registerBook.ofSection', { title, section: t(SECTION_WORD[section]) }) : title;
}

/** «صفحة ٣ من ١٢». */
export function pageLabel(page: number, pages: number): string {
  return t('registerBook.page', { page: formatNumber(page), pages: formatNumber(pages) });
}

/** How many pages `lines` take at `perPage` lines a page, the totals taking `totalsLines` more at the end. */
export function bookPages(lines: number, perPage: number, totalsLines: number): number {
  return Math.max(1, Math.ceil((lines + totalsLines) / perPage));
}
