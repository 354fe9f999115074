// The Latin letter rules (src/domain/search/names/latin.ts) on the table of real names and their spellings
// (latinSpellings.ts): every spelling finds its name, first among the table's names, while typed too, and the
// name index finds what a scan of every name finds; close names stay apart.
import { describe, expect, it } from 'vitest';
import {
  compareMatches,
  HONORIFIC_WORDS,
  indexName,
  matchBurial,
  NameIndex,
  prepareQuery,
  type NameMatch,
} from '../../src/domain/search/names';
import { normalizeArabic } from '../../src/domain/search/normalize';
import { LATIN_SPELLINGS } from './latinSpellings';

const ROWS = LATIN_SPELLINGS.map(([arabic, spellings]) => ({ arabic, spellings, indexed: indexName(arabic) }));
const SPELLINGS = ROWS.flatMap((row, at) => row.spellings.map((spelling) => ({ spelling, at })));
const hasArticle = (arabic: string) => arabic.startsWith('ال');
const latinArticle = /^[ae]l[\s-]?/i;

function find(query: string, at: number): NameMatch | null {
  const prepared = prepareQuery(query);
  return prepared === null ? null : matchBurial(prepared, ROWS[at]!.indexed, null);
}

describe('the table of Latin spellings', () => {
  it('holds at least 200 real names and their common spellings', () => {
    expect(new Set(ROWS.map((r) => normalizeArabic(r.arabic))).size).toBeGreaterThanOrEqual(200);
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(1000);
  });

  it('finds every name by every spelling', () => {
    const missed = SPELLINGS.filter(({ spelling, at }) => find(`${spelling} `, at)?.match !== 'latin');
    expect(missed.map(({ spelling, at }) => `${spelling} → ${ROWS[at]!.arabic}`)).toEqual([]);
  });

  it('answers each spelling with its own name first', () => {
    // Another name may tie (Said is سعيد or سيد; Omar عمر or عمار: the letters alone cannot tell), never come
    // before, but for the same family name without its article when the spelling has none ("Gammal": جمال before
    // الجمال, as the Arabic "جمال" finds it first). An honorific (السيد) alone is no person's own name: left out.
    const wrong: string[] = [];
    for (const { spelling, at } of SPELLINGS) {
      const target = ROWS[at]!;
      if (HONORIFIC_WORDS.has(normalizeArabic(target.arabic))) continue;
      const query = prepareQuery(`${spelling} `)!;
      const own = matchBurial(query, target.indexed, null)!;
      for (const other of ROWS) {
        if (other === target) continue;
        const m = matchBurial(query, other.indexed, null);
        if (m === null || compareMatches(m, own) >= 0) continue;
        const articleLeftOut = hasArticle(target.arabic) && !hasArticle(other.arabic) && !latinArticle.test(spelling);
        if (!articleLeftOut) wrong.push(`${spelling}: ${other.arabic} before ${target.arabic}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds every name while its spelling is typed, from the third letter', () => {
    const missed: string[] = [];
    let tried = 0;
    for (const { spelling, at } of SPELLINGS) {
      for (let end = 3; end < spelling.length; end++) {
        const typed = spelling.slice(0, end);
        // Not yet a beginning: a word ended by a space or a hyphen is finished ("Abdel ", "El-") and waits for the
        // next, one of two letters is too short, and an apostrophe at either end is not yet inside a word.
        if (/[\s-]$/.test(typed) || /[\s-][^\s-]{0,2}$/.test(typed) || /^'|'$/.test(typed)) continue;
        // Nor what may be read as vowels alone ("Awa" of Awad, "3aw", "A'i"): a beginning with no consonant would
        // lead to every name.
        const words = prepareQuery(typed)?.words ?? [];
        if (words.at(-1)?.latin?.prefixSkeletons.some((s) => /^V?$/.test(s))) continue;
        tried++;
        if (find(typed, at) === null) missed.push(`${typed} (${spelling}) → ${ROWS[at]!.arabic}`);
      }
    }
    expect(missed).toEqual([]);
    expect(tried).toBeGreaterThan(3000);
  });

  it('gives through the name index what a scan of every name gives, whole and typed', () => {
    const index = new NameIndex<number>();
    ROWS.forEach((row, i) => index.add(row.arabic, null, i));
    const queries = new Set(SPELLINGS.flatMap(({ spelling }) => [`${spelling} `, spelling, spelling.slice(0, 4)]));
    for (const text of queries) {
      const query = prepareQuery(text);
      if (query === null) continue;
      const scanned = ROWS.map((row, i) => ({ i, m: matchBurial(query, row.indexed, null) }))
        .filter((x): x is { i: number; m: NameMatch } => x.m !== null)
        .sort((a, b) => compareMatches(a.m, b.m) || a.i - b.i)
        .map((x) => x.i);
      expect(
        index.search(query).map((x) => x.item),
        text,
      ).toEqual(scanned);
    }
  });
});

describe('close names stay apart', () => {
  // A spelling of one name never finds the other: the letters the rules read differ (a long vowel, ة, ي).
  const APART: ReadonlyArray<readonly [string, string]> = [
    ['Mohamed', 'محمود'],
    ['Mohammed', 'محمود'],
    ['Mahmoud', 'محمد'],
    ['Hassan', 'حسين'],
    ['Hussein', 'حسن'],
    ['Hosny', 'حسن'],
    ['Hassan', 'حسني'],
    ['Samir', 'سميرة'],
    ['Samira', 'سمير'],
    ['Karim', 'كريمة'],
    ['Karima', 'كريم'],
    ['Fawzy', 'فوزية'],
    ['Nabil', 'نبيلة'],
    ['Ali', 'علا'],
    ['Ahmed', 'حامد'],
    ['Hamed', 'أحمد'],
    ['Saad', 'سعيد'],
    ['Said', 'سعاد'],
    ['Yasser', 'ياسين'],
    ['Yassin', 'ياسر'],
    ['Khaled', 'خليل'],
    ['Gamal', 'كمال'],
    ['Tarek', 'طاهر'],
    ['Hany', 'هانم'],
    ['Zeinab', 'زينات'],
    ['Ashraf', 'شرف'],
    ['Samman', 'عثمان'],
    ['Refaat', 'عرفة'],
    ['Mona', 'منير'],
    ['Hoda', 'هند'],
  ];
  it.each(APART)('"%s" does not find %s', (spelling, arabic) => {
    expect(matchBurial(prepareQuery(`${spelling} `)!, indexName(arabic), null)).toBeNull();
  });

  it('ranks the plain spelling of a name before a looser reading of another', () => {
    // Mahmud is محمود by the plain rules, محمد only with a short u after the first syllable (looser).
    const q = prepareQuery('Mahmud ')!;
    const plain = matchBurial(q, indexName('محمود'), null)!;
    const loose = matchBurial(q, indexName('محمد'), null)!;
    expect(compareMatches(plain, loose)).toBeLessThan(0);
    // Ala is علا, and علي only through a final ي read as a.
    const ala = prepareQuery('Ala ')!;
    const own = matchBurial(ala, indexName('علا'), null)!;
    expect(compareMatches(own, matchBurial(ala, indexName('علي'), null)!)).toBeLessThan(0);
  });
});
