// Burial dates as a paper ledger writes them: the one reader of every door (the grave page's form, the keyboard
// ledger, the spreadsheet import, the API's bury, correction and batch calls, the console's date fields), so a date
// reads the same wherever it is typed.
//
// Accepted, in Arabic-Indic or Latin digits:
// - Gregorian: 15/3/2004 (day first, as Arabic ledgers do), 2004-03-15, «١٥ مارس ٢٠٠٤» (م after the year or not),
//   a full ISO timestamp (kept as its day), the month and year (3/2004, 2004-03, «مارس ٢٠٠٤»), the year alone.
// - Hijri (Umm al-Qura), ending with هـ (or هجري): «١٥ رمضان ١٤٣٥ هـ», «5/9/1425 هـ», «1425/9/5 هـ», the month and
//   year («رمضان ١٤٢٥ هـ», «9/1425 هـ»), the year alone («١٤٢٥ هـ»). Month names are found however their hamzas and
//   final letters are typed (ربيع الأول = ربيع أول = ربيع الاول, ربيع الآخر = ربيع الثاني, ذو القعدة = ذي القعدة).
//   A date with a Hijri month's name is Hijri without هـ too.
// - A year from 1300 to 1599 is read as Hijri even without هـ (e.g. «1426/10/12»): the register takes no burial
//   before 1900, so such a year can only be a Hijri one; a year from 1600 to 1899 is refused as before 1900.
//
// A partial date (a month, or a year alone) is stored as a real calendar date plus its precision, and shown as the
// ledger wrote it. The stored day is the last of that month or year (today when it is the current one): the resting
// period of spec section 4 then never ends earlier than it really did, since the burial took place on that day or
// before it. A partial burial sorts after the dated burials of its month or year, which is as much as the ledger tells.
import { daysBetween } from '../rules/graveStatus';
import { normalizeArabic, toWesternDigits } from '../search/normalize';
import { gregorianOfHijri, HIJRI_MONTHS, hijriParts } from './hijri';
// How a burial date is shown lives apart (dateText.ts): the public pages show dates without loading the checks.
export { formatBurialDate, formatLedgerDate } from './dateText';
import { checkBurialDate, LIMITS, type Checked } from '../rules/validation';
import type { DatePrecision } from './datePrecision';
import type { MessageKey } from '../messages';

export interface BurialDate {
  /** YYYY-MM-DD */
  date: string;
  precision: DatePrecision;
}

/** The reasons a burial date is refused, whichever door it came in by. */
export type BurialDateError = Extract<
  MessageKey,
  | 'burial.dateMissing'
  | 'burial.dateUnreadable'
  | 'burialDate.noSuchDay'
  | 'burialDate.dayNeeded'
  | 'burial.dateFuture'
  | 'burial.dateTooOld'
>;

// Direction marks that Arabic keyboards and spreadsheets slip around digits, tatweel and zero-width characters.
const INVISIBLE = /[\u200b-\u200f\u2060\ufeff\u061c\u202a-\u202e\u2066-\u2069\u0640]/g;
// Slash, dash, dot, the Arabic decimal separator, the fraction slash and the Arabic comma separate the parts.
const SEP = '\\s*[/\\-.\\u066b\\u2044\\u060c]\\s*';
const NAME = '([^\\d\\s/\\-.\\u066b\\u2044\\u060c]+(?:\\s+[^\\d\\s/\\-.\\u066b\\u2044\\u060c]+){0,2})';
const FORMS: ReadonlyArray<{ re: RegExp; parts: ReadonlyArray<'d' | 'm' | 'y' | 'n'> }> = [
  { re: new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})$`), parts: ['d', 'm', 'y'] },
  { re: new RegExp(`^(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})$`), parts: ['y', 'm', 'd'] },
  { re: new RegExp(`^(\\d{1,2})\\s*${NAME}\\s*(\\d{4})$`), parts: ['d', 'n', 'y'] },
  { re: new RegExp(`^${NAME}\\s*(\\d{4})$`), parts: ['n', 'y'] },
  { re: new RegExp(`^(\\d{1,2})${SEP}(\\d{4})$`), parts: ['m', 'y'] },
  { re: new RegExp(`^(\\d{4})${SEP}(\\d{1,2})$`), parts: ['y', 'm'] },
  { re: /^(\d{4})$/, parts: ['y'] },
];
const HIJRI_MARK = /\s*(?:هـ|ه|هجري(?:ة|ا)?)\.?$/;
const GREGORIAN_MARK = /(\d)\s*(?:م|ميلادي(?:ة|ا)?)\.?$/;
const YEAR_WORD = /^(?:سنة|سنه|عام)\s+/;

/** A month's name folded as typed spellings differ: hamzas, ى/ي, ة/ه, «ال», ذو/ذي, الآخر/الثاني, الأول/الأولى. */
function monthKey(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => normalizeArabic(word).replace(/^ال(?=..)/, ''))
    .join('')
    .replace(/^ذي/, 'ذو')
    .replace(/^ذوال/, 'ذو')
    .replace(/(?:ثانيه|ثاني|اخره|اخر)$/, 'اخر')
    .replace(/(?:اولي|اوله|اول)$/, 'اول');
}

const GREGORIAN_NAMES: readonly string[] = (() => {
  const format = new Intl.DateTimeFormat('ar-EG', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2024, m, 15)));
})();
// Other spellings a ledger uses: the Egyptian يونيه/يوليه and the Levantine months.
const GREGORIAN_ALIASES: ReadonlyArray<readonly [string, number]> = [
  ['يونيه', 6],
  ['يوليه', 7],
  ['كانون الثاني', 1],
  ['شباط', 2],
  ['آذار', 3],
  ['نيسان', 4],
  ['أيار', 5],
  ['حزيران', 6],
  ['تموز', 7],
  ['آب', 8],
  ['أيلول', 9],
  ['تشرين الأول', 10],
  ['تشرين الثاني', 11],
  ['كانون الأول', 12],
];
const MONTHS = new Map<string, { hijri: boolean; month: number }>([
  ...GREGORIAN_NAMES.map((name, i) => [monthKey(name), { hijri: false, month: i + 1 }] as const),
  ...GREGORIAN_ALIASES.map(([name, month]) => [monthKey(name), { hijri: false, month }] as const),
  ...HIJRI_MONTHS.map((name, i) => [monthKey(name), { hijri: true, month: i + 1 }] as const),
]);

/** What a text says before today is consulted: its calendar, and a day, a month or a year of it. */
export interface WrittenDate {
  hijri: boolean;
  year: number;
  month?: number;
  day?: number;
}

/** The written date of a text, or why it is not one. Judges nothing but the writing. */
export function readWrittenDate(value: unknown): Checked<WrittenDate, BurialDateError> {
  if (typeof value === 'number' && Number.isInteger(value)) value = String(value);
  if (typeof value !== 'string') return { ok: false, error: 'burial.dateUnreadable' };
  let text = toWesternDigits(value.replace(INVISIBLE, '')).replace(/\s+/g, ' ').trim();
  if (text === '') return { ok: false, error: 'burial.dateMissing' };
  let hijri: boolean | null = null;
  if (HIJRI_MARK.test(text)) {
    hijri = true;
    text = text.replace(HIJRI_MARK, '');
  } else if (GREGORIAN_MARK.test(text)) {
    hijri = false;
    text = text.replace(GREGORIAN_MARK, '$1');
  }
  text = text.replace(YEAR_WORD, '').trim();
  for (const form of FORMS) {
    const m = form.re.exec(text);
    if (!m) continue;
    const written: WrittenDate = { hijri: hijri ?? false, year: 0 };
    for (const [i, part] of form.parts.entries()) {
      const piece = m[i + 1]!;
      if (part === 'n') {
        const named = MONTHS.get(monthKey(piece));
        if (!named || (hijri !== null && named.hijri !== hijri)) return { ok: false, error: 'burial.dateUnreadable' };
        hijri = named.hijri;
        written.month = named.month;
      } else if (part === 'd') written.day = Number(piece);
      else if (part === 'm') written.month = Number(piece);
      else written.year = Number(piece);
    }
    // A year that can only be Hijri (see the top); a month's name has already said which calendar it is.
    written.hijri = hijri ?? (written.year >= 1300 && written.year < 1600);
    if (written.month !== undefined && (written.month < 1 || written.month > 12)) {
      return { ok: false, error: 'burialDate.noSuchDay' };
    }
    return { ok: true, value: written };
  }
  // An ISO timestamp, as an API client may send: the strict rule keeps its day.
  if (hijri === null) {
    const iso = checkBurialDate(text, '9999-12-31');
    if (iso.ok) {
      const [y, mo, d] = iso.value.split('-').map(Number) as [number, number, number];
      return { ok: true, value: { hijri: false, year: y, month: mo, day: d } };
    }
  }
  return { ok: false, error: 'burial.dateUnreadable' };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** The first and last Gregorian day a written date covers, or null when that day does not exist. */
function spanOf(w: WrittenDate): { first: string; last: string } | null {
  if (!w.hijri) {
    const { year, month, day } = w;
    if (month === undefined) return { first: `${pad(year, 4)}-01-01`, last: `${pad(year, 4)}-12-31` };
    const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (day === undefined)
      return { first: `${pad(year, 4)}-${pad(month)}-01`, last: `${pad(year, 4)}-${pad(month)}-${length}` };
    if (day < 1 || day > length) return null;
    const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
    return { first: date, last: date };
  }
  const { year, month, day } = w;
  if (day !== undefined) {
    const date = gregorianOfHijri(year, month!, day);
    return date ? { first: date, last: date } : null;
  }
  const first = gregorianOfHijri(year, month ?? 1, 1);
  const next =
    month === undefined || month === 12 ? gregorianOfHijri(year + 1, 1, 1) : gregorianOfHijri(year, month + 1, 1);
  return first && next ? { first, last: dayBefore(next) } : null;
}

function precisionOf(w: WrittenDate): DatePrecision {
  if (w.day !== undefined) return 'day';
  if (w.month !== undefined) return w.hijri ? 'hijriMonth' : 'month';
  return w.hijri ? 'hijriYear' : 'year';
}

/**
 * Reads a burial date typed or imported from a ledger (every form above). Refuses what is not a real date, a date
 * after today or before 1900, with the Arabic reason's key. `dayOnly` for a date that must be a whole day (a move of
 * remains).
 */
export function parseBurialDate(
  value: unknown,
  today: string,
  options: { dayOnly?: boolean } = {},
): Checked<BurialDate, BurialDateError> {
  const read = readWrittenDate(value);
  if (!read.ok) return read;
  const written = read.value;
  // Umm al-Qura is known from 1300 to 1600 AH (1882 to 2174): before is before 1900, after is after today.
  if (written.hijri && written.year < 1300) return { ok: false, error: 'burial.dateTooOld' };
  if (written.hijri && written.year >= 1600) return { ok: false, error: 'burial.dateFuture' };
  const span = spanOf(written);
  if (!span) return { ok: false, error: 'burialDate.noSuchDay' };
  const precision = precisionOf(written);
  if (options.dayOnly && precision !== 'day') return { ok: false, error: 'burialDate.dayNeeded' };
  if (span.first > today) return { ok: false, error: 'burial.dateFuture' };
  if (span.last < LIMITS.earliestBurialDate) return { ok: false, error: 'burial.dateTooOld' };
  if (precision !== 'day') return { ok: true, value: { date: span.last > today ? today : span.last, precision } };
  // The strict rule of the API (a real calendar day, not after today, not before 1900) has the last word.
  const checked = checkBurialDate(span.first, today);
  if (!checked.ok) {
    const error = checked.error === 'burial.dateFuture' || checked.error === 'burial.dateTooOld' ? checked.error : null;
    return { ok: false, error: error ?? 'burial.dateUnreadable' };
  }
  return { ok: true, value: { date: checked.value, precision } };
}

/** A date that must be a whole day (the move of remains), in any form above: its YYYY-MM-DD. */
export function parseDayDate(value: unknown, today: string): Checked<string, BurialDateError> {
  const parsed = parseBurialDate(value, today, { dayOnly: true });
  return parsed.ok ? { ok: true, value: parsed.value.date } : parsed;
}

/**
 * A burial date as written back into a spreadsheet or sent by the console: 2004-03-15, 2004-03 for a month, 2004 for
 * a year alone, «9/1425 هـ» and «1425 هـ» for a Hijri month or year (each read back the same).
 */
export function burialDateText(date: string, precision: DatePrecision = 'day'): string {
  switch (precision) {
    case 'year':
      return date.slice(0, 4);
    case 'month':
      return date.slice(0, 7);
    case 'hijriMonth': {
      const { year, month } = hijriParts(date);
      return `${month}/${year} هـ`;
    }
    case 'hijriYear':
      return `${hijriParts(date).year} هـ`;
    default:
      return date;
  }
}

/** Whole days between two burials when both days are known; null when either is a month or a year alone. */
export function knownDaysBetween(a: BurialDate, b: BurialDate): number | null {
  return a.precision === 'day' && b.precision === 'day' ? daysBetween(a.date, b.date) : null;
}

/** A date cell as the import reads it, for the preview: the date it gives, or why it gives none. */
export type DateAsRead =
  | { ok: true; date: string; precision: DatePrecision; swapped: BurialDate | null }
  | { ok: false; error: BurialDateError }
  | null;

const NUMERIC_DAY_FIRST = new RegExp(`^(\\d{1,2})${SEP}(\\d{1,2})${SEP}(\\d{4})\\s*(.*)$`);

/**
 * How the import reads a date cell (null for an empty one), and, when its day and month are both numbers of 12 or
 * less and differ («8/2/2021»), the date it would be read the other way (month first), so the clerk can catch a
 * ledger written month-first before confirming. The register reads day first, as Arabic ledgers are written.
 */
export function dateAsRead(value: unknown, today: string): DateAsRead {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const read = parseBurialDate(value, today);
  if (!read.ok) return read;
  let swapped: BurialDate | null = null;
  const text = typeof value === 'string' ? toWesternDigits(value.replace(INVISIBLE, '')).trim() : '';
  const m = NUMERIC_DAY_FIRST.exec(text);
  if (m && Number(m[1]) <= 12 && Number(m[2]) <= 12 && m[1] !== m[2] && Number(m[1]) !== Number(m[2])) {
    const other = parseBurialDate(`${m[2]}/${m[1]}/${m[3]}${m[4] ? ` ${m[4]}` : ''}`, today);
    if (other.ok) swapped = other.value;
  }
  return { ok: true, date: read.value.date, precision: read.value.precision, swapped };
}
