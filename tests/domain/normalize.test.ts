import { describe, expect, it } from 'vitest';
import { graveMatches, graveSearchText, normalizeArabic, toWesternDigits } from '../../src/domain/search/normalize';

describe('normalizeArabic', () => {
  it.each([
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهيم'],
    ['آمنة', 'امنه'],
    ['ٱلله', 'الله'],
    ['مصطفى', 'مصطفي'],
    ['یوسف', 'يوسف'],
    ['کريم', 'كريم'],
    ['فاطمة', 'فاطمه'],
    ['مؤمن', 'مومن'],
    ['هانئ', 'هاني'],
    ['سماء', 'سما'],
    ['مُحَمَّدٌ', 'محمد'],
    ['محـــمد', 'محمد'],
    ['الرحمٰن', 'الرحمن'],
    ['عبد الله', 'عبدالله'],
    ['١٢٣', '123'],
    ['۴۵', '45'],
    ['ABC', 'abc'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it('finds a name whatever spelling the visitor types', () => {
    const grave = { number: 12, buriedPersons: [{ name: 'عبد الله أحمد مصطفى' }] };
    for (const term of ['عبدالله', 'احمد', 'مصطفي', 'أَحْمَد', '12', '١٢', '']) {
      expect(graveMatches(grave, term)).toBe(true);
      expect(graveSearchText(grave).includes(normalizeArabic(term))).toBe(true);
    }
    expect(graveMatches(grave, 'محمود')).toBe(false);
    expect(graveMatches(grave, '13')).toBe(false);
  });

  it('does not match across two names of one grave', () => {
    const grave = { number: 3, buriedPersons: [{ name: 'علي' }, { name: 'حسن' }] };
    expect(graveSearchText(grave).includes(normalizeArabic('عليحسن'))).toBe(false);
  });

  it('turns Arabic-Indic and Persian digits into 0–9', () => {
    expect(toWesternDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
  });
});
