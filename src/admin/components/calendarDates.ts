// The dates behind the console's Arabic date field (ArabicDateInput.tsx): reading what a clerk types, writing a day
// back in Arabic-Indic digits, and the month grids of its calendar, Gregorian or Umm al-Qura Hijri. Every calendar
// fact comes from Intl (through src/domain/dates/hijri.ts for the Hijri one): nothing here is a conversion table.
import { toArabicDigits } from '../../domain/text/format';
import { gregorianOfHijri, HIJRI_MONTHS, hijriParts } from '../../domain/dates/hijri';
import { burialDateText, parseBurialDate, readWrittenDate, type BurialDateError } from '../../domain/dates/burialDate';
import type { DatePrecision } from '../../domain/dates/datePrecision';
import { formatBurialDate } from '../../domain/dates/dateText';
import { t } from '../../domain/messages';

export type CalendarKind = 'gregorian' | 'hijri';

/** A month of one calendar; `month` from 1 to 12. */
export interface MonthRef {
  calendar: CalendarKind;
  year: number;
  month: number;
}

/** The earliest day the register takes (the API refuses burials before 1900) and the calendar offers. */
export const EARLIEST_DATE = '1900-01-01';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value) && isoOf(msOf(value)) === value;

export function addDays(date: string, days: number): string {
  return isoOf(msOf(date) + days * DAY_MS);
}

/** The Gregorian month names as ar-EG writes them (يناير … ديسمبر), from Intl. */
export const GREGORIAN_MONTHS: readonly string[] = (() => {
  const format = new Intl.DateTimeFormat('ar-EG', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2024, m, 15)));
})();

export type DateReading =
  { ok: true; date: string; hijri: boolean; precision: DatePrecision } | { ok: false; error: BurialDateError };

function gregorianDay(year: number, month: number, day: number): string | null {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

// The field judges whether a text is a date, not whether it is too late: the server has the last word on today.
const NO_LATER_THAN = '9999-12-31';

/**
 * A date as a clerk types it, read by the register's one burial-date reader (src/domain/dates/burialDate.ts), so
 * what the console takes the server takes: 15/3/2024 (day first, as Egyptian papers write it), 2024-03-15,
 * «١٥ مارس ٢٠٢٤», a Hijri date ending with هـ («٥ رمضان ١٤٤٥ هـ», ٥/٩/١٤٤٥ هـ), in either digits; with `partial`
 * (a burial's date) a month and year or a year alone too. Answers its Gregorian day (for a partial date the last
 * day of it), or the key of the reason it cannot be read.
 */
export function readDateText(typed: string, options: { partial?: boolean } = {}): DateReading {
  const read = readWrittenDate(typed);
  if (!read.ok) return read;
  const parsed = parseBurialDate(typed, NO_LATER_THAN, { dayOnly: !options.partial });
  if (!parsed.ok) return parsed;
  return { ok: true, date: parsed.value.date, hijri: read.value.hijri, precision: parsed.value.precision };
}

/**
 * What the form sends for a reading: the Gregorian day of a whole date, or the partial date as the register writes
 * it (2004, 2004-03, «9/1425 هـ»), which the server reads with the same reader.
 */
export function formValueOf(reading: Extract<DateReading, { ok: true }>): string {
  return reading.precision === 'day' ? reading.date : burialDateText(reading.date, reading.precision);
}

/** A date's text with the no-break space before «هـ», so that the mark never wraps alone onto a line of its own. */
export const keepHijriMark = (text: string): string => text.replace(/\s+(هـ)/g, '\u00a0$1');

/** A burial date as the console shows it: the register's text (formatBurialDate) with «هـ» kept on its year's line. */
export const consoleBurialDate = (date: string, precision?: DatePrecision): string =>
  keepHijriMark(formatBurialDate(date, precision));

/** A Gregorian YYYY-MM-DD as the field shows it: day first in Arabic-Indic digits, ١٥/٣/٢٠٢٤. */
export function dateFieldText(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return toArabicDigits(`${day}/${month}/${year}`);
}

export function monthOf(date: string, calendar: CalendarKind): MonthRef {
  if (calendar === 'hijri') {
    const { year, month } = hijriParts(date);
    return { calendar, year, month };
  }
  return { calendar, year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function shiftMonth(ref: MonthRef, months: number): MonthRef {
  const index = ref.year * 12 + (ref.month - 1) + months;
  return { calendar: ref.calendar, year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The Gregorian days of a month, in order; empty for a Hijri month outside the years Intl's search covers. */
export function daysOfMonth(ref: MonthRef): string[] {
  if (ref.calendar === 'gregorian') {
    const first = gregorianDay(ref.year, ref.month, 1);
    if (!first) return [];
    const length = new Date(Date.UTC(ref.year, ref.month, 0)).getUTCDate();
    return Array.from({ length }, (_, i) => addDays(first, i));
  }
  const first = gregorianOfHijri(ref.year, ref.month, 1);
  if (!first) return [];
  // An Umm al-Qura month has 29 or 30 days: the 30th exists when the day after the 29th is still in the month.
  const length = hijriParts(addDays(first, 29)).month === ref.month ? 30 : 29;
  return Array.from({ length }, (_, i) => addDays(first, i));
}

/** The day of the month of a Gregorian day, in the given calendar. */
export function dayInMonth(date: string, calendar: CalendarKind): number {
  return calendar === 'hijri' ? hijriParts(date).day : Number(date.slice(8, 10));
}

/** The same day of the month in another month, or its last day when that month is shorter. */
export function sameDayIn(ref: MonthRef, day: number): string | null {
  const days = daysOfMonth(ref);
  return days[Math.min(day, days.length) - 1] ?? null;
}

export function monthNames(calendar: CalendarKind): readonly string[] {
  return calendar === 'hijri' ? HIJRI_MONTHS : GREGORIAN_MONTHS;
}

/** A month's name and year as a heading reads it: «مارس ٢٠٢٤م», «رمضان ١٤٤٥ هـ». */
export function monthTitle(ref: MonthRef): string {
  return t(ref.calendar === 'hijri' ? 'dateInput.hijriMonth' : 'dateInput.gregorianMonth', {
    month: monthNames(ref.calendar)[ref.month - 1]!,
    year: toArabicDigits(String(ref.year)),
  });
}

/**
 * The months of the other calendar a month spans, so a clerk holding a date of either calendar finds the page:
 * under «مارس ٢٠٢٤م», «شعبان – رمضان ١٤٤٥ هـ»; under «رمضان ١٤٤٥ هـ», «مارس – أبريل ٢٠٢٤م».
 */
export function otherCalendarSpan(ref: MonthRef): string {
  const days = daysOfMonth(ref);
  if (days.length === 0) return '';
  const other: CalendarKind = ref.calendar === 'hijri' ? 'gregorian' : 'hijri';
  const first = monthOf(days[0]!, other);
  const last = monthOf(days[days.length - 1]!, other);
  if (first.month === last.month && first.year === last.year) return monthTitle(first);
  const from = first.year === last.year ? monthNames(other)[first.month - 1]! : monthTitle(first);
  return t('dateInput.span', { from, to: monthTitle(last) });
}

/** The first day of the week where the register is kept (Saturday in Egypt), from Intl; 0 = Sunday … 6 = Saturday. */
export const FIRST_WEEKDAY: number = (() => {
  const locale = new Intl.Locale('ar-EG') as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay ?? 6;
  return firstDay % 7;
})();

/** Seven weekday names, the week's first day first: narrow (س) for the grid's heading, long (السبت) to be read out. */
export const WEEKDAYS: ReadonlyArray<{ narrow: string; long: string }> = (() => {
  const narrow = new Intl.DateTimeFormat('ar-EG', { weekday: 'narrow', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat('ar-EG', { weekday: 'long', timeZone: 'UTC' });
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const ms = Date.UTC(1970, 0, 4 + ((FIRST_WEEKDAY + i) % 7));
    return { narrow: narrow.format(ms), long: long.format(ms) };
  });
})();

/** The column of a day in a week that starts on FIRST_WEEKDAY. */
export function weekColumn(date: string): number {
  return (new Date(msOf(date)).getUTCDay() - FIRST_WEEKDAY + 7) % 7;
}

/** The years a calendar offers, newest first: from the year of EARLIEST_DATE to the year of `latest`. */
export function yearsOffered(calendar: CalendarKind, latest: string): number[] {
  const from = monthOf(EARLIEST_DATE, calendar).year;
  const to = monthOf(latest, calendar).year;
  return Array.from({ length: to - from + 1 }, (_, i) => to - i);
}
