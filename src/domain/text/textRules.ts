// The rules every stored text obeys, whatever way it comes in: a form, the API, a typed ledger row or a
// spreadsheet cell. Pure and free of the messages module, so the public site's suggestion form can run the same rule
// without downloading the console's or the server's words; each caller names the Arabic reason of its own field.
//
// - Valid Unicode: a lone surrogate (U+D800–U+DFFF without its pair) is refused. JSON's "\ud800" parses into one;
//   SQLite would store replacement bytes and PostgreSQL would store U+FFFD, so it would be lost without a word.
// - Control characters: NUL, C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F) are refused. A multi-line text keeps
//   newline and tab; its line ends are normalised to a bare newline (CRLF as a browser's form sends it, and a lone CR
//   as old spreadsheets write it), so that a CR is never refused and a text reads the same on every machine.
// - Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) are stripped silently, from names, labels and
//   multi-line texts alike: a stored text can then never display reordered (an unclosed override in a name would
//   turn the rest of its line around). The direction marks an Arabic text may need (LRM U+200E, RLM U+200F,
//   ALM U+061C) are kept: they only nudge neutral characters, never reorder letters.

/* eslint-disable no-control-regex -- finding control characters is what these expressions are for */

/** A name, label, title, address or password: one line. A suggestion, an article's body, a note: several. */
export type TextKind = 'line' | 'multiline';

/** Why a text cannot be stored: a lone surrogate, or a control character. */
export type TextFault = 'unpaired' | 'control';

export type CleanText = { ok: true; value: string } | { ok: false; fault: TextFault };

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_IN_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Whether a string is well-formed UTF-16 (what String.prototype.isWellFormed says, where the runtime has it). */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** The text without bidirectional overrides, embeddings and isolates (marks kept). */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * The text as it may be stored, or why it may not. Nothing is trimmed here: the field's own rule (required, length)
 * runs on the clean value.
 */
export function cleanText(text: string, kind: TextKind): CleanText {
  if (!isWellFormed(text)) return { ok: false, fault: 'unpaired' };
  const lines = kind === 'multiline' ? text.replace(/\r\n?/g, '\n') : text;
  if ((kind === 'multiline' ? CONTROL_IN_LINES : CONTROL_IN_LINE).test(lines)) return { ok: false, fault: 'control' };
  return { ok: true, value: stripBidiControls(lines) };
}

// The noise a name picks up on its way from a ledger, a keyboard or a spreadsheet, invisible or meaningless in a
// name: tatweel (ـ, which only stretches a letter), zero-width spaces and joiners, direction marks (LRM, RLM, ALM),
// the word joiner and the byte-order mark.
const NAME_NOISE = /[\u0640\u200B-\u200F\u2060\uFEFF\u061C]/g;

/**
 * A person's name as it is stored: as written, minus the noise above, white space trimmed and collapsed
 * to single spaces. What is stored is what every page shows; search keeps its own folding (search/normalize.ts).
 */
export function tidyName(text: string): string {
  return text.replace(NAME_NOISE, '').replace(/\s+/g, ' ').trim();
}

/**
 * A text that is only searched for (a search box, a list filter), never stored: whatever could not be stored is
 * dropped instead of refused, so a pasted query still finds what it can and never reaches a database as it is.
 */
export function searchableText(text: string): string {
  return stripBidiControls(text)
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '')
    .replace(/[\u0000-\u001F\u007F-\u009F]+/g, ' ');
}

/** ±14:00: the widest UTC offset any place uses (Kiribati's Line Islands are +14:00). */
export const MAX_UTC_OFFSET_MINUTES = 14 * 60;

/**
 * Whether the zone written after an ISO time is a real UTC offset: Z, or ±hh:mm / ±hhmm / ±hh with minutes below
 * 60 and the whole within ±14:00 (+14:00 is kept, +14:30 and −14:01 are not). An absent zone is the caller's call.
 */
export function isUtcOffset(zone: string): boolean {
  if (zone === 'Z' || zone === 'z') return true;
  const m = /^[+-](\d{2})(?::?(\d{2}))?$/.exec(zone);
  if (!m) return false;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  return minutes < 60 && hours * 60 + minutes <= MAX_UTC_OFFSET_MINUTES;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * The calendar day (YYYY-MM-DD) of an ISO date or date-time, or null when it is not one: a real day, a real time of
 * day, and a zone that is a real UTC offset (isUtcOffset). The time and zone are then dropped: the register keeps
 * days, in its own time zone, as the clerk wrote them.
 */
export function isoDay(text: string): string | null {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, zone] = m as unknown as [string, string, string, string, string | undefined];
  if (zone !== undefined && !isUtcOffset(zone)) return null;
  const parsed = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (
    Number.isNaN(parsed.getTime()) ||
    parsed.getUTCFullYear() !== Number(y) ||
    parsed.getUTCMonth() + 1 !== Number(mo) ||
    parsed.getUTCDate() !== Number(d)
  ) {
    return null;
  }
  return `${y}-${mo}-${d}`;
}

/**
 * How long a visitor's suggestion may be: the API's rule (validation.ts LIMITS) and the public form's counter read
 * these, so the form stops where the server would refuse (here, where the form already reads its text rules).
 */
export const SUGGESTION_LIMITS = {
  /** Characters of the suggestion's text. */
  textMax: 2000,
  /** Characters of the sender's name. */
  nameMax: 100,
} as const;
