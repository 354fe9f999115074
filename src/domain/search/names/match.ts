// The matcher: queries, stored names, word assignment and scores. The API and its rules are described in
// index.ts.
import { normalizeArabic } from '../normalize';
import { latinNamesFor } from './latin';
import {
  candidatesOf,
  classify,
  EXACT,
  FOLDED,
  formsOf,
  internToken,
  LATIN,
  NONE,
  tokenById,
  SPOKEN,
  tokenCount,
  TYPO,
  type QueryForms,
  type Token,
} from './forms';
import { GRAVE_WORDS, joinCompounds, LINEAGE_WORDS, splitWords, type Word } from './words';

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
  readonly words: readonly number[];
  /** The index of the person's own first name (the first word that is not an honorific), -1 if none. */
  readonly first: number;
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

/** Three bits per word in the per-token cache. */
const MAX_WORDS = 10;
/** Tokens of a name looked at (a bit each). */
const MAX_TOKENS = 30;

export class PreparedQuery {
  readonly text: string;
  readonly words: readonly QueryWord[];
  /** Bit j set when words[j] must match. */
  readonly required: number;
  /** Number words, Western digits without leading zeros. */
  readonly numbers: readonly string[];
  // Per stored word (by token id): the classes of every query word packed three bits each (codes), and which
  // words match it (masks). Filled at once for the words that may match (candidatesOf); every other word known
  // then has mask 0. Words stored after the query was prepared are compared when first met (mask -1 till then).
  // Read by matchName directly: it is the hot loop.
  codes: Int32Array;
  masks: Int32Array;

  constructor(text: string, words: QueryWord[], numbers: string[]) {
    this.text = text;
    this.words = words;
    this.numbers = numbers;
    this.required = words.reduce((m, w, j) => (w.optional ? m : m | (1 << j)), 0);
    this.codes = new Int32Array(tokenCount());
    this.masks = new Int32Array(tokenCount());
    words.forEach((word, j) => {
      for (const token of candidatesOf(word)) this.record(token, j, word);
    });
  }

  private record(token: Token, j: number, word: QueryWord): void {
    let c = classify(word, token);
    // An optional word counts only when the name really holds it, not a look-alike of it (a Latin one: its
    // transliteration).
    if (word.optional && c < FOLDED && !(word.script === 'latin' && c === LATIN)) c = NONE;
    if (c !== NONE) {
      this.codes[token.id] = this.codes[token.id]! | (c << (3 * j));
      this.masks[token.id] = this.masks[token.id]! | (1 << j);
    }
  }

  /** Which query words match the token (bit j for words[j]). */
  maskOf(token: Token): number {
    if (token.id < this.masks.length) {
      const known = this.masks[token.id]!;
      if (known >= 0) return known;
    } else {
      const size = Math.max(token.id + 1, this.masks.length * 2);
      const codes = new Int32Array(size);
      codes.set(this.codes);
      const masks = new Int32Array(size).fill(-1, this.masks.length);
      masks.set(this.masks);
      this.codes = codes;
      this.masks = masks;
    }
    this.codes[token.id] = 0;
    this.masks[token.id] = 0;
    this.words.forEach((word, j) => this.record(token, j, word));
    return this.masks[token.id]!;
  }
}

const stripZeros = (digits: string) => (digits.charCodeAt(0) === 0x30 ? digits.replace(/^0+(?=\d)/, '') : digits);

/** No name is longer; a pasted page is cut here rather than split into thousands of words. */
const MAX_QUERY_LENGTH = 200;

/** Parses a query; null when it holds nothing to search (empty, or only lineage words and punctuation). */
export function prepareQuery(text: string): PreparedQuery | null {
  const all = splitWords(text.slice(0, MAX_QUERY_LENGTH)).filter((w) => !LINEAGE_WORDS.has(w.folded));
  const numbers: string[] = [];
  const kept: Word[] = [];
  let beforeNumber = false;
  for (let i = all.length - 1; i >= 0; i--) {
    const w = all[i]!;
    if (w.script === 'digit') {
      numbers.unshift(stripZeros(w.folded));
      beforeNumber = true;
    } else if (!(beforeNumber && GRAVE_WORDS.has(w.folded))) {
      beforeNumber = false;
      kept.unshift(w);
    }
  }
  let words: QueryWord[] = [];
  for (const unit of joinCompounds(kept)) {
    // Latin initials ("M. Hassan") stand for nothing that can be matched.
    if (unit.script === 'latin' && unit.folded.length < 2) continue;
    const forms = formsOf(unit);
    words.push({
      ...forms,
      optional: forms.honorific,
      latinNames: forms.latin ? latinNamesFor(forms.latin.keys) : null,
    });
  }
  if (words.every((w) => w.optional)) words = words.map((w) => ({ ...w, optional: false }));
  if (words.length > MAX_WORDS) {
    // Nobody types ten words; when someone does, the optional ones go first.
    let room = MAX_WORDS - words.filter((w) => !w.optional).length;
    words = words.filter((w) => !w.optional || room-- > 0).slice(0, MAX_WORDS);
  }
  if (words.length === 0 && numbers.length === 0) return null;
  return new PreparedQuery(text, words, numbers);
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
  return { name, words, first };
}

const CLASS_OF_WORD: Readonly<Record<number, MatchClass>> = {
  [EXACT]: 'exact',
  [FOLDED]: 'folded',
  [SPOKEN]: 'spoken',
  [LATIN]: 'latin',
  [TYPO]: 'typo',
};
const RANK: Readonly<Record<MatchClass, number>> = {
  exact: 7,
  number: 6,
  folded: 5,
  prefix: 4,
  spoken: 3,
  latin: 2,
  typo: 1,
};
const NUMBER_RANK = { equal: 2, contains: 1 } as const;

/** The score's parts, most significant first (see the rank at the top of this file). */
function scoreOf(match: MatchClass, inOrder: number, number: 'equal' | 'contains' | null, finer: number): number {
  return RANK[match] * 1_000_000 + Math.min(inOrder, 99) * 10_000 + (number ? NUMBER_RANK[number] : 0) * 1_000 + finer;
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
const assigned = new Int32Array(MAX_WORDS);
const runLength = new Int32Array(MAX_WORDS);
let wordCount = 0;
let tokenTotal = 0;
let ownFirstAt = -1;
let firstWord = -1;
let bestScore = -1;
let bestWorst = NONE;
let budget = 0;

/** Scores the current assignment (positions) and keeps it when it is the best so far. */
function evaluate(worst: number): void {
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
  const score = scoreOf(CLASS_OF_WORD[worst]!, inOrder, null, finer);
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
    visit(j + 1, used | (1 << i), Math.min(worst, candidateClass[base + c]!));
  }
  positions[j] = -1;
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
  const codes = query.codes;
  for (let j = 0; j < k; j++) {
    const base = j * MAX_TOKENS;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const c = (codes[words3[3 * i]!]! >> (3 * j)) & 7;
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
    positions[j] = -1;
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

export function matchBurial(
  query: PreparedQuery,
  name: IndexedName | null,
  graveNumber: string | number | null,
): NameMatch | null {
  let number: 'equal' | 'contains' | null = null;
  if (query.numbers.length > 0) {
    number = graveNumber === null ? null : matchGraveNumber(query, graveNumber);
    if (number === null) return null;
  }
  if (query.words.length === 0) {
    return { match: 'number', score: scoreOf('number', 0, number, 0), inOrder: 0, number, words: [] };
  }
  const found = name === null ? null : matchName(query, name);
  if (found === null || number === null) return found;
  return { ...found, number, score: found.score + NUMBER_RANK[number] * 1_000 };
}

/**
 * matchBurial's score alone, -1 for no match, without building the match (NameIndex ranks thousands of people
 * for a common first name and builds the answer's fifty only).
 */
export function burialScore(query: PreparedQuery, name: IndexedName, graveNumber: string | number | null): number {
  let numberRank = 0;
  if (query.numbers.length > 0) {
    const number = graveNumber === null ? null : matchGraveNumber(query, graveNumber);
    if (number === null) return -1;
    numberRank = NUMBER_RANK[number];
  }
  if (query.words.length === 0) return scoreOf('number', 0, null, 0) + numberRank * 1_000;
  const score = searchName(query, name);
  return score < 0 ? -1 : score + numberRank * 1_000;
}

export interface GraveMatch {
  /** The grave's rank: its best person's match (or its number's, for a query of numbers only). */
  best: NameMatch;
  /** Per person, in the order given: how each matched, null for those that did not. */
  persons: Array<NameMatch | null>;
}

export function matchGrave(
  query: PreparedQuery,
  graveNumber: string | number,
  names: readonly IndexedName[],
): GraveMatch | null {
  if (query.words.length === 0) {
    const best = matchBurial(query, null, graveNumber);
    return best === null ? null : { best, persons: names.map(() => best) };
  }
  let best: NameMatch | null = null;
  const persons = names.map((name) => {
    const m = matchBurial(query, name, graveNumber);
    if (m !== null && (best === null || m.score > best.score)) best = m;
    return m;
  });
  return best === null ? null : { best, persons };
}

/** Best first; 0 when the query ranks both alike (the caller then puts the most recent burial first). */
export function compareMatches(a: Pick<NameMatch, 'score'>, b: Pick<NameMatch, 'score'>): number {
  return b.score - a.score;
}
