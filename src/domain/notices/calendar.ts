// A notice's funeral prayer as an iCalendar file (RFC 5545), so that "add to calendar" on a phone opens
// the calendar app at the prayer. Pure: the route (server/routes/noticeCalendar.ts) gives the notice and the page's
// address and sends the text. The times are the instant of the prayer in UTC (`prayerInstant`), so every phone shows
// it in its own zone, whatever the register's.
import { fill } from '../messages/fill';
import { noticePageText as words } from '../messages/noticesPublicPage';
import type { Notice } from './notice';

/** How long the calendar event lasts: the funeral prayer and the walk to the grave. */
export const PRAYER_EVENT_MINUTES = 30;

/** The longest line of the file, in octets (CRLF not counted): RFC 5545 section 3.1. */
const LINE_OCTETS = 75;

/** A TEXT value escaped (RFC 5545 section 3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** How many octets UTF-8 gives a code point. */
const utf8Octets = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * One content line folded at 75 octets (RFC 5545 section 3.1): a break before a character, never inside one's UTF-8
 * octets (nor between a surrogate pair), each continuation line starting with one space, which counts in its 75.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    if (octets + size > LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** An ISO instant as a UTC DATE-TIME: 2026-11-25T13:30:00.000Z → 20261125T133000Z. */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${iso}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

export type CalendarNotice = Pick<
  Notice,
  'id' | 'name' | 'relations' | 'prayerInstant' | 'mosque' | 'afterPrayer' | 'updatedAt'
>;

export interface CalendarOptions {
  /** The notice page's public address, when the site's is known: the event links to it. */
  url?: string | null;
  /** The site's host name, making the event's UID unique across sites; a fixed word otherwise. */
  host?: string | null;
}

/** The notice's prayer as a whole iCalendar file: CRLF line ends, folded lines, one event. */
export function noticeCalendar(notice: CalendarNotice, options: CalendarOptions = {}): string {
  const start = new Date(notice.prayerInstant);
  const end = new Date(start.getTime() + PRAYER_EVENT_MINUTES * 60_000).toISOString();
  const description = [notice.afterPrayer, notice.relations].filter((line): line is string => !!line).join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//cemetery-register//notices//AR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(`notice-${notice.id}@${options.host || 'cemetery-register'}`)}`,
    // The moment the notice was last changed: the same notice answers the same file (a phone that adds it twice
    // sees one event, updated when the committee changes the time).
    `DTSTAMP:${utcDateTime(notice.updatedAt)}`,
    `DTSTART:${utcDateTime(notice.prayerInstant)}`,
    `DTEND:${utcDateTime(end)}`,
    `SUMMARY:${escapeText(fill(words['noticePage.calendarSummary'], { name: notice.name }))}`,
    `LOCATION:${escapeText(notice.mosque)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(options.url ? [`URL:${options.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
