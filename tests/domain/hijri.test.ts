import { describe, expect, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/burialDate';
import { formatHijri, gregorianOfHijri, HIJRI_MONTHS, hijriParts, readHijriDate } from '../../src/domain/dates/hijri';

describe('Hijri dates beside the Gregorian ones', () => {
  it('shows a burial date with its Umm al-Qura date', () => {
    expect(formatHijri('2024-03-15')).toBe('٥ رمضان ١٤٤٥ هـ');
    expect(formatBurialDate('2024-03-15')).toBe('١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ');
    // A ledger that gives the year alone: the year, without a day made up.
    expect(formatBurialDate('1987')).toBe('١٩٨٧');
  });

  it('names the twelve months in order', () => {
    expect(HIJRI_MONTHS).toHaveLength(12);
    expect(HIJRI_MONTHS[0]).toBe('محرم');
    expect(HIJRI_MONTHS[8]).toBe('رمضان');
    expect(HIJRI_MONTHS[11]).toBe('ذو الحجة');
  });

  it('turns every Hijri day back into its Gregorian day (every fifth day, 1900–2030)', () => {
    const missed: string[] = [];
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 5 * 86_400_000) {
      const date = new Date(ms).toISOString().slice(0, 10);
      const h = hijriParts(date);
      if (gregorianOfHijri(h.year, h.month, h.day) !== date) missed.push(date);
    }
    expect(missed).toEqual([]);
  });

  it.each([
    ['٥ رمضان ١٤٤٥ هـ', '2024-03-15'],
    ['5 رمضان 1445هـ', '2024-03-15'],
    ['٥/٩/١٤٤٥ هـ', '2024-03-15'],
    ['1445-09-05 هـ', '2024-03-15'],
    ['١ ربيع الاول ١٤٠٠ هـ', gregorianOfHijri(1400, 3, 1)],
    ['10 ذو الحجة 1444 هجري', '2023-06-28'],
  ])('reads %s as %s', (typed, date) => {
    expect(readHijriDate(typed)).toBe(date);
  });

  it('tells a date that is not Hijri from a Hijri date that does not exist', () => {
    expect(readHijriDate('15/3/2004')).toBe('not-hijri');
    expect(readHijriDate('٣١ رمضان ١٤٤٥ هـ')).toBe('invalid');
    expect(readHijriDate('5 رمضانن 1445 هـ')).toBe('invalid');
    expect(readHijriDate('5/13/1445 هـ')).toBe('invalid');
    expect(readHijriDate('5/9/1250 هـ')).toBe('invalid');
  });
});
