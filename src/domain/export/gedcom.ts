// The register's burials as a GEDCOM 7 file, for family-tree programs: pure builders of its lines, which
// the server writes one record at a time. What FamilySearch GEDCOM 7.0 asks, and what is chosen here:
// - UTF-8, starting with the byte-order mark U+FEFF (the spec says a data stream "should" start with it), lines
//   ending in LF (CR, LF and CRLF are all allowed); media type text/vnd.familysearch.gedcom (IANA), file name .ged;
// - a line is `level [xref] tag [payload]`; a payload never holds a line break (the rest goes on CONT lines one level
//   deeper), a payload starting with "@" has it doubled ("@@"), and the characters the spec bans anywhere (C0
//   controls but tab, CR and LF; DEL; lone surrogates; U+FFFE/U+FFFF) are left out;
// - dates: `14 MAR 2006`, `MAR 2006`, `2006` (a month or a year alone, as the ledger wrote it). GEDCOM 7 knows no
//   Hijri calendar (only GREGORIAN, JULIAN, FRENCH_R, HEBREW, or a private extension calendar that no program
//   reads), so a Hijri month or year is written as the Gregorian days it spans, `BET 15 OCT 2004 AND 13 NOV 2004`,
//   with the ledger's own words in the date's PHRASE («رمضان ١٤٢٥ هـ»);
// - NAME marks the family name between slashes where the register knows it (familyName.ts), with GIVN and SURN.
import { formatLedgerDate } from '../dates/dateText';
import type { DatePrecision } from '../dates/datePrecision';
import { gregorianOfHijri, hijriParts } from '../dates/hijri';
import { fill } from '../messages/fill';
import { exportsText } from '../messages/exports';
import { formatGraveNumber } from '../text/format';
import type { Gender } from '../types';
import { splitFamilyName } from './familyName';

/** The media type IANA registered for GEDCOM 7 files. */
export const GEDCOM_MEDIA_TYPE = 'text/vnd.familysearch.gedcom';
export const GEDCOM_BOM = '\ufeff';
export const GEDCOM_EOL = '\n';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

// The characters GEDCOM 7 bans anywhere in a file (its "banned" production).
const BANNED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const TAG = /^(?:[A-Z]|_[A-Z0-9])[A-Z0-9_]*$/;
const XREF = /^@[A-Z0-9_]+@$/;

/** A payload part as a line may carry it: banned characters left out, a leading "@" doubled. */
const linePayload = (text: string) => {
  const clean = text.replace(BANNED, '');
  return clean.startsWith('@') ? `@${clean}` : clean;
};

/**
 * One structure's line(s), without line ends: `level [xref] tag [payload]`; a payload with line breaks continues on
 * CONT lines one level deeper. An empty or absent payload writes the tag alone.
 */
export function gedcomLines(level: number, tag: string, payload?: string | null, xref?: string): string[] {
  if (!Number.isInteger(level) || level < 0) throw new Error(`GEDCOM level ${level}`);
  if (!TAG.test(tag)) throw new Error(`GEDCOM tag ${tag}`);
  if (xref !== undefined && (!XREF.test(xref) || xref === '@VOID@')) throw new Error(`GEDCOM xref ${xref}`);
  const head = xref === undefined ? `${level} ${tag}` : `${level} ${xref} ${tag}`;
  const [first = '', ...more] = (payload ?? '').split(/\r\n|\r|\n/);
  const line = (start: string, part: string) => (part === '' ? start : `${start} ${linePayload(part)}`);
  return [line(head, first), ...more.map((part) => line(`${level + 1} CONT`, part))];
}

/** A line whose payload points at a record (`1 SUBM @U1@`): a pointer is written as it is. */
export function gedcomPointer(level: number, tag: string, pointer: string): string {
  if (!XREF.test(pointer)) throw new Error(`GEDCOM pointer ${pointer}`);
  return `${gedcomLines(level, tag)[0]!} ${pointer}`;
}

/** A record's cross-reference identifier: `@I12@`. */
export const gedcomXref = (prefix: 'I' | 'U', n: number) => `@${prefix}${n}@`;

/** A whole Gregorian day as GEDCOM writes it: 14 MAR 2006 (no leading zero). */
export function gedcomExactDate(date: string): string {
  const [y = '', m = '', d = ''] = date.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''} ${Number(y)}`;
}

/**
 * A stored burial date (YYYY-MM-DD and its precision) as a GEDCOM date value, and the ledger's words for it when
 * the value cannot say them (a Hijri month or year). The stored day of a partial date is the last of its month or
 * year (or today), so a Hijri span ends on it.
 */
export function gedcomDate(date: string, precision: DatePrecision = 'day'): { value: string; phrase: string | null } {
  const year = Number(date.slice(0, 4));
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? '';
  switch (precision) {
    case 'year':
      return { value: String(year), phrase: null };
    case 'month':
      return { value: `${month} ${year}`, phrase: null };
    case 'hijriMonth':
    case 'hijriYear': {
      const hijri = hijriParts(date);
      const start = gregorianOfHijri(hijri.year, precision === 'hijriMonth' ? hijri.month : 1, 1);
      const phrase = formatLedgerDate(date, precision);
      if (start === null || start >= date.slice(0, 10)) return { value: gedcomExactDate(date), phrase };
      return { value: `BET ${gedcomExactDate(start)} AND ${gedcomExactDate(date)}`, phrase };
    }
    default:
      return { value: gedcomExactDate(date), phrase: null };
  }
}

/** A name as GEDCOM's NAME payload: the family name between slashes where known; "/" and tabs cannot be in it. */
export function gedcomName(name: string): { payload: string; given: string; surname: string | null } {
  const split = splitFamilyName(name.replace(/[/\t]/g, ' '));
  if (split.family === null) return { payload: split.whole, given: split.given, surname: null };
  return { payload: `${split.beforeFamily} /${split.family}/`, given: split.given, surname: split.family };
}

const SEX: Readonly<Record<Gender, 'M' | 'F' | 'U'>> = { men: 'M', women: 'F', bones: 'U' };

/** The jurisdictions of a burial's place, smallest first: the grave, its section, the cemetery, the village. */
export function burialPlace(
  gender: Gender,
  number: number | string,
  cemetery: string,
  village: string,
): readonly string[] {
  return [
    fill(exportsText['exports.placeGrave'], { number: formatGraveNumber(number) }),
    exportsText[`exports.section.${gender}`],
    cemetery,
    village,
  ];
}

/** A PLAC payload: the jurisdictions joined by ", " (a comma inside one becomes the Arabic comma; empty ones left out). */
export function gedcomPlace(parts: readonly string[]): string {
  return parts
    .map((p) => p.replace(/,/g, '،').replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '')
    .join(', ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface GedcomBurial {
  /** The record's xref (gedcomXref('I', n)). */
  xref: string;
  /** The burial's id in the register (a UUID: written as the record's UID). */
  id: string;
  name: string;
  date: string;
  precision: DatePrecision;
  gender: Gender;
  /** burialPlace(…) */
  place: readonly string[];
  /** The grave's position in decimal degrees, when recorded. */
  position: { latitude: number; longitude: number } | null;
  /** The grave's short address: an absolute URL on the site's address, or its path while that is not set. */
  address: string;
}

const degrees = (value: number, positive: string, negative: string) =>
  `${value < 0 ? negative : positive}${String(Math.abs(value))}`;

/** One burial as an INDI record: NAME, SEX from the section, BURI with DATE, PLAC (and MAP), the address in a NOTE. */
export function gedcomIndividual(b: GedcomBurial): string[] {
  const name = gedcomName(b.name);
  const date = gedcomDate(b.date, b.precision);
  const lines = [...gedcomLines(0, 'INDI', null, b.xref)];
  if (name.payload !== '') {
    lines.push(...gedcomLines(1, 'NAME', name.payload));
    if (name.given !== '') lines.push(...gedcomLines(2, 'GIVN', name.given));
    if (name.surname !== null) lines.push(...gedcomLines(2, 'SURN', name.surname));
  }
  lines.push(...gedcomLines(1, 'SEX', SEX[b.gender]), ...gedcomLines(1, 'BURI'), ...gedcomLines(2, 'DATE', date.value));
  if (date.phrase !== null) lines.push(...gedcomLines(3, 'PHRASE', date.phrase));
  lines.push(...gedcomLines(2, 'PLAC', gedcomPlace(b.place)));
  if (b.position) {
    lines.push(
      ...gedcomLines(3, 'MAP'),
      ...gedcomLines(4, 'LATI', degrees(b.position.latitude, 'N', 'S')),
      ...gedcomLines(4, 'LONG', degrees(b.position.longitude, 'E', 'W')),
    );
  }
  lines.push(...gedcomLines(2, 'NOTE', b.address));
  if (UUID.test(b.id)) lines.push(...gedcomLines(1, 'UID', b.id.toLowerCase()));
  return lines;
}

/**
 * The header and the submitter record: GEDC/VERS 7.0, the product, the day of the export, Arabic as the file's
 * language, and the committee (the cemetery's name) as the submitter.
 */
export function gedcomHead(options: { today: string; submitter: string; submitterXref: string }): string[] {
  return [
    ...gedcomLines(0, 'HEAD'),
    ...gedcomLines(1, 'GEDC'),
    ...gedcomLines(2, 'VERS', '7.0'),
    ...gedcomLines(1, 'SOUR', 'CEMETERY_REGISTER'),
    ...gedcomLines(2, 'NAME', exportsText['exports.product']),
    ...gedcomLines(1, 'DATE', gedcomExactDate(options.today)),
    gedcomPointer(1, 'SUBM', options.submitterXref),
    ...gedcomLines(1, 'LANG', 'ar'),
    ...gedcomLines(0, 'SUBM', null, options.submitterXref),
    ...gedcomLines(1, 'NAME', options.submitter.trim() || exportsText['exports.product']),
  ];
}

export const GEDCOM_TRAILER = '0 TRLR';
