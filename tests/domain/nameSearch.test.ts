// The name matcher on its table (nameSearchCases.ts): every rule, the negatives, the order and the highlights.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/domain/search/names/forms';
import {
  compareMatches,
  highlightRanges,
  indexName,
  MATCH_CLASSES,
  matchBurial,
  matchGrave,
  matchGraveNumber,
  matchName,
  NameIndex,
  prepareQuery,
  tokensOf,
  type NameMatch,
} from '../../src/domain/search/names';
import { HIGHLIGHT_CASES, NAME_SEARCH_CASES, ORDER_CASES, typedQuery } from './nameSearchCases';

function find(name: string, query: string, grave: number | string | null = null): NameMatch | null {
  // The name is stored first: a query reads the register's words (words typed without their space are split on them).
  const indexed = indexName(name);
  const prepared = prepareQuery(query);
  return prepared === null ? null : matchBurial(prepared, indexed, grave);
}

describe('name search table', () => {
  it('has at least 150 cases, every class and a negative in every rule', () => {
    expect(NAME_SEARCH_CASES.length).toBeGreaterThanOrEqual(150);
    const classes = new Set(NAME_SEARCH_CASES.map((c) => c.expected));
    for (const m of MATCH_CLASSES) expect(classes).toContain(m);
    const rules = new Set(NAME_SEARCH_CASES.map((c) => c.rule));
    for (const rule of rules) {
      if (rule === 'folded') continue; // folding has nothing to refuse: its negatives are the close names
      expect(
        NAME_SEARCH_CASES.some((c) => c.rule === rule && c.expected === null),
        rule,
      ).toBe(true);
    }
  });

  it.each(NAME_SEARCH_CASES.map((c) => [c.rule, c.query, c.name, c.expected, c] as const))(
    '%s: "%s" on "%s" → %s',
    (_rule, query, name, expected, c) => {
      expect(find(name, typedQuery(c), c.grave ?? null)?.match ?? null).toBe(expected);
    },
  );
});

describe('ranking', () => {
  it.each(ORDER_CASES.map((c) => [c.query, c] as const))('"%s"', (query, c) => {
    const prepared = prepareQuery(query)!;
    const found = c.ranked.map((entry) => {
      const { name, grave } = typeof entry === 'string' ? { name: entry, grave: null } : entry;
      const m = matchBurial(prepared, indexName(name), grave);
      expect(m, name).not.toBeNull();
      return { entry, m: m! };
    });
    // Each strictly before the next: the matcher decides, not the order the names came in.
    for (let i = 1; i < found.length; i++) {
      expect(compareMatches(found[i - 1]!.m, found[i]!.m), JSON.stringify(found[i]!.entry)).toBeLessThan(0);
    }
    const shuffled = [...found].reverse().sort((a, b) => compareMatches(a.m, b.m));
    expect(shuffled.map((f) => f.entry)).toEqual(c.ranked);
  });

  it('leaves equal matches to the caller (most recent burial first)', () => {
    const q = prepareQuery('حسن')!;
    expect(compareMatches(matchName(q, indexName('حسن علي'))!, matchName(q, indexName('حسن سالم'))!)).toBe(0);
  });

  it('counts words matched in the stored order', () => {
    const q = prepareQuery('سعاد عبده الفقي')!;
    expect(matchName(q, indexName('سعاد محمود عبده الفقي'))!.inOrder).toBe(3);
    expect(matchName(q, indexName('الفقي عبده سعاد'))!.inOrder).toBe(1);
    expect(matchName(q, indexName('عبده سعاد الفقي'))!.inOrder).toBe(2);
  });
});

describe('highlights', () => {
  it.each(HIGHLIGHT_CASES.map((c) => [c.query, c.name, c] as const))('"%s" in "%s"', (query, name, c) => {
    const m = find(name, query)!;
    expect(m).not.toBeNull();
    expect(m.words.map(([s, e]) => name.slice(s, e))).toEqual(c.words);
    const pieces = highlightRanges(name, m.words);
    expect(pieces.map((p) => p.text).join('')).toBe(name);
    expect(pieces.filter((p) => p.match).map((p) => p.text)).toEqual(c.words);
  });

  it('cuts a name with no match into one plain piece', () => {
    expect(highlightRanges('محمد علي', [])).toEqual([{ text: 'محمد علي', match: false }]);
  });
});

describe('queries', () => {
  it.each(['', '   ', 'بن', 'بنت ولد', '— ، .', 'قبر'.slice(0, 0)])('"%s" has nothing to search', (text) => {
    expect(prepareQuery(text)).toBeNull();
  });

  it('keeps a number-only query for grave numbers, and grave words before it go', () => {
    const q = prepareQuery('مقبرة رقم ٠٤٥')!;
    expect(q.words).toHaveLength(0);
    expect(q.numbers).toEqual(['45']);
    expect(matchName(q, indexName('محمد علي'))).toBeNull();
  });

  it('keeps grave words that are not before a number as name words', () => {
    expect(prepareQuery('رقم محمد')!.words.map((w) => w.folded)).toEqual(['رقم', 'محمد']);
  });

  it('matches grave numbers equal, contained or not at all', () => {
    const q = prepareQuery('٤٥')!;
    expect(matchGraveNumber(q, 45)).toBe('equal');
    expect(matchGraveNumber(q, '٤٥')).toBe('equal');
    expect(matchGraveNumber(q, 1450)).toBe('contains');
    expect(matchGraveNumber(q, 54)).toBeNull();
    expect(matchGraveNumber(prepareQuery('محمد')!, 45)).toBeNull();
  });

  it('finds a grave by its number or by one of its people', () => {
    const names = ['حسن سالم', 'فاطمة حسن'].map(indexName);
    expect(matchGrave(prepareQuery('45')!, 45, names)!.persons.map((p) => p?.match)).toEqual(['number', 'number']);
    const byName = matchGrave(prepareQuery('فاطمه')!, 45, names)!;
    expect(byName.best.match).toBe('folded');
    expect(byName.persons.map((p) => p?.match ?? null)).toEqual([null, 'folded']);
    expect(matchGrave(prepareQuery('زينب')!, 45, names)).toBeNull();
    expect(matchGrave(prepareQuery('46')!, 45, names)).toBeNull();
  });

  it('answers the same after many queries and names (the per-word caches)', () => {
    const name = indexName('عبد الرحمن محمد الفقي');
    const first = matchName(prepareQuery('Abdel Rahman El Fiky')!, name);
    for (let i = 0; i < 50; i++) indexName(`اسم${i} جديد${i}`);
    expect(matchName(prepareQuery('Abdel Rahman El Fiky')!, name)).toEqual(first);
    expect(matchName(prepareQuery('عبدالرحمن الفقي')!, indexName('عبد الرحمن محمد الفقي'))!.match).toBe('folded');
  });

  it('stays quick on a crafted query of ten equal words', () => {
    const q = prepareQuery(Array(12).fill('محمد').join(' '))!;
    const name = indexName(Array(12).fill('محمد').join(' '));
    const started = performance.now();
    expect(matchName(q, name)?.match).toBe('exact');
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('NameIndex', () => {
  it('finds what a scan of every name finds, in the same order, the order added breaking ties', () => {
    const index = new NameIndex<number>();
    const people = NAME_SEARCH_CASES.map((c, i) => ({ name: c.name, grave: c.grave ?? 1000 + i }));
    people.forEach((p, i) => index.add(p.name, p.grave, i));
    expect(index.size).toBe(people.length);
    const indexed = people.map((p) => indexName(p.name));
    for (const query of new Set(NAME_SEARCH_CASES.map((c) => c.query))) {
      const prepared = prepareQuery(query);
      if (prepared === null) continue;
      const scanned = people
        .map((p, i) => ({ i, m: matchBurial(prepared, indexed[i]!, p.grave) }))
        .filter((x): x is { i: number; m: NameMatch } => x.m !== null)
        .sort((a, b) => compareMatches(a.m, b.m) || a.i - b.i);
      const searched = index.search(prepared);
      expect(
        searched.map((x) => x.item),
        query,
      ).toEqual(scanned.map((x) => x.i));
      expect(
        searched.map((x) => x.match),
        query,
      ).toEqual(scanned.map((x) => x.m));
      expect(index.search(prepared, 2).map((x) => x.item)).toEqual(scanned.slice(0, 2).map((x) => x.i));
    }
  });

  it('orders ties by its tie-break, cut or not, and forgets removed entries', () => {
    // Ties by a given order (here: the later added first) instead of the order added; every third entry removed.
    const index = new NameIndex<number>((a, b) => b - a);
    const people = NAME_SEARCH_CASES.map((c, i) => ({ name: c.name, grave: c.grave ?? 1000 + i }));
    const entries = people.map((p, i) => index.add(p.name, p.grave, i));
    entries.forEach((entry, i) => i % 3 === 0 && index.remove(entry));
    index.remove(entries[0]!); // twice: still one
    expect(index.removed).toBe(Math.ceil(people.length / 3));
    expect(index.size).toBe(people.length - index.removed);
    const indexed = people.map((p) => indexName(p.name));
    let cut = 0;
    for (const query of new Set([...NAME_SEARCH_CASES.map((c) => c.query), '12', 'رقم ٤٥', 'محمد'])) {
      const prepared = prepareQuery(query);
      if (prepared === null) continue;
      const scanned = people
        .map((p, i) => ({ i, m: i % 3 === 0 ? null : matchBurial(prepared, indexed[i]!, p.grave) }))
        .filter((x): x is { i: number; m: NameMatch } => x.m !== null)
        .sort((a, b) => compareMatches(a.m, b.m) || b.i - a.i);
      expect(
        index.search(prepared).map((x) => x.item),
        query,
      ).toEqual(scanned.map((x) => x.i));
      for (const limit of [1, 3]) {
        if (scanned.length > limit) cut++;
        expect(index.search(prepared, limit).map((x) => x.item)).toEqual(scanned.slice(0, limit).map((x) => x.i));
      }
    }
    expect(cut).toBeGreaterThan(20); // the cut answers (the heap) were really exercised
  });
});

describe('limits', () => {
  it('reads a pasted page only as far as a name goes', () => {
    const q = prepareQuery('محمد '.repeat(2000))!;
    expect(q.words.length).toBeLessThanOrEqual(10);
    expect(prepareQuery('x'.repeat(100_000))).not.toBeNull();
  });

  it('searches look-alike words on a long name within its budget', () => {
    const q = prepareQuery('احمد أحمد أَحمد إحمد آحمد احمد أحمد إحمد آحمد احمد')!;
    const name = indexName(Array(30).fill('أحمد').join(' '));
    const started = performance.now();
    expect(matchName(q, name)).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('words stored after a query was prepared', () => {
  it('are compared when first met', () => {
    const q = prepareQuery('زعفرانى Mansour')!; // no stored name holds either word yet
    expect(matchName(q, indexName('منصور زعفراني'))?.match).toBe('latin');
    expect(matchName(q, indexName('منصور الزعفرانى'))?.match).toBe('latin');
    expect(matchName(q, indexName('منصور الزعفرانى'))?.words).toEqual([
      [0, 5],
      [6, 15],
    ]);
    const index = new NameIndex<string>();
    const q3 = prepareQuery('قرنفلي')!;
    index.add('سالم القرنفلي', 7, 'سالم');
    expect(index.search(q3).map((x) => [x.item, x.match.match])).toEqual([['سالم', 'folded']]);
  });
});

describe('the stored words a query is compared with', () => {
  // A prepared query compares each word only with the stored words filed under its keys; this checks that those
  // are never fewer than the words it would match if compared with all of them.
  const stored = [
    'محمد',
    'الفقي',
    'عبد العزيز',
    'ذكي',
    'الذهبي',
    'شوقي',
    'ثناء',
    'فاطمة',
    'إبراهيم',
    'رؤوف',
    'نور الدين',
    'أبو العلا',
    'طارق',
    'الصاوي',
    'قاسم',
    'ضياء',
    'مصطفى',
    'سعاد',
    'النجار',
    'وفاء',
    'زكريا',
    'حافظ',
    'عائشة',
    'Mohamed',
    'El-Fiky',
  ];
  const LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءأإآؤئةى'];
  const edit = fc.tuple(
    fc.constantFrom('none', 'delete', 'insert', 'replace', 'swap', 'article', 'space'),
    fc.nat(),
    fc.constantFrom(...LETTERS),
  );

  it('includes every stored word a query word matches', () => {
    const tokens = stored.map((word) => tokensOf(indexName(word))[0]!);
    fc.assert(
      fc.property(fc.constantFrom(...stored), edit, edit, (word, ...edits) => {
        let typed = word;
        for (const [kind, at, letter] of edits) {
          const i = at % (typed.length + 1);
          if (kind === 'delete') typed = typed.slice(0, i) + typed.slice(i + 1);
          else if (kind === 'insert') typed = typed.slice(0, i) + letter + typed.slice(i);
          else if (kind === 'replace') typed = typed.slice(0, i) + letter + typed.slice(i + 1);
          else if (kind === 'swap')
            typed = typed.slice(0, i) + typed.charAt(i + 1) + typed.charAt(i) + typed.slice(i + 2);
          else if (kind === 'article') typed = typed.startsWith('ال') ? typed.slice(2) : 'ال' + typed;
          else if (kind === 'space') typed = typed.replace(' ', '');
        }
        const q = prepareQuery(typed);
        if (q === null || q.words.length !== 1) return;
        for (const token of tokens) {
          const direct = classify(q.words[0]!, token);
          expect(q.maskOf(token) !== 0, `${typed} / ${token.exact}`).toBe(direct !== 0);
          if (direct !== 0) expect(matchName(q, indexName(token.exact))?.match).toBeDefined();
        }
      }),
      { numRuns: 3000 },
    );
  });
});
