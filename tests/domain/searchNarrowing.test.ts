// The narrowing cases (searchNarrowingCases.ts) through the doors that search in the browser: the offline search and
// the offline section cards (the service worker's, from the kept index), and the section pages' search of a small
// section (src/public/graveSearch.ts). The server's doors run the same cases in tests/server/searchNarrowingApi.test.ts.
import { describe, expect, it } from 'vitest';
import { offlineSearch, offlineSectionCards } from '../../src/domain/search/offlineIndex';
import { prepareQuery } from '../../src/domain/search/names';
import { GRAVE_STATUS, type Gender, type Grave } from '../../src/domain/types';
import { searchGraves } from '../../src/public/graveSearch';
import { NARROWING_CASES, problemsOf, REGISTER } from './searchNarrowingCases';

const graves: Grave[] = REGISTER.map((p, i) => ({
  _id: `g${i}`,
  number: p.grave,
  gender: p.gender,
  status: GRAVE_STATUS.unavailable,
  daysUntilAvailable: null,
  buriedPersons: [{ _id: `p${i}`, name: p.name, burialDate: p.date }],
}));
const personOfGrave = new Map(graves.map((g) => [g._id, g.buriedPersons[0]!.name]));
const SECTIONS: readonly Gender[] = ['men', 'women', 'bones'];

describe('the narrowing rules in the offline search', () => {
  const search = offlineSearch(graves);
  it.each(NARROWING_CASES.map((c) => [c.rule, c.query, c] as const))('%s: "%s"', (_rule, query, c) => {
    expect(
      problemsOf(
        c,
        search(query).map((m) => m.person.name),
      ),
    ).toEqual([]);
  });

  it('answers a prefix hit as such, and a whole word above it', () => {
    const answer = search('حمدي');
    expect(answer.find((m) => m.person.name === 'حمديين كامل')?.match).toBe('prefix');
    expect(answer[0]!.match).toBe('exact');
    expect(search('حمدي ').map((m) => m.match)).not.toContain('prefix');
  });
});

describe('the narrowing rules in the offline section cards and the browser section search', () => {
  const cards = offlineSectionCards(graves);
  for (const section of SECTIONS) {
    const list = graves.filter((g) => g.gender === section);
    it.each(NARROWING_CASES.map((c) => [c.rule, c.query, c] as const))(`${section} — %s: "%s"`, (_r, query, c) => {
      const offline = cards(section, { q: query, offset: 0, limit: 100 }).cards.map((g) => personOfGrave.get(g._id)!);
      expect(problemsOf(c, offline, section)).toEqual([]);
      const browser = searchGraves(list, query).map((g) => personOfGrave.get(g._id)!);
      expect(problemsOf(c, browser, section)).toEqual([]);
    });
  }
});

describe('the query as read', () => {
  const today = new Date('2026-11-26T12:00:00Z');
  it('a year is a year only up to this year; beyond, a grave number', () => {
    expect(prepareQuery('حمدي 2026', today)!.year).toEqual({ value: 2026, hijri: false });
    expect(prepareQuery('حمدي 2027', today)!.year).toBeNull();
    expect(prepareQuery('حمدي 2027', today)!.numbers).toEqual(['2027']);
    expect(prepareQuery('حمدي 1899', today)!.numbers).toEqual(['1899']);
    // 26 November 2026 is in 1448 AH.
    expect(prepareQuery('حمدي 1448 هـ', today)!.year).toEqual({ value: 1448, hijri: true });
    expect(prepareQuery('حمدي 1449 هـ', today)!.year).toBeNull();
    expect(prepareQuery('1429 هـ', today)!.words).toEqual([]);
  });

  it('a section word alone is a name; beside a name or number it narrows', () => {
    expect(prepareQuery('رجال ')!.section).toBeNull();
    expect(prepareQuery('رجال ')!.words.map((w) => w.folded)).toEqual(['رجال']);
    expect(prepareQuery('حمدي رجال')!.section).toBe('men');
    expect(prepareQuery('٣١٧ عظام')!.section).toBe('bones');
  });

  it('the last word is unfinished unless the text ends after it', () => {
    // A word before the last may be a beginning too, but only with a later word matched whole (needsWhole).
    const unfinished = (q: string) => prepareQuery(q)!.words.map((w) => w.prefix !== null && !w.prefix.needsWhole);
    expect(unfinished('حمدي سال')).toEqual([false, true]);
    expect(unfinished('حمدي سال ')).toEqual([false, false]);
    expect(unfinished('حمدي سالم،')).toEqual([false, false]);
    expect(prepareQuery('حمدي سال ')!.words.map((w) => w.prefix?.needsWhole ?? null)).toEqual([true, null]);
    // One letter is not yet a beginning: left out while another word is searched.
    expect(prepareQuery('حمدي س')!.words.map((w) => w.folded)).toEqual(['حمدي']);
    expect(prepareQuery('س')).toBeNull();
  });
});
