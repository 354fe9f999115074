// How a burial date reads (the public pages and the console): kept apart from burialDate.ts, whose checks load the
// whole messages module, so that a visitor's download carries only this.
import type { DatePrecision } from './datePrecision';
import { formatDate, toArabicDigits } from '../text/format';
import { formatHijri } from './hijri';

const msOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * A partial date as the ledger wrote it: the year (٢٠٠٤), the month and year (مارس ٢٠٠٤), the Hijri month and year
 * (رمضان ١٤٢٥ هـ) or the Hijri year (١٤٢٥ هـ); null for a whole day. Partial dates are few, so the formatter is made
 * when one is shown (and the visitor's first download stays small).
 */
function partialText(date: string, precision: DatePrecision): string | null {
  if (precision === 'year' || /^\d{4}$/.test(date)) return toArabicDigits(date.slice(0, 4));
  const ms = msOf(date);
  if (precision === 'day' || Number.isNaN(ms)) return null;
  return new Intl.DateTimeFormat(precision === 'month' ? 'ar-EG' : 'ar-EG-u-ca-islamic-umalqura', {
    month: precision === 'hijriYear' ? undefined : 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(ms);
}

/** A burial date in a sentence: the long ar-EG form (١٥ مارس ٢٠٠٤), or a partial date as the ledger wrote it. */
export function formatLedgerDate(date: string, precision: DatePrecision = 'day'): string {
  return partialText(date, precision) ?? formatDate(date);
}

/** Which calendar a burial date names first (the DATE_CALENDAR_FIRST setting). */
export const CALENDARS_FIRST = ['gregorian', 'hijri'] as const;
export type CalendarFirst = (typeof CALENDARS_FIRST)[number];

// One value per process or page: the server's renderer sets it from the configuration before drawing a page, the
// browser from the attribute the server put on <html> (data-calendar-first) before hydrating, so both draw the
// same text. A module value rather than a React context: formatBurialDate is called from plain functions too.
let calendarFirst: CalendarFirst = 'gregorian';

/** Anything but 'hijri' (an absent attribute, a page served without the server) is the default, Gregorian first. */
export function setCalendarFirst(value: string | null | undefined): void {
  calendarFirst = value === 'hijri' ? 'hijri' : 'gregorian';
}

export function getCalendarFirst(): CalendarFirst {
  return calendarFirst;
}

/**
 * A burial date as the register shows it: the Gregorian long date, then the Hijri one, the way Egyptian
 * papers write both: «١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ»; Hijri first when so set: «٥ رمضان ١٤٤٥ هـ الموافق
 * ١٥ مارس ٢٠٢٤م». (Not a middle dot between them: beside Arabic-Indic digits «·» reads as the digit zero.) A partial
 * date is shown as the ledger wrote it (formatLedgerDate); anything that is not a whole date as formatDate shows it.
 */
export function formatBurialDate(date: string, precision: DatePrecision = 'day'): string {
  const partial = partialText(date, precision);
  if (partial !== null) return partial;
  if (!/^\d{4}-\d{2}-\d{2}/.test(date) || Number.isNaN(Date.parse(date.slice(0, 10)))) return formatDate(date);
  const gregorian = `${formatDate(date)}م`;
  const hijri = formatHijri(date);
  return calendarFirst === 'hijri' ? `${hijri} الموافق ${gregorian}` : `${gregorian} الموافق ${hijri}`;
}
