// Burial dates as a paper ledger writes them: 15/3/2004 (day first, as Arabic ledgers do), ١٥/٣/٢٠٠٤, 2004-03-15,
// or the year alone when the day was never written down. Shared by the server (batch entry and import) and the
// console's keyboard-entry page, so a date reads the same wherever it is typed.
//
// A year alone is a partial date: stored as a real calendar date plus precision 'year', and shown as the year only.
// The stored day is the last of that year (today when it is the current year): the resting period of spec section 4
// then never ends earlier than it really did, since the burial took place on that day or before it. A year-only
// burial sorts after the dated burials of its year, which is as much as the ledger tells.
import { daysBetween } from '../rules/graveStatus';
import { toWesternDigits } from '../search/normalize';
// How a burial date is shown lives apart (dateText.ts): the public pages show dates without loading the checks.
export { formatBurialDate, formatLedgerDate } from './dateText';
import { checkBurialDate, LIMITS, type Checked } from '../rules/validation';
import type { DatePrecision } from './datePrecision';

export interface BurialDate {
  /** YYYY-MM-DD */
  date: string;
  precision: DatePrecision;
}

// Direction marks that Arabic keyboards and spreadsheets slip around digits.
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
// Slash, dash, dot, the Arabic decimal separator and the fraction slash all separate day, month and year.
const SEPARATOR = '[/\\-.\\u066b\\u2044]';
const DAY_FIRST = new RegExp(`^(\\d{1,2})${SEPARATOR}(\\d{1,2})${SEPARATOR}(\\d{4})$`);
const YEAR_FIRST = new RegExp(`^(\\d{4})${SEPARATOR}(\\d{1,2})${SEPARATOR}(\\d{1,2})$`);
const pad = (n: string) => n.padStart(2, '0');

/**
 * Reads a burial date typed or imported from a ledger. Refuses what is not a real date, a date after today or before
 * 1900, with the Arabic reason's key.
 */
export function parseBurialDate(value: unknown, today: string): Checked<BurialDate> {
  if (typeof value === 'number' && Number.isInteger(value)) value = String(value);
  if (typeof value !== 'string') return { ok: false, error: 'burial.dateUnreadable' };
  const text = toWesternDigits(value.replace(DIRECTION_MARKS, '').trim());
  if (text === '') return { ok: false, error: 'burial.dateMissing' };
  if (/^\d{4}$/.test(text)) {
    const year = Number(text);
    const thisYear = Number(today.slice(0, 4));
    if (year > thisYear) return { ok: false, error: 'burial.dateFuture' };
    if (`${text}-12-31` < LIMITS.earliestBurialDate) return { ok: false, error: 'burial.dateTooOld' };
    return { ok: true, value: { date: year === thisYear ? today : `${text}-12-31`, precision: 'year' } };
  }
  const dayFirst = DAY_FIRST.exec(text);
  const yearFirst = YEAR_FIRST.exec(text);
  const iso = dayFirst
    ? `${dayFirst[3]}-${pad(dayFirst[2]!)}-${pad(dayFirst[1]!)}`
    : yearFirst
      ? `${yearFirst[1]}-${pad(yearFirst[2]!)}-${pad(yearFirst[3]!)}`
      : text;
  // The strict rule of the API (a real calendar day, not after today, not before 1900) decides the rest.
  const checked = checkBurialDate(iso, today);
  if (!checked.ok)
    return { ok: false, error: checked.error === 'burial.dateInvalid' ? 'burial.dateUnreadable' : checked.error };
  return { ok: true, value: { date: checked.value, precision: 'day' } };
}

/** A burial date as written back into a spreadsheet: 2004-03-15, or 2004 for a partial date (read back the same). */
export function burialDateText(date: string, precision: DatePrecision = 'day'): string {
  return precision === 'year' ? date.slice(0, 4) : date;
}

/** Whole days between two burials when both days are known; null when either is a year alone. */
export function knownDaysBetween(a: BurialDate, b: BurialDate): number | null {
  return a.precision === 'day' && b.precision === 'day' ? daysBetween(a.date, b.date) : null;
}
