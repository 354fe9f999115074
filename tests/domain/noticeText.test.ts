// How a notice's prayer reads on the public pages (src/domain/notices/noticeText.ts).
import { describe, expect, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { prayerLineText, prayerTimeText, prayerWhenText } from '../../src/domain/notices/noticeText';

describe('the prayer of a notice, in words', () => {
  it('reads the clock on twelve hours in Arabic-Indic digits, with the part of the day', () => {
    expect(prayerTimeText('2026-11-25T15:30')).toBe('٣:٣٠ مساءً');
    expect(prayerTimeText('2026-11-25T12:15')).toBe('١٢:١٥ ظهرًا');
    expect(prayerTimeText('2026-11-25T00:05')).toBe('١٢:٠٥ صباحًا');
    expect(prayerTimeText('2026-11-25T09:00')).toBe('٩:٠٠ صباحًا');
    expect(prayerTimeText('2026-11-25T20:45')).toBe('٨:٤٥ مساءً');
  });

  it('names the day with its Hijri date, the time and the mosque', () => {
    expect(prayerWhenText('2026-11-25T15:30')).toBe(`يوم ${formatBurialDate('2026-11-25')} الساعة ٣:٣٠ مساءً`);
    expect(formatBurialDate('2026-11-25')).toContain('هـ');
    expect(prayerLineText({ prayerAt: '2026-11-25T15:30', mosque: 'مسجد النور' })).toBe(
      `صلاة الجنازة يوم ${formatBurialDate('2026-11-25')} الساعة ٣:٣٠ مساءً، في مسجد النور`,
    );
  });
});
