// The dates behind the console's Arabic date field: what a clerk types in either digits and either calendar, the
// day written back in Arabic digits, and the month grids (Gregorian and Umm al-Qura) drawn from Intl.
import { describe, expect, it } from 'vitest';
import {
  dateFieldText,
  daysOfMonth,
  formValueOf,
  keepHijriMark,
  monthOf,
  monthTitle,
  otherCalendarSpan,
  readDateText,
  sameDayIn,
  shiftMonth,
  weekColumn,
  WEEKDAYS,
  yearsOffered,
} from '../../src/admin/components/calendarDates';
import { hijriParts } from '../../src/domain/dates/hijri';

describe('reading a typed date', () => {
  it.each([
    ['١٥/٣/٢٠٢٤', '2024-03-15', false],
    ['15/3/2024', '2024-03-15', false],
    ['2024-03-15', '2024-03-15', false],
    ['٢٠٢٤-٠٣-١٥', '2024-03-15', false],
    ['١٥ مارس ٢٠٢٤', '2024-03-15', false],
    ['15 مارس 2024م', '2024-03-15', false],
    ['\u200f١٥/٣/٢٠٢٤\u200f ', '2024-03-15', false],
    ['٥ رمضان ١٤٤٥ هـ', '2024-03-15', true],
    ['٥/٩/١٤٤٥ هـ', '2024-03-15', true],
  ])('reads %j as %s', (typed, date, hijri) => {
    expect(readDateText(typed)).toEqual({ ok: true, date, hijri, precision: 'day' });
  });

  it.each([
    // The reasons of the register's one burial-date reader, as the server gives them.
    ['15/3', 'burial.dateUnreadable'],
    ['أمس', 'burial.dateUnreadable'],
    ['١٥ مارش ٢٠٢٤', 'burial.dateUnreadable'],
    ['31/2/2024', 'burialDate.noSuchDay'],
    ['2023-02-29', 'burialDate.noSuchDay'],
    ['٣٠ شعبان ١٤٤٥ هـ', 'burialDate.noSuchDay'],
    ['كلام هـ', 'burial.dateUnreadable'],
    // A date field of one day (the audit's filter, a move of remains) takes no month or year alone.
    ['مارس ٢٠٢٤', 'burialDate.dayNeeded'],
  ])('refuses %j (%s)', (typed, error) => {
    expect(readDateText(typed)).toEqual({ ok: false, error });
  });

  it('writes a day back day first in Arabic digits', () => {
    expect(dateFieldText('2024-03-05')).toBe('٥/٣/٢٠٢٤');
    expect(readDateText(dateFieldText('1999-12-31'))).toEqual({
      ok: true,
      date: '1999-12-31',
      hijri: false,
      precision: 'day',
    });
  });

  it("reads a burial's partial date, sent as the register writes it", () => {
    const month = readDateText('رمضان ١٤٢٥ هـ', { partial: true });
    expect(month).toMatchObject({ ok: true, hijri: true, precision: 'hijriMonth' });
    if (month.ok) expect(formValueOf(month)).toBe('9/1425 هـ');
    const year = readDateText('٢٠٠٤', { partial: true });
    if (year.ok) expect(formValueOf(year)).toBe('2004');
    expect(keepHijriMark('٥ رمضان ١٤٤٥ هـ')).toBe('٥ رمضان ١٤٤٥\u00a0هـ');
  });
});

describe('the month grids', () => {
  it('draws a Gregorian month from Saturday, the first day of the week in Egypt', () => {
    expect(WEEKDAYS.map((w) => w.long)).toEqual([
      'السبت',
      'الأحد',
      'الاثنين',
      'الثلاثاء',
      'الأربعاء',
      'الخميس',
      'الجمعة',
    ]);
    const march = daysOfMonth({ calendar: 'gregorian', year: 2024, month: 3 });
    expect(march).toHaveLength(31);
    expect(march[0]).toBe('2024-03-01');
    // 1 March 2024 was a Friday: the last column.
    expect(weekColumn('2024-03-01')).toBe(6);
    expect(daysOfMonth({ calendar: 'gregorian', year: 2024, month: 2 })).toHaveLength(29);
    expect(monthTitle({ calendar: 'gregorian', year: 2024, month: 3 })).toBe('مارس ٢٠٢٤م');
    expect(otherCalendarSpan({ calendar: 'gregorian', year: 2024, month: 3 })).toBe('شعبان – رمضان ١٤٤٥ هـ');
  });

  it('draws an Umm al-Qura month from its first day, 29 or 30 days long', () => {
    const ramadan = monthOf('2024-03-15', 'hijri');
    expect(ramadan).toEqual({ calendar: 'hijri', year: 1445, month: 9 });
    const days = daysOfMonth(ramadan);
    expect(days[0]).toBe('2024-03-11');
    expect(days[4]).toBe('2024-03-15');
    expect(days).toHaveLength(30);
    expect(daysOfMonth({ calendar: 'hijri', year: 1445, month: 8 })).toHaveLength(29);
    for (const day of days) expect(hijriParts(day)).toMatchObject({ year: 1445, month: 9 });
    expect(hijriParts(days[days.length - 1]!).day).toBe(days.length);
    expect(monthTitle(ramadan)).toBe('رمضان ١٤٤٥ هـ');
    expect(otherCalendarSpan(ramadan)).toBe('مارس – أبريل ٢٠٢٤م');
    // Every Hijri month of 1440–1450 follows the one before without a gap.
    let ref = { calendar: 'hijri' as const, year: 1440, month: 1 };
    let previous = daysOfMonth(ref);
    for (let i = 0; i < 131; i++) {
      ref = shiftMonth(ref, 1) as typeof ref;
      const next = daysOfMonth(ref);
      expect([29, 30]).toContain(next.length);
      expect(Date.parse(next[0]!) - Date.parse(previous[previous.length - 1]!)).toBe(86_400_000);
      previous = next;
    }
  });

  it('moves by month keeping the day, or the month’s last day', () => {
    expect(shiftMonth({ calendar: 'gregorian', year: 2024, month: 12 }, 1)).toEqual({
      calendar: 'gregorian',
      year: 2025,
      month: 1,
    });
    expect(shiftMonth({ calendar: 'hijri', year: 1445, month: 1 }, -1)).toEqual({
      calendar: 'hijri',
      year: 1444,
      month: 12,
    });
    expect(sameDayIn({ calendar: 'gregorian', year: 2023, month: 2 }, 31)).toBe('2023-02-28');
  });

  it('offers the years from 1900 to the latest day, newest first', () => {
    const years = yearsOffered('gregorian', '2026-03-10');
    expect(years[0]).toBe(2026);
    expect(years[years.length - 1]).toBe(1900);
    const hijri = yearsOffered('hijri', '2026-03-10');
    expect(hijri[0]).toBe(1447);
    expect(hijri[hijri.length - 1]).toBe(1317);
  });
});
