// Hijri dates (Umm al-Qura) beside the Gregorian ones, from the platform's own Intl calendar: the browser
// and Node carry the Umm al-Qura tables, so nothing here converts by hand. A Hijri date typed by a clerk is turned
// into the Gregorian day by searching the days whose Hijri form is that date (Hijri dates only move forward).
import { normalizeArabic, toWesternDigits } from '../search/normalize';

const hijriLong = new Intl.DateTimeFormat('ar-EG-u-ca-islamic-umalqura', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const hijriNumeric = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The Hijri month names as the long format writes them (رمضان, شوال…), from the platform, in month order. */
export const HIJRI_MONTHS: readonly string[] = (() => {
  const names: string[] = [];
  const monthOnly = new Intl.DateTimeFormat('ar-EG-u-ca-islamic-umalqura', { month: 'long', timeZone: 'UTC' });
  // 1 Muharram 1445 fell on 19 July 2023: each step of 30 days from the middle of that month lands in the next.
  for (let m = 0; m < 12; m++) names.push(monthOnly.format(Date.UTC(2023, 6, 19 + 15 + m * 29.53)));
  return names;
})();

const FOLDED_MONTHS = HIJRI_MONTHS.map((name) => normalizeArabic(name));

const DAY_MS = 86_400_000;
const msOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/** The Hijri day of a Gregorian YYYY-MM-DD, as numbers. */
export function hijriParts(date: string): { year: number; month: number; day: number } {
  const parts = hijriNumeric.formatToParts(msOf(date));
  const read = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: read('year'), month: read('month'), day: read('day') };
}

/** A Gregorian YYYY-MM-DD as its Hijri date in Arabic: ٥ رمضان ١٤٤٥ هـ. */
export function formatHijri(date: string): string {
  return hijriLong.format(msOf(date));
}

const compare = (a: { year: number; month: number; day: number }, b: { year: number; month: number; day: number }) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * The Gregorian YYYY-MM-DD of a Hijri date, or null when that day does not exist (the 30th of a 29-day month) or
 * lies outside 1300–1600 AH.
 */
export function gregorianOfHijri(year: number, month: number, day: number): string | null {
  if (year < 1300 || year > 1600 || month < 1 || month > 12 || day < 1 || day > 30) return null;
  const wanted = { year, month, day };
  // A Hijri year is about 354.37 days and 1 Muharram 1300 fell on 12 November 1882: start near it and narrow down.
  let low = Date.UTC(1882, 9, 1) / DAY_MS;
  let high = Date.UTC(2178, 0, 1) / DAY_MS;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (compare(hijriParts(new Date(middle * DAY_MS).toISOString()), wanted) < 0) low = middle + 1;
    else high = middle;
  }
  const found = new Date(low * DAY_MS).toISOString().slice(0, 10);
  return compare(hijriParts(found), wanted) === 0 ? found : null;
}

const HIJRI_MARK = /\s*(?:هـ|ه|هجري(?:ة|ا)?)\.?\s*$/;

/**
 * A Hijri date as a clerk types it, ending with هـ: "٥ رمضان ١٤٤٥ هـ", "5/9/1445 هـ" or "١٤٤٥/٩/٥ هـ". Answers the
 * Gregorian YYYY-MM-DD; 'not-hijri' when the text is not written as a Hijri date; 'invalid' when it is, but no
 * such day exists.
 */
export function readHijriDate(typed: string): string | 'not-hijri' | 'invalid' {
  const text = typed.trim();
  if (!HIJRI_MARK.test(text)) return 'not-hijri';
  const body = toWesternDigits(text.replace(HIJRI_MARK, '')).trim();
  let m: RegExpExecArray | null;
  let year: number;
  let month: number;
  let day: number;
  if ((m = /^(\d{1,2})\s+(\S+(?:\s\S+)?)\s+(\d{4})$/.exec(body))) {
    // Folded as names are (الأول = الاول, الآخرة = الاخره), so a month is found however its hamzas are typed.
    const index = FOLDED_MONTHS.indexOf(normalizeArabic(m[2]!));
    if (index < 0) return 'invalid';
    [day, month, year] = [Number(m[1]), index + 1, Number(m[3])];
  } else if ((m = /^(\d{1,2})[/\-.](\d{1,2})[/\-.](\d{4})$/.exec(body))) {
    [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = /^(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})$/.exec(body))) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    return 'invalid';
  }
  return gregorianOfHijri(year, month, day) ?? 'invalid';
}
