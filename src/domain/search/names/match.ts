// The matcher: queries, stored names, word assignment and scores. The API and its rules are described in
// index.ts.
import { normalizeArabic } from '../normalize';
import { hijriParts } from '../../dates/hijri';
import type { Gender } from '../../types';
import {
  candidatesOf,
  classify,
  EXACT,
  FOLDED,
  formsOf,
  internToken,
  isStoredWord,
  LATIN,
  LATIN_LOOSE,
  LOW_PREFIX,
  NONE,
  PREFIX,
  prefixFormsOf,
  tokenById,
  SPOKEN,
  tokenCount,
  TYPO,
  TYPO_START,
  type QueryForms,
  type Token,
} from './forms';
import {
  FAMILY_WORD,
  GRAVE_WORDS,
  GREGORIAN_WORDS,
  HIJRI_WORDS,
  joinCompounds,
  joinTypedSuffix,
  LINEAGE_WORDS,
  SECTION_WORDS,
  splitWords,
  YEAR_WORDS,
  type Unit,
  type Word,
} from './words';

export type MatchClass = 'exact' | 'folded' | 'prefix' | 'spoken' | 'typo' | 'latin' | 'number';

/** Best first, as ranked. */
export const MATCH_CLASSES: readonly MatchClass[] = ['exact', 'number', 'folded', 'prefix', 'spoken', 'latin', 'typo'];

export interface NameMatch {
  /** How the whole query matched: its worst word's class, or 'number' for a query of numbers only. */
  match: MatchClass;
  /** Higher is better; compareMatches orders by it. Only comparable between matches of the same query. */
  score: number;
  /** Query words matched in the stored order. */
  inOrder: number;
  /** How the grave number matched, when the query has numbers and the caller gave one. */
  number: 'equal' | 'contains' | null;
  /** Character ranges [start, end) of the matched words in the original stored name, in order. */
  words: Array<[number, number]>;
}

export interface IndexedName {
  readonly name: string;
  /**
   * The name's words (lineage words left out, compounds as one), three numbers each in one flat array: the stored
   * word's id (tokenById), then its start and end in `name`. The matcher's first test reads the ids only; one array
   * instead of three keeps 30,000 names in about 4 MB less.
   */
  readonly words: ArrayLike<number>;
  /** The index of the person's own first name (the first word that is not an honorific), -1 if none. */
  readonly first: number;
  /** The name as "typed exactly as stored" compares it (wholeText); the same string as name when already so. */
  readonly whole: string;
}

/** The stored words of an indexed name. */
export function tokensOf(name: IndexedName): Token[] {
  const tokens: Token[] = [];
  for (let at = 0; at < name.words.length; at += 3) tokens.push(tokenById(name.words[at]!));
  return tokens;
}

interface QueryWord extends QueryForms {
  readonly optional: boolean;
}

/** A year typed with the name: the burials of that year rank first. */
export interface QueryYear {
  readonly value: number;
  readonly hijri: boolean;
}

/** What a query asks besides its words and numbers. */
interface QueryNarrowing {
  /** The query as typed, for "the stored name exactly as typed" (see wholeText). */
  readonly whole: string;
  /** A section word ("رجال") narrowed the answer to that section. */
  readonly section: Gender | null;
  readonly year: QueryYear | null;
  /** The query is one number that could be a year: its grave first, then the burials of that year. */
  readonly yearAlone: boolean;
}

/** What the matcher may know of a buried person besides the name and the grave's number. */
export interface BurialFacts {
  /** The grave's section. */
  readonly gender?: Gender;
  /** The burial day, YYYY-MM-DD. */
  readonly date?: string;
}

/** Four bits per word in the per-token cache, seven words to a number (two numbers for a longer query). */
const MAX_WORDS = 10;
const CODE_BITS = 4;
const WORDS_PER_CODE = 7;
/** Tokens of a name looked at (a bit each). */
const MAX_TOKENS = 30;

export class PreparedQuery implements QueryNarrowing {
  readonly text: string;
  readonly whole: string;
  readonly section: Gender | null;
  readonly year: QueryYear | null;
  readonly yearAlone: boolean;
  readonly words: readonly QueryWord[];
  /** Bit j set when words[j] must match. */
  readonly required: number;
  /** Number words, Western digits without leading zeros. */
  readonly numbers: readonly string[];
  // Per stored word (by token id): the classes of every query word packed four bits each (codes: words 0-6;
  // codesMore: words 7-9, made only for a query that long), and which words match it (masks). Filled at once for
  // the words that may match (candidatesOf); every other word known then has mask 0. Words stored after the query
  // was prepared are compared when first met (mask -1 till then). Read by matchName directly: it is the hot loop.
  codes: Int32Array;
  codesMore: Int32Array | null;
  masks: Int32Array;
  /** Words (bit j) left with no beginning: no later word of the query matches a stored word whole. */
  private noBeginning = 0;

  constructor(text: string, words: QueryWord[], numbers: string[], narrowing: QueryNarrowing) {
    this.text = text;
    this.whole = narrowing.whole;
    this.section = narrowing.section;
    this.year = narrowing.year;
    this.yearAlone = narrowing.yearAlone;
    this.words = words;
    this.numbers = numbers;
    this.required = words.reduce((m, w, j) => (w.optional ? m : m | (1 << j)), 0);
    this.codes = new Int32Array(tokenCount());
    this.codesMore = words.length > WORDS_PER_CODE ? new Int32Array(tokenCount()) : null;
    this.masks = new Int32Array(tokenCount());
    // Last word first: a word before the last is a beginning only if a later word matches some stored word whole;
    // when none does, it is not looked for as one at all (a query of beginnings would score every name in vain).
    let wholeLater = false;
    for (let j = words.length - 1; j >= 0; j--) {
      const word = words[j]!;
      if (word.prefix?.needsWhole && !wholeLater) this.noBeginning |= 1 << j;
      for (const token of candidatesOf(word)) {
        const c = this.record(token, j, word);
        if (c !== NONE && c !== PREFIX && c !== LOW_PREFIX) wholeLater = true;
      }
    }
  }

  private record(token: Token, j: number, word: QueryWord): number {
    let c = classify(word, token);
    // An optional word counts only when the name really holds it, not a look-alike of it (a Latin one: its
    // transliteration).
    if (word.optional && c < FOLDED && c !== PREFIX && !(word.script === 'latin' && c >= LATIN_LOOSE)) c = NONE;
    if (c === LOW_PREFIX && this.noBeginning & (1 << j)) c = NONE;
    if (c !== NONE) {
      const codes = j < WORDS_PER_CODE ? this.codes : this.codesMore!;
      codes[token.id] = codes[token.id]! | (c << (CODE_BITS * (j % WORDS_PER_CODE)));
      this.masks[token.id] = this.masks[token.id]! | (1 << j);
    }
    return c;
  }

  /** The bytes its tables of stored words hold (a caller keeping it counts them). */
  heldBytes(): number {
    return this.codes.byteLength + this.masks.byteLength + (this.codesMore?.byteLength ?? 0);
  }

  /** Which query words match the token (bit j for words[j]). */
  maskOf(token: Token): number {
    if (token.id < this.masks.length) {
      const known = this.masks[token.id]!;
      if (known >= 0) return known;
    } else {
      const size = Math.max(token.id + 1, this.masks.length * 2);
      const grown = (old: Int32Array) => {
        const codes = new Int32Array(size);
        codes.set(old);
        return codes;
      };
      const masks = new Int32Array(size).fill(-1, this.masks.length);
      masks.set(this.masks);
      this.codes = grown(this.codes);
      if (this.codesMore) this.codesMore = grown(this.codesMore);
      this.masks = masks;
    }
    this.codes[token.id] = 0;
    if (this.codesMore) this.codesMore[token.id] = 0;
    this.masks[token.id] = 0;
    this.words.forEach((word, j) => this.record(token, j, word));
    return this.masks[token.id]!;
  }
}

const stripZeros = (digits: string) => (digits.charCodeAt(0) === 0x30 ? digits.replace(/^0+(?=\d)/, '') : digits);

/** No name is longer; a pasted page is cut here rather than split into thousands of words. */
const MAX_QUERY_LENGTH = 200;

/** The query or stored name as one compares them "exactly as stored": one form of Unicode, single spaces. */
const wholeText = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ');

/** The years a number can be: Gregorian from 1900, Hijri from 1300, up to this year. */
function yearRanges(today: Date): { gregorian: number; hijri: number } {
  return { gregorian: today.getUTCFullYear(), hijri: hijriParts(today.toISOString().slice(0, 10)).year };
}

/** Whether a query word matches some stored word in any way (whole, as a beginning, by a rule). */
function findsSomething(word: QueryForms): boolean {
  for (const token of candidatesOf(word)) if (classify(word, token) !== NONE) return true;
  return false;
}

/** Where a word stands in the query: the unfinished last word, the finished last word, or a word before the last. */
type Place = 'typing' | 'last' | 'before';

/** A query word: its forms, and the beginnings it may match by (see prefixFormsOf). */
function queryWordOf(unit: Unit, place: Place): QueryWord {
  const forms = formsOf(unit);
  // An honorific before the last word counts only when stored as typed: never as a beginning.
  const prefix =
    place === 'typing'
      ? prefixFormsOf(forms, true)
      : place === 'before' && !forms.honorific
        ? prefixFormsOf(forms, false)
        : null;
  return { ...forms, optional: forms.honorific, prefix };
}

/**
 * Splits a word typed without its space ("فاطمةالزهراء") into two stored words, or null. Only a word that finds
 * nothing by itself: "الشرقاوي" is the register's شرقاوي (the article), not الشرق and اوي. A compound that finds
 * nothing is read as its two words too: "محمد عبد الجمال" is a father's name half-typed (عبد…), not عبد الجمال.
 */
function splitJoined(unit: Unit, place: Place): [Unit, Unit] | null {
  if (unit.halves !== undefined) {
    if (findsSomething(queryWordOf(unit, place))) return null;
    const [head, word] = unit.halves;
    return [
      { ...head, parts: [head.folded] },
      { ...word, parts: [word.folded] },
    ];
  }
  const folded = unit.folded;
  if (unit.script !== 'ar' || folded.length < 4 || isStoredWord(folded)) return null;
  for (let at = folded.length - 2; at >= 2; at--) {
    const left = folded.slice(0, at);
    const right = folded.slice(at);
    if (isStoredWord(left) && isStoredWord(right)) {
      if (findsSomething(queryWordOf(unit, place))) return null;
      const half = (text: string): Unit => ({ ...unit, exact: text, folded: text, parts: [text] });
      return [half(left), half(right)];
    }
  }
  return null;
}

/**
 * A Latin word written with digits stays whole when it finds a stored word ("QA7"), or when its digits are single
 * chat letters (3 ع, 7 ح, 2 ء, 5 خ, 6 ط, 8 غ, 9 ص: "7asan", "3abd"); else it is read as its runs, as before digits
 * joined Latin letters ("Mohamed45": a name and a grave's number).
 */
function splitMixed(words: Word[], textEnd: number): Word[] {
  return words.flatMap((w, i) => {
    if (w.pieces === undefined || !/\d\d|[014]/.test(w.folded)) return [w];
    const typing = i === words.length - 1 && w.end === textEnd;
    const word = queryWordOf({ ...w, parts: [w.folded] }, typing ? 'typing' : 'last');
    return findsSomething(word) ? [w] : w.pieces;
  });
}

/**
 * Parses a query; null when it holds nothing to search (empty, or only lineage words and punctuation). The last
 * word is unfinished (matched also as the beginning of a stored word) unless the text ends after it: with a space,
 * or a mark that cannot be in a word. `today` sets the latest year a number can be.
 */
export function prepareQuery(text: string, today: Date = new Date()): PreparedQuery | null {
  const cut = text.slice(0, MAX_QUERY_LENGTH);
  const typed = splitMixed(splitWords(cut), cut.length);
  const last = typed[typed.length - 1];
  // An apostrophe may still be inside a Latin word being typed ("Sa'" of "Sa'ad").
  const ended =
    last !== undefined &&
    (last.end === cut.length || (last.script === 'latin' && /^['’`]+$/.test(cut.slice(last.end))));
  const unfinishedEnd = last !== undefined && ended && last.script !== 'digit' ? last.end : -1;
  const all = typed.filter((w) => !LINEAGE_WORDS.has(w.folded));
  const latest = yearRanges(today);
  const hijriSaid = all.some((w) => w.script === 'ar' && HIJRI_WORDS.has(w.folded) && w.folded.length > 1);

  // Numbers first: a grave's number, or a year (after a year word, with a Hijri or Gregorian mark, or beside a name).
  const used = new Array<boolean>(all.length).fill(false);
  const numbers: string[] = [];
  let year: QueryYear | null = null;
  let mayBeYear: number | null = null;
  for (let i = 0; i < all.length; i++) {
    const w = all[i]!;
    if (w.script !== 'digit') continue;
    const before = all[i - 1];
    const after = all[i + 1];
    const afterGraveWord = before !== undefined && GRAVE_WORDS.has(before.folded);
    const value = Number(w.folded);
    const gregorian = value >= 1900 && value <= latest.gregorian;
    const hijriMark = after?.script === 'ar' && HIJRI_WORDS.has(after.folded);
    const hijri = value >= 1300 && value <= latest.hijri && (hijriMark || hijriSaid);
    const afterYearWord = before !== undefined && YEAR_WORDS.has(before.folded);
    used[i] = true;
    // "مقبرة رقم ٤٥": every grave word before the number goes.
    for (let j = i - 1; j >= 0 && all[j]!.script === 'ar' && GRAVE_WORDS.has(all[j]!.folded); j--) used[j] = true;
    if (!afterGraveWord && year === null && (hijri || (afterYearWord && gregorian))) {
      year = { value, hijri };
      if (afterYearWord) used[i - 1] = true;
      if (hijriMark || (after?.script === 'ar' && GREGORIAN_WORDS.has(after.folded))) used[i + 1] = true;
      continue;
    }
    if (!afterGraveWord && gregorian && mayBeYear === null) {
      mayBeYear = value;
      if (after?.script === 'ar' && GREGORIAN_WORDS.has(after.folded)) used[i + 1] = true;
    }
    numbers.push(stripZeros(w.folded));
  }
  for (let i = 0; i < all.length; i++) {
    const w = all[i]!;
    if (w.script === 'ar' && HIJRI_WORDS.has(w.folded) && w.folded.length > 1 && year !== null) used[i] = true;
  }

  let kept = all.filter((_, i) => !used[i]);
  // Section words narrow when something else is searched; "آل" before a family name is left out.
  let section: Gender | null = null;
  const others = kept.filter((w) => !SECTION_WORDS.has(w.folded));
  if (others.length > 0 || numbers.length > 0 || year !== null) {
    for (const w of kept) section ??= SECTION_WORDS.get(w.folded) ?? null;
    kept = others;
  }
  kept = kept.filter((w, i) => !(w.folded === FAMILY_WORD && kept[i + 1]?.script === 'ar'));

  let words: QueryWord[] = [];
  const placeOf = (unit: Unit, i: number, count: number): Place =>
    i < count - 1 ? 'before' : unit.end === unfinishedEnd ? 'typing' : 'last';
  // Latin initials ("M. Hassan") stand for nothing that can be matched.
  const joined = joinTypedSuffix(
    joinCompounds(kept).filter((unit) => !(unit.script === 'latin' && unit.folded.length < 2)),
    unfinishedEnd,
  );
  const typing = joined[joined.length - 1];
  if (typing !== undefined && typing.end === unfinishedEnd) {
    // Still too short to mean a beginning ("س"): left out until it is longer, the word before it then the last.
    const word = queryWordOf(typing, 'typing');
    if (word.prefix === null && !word.honorific) joined.pop();
  }
  const units = joined.flatMap((unit, i) => splitJoined(unit, placeOf(unit, i, joined.length)) ?? [unit]);
  units.forEach((unit, i) => words.push(queryWordOf(unit, placeOf(unit, i, units.length))));
  if (words.every((w) => w.optional)) words = words.map((w) => ({ ...w, optional: false }));
  if (words.length > MAX_WORDS) {
    // Nobody types ten words; when someone does, the optional ones go first.
    let room = MAX_WORDS - words.filter((w) => !w.optional).length;
    words = words.filter((w) => !w.optional || room-- > 0).slice(0, MAX_WORDS);
  }
  // A number alone that could be a year: the grave of that number first, then that year's burials.
  const yearAlone = words.length === 0 && numbers.length === 1 && year === null && mayBeYear !== null;
  if (year === null && mayBeYear !== null && words.length > 0) {
    year = { value: mayBeYear, hijri: false };
    numbers.splice(numbers.indexOf(String(mayBeYear)), 1);
  }
  if (words.length === 0 && numbers.length === 0 && year === null) return null;
  return new PreparedQuery(text, words, numbers, {
    whole: wholeText(cut),
    section,
    year: year ?? (yearAlone ? { value: mayBeYear!, hijri: false } : null),
    yearAlone,
  });
}

/** Precomputes a stored name (see IndexedName). */
export function indexName(name: string): IndexedName {
  const units = joinCompounds(splitWords(name).filter((w) => !LINEAGE_WORDS.has(w.folded))).slice(0, MAX_TOKENS);
  const words = new Array<number>(units.length * 3);
  let first = -1;
  units.forEach((unit, i) => {
    const token = internToken(unit);
    words[3 * i] = token.id;
    words[3 * i + 1] = unit.start;
    words[3 * i + 2] = unit.end;
    if (first < 0 && !token.honorific) first = i;
  });
  const whole = wholeText(name);
  return { name, words, first, whole: whole === name ? name : whole };
}

const CLASS_OF_WORD: Readonly<Record<number, MatchClass>> = {
  [EXACT]: 'exact',
  [FOLDED]: 'folded',
  [PREFIX]: 'prefix',
  [SPOKEN]: 'spoken',
  [LATIN]: 'latin',
  [LATIN_LOOSE]: 'latin',
  [TYPO]: 'typo',
  [TYPO_START]: 'typo',
  [LOW_PREFIX]: 'prefix',
};
/** The rank of a query of numbers only: after exact (a number is typed exactly), before every other class. */
const NUMBER_RANK_OF_QUERY = EXACT;
/** The rank of a word class: the classes' own order, room left for numbers between exact and folded. */
const rankOf = (code: number) => (code >= EXACT ? code + 1 : code);
/**
 * A grave whose number is the query's, then a person whose name holds the number as a word of its own ("George
 * Haddad 2"), then a grave whose number only contains it.
 */
const NUMBER_RANK = { equal: 3, contains: 1 } as const;
const NUMBER_HELD = 2;

/** The score's parts, most significant first (see the rank at the top of this file). */
function scoreOf(rank: number, inOrder: number, number: 'equal' | 'contains' | null, finer: number): number {
  return rank * 1_000_000 + Math.min(inOrder, 99) * 10_000 + (number ? NUMBER_RANK[number] : 0) * 1_000 + finer;
}

/** Above every class (the best is 10,999,999): a burial of the year typed… */
const YEAR_FIRST = 100_000_000;
/** …and above that, the stored name exactly as typed, whatever it holds. */
const SAME_NAME_FIRST = 200_000_000;
/** A number alone read as a year: that year's burials come after the graves of that number. */
const YEAR_ONLY_SCORE = 1;

const hijriYears = new Map<string, number>();
/** The Hijri year of a burial day, remembered (a town has a few thousand distinct days; bounded anyway). */
function hijriYearOf(date: string): number {
  let year = hijriYears.get(date);
  if (year === undefined) {
    if (hijriYears.size >= 100_000) hijriYears.clear();
    year = hijriParts(date).year;
    hijriYears.set(date, year);
  }
  return year;
}

/** Whether a burial day falls in the year typed (Gregorian or Hijri). */
export function inYear(year: QueryYear, date: string | undefined): boolean {
  if (date === undefined) return false;
  return year.hijri ? hijriYearOf(date) === year.value : date.startsWith(`${year.value}-`);
}

/** Whether the person's section fits the section word typed, if any (unknown sections fit). */
export function sectionFits(query: PreparedQuery, gender: Gender | undefined): boolean {
  return query.section === null || gender === undefined || gender === query.section;
}

/** The whole stored name as a match: every word marked. */
function sameNameMatch(name: IndexedName, facts: BurialFacts | undefined, query: PreparedQuery): NameMatch {
  const words: Array<[number, number]> = [];
  for (let at = 0; at < name.words.length; at += 3) words.push([name.words[at + 1]!, name.words[at + 2]!]);
  const year = query.year !== null && !query.yearAlone && inYear(query.year, facts?.date) ? YEAR_FIRST : 0;
  return {
    match: 'exact',
    score: SAME_NAME_FIRST + year + scoreOf(rankOf(EXACT), 99, null, 0),
    inOrder: 99,
    number: null,
    words,
  };
}

/**
 * Steps of the assignment search per name. A real query needs a few dozen (words are tried best class first, so
 * the first complete assignment is nearly always the best); a crafted one (many look-alike words on a long
 * name) stops here with the best found so far.
 */
const SEARCH_BUDGET = 1_000;

// The assignment search of matchName works in these buffers (no allocation per name: the loop runs 30,000
// times per query). JavaScript runs one matchName at a time, so module-level scratch is safe.
const candidates = new Int32Array(MAX_WORDS * MAX_TOKENS); // per word j: positions at [j * MAX_TOKENS, …)
const candidateClass = new Int32Array(MAX_WORDS * MAX_TOKENS);
const candidateCount = new Int32Array(MAX_WORDS);
const positions = new Int32Array(MAX_WORDS);
const bestPositions = new Int32Array(MAX_WORDS);
const sameAsBefore = new Uint8Array(MAX_WORDS);
const optional = new Uint8Array(MAX_WORDS);
/** 1 for a word before the last that may match as a beginning only if a later word matches whole. */
const needsWhole = new Uint8Array(MAX_WORDS);
/** The class of the stored word each query word took in the assignment being tried. */
const chosen = new Int32Array(MAX_WORDS);
const assigned = new Int32Array(MAX_WORDS);
const runLength = new Int32Array(MAX_WORDS);
let wordCount = 0;
let tokenTotal = 0;
let ownFirstAt = -1;
let firstWord = -1;
let bestScore = -1;
let bestWorst = NONE;
let budget = 0;

/**
 * Whether a word left unfinished before the last ("عبد الم" in "محمد عبد الم الجمال") has a later word matched whole
 * in the current assignment: without one, a beginning means too little to count.
 */
function beginningsHold(): boolean {
  for (let j = 0; j < wordCount; j++) {
    if (chosen[j] !== LOW_PREFIX || !needsWhole[j]) continue;
    let whole = false;
    for (let k = j + 1; k < wordCount && !whole; k++) {
      whole = positions[k]! >= 0 && chosen[k] !== LOW_PREFIX && chosen[k] !== PREFIX;
    }
    if (!whole) return false;
  }
  return true;
}

/** Scores the current assignment (positions) and keeps it when it is the best so far. */
function evaluate(worst: number): void {
  if (worst === LOW_PREFIX && !beginningsHold()) return;
  let count = 0;
  let better = 0;
  let adjacent = 0;
  let previous = -2;
  for (let j = 0; j < wordCount; j++) {
    const i = positions[j]!;
    if (i < 0) continue;
    assigned[count++] = i;
    if (i === previous + 1) adjacent++;
    previous = i;
  }
  for (let j = 0; j < wordCount; j++) {
    const i = positions[j]!;
    if (i < 0) continue;
    const base = j * MAX_TOKENS;
    for (let c = 0; c < candidateCount[j]!; c++) {
      if (candidates[base + c] === i) better += candidateClass[base + c]! - worst;
    }
  }
  // Longest increasing run of stored positions in query order (at most ten words).
  let inOrder = 0;
  for (let a = 0; a < count; a++) {
    let len = 1;
    for (let b = 0; b < a; b++) if (assigned[b]! < assigned[a]! && runLength[b]! + 1 > len) len = runLength[b]! + 1;
    runLength[a] = len;
    if (len > inOrder) inOrder = len;
  }
  const ownFirst = firstWord >= 0 && positions[firstWord] === ownFirstAt ? 1 : 0;
  const finer =
    Math.min(9, better) * 100 + ownFirst * 50 + Math.min(4, adjacent) * 10 + (9 - Math.min(9, tokenTotal - count));
  const score = scoreOf(rankOf(worst), inOrder, null, finer);
  if (score > bestScore) {
    bestScore = score;
    bestWorst = worst;
    bestPositions.set(positions);
  }
}

/** Tries every way to give query words j… distinct stored words (optional words may take none). */
function visit(j: number, used: number, worst: number): void {
  if (worst < bestWorst || budget-- <= 0) return;
  if (j === wordCount) {
    evaluate(worst);
    return;
  }
  // A word typed twice ("محمد محمد") takes two different stored words in order, not every permutation.
  const after = sameAsBefore[j] ? positions[j - 1]! : -1;
  const base = j * MAX_TOKENS;
  for (let c = 0; c < candidateCount[j]!; c++) {
    const i = candidates[base + c]!;
    if (used & (1 << i) || i <= after) continue;
    positions[j] = i;
    chosen[j] = candidateClass[base + c]!;
    visit(j + 1, used | (1 << i), Math.min(worst, chosen[j]!));
  }
  positions[j] = -1;
  chosen[j] = NONE;
  if (optional[j]) visit(j + 1, used, worst);
}

/** The best assignment's score, or -1; leaves the assignment in bestPositions and bestWorst. */
function searchName(query: PreparedQuery, name: IndexedName): number {
  const words = query.words;
  const k = words.length;
  if (k === 0) return -1;
  const words3 = name.words;
  const n = words3.length / 3;
  let mask = 0;
  let masks = query.masks;
  for (let i = 0; i < n; i++) {
    const id = words3[3 * i]!;
    const known = id < masks.length ? masks[id]! : -1;
    if (known >= 0) {
      mask |= known;
    } else {
      mask |= query.maskOf(tokenById(id));
      masks = query.masks; // maskOf may have grown it
    }
  }
  if ((mask & query.required) !== query.required) return -1;

  // Candidates of each query word, best class first.
  for (let j = 0; j < k; j++) {
    const base = j * MAX_TOKENS;
    const codes = j < WORDS_PER_CODE ? query.codes : query.codesMore!;
    const shift = CODE_BITS * (j % WORDS_PER_CODE);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const c = (codes[words3[3 * i]!]! >> shift) & 15;
      if (c === NONE) continue;
      let at = count++;
      while (at > 0 && candidateClass[base + at - 1]! < c) {
        candidates[base + at] = candidates[base + at - 1]!;
        candidateClass[base + at] = candidateClass[base + at - 1]!;
        at--;
      }
      candidates[base + at] = i;
      candidateClass[base + at] = c;
    }
    candidateCount[j] = count;
    sameAsBefore[j] = j > 0 && words[j]!.exact === words[j - 1]!.exact ? 1 : 0;
    optional[j] = words[j]!.optional ? 1 : 0;
    needsWhole[j] = words[j]!.prefix?.needsWhole ? 1 : 0;
    positions[j] = -1;
    chosen[j] = NONE;
  }
  wordCount = k;
  tokenTotal = n;
  ownFirstAt = name.first;
  firstWord = -1;
  for (let j = 0; j < k && firstWord < 0; j++) if (!words[j]!.optional) firstWord = j;
  bestScore = -1;
  bestWorst = NONE;
  budget = SEARCH_BUDGET;
  visit(0, 0, EXACT);
  return bestScore;
}

export function matchName(query: PreparedQuery, name: IndexedName): NameMatch | null {
  if (searchName(query, name) < 0) return null;
  const ranges: Array<[number, number]> = [];
  for (let j = 0; j < query.words.length; j++) {
    const i = bestPositions[j]!;
    if (i >= 0) ranges.push([name.words[3 * i + 1]!, name.words[3 * i + 2]!]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return {
    match: CLASS_OF_WORD[bestWorst]!,
    score: bestScore,
    inOrder: Math.floor(bestScore / 10_000) % 100,
    number: null,
    words: ranges,
  };
}

export function matchGraveNumber(query: PreparedQuery, graveNumber: string | number): 'equal' | 'contains' | null {
  if (query.numbers.length === 0) return null;
  // Men's and women's graves have whole numbers: only a bones label needs folding.
  const grave = typeof graveNumber === 'number' ? String(graveNumber) : normalizeArabic(graveNumber);
  const whole = stripZeros(grave);
  let equal = true;
  for (const n of query.numbers) {
    if (n === whole || n === grave) continue;
    if (!grave.includes(n)) return null;
    equal = false;
  }
  return equal ? 'equal' : 'contains';
}

/**
 * The places of the name's own number words holding every number of the query ("2" in "George Haddad 2"), or null
 * when it does not hold them all.
 */
function numberWordsOf(query: PreparedQuery, name: IndexedName | null): Array<[number, number]> | null {
  if (name === null) return null;
  const ranges: Array<[number, number]> = [];
  for (const n of query.numbers) {
    let at = 0;
    while (at < name.words.length) {
      const token = tokenById(name.words[at]!);
      if (token.script === 'digit' && stripZeros(token.folded) === n) break;
      at += 3;
    }
    if (at >= name.words.length) return null;
    ranges.push([name.words[at + 1]!, name.words[at + 2]!]);
  }
  return ranges;
}

export function matchBurial(
  query: PreparedQuery,
  name: IndexedName | null,
  graveNumber: string | number | null,
  facts?: BurialFacts,
): NameMatch | null {
  const score = burialScore(query, name, graveNumber, facts);
  if (score < 0) return null;
  if (score >= SAME_NAME_FIRST) return sameNameMatch(name!, facts, query);
  const number = graveNumber === null ? null : matchGraveNumber(query, graveNumber);
  const held = number === null ? (numberWordsOf(query, name) ?? []) : [];
  if (query.words.length === 0) return { match: 'number', score, inOrder: 0, number, words: held };
  const found = matchName(query, name!)!;
  const words = held.length === 0 ? found.words : [...found.words, ...held].sort((a, b) => a[0] - b[0]);
  return { ...found, number, score, words };
}

/**
 * matchBurial's score alone, -1 for no match, without building the match (NameIndex ranks thousands of people
 * for a common first name and builds the answer's fifty only).
 */
export function burialScore(
  query: PreparedQuery,
  name: IndexedName | null,
  graveNumber: string | number | null,
  facts?: BurialFacts,
): number {
  if (!sectionFits(query, facts?.gender)) return -1;
  if (name !== null && query.whole !== '' && name.whole === query.whole) {
    return sameNameMatch(name, facts, query).score;
  }
  const date = facts?.date;
  let numberRank = 0;
  if (query.numbers.length > 0) {
    const number = graveNumber === null ? null : matchGraveNumber(query, graveNumber);
    if (number !== null) numberRank = NUMBER_RANK[number];
    else if (numberWordsOf(query, name) !== null) numberRank = NUMBER_HELD;
    else return query.yearAlone && inYear(query.year!, date) ? YEAR_ONLY_SCORE : -1;
  }
  const year = query.year !== null && !query.yearAlone && inYear(query.year, date) ? YEAR_FIRST : 0;
  if (query.words.length === 0) {
    // A year alone ("سنة ٢٠٠٨") finds that year's burials only.
    if (query.numbers.length === 0 && year === 0) return -1;
    return scoreOf(NUMBER_RANK_OF_QUERY, 0, null, 0) + numberRank * 1_000 + year;
  }
  const score = name === null ? -1 : searchName(query, name);
  return score < 0 ? -1 : score + numberRank * 1_000 + year;
}

export interface GraveMatch {
  /** The grave's rank: its best person's match (or its number's, for a query of numbers only). */
  best: NameMatch;
  /** Per person, in the order given: how each matched, null for those that did not. */
  persons: Array<NameMatch | null>;
}

/** What a grave card knows besides its number: its section, and each person's burial day (in the names' order). */
export interface GraveFacts {
  readonly gender?: Gender;
  readonly dates?: ReadonlyArray<string | undefined>;
}

export function matchGrave(
  query: PreparedQuery,
  graveNumber: string | number,
  names: readonly IndexedName[],
  facts?: GraveFacts,
): GraveMatch | null {
  if (names.length === 0) {
    // An empty grave is found by its number only.
    const best = query.words.length === 0 ? matchBurial(query, null, graveNumber, { gender: facts?.gender }) : null;
    return best === null ? null : { best, persons: [] };
  }
  let best: NameMatch | null = null;
  const persons = names.map((name, i) => {
    const m = matchBurial(query, name, graveNumber, { gender: facts?.gender, date: facts?.dates?.[i] });
    if (m !== null && (best === null || m.score > best.score)) best = m;
    return m;
  });
  return best === null ? null : { best, persons };
}

/**
 * A grave found by a query without name words (numbers, a year): by its number, or by the year of one of its
 * burials; null when neither fits.
 */
export function matchGraveByNumber(
  query: PreparedQuery,
  graveNumber: string | number,
  facts?: GraveFacts,
): NameMatch | null {
  let best = matchBurial(query, null, graveNumber, { gender: facts?.gender });
  for (const date of facts?.dates ?? []) {
    const m = matchBurial(query, null, graveNumber, { gender: facts?.gender, date });
    if (m !== null && (best === null || m.score > best.score)) best = m;
  }
  return best;
}

/** Best first; 0 when the query ranks both alike (the caller then puts the most recent burial first). */
export function compareMatches(a: Pick<NameMatch, 'score'>, b: Pick<NameMatch, 'score'>): number {
  return b.score - a.score;
}
