// How a burial date reads (the public pages and the console): kept apart from burialDate.ts, whose checks load the
// whole messages module, so that a visitor's download carries only this.
import type { DatePrecision } from './datePrecision';
import { formatDate, toArabicDigits } from '../text/format';
import { formatHijri } from './hijri';

/** A burial date in a sentence: the long ar-EG form (١٥ مارس ٢٠٠٤), or the year alone (٢٠٠٤) for a partial date. */
export function formatLedgerDate(date: string, precision: DatePrecision = 'day'): string {
  return precision === 'year' ? toArabicDigits(date.slice(0, 4)) : formatDate(date);
}

/** Which calendar a burial date names first (the DATE_CALENDAR_FIRST setting, issue 13). */
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
 * A burial date as the register shows it (issue 13): the Gregorian long date, then the Hijri one, the way Egyptian
 * papers write both: «١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ»; Hijri first when so set: «٥ رمضان ١٤٤٥ هـ الموافق
 * ١٥ مارس ٢٠٢٤م». (Not a middle dot between them: beside Arabic-Indic digits «·» reads as the digit zero.) A year
 * alone is shown as the year; anything that is not a whole date as formatDate shows it.
 */
export function formatBurialDate(date: string, precision: DatePrecision = 'day'): string {
  if (precision === 'year' || /^\d{4}$/.test(date)) return toArabicDigits(date.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}/.test(date) || Number.isNaN(Date.parse(date.slice(0, 10)))) return formatDate(date);
  const gregorian = `${formatDate(date)}م`;
  const hijri = formatHijri(date);
  return calendarFirst === 'hijri' ? `${hijri} الموافق ${gregorian}` : `${gregorian} الموافق ${hijri}`;
}
