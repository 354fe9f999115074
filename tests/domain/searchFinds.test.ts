// The cases of searchFindsCases.ts through the doors that search in the browser: the offline search as the service
// worker runs it (the register written into the compact index, read back from its JSON, then searched), and the
// section pages' search of a small section (src/public/graveSearch.ts). The server's doors run the same cases in
// tests/server/searchFindsApi.test.ts.
import { describe, expect, it } from 'vitest';
import {
  decodeOfflineIndex,
  encodeOfflineIndex,
  isOfflineIndex,
  offlineSearch,
} from '../../src/domain/search/offlineIndex';
import { indexName, matchBurial, prepareQuery, tokensOf } from '../../src/domain/search/names';
import { GRAVE_STATUS, type Gender, type Grave } from '../../src/domain/types';
import { searchGraves } from '../../src/public/graveSearch';
import { FINDS_CASES, FINDS_REGISTER } from './searchFindsCases';
import { problemsOf } from './searchNarrowingCases';

const graves: Grave[] = FINDS_REGISTER.map((p, i) => ({
  _id: `g${i}`,
  number: p.grave,
  gender: p.gender,
  status: GRAVE_STATUS.unavailable,
  daysUntilAvailable: null,
  buriedPersons: [{ _id: `p${i}`, name: p.name, burialDate: p.date }],
}));
const personOfGrave = new Map(graves.map((g) => [g._id, g.buriedPersons[0]!.name]));
const SECTIONS: readonly Gender[] = ['men', 'women'];

describe('names still missed, in the offline search over the compact index', () => {
  const kept: unknown = JSON.parse(JSON.stringify(encodeOfflineIndex(graves, new Date('2026-03-10T10:00:00Z'))));
  if (!isOfflineIndex(kept)) throw new Error('the compact index does not read back');
  const search = offlineSearch(decodeOfflineIndex(kept));

  it.each(FINDS_CASES.map((c) => [c.rule, c.query, c] as const))('%s: "%s"', (_rule, query, c) => {
    const names = search(query).map((m) => m.person.name);
    expect(problemsOf(c, names, undefined, FINDS_REGISTER)).toEqual([]);
  });

  it('marks the words found, half-typed and number words too', () => {
    const words = (query: string) => {
      const m = search(query)[0]!;
      return m.words!.map(([start, end]) => m.person.name.slice(start, end));
    };
    expect(words('محمد عبد الم الجمال')).toEqual(['محمد', 'عبد المنعم', 'الجمال']);
    expect(words('QA7 ')).toEqual(['QA7']);
    expect(words('4419')).toEqual(['4419']);
    expect(search('حسن سالم ').map((m) => m.match)).toEqual(['exact', 'prefix']);
  });
});

describe('names still missed, in the section pages’ search', () => {
  for (const section of SECTIONS) {
    const list = graves.filter((g) => g.gender === section);
    it.each(FINDS_CASES.map((c) => [c.rule, c.query, c] as const))(`${section} — %s: "%s"`, (_rule, query, c) => {
      const names = searchGraves(list, query).map((g) => personOfGrave.get(g._id)!);
      expect(problemsOf(c, names, section, FINDS_REGISTER)).toEqual([]);
    });
  }
});

describe('the query as read', () => {
  it('keeps Latin letters and digits together as one word, and falls back to a name and a number', () => {
    expect(prepareQuery('QA7 ')!.words.map((w) => w.folded)).toEqual(['qa7']);
    expect(prepareQuery('QA7 ')!.numbers).toEqual([]);
    // Two digits are a number, not a chat letter: a word that finds nothing is read as its runs.
    const mixed = prepareQuery('Hassan45 ')!;
    expect(mixed.words.map((w) => w.folded)).toEqual(['hassan']);
    expect(mixed.numbers).toEqual(['45']);
    expect(matchBurial(mixed, indexName('حسن علي'), 45)?.match).toBe('latin');
    // Single digits are the chat letters: 7 ح, 3 ع.
    expect(matchBurial(prepareQuery('7asan 3ali ')!, indexName('حسن علي'), null)?.match).toBe('latin');
  });

  it('reads a word typed with the article as one word when the register holds it without', () => {
    for (const name of ['سليمة آل عطية', 'رجب الشرق', 'حسن محمود شرقاوي']) indexName(name);
    expect(prepareQuery('الشرقاوي ')!.words.map((w) => w.folded)).toEqual(['الشرقاوي']);
    // A word that finds nothing by itself is still cut into the stored words it joins.
    indexName('ثريا منصور');
    expect(prepareQuery('ثريامنصور ')!.words.map((w) => w.folded)).toEqual(['ثريا', 'منصور']);
  });

  it('cuts stored names of any script into words', () => {
    expect(tokensOf(indexName('Иван Петров 2')).map((t) => [t.script, t.folded])).toEqual([
      ['other', 'иван'],
      ['other', 'петров'],
      ['digit', '2'],
    ]);
    expect(tokensOf(indexName('سامي QA7')).map((t) => t.exact)).toEqual(['سامي', 'qa7']);
    expect(tokensOf(indexName('قبر45')).map((t) => t.exact)).toEqual(['قبر', '45']);
  });
});
