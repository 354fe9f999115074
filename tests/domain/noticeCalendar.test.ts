// The funeral prayer as an iCalendar file (src/domain/notices/calendar.ts), RFC 5545: CRLF line ends,
// lines folded at 75 octets on UTF-8 character boundaries, TEXT escaped, UTC times from the notice's instant.
import { describe, expect, it } from 'vitest';
import { fill } from '../../src/domain/messages/fill';
import { noticePageText } from '../../src/domain/messages/noticesPublicPage';
import {
  escapeText,
  foldLine,
  noticeCalendar,
  utcDateTime,
  type CalendarNotice,
} from '../../src/domain/notices/calendar';

const notice: CalendarNotice = {
  id: 'n1',
  name: 'الحاج محمود عبد الرحيم الدسوقي',
  relations: 'والد أحمد ومحمد، وشقيق فتحي; رحمه الله',
  prayerInstant: '2026-11-25T13:30:00.000Z',
  mosque: 'مسجد النور الكبير بالقرية',
  afterPrayer: 'عقب صلاة العصر',
  updatedAt: '2026-11-25T08:01:02.345Z',
};

/** The file's content lines, unfolded (RFC 5545 section 3.1: a CRLF followed by one space is removed). */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n');
const octets = (line: string) => new TextEncoder().encode(line).length;

describe('the notice calendar file', () => {
  it('is one event at the prayer, in UTC, half an hour long, with Arabic summary and place', () => {
    const file = noticeCalendar(notice, { url: 'https://village.example/notices/n1', host: 'village.example' });
    expect(file.endsWith('\r\n')).toBe(true);
    // Every line ends in CRLF: no bare LF anywhere.
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfolded(file);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('DTSTART:20261125T133000Z');
    expect(lines).toContain('DTEND:20261125T140000Z');
    expect(lines).toContain('DTSTAMP:20261125T080102Z');
    expect(lines).toContain('UID:notice-n1@village.example');
    expect(lines).toContain(`SUMMARY:${fill(noticePageText['noticePage.calendarSummary'], { name: notice.name })}`);
    expect(lines).toContain('LOCATION:مسجد النور الكبير بالقرية');
    expect(lines).toContain('DESCRIPTION:عقب صلاة العصر\\nوالد أحمد ومحمد، وشقيق فتحي\\; رحمه الله');
    expect(lines).toContain('URL:https://village.example/notices/n1');
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('folds every line at 75 octets, never inside a character', () => {
    const long = { ...notice, mosque: 'مسجد '.repeat(40), name: `${'ع'.repeat(50)} 😀 ${'ب'.repeat(50)}` };
    const file = noticeCalendar(long);
    const physical = file.split('\r\n').filter((line) => line !== '');
    expect(physical.length).toBeGreaterThan(unfolded(file).length - 1);
    for (const line of physical) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // Decoding each line alone loses nothing: no character was cut in two.
      expect(line).not.toContain('\uFFFD');
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    // Unfolded, the values are whole again.
    expect(unfolded(file)).toContain(`LOCATION:${'مسجد '.repeat(40)}`);
    expect(unfolded(file)).toContain(
      `SUMMARY:${fill(noticePageText['noticePage.calendarSummary'], { name: long.name })}`,
    );
  });

  it('escapes backslash, semicolon, comma and line breaks; leaves the Arabic comma alone', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf، ز')).toBe('a\\\\b\\;c\\,d\\ne\\nf، ز');
  });

  it('folds a short line not at all, and a continuation starts with one space', () => {
    expect(foldLine('SUMMARY:قصير')).toBe('SUMMARY:قصير');
    const folded = foldLine(`X:${'a'.repeat(100)}`);
    expect(folded.split('\r\n')[0]).toHaveLength(75);
    expect(folded.split('\r\n')[1]).toBe(` ${'a'.repeat(27)}`);
  });

  it('writes UTC times without separators; refuses what is not an instant', () => {
    expect(utcDateTime('2026-01-02T03:04:05.000Z')).toBe('20260102T030405Z');
    expect(() => utcDateTime('not a date')).toThrow(RangeError);
  });

  it('leaves out what the notice does not have', () => {
    const bare = noticeCalendar({ ...notice, relations: null, afterPrayer: null });
    expect(bare).not.toContain('DESCRIPTION');
    expect(bare).not.toContain('URL:');
    expect(unfolded(bare)).toContain('UID:notice-n1@cemetery-register');
  });
});
