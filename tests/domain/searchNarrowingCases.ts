// The narrowing rules on one small register: answers while the last word is typed, the years, the section words, the
// article both ways, the stored name exactly as typed and words typed without their space. The same register and
// cases run through every door: the offline search and the browser's section search (searchNarrowing.test.ts),
// and GET /api/search, the section cards and the console's graves list on both engines (searchNarrowingApi.test.ts).
// Names are fictional. Burial days were chosen for their Hijri years: 2008-06-15 is in 1429, 2010-02-02 in 1431.
import type { Gender } from '../../src/domain/types';

export interface RegisterPerson {
  name: string;
  gender: Gender;
  grave: number | string;
  date: string;
}

/** One person a grave, so a door answering graves names its person. */
export const REGISTER: readonly RegisterPerson[] = [
  { name: 'حمدي سالم النقيب', gender: 'men', grave: 701, date: '2008-03-14' },
  { name: 'حمدي سالم عوض', gender: 'men', grave: 702, date: '2012-06-01' },
  { name: 'حمديين كامل', gender: 'men', grave: 703, date: '2015-01-01' },
  { name: 'نعمات حمدي', gender: 'women', grave: 701, date: '2008-10-10' },
  { name: 'نعمات فؤاد', gender: 'women', grave: 705, date: '2019-01-01' },
  { name: 'حمدي عبد الواحد', gender: 'bones', grave: 'ع3', date: '1990-05-05' },
  { name: 'ثريا منصور', gender: 'women', grave: 706, date: '2008-06-15' },
  { name: 'ثريا عبده', gender: 'women', grave: 707, date: '2010-02-02' },
  { name: 'رشدي حلمي', gender: 'men', grave: 2008, date: '1999-01-01' },
  { name: 'سامح قباني', gender: 'men', grave: 708, date: '2001-01-01' },
  { name: 'سامح علي القباني', gender: 'men', grave: 709, date: '2003-01-01' },
  { name: 'George Haddad 2', gender: 'men', grave: 710, date: '2004-01-01' },
  { name: 'فاطمة الزهراء منصور', gender: 'women', grave: 711, date: '2005-01-01' },
  { name: 'شيرين عبد الرءوف', gender: 'women', grave: 712, date: '2006-01-01' },
];

export interface NarrowingCase {
  rule: string;
  /** Exactly what is typed: a query ending without a space is still being typed. */
  query: string;
  /** The first answers, best first; a group in an inner array may come in any order among itself. */
  first?: ReadonlyArray<string | readonly string[]>;
  /** Found (anywhere in the answer). */
  found?: readonly string[];
  /** Not in the answer. */
  absent?: readonly string[];
  /** Each pair: the first is answered before the second. */
  before?: ReadonlyArray<readonly [string, string]>;
}

export const NARROWING_CASES: readonly NarrowingCase[] = [
  // --- the last word while it is typed --------------------------------------------------------------------------
  {
    rule: 'typing',
    query: 'حمدي سال',
    found: ['حمدي سالم النقيب', 'حمدي سالم عوض'],
    absent: ['نعمات حمدي', 'حمدي عبد الواحد'],
  },
  { rule: 'typing', query: 'حمد', found: ['حمدي سالم النقيب', 'حمديين كامل', 'نعمات حمدي', 'حمدي عبد الواحد'] },
  {
    rule: 'typing: whole before prefix',
    query: 'حمدي',
    first: [['حمدي سالم عوض', 'حمدي سالم النقيب', 'نعمات حمدي', 'حمدي عبد الواحد']],
    before: [['حمدي عبد الواحد', 'حمديين كامل']],
  },
  { rule: 'typing: a finished word is whole', query: 'حمدي ', absent: ['حمديين كامل'] },
  {
    rule: 'typing: the first answer holds every typed word',
    query: 'سالم حم',
    first: [['حمدي سالم عوض', 'حمدي سالم النقيب']],
  },
  { rule: 'typing: hamza folded', query: 'نعمات فا', absent: ['نعمات فؤاد', 'نعمات حمدي'] },
  { rule: 'typing: hamza folded', query: 'نعمات فو', found: ['نعمات فؤاد'], absent: ['نعمات حمدي'] },
  { rule: 'typing: article', query: 'سامح القب', found: ['سامح قباني', 'سامح علي القباني'] },
  { rule: 'typing: ة/ه', query: 'فاطمه الزه', found: ['فاطمة الزهراء منصور'] },

  // --- years ------------------------------------------------------------------------------------------------------
  {
    rule: 'year beside a name',
    query: 'حمدي 2008',
    first: [['حمدي سالم النقيب', 'نعمات حمدي']],
    found: ['حمدي سالم عوض', 'حمدي عبد الواحد'],
  },
  { rule: 'year after سنة', query: 'حمدي سنة ٢٠٠٨', first: [['حمدي سالم النقيب', 'نعمات حمدي']] },
  { rule: 'year after توفي', query: 'توفي ٢٠١٢ حمدي', first: ['حمدي سالم عوض'] },
  { rule: 'Hijri year', query: 'ثريا ١٤٢٩ هـ', first: ['ثريا منصور', 'ثريا عبده'] },
  { rule: 'Hijri year', query: 'ثريا ١٤٣١ هجري', first: ['ثريا عبده', 'ثريا منصور'] },
  { rule: 'Hijri year', query: 'ثريا 1431هـ', first: ['ثريا عبده', 'ثريا منصور'] },
  {
    rule: 'a number alone: its grave, then that year',
    query: '2008',
    first: ['رشدي حلمي'],
    found: ['حمدي سالم النقيب', 'نعمات حمدي', 'ثريا منصور'],
    absent: ['حمدي سالم عوض'],
  },
  { rule: 'a year alone after سنة', query: 'سنة 2010', first: ['ثريا عبده'], absent: ['حمدي سالم عوض'] },
  { rule: 'not a year: a grave number', query: 'حمدي 1850', absent: ['حمدي سالم النقيب', 'حمدي سالم عوض'] },
  { rule: 'a grave word keeps the number', query: 'قبر 2008', first: ['رشدي حلمي'], absent: ['ثريا منصور'] },

  // --- section words ------------------------------------------------------------------------------------------------
  { rule: 'section', query: '701', found: ['حمدي سالم النقيب', 'نعمات حمدي'] },
  { rule: 'section', query: 'قبر ٧٠١ رجال', first: ['حمدي سالم النقيب'], absent: ['نعمات حمدي'] },
  { rule: 'section', query: '701 النساء', first: ['نعمات حمدي'], absent: ['حمدي سالم النقيب'] },
  {
    rule: 'section',
    query: 'حمدي الرجال',
    found: ['حمدي سالم النقيب', 'حمدي سالم عوض'],
    absent: ['نعمات حمدي', 'حمدي عبد الواحد'],
  },
  { rule: 'section', query: 'حمدي عظام', first: ['حمدي عبد الواحد'], absent: ['حمدي سالم النقيب'] },
  { rule: 'section', query: 'نساء نعمات', found: ['نعمات فؤاد', 'نعمات حمدي'], absent: ['حمدي سالم عوض'] },

  // --- the article both ways, and آل ----------------------------------------------------------------------------
  { rule: 'article', query: 'القباني ', found: ['سامح قباني', 'سامح علي القباني'] },
  { rule: 'article', query: 'قباني ', found: ['سامح قباني', 'سامح علي القباني'] },
  { rule: 'article', query: 'آل القباني ', found: ['سامح قباني', 'سامح علي القباني'] },
  { rule: 'article', query: 'آل قباني', found: ['سامح قباني', 'سامح علي القباني'] },

  // --- Latin spellings of every written form; the exact name; joined words --------------------------------------
  { rule: 'latin', query: 'Shereen Abdelraouf ', first: ['شيرين عبد الرءوف'] },
  { rule: 'latin', query: 'Sherine Abd El Raouf ', first: ['شيرين عبد الرءوف'] },
  { rule: 'same name', query: 'George Haddad 2', first: ['George Haddad 2'] },
  { rule: 'joined', query: 'فاطمةالزهراء ', first: ['فاطمة الزهراء منصور'] },
  { rule: 'joined', query: 'ثريامنصور', first: ['ثريا منصور'] },
];

/**
 * What is wrong with a door's answer to a case (empty when nothing): `names` are the answer's people in its order.
 * A door answering graves of one section passes it: only that section's people are expected there, and the
 * "first" of a person search is read as an order between them. `register`: the people the case is asked of (this
 * file's by default).
 */
export function problemsOf(
  testCase: NarrowingCase,
  names: readonly string[],
  section?: Gender,
  register: readonly RegisterPerson[] = REGISTER,
): string[] {
  const inSection = (name: string) =>
    section === undefined || register.find((p) => p.name === name)!.gender === section;
  const problems: string[] = [];
  const at = (name: string) => names.indexOf(name);
  const before: Array<readonly [string, string]> = [...(testCase.before ?? [])];
  const found = new Set(testCase.found ?? []);
  if (testCase.first) {
    if (section === undefined) {
      let from = 0;
      for (const group of testCase.first) {
        const members = typeof group === 'string' ? [group] : group;
        const got = names.slice(from, from + members.length);
        if ([...got].sort().join('|') !== [...members].sort().join('|')) {
          problems.push(
            `"${testCase.query}": answers ${from + 1}… are ${got.join('، ')}; expected ${members.join('، ')}`,
          );
        }
        from += members.length;
      }
    } else {
      const groups = testCase.first.map((g) => (typeof g === 'string' ? [g] : g));
      groups.flat().forEach((name) => found.add(name));
      for (let g = 1; g < groups.length; g++) {
        for (const a of groups[g - 1]!) for (const b of groups[g]!) before.push([a, b]);
      }
    }
  }
  for (const name of found) {
    if (inSection(name) && at(name) < 0) problems.push(`"${testCase.query}": ${name} not found`);
  }
  for (const name of testCase.absent ?? []) {
    if (at(name) >= 0) problems.push(`"${testCase.query}": ${name} found`);
  }
  for (const [a, b] of before) {
    if (!inSection(a) || !inSection(b)) continue;
    if (at(a) < 0 || at(b) < 0 || at(a) > at(b)) problems.push(`"${testCase.query}": ${a} not before ${b}`);
  }
  return problems;
}
