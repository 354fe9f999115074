// The forms of one word the matcher compares, and how two words match (the word classes).
import { normalizeArabic } from '../normalize';
import { COMMON_GIVEN_NAMES } from './givenNames';
import {
  arabicSkeletons,
  arabicWordOf,
  latinCost,
  latinForms,
  latinKey,
  type ArabicWord,
  type LatinForms,
} from './latin';
import { COMPOUND_PREFIXES, HONORIFIC_WORDS, LATIN_HONORIFICS, type Script, type Unit } from './words';

/** Word classes, best first: the number is the rank (higher is better), 0 is no match. Four bits each (match.ts). */
export const EXACT = 9;
export const FOLDED = 8;
/** The unfinished last word of a query begins the stored word: below every whole-word likeness of Arabic letters. */
export const PREFIX = 7;
export const SPOKEN = 6;
/** A Latin word spelled from the Arabic by the plain letter rules (latin.ts), or two spellings of one Latin name. */
export const LATIN = 5;
/** …by the looser ones (ي as e, a final ي as a, ق as g): below the plain ones. */
export const LATIN_LOOSE = 4;
export const TYPO = 3;
/** A slip at the word's first letter, which a hand rarely misses: below a slip further on (منور: منصور, then أنور). */
export const TYPO_START = 2;
/**
 * A word that only begins the stored word and is not the Arabic word being typed at the end: a word left unfinished
 * before a later word that matches whole ("عبد الم" in "محمد عبد الم الجمال"), or a Latin beginning. Below every
 * whole-word match.
 */
export const LOW_PREFIX = 1;
export const NONE = 0;

export interface Forms {
  readonly script: Script;
  /** Same word as stored: marks and tatweel removed, a compound's words joined by one space. */
  readonly exact: string;
  /** normalizeArabic of exact (compounds without their space). */
  readonly folded: string;
  /** folded without the article ("الفقي" → "فقي", "ابوالعلا" → "ابوعلا"), when it has one. */
  readonly bare: string | null;
  /** The first half of a "... الدين"/"... الله" compound ("صلاح" of صلاح الدين), found by itself. */
  readonly head: string | null;
  /** folded with hamza seats ؤ ئ ء dropped, when it has any: رؤوف = رءوف. */
  readonly loose: string | null;
  /** The spoken-letter form: folded except that hamza keeps its own letter (see SPOKEN_PAIRS). */
  readonly spoken: string;
  readonly spokenBare: string | null;
  /** What a spoken swap cannot change (see coarseOf): words with different keys are not compared letter by letter. */
  readonly coarse: string;
  readonly coarseBare: string | null;
  /** Which letters folded (and bare) hold, one bit each: one typo changes at most two bits. */
  readonly letters: number;
  readonly bareLetters: number;
  /** A common given name (givenNames.ts; typos between two of them are refused). */
  readonly known: boolean;
  readonly honorific: boolean;
  /** Latin words only. */
  readonly latin: LatinForms | null;
}

/** A stored word: interned, so the 30,000 names of a town share a few thousand of these. */
export interface Token extends Forms {
  readonly id: number;
}

const KNOWN_NAMES: ReadonlySet<string> = new Set(COMMON_GIVEN_NAMES.map(normalizeArabic));

const ARTICLE = 'ال';
const SUFFIXES = ['الدين', 'الله'];

/* eslint-disable no-control-regex -- control characters hold the hamza forms through normalizeArabic: no name has one */
function spokenOf(exact: string): string {
  // normalizeArabic keeps hamza apart here: أ إ آ → أ, and ؤ ئ ء stay, so ق~ء can be told.
  return normalizeArabic(
    exact.replace(/[أإآ]/g, '\u0001').replace(/ؤ/g, '\u0002').replace(/ئ/g, '\u0003').replace(/ء/g, '\u0004'),
  )
    .replace(/\u0001/g, 'أ')
    .replace(/\u0002/g, 'ؤ')
    .replace(/\u0003/g, 'ئ')
    .replace(/\u0004/g, 'ء');
}
/* eslint-enable no-control-regex */

// Filters run before the letter-by-letter comparisons: a query compares its words with every distinct stored
// word of the town (thousands), so a pair that cannot match should be refused in a few operations.
const SPOKEN_DROPPED = new Set([...'قءأاؤوئي']);
const SPOKEN_GROUP: Readonly<Record<string, string>> = {
  ذ: 'د',
  ز: 'د',
  ظ: 'د',
  ض: 'د',
  ث: 'ت',
  س: 'ت',
  ص: 'ت',
  ط: 'ت',
};

/** The spoken form without the letters a swap may change into each other or drop, the swapped ones merged. */
function coarseOf(spoken: string): string {
  let key = '';
  for (const c of spoken) if (!SPOKEN_DROPPED.has(c)) key += SPOKEN_GROUP[c] ?? c;
  return key;
}

function lettersOf(folded: string): number {
  let bits = 0;
  for (let i = 0; i < folded.length; i++) bits |= 1 << (folded.charCodeAt(i) & 31);
  return bits;
}

function bitCount(n: number): number {
  let count = 0;
  for (let v = n; v !== 0; v &= v - 1) count++;
  return count;
}

/** Where the article starts in a folded word: 0 for "الفقي", 3 for "عبدالعزيز", -1 when there is none. */
function articleAt(folded: string): number {
  for (const prefix of COMPOUND_PREFIXES) {
    if (folded.startsWith(prefix + ARTICLE)) return prefix.length;
  }
  return folded.startsWith(ARTICLE) ? 0 : -1;
}

export function formsOf(unit: Pick<Unit, 'script' | 'exact' | 'folded' | 'parts'>): Forms {
  const { script, exact, folded } = unit;
  if (script !== 'ar') {
    return {
      script,
      exact,
      folded,
      bare: null,
      head: null,
      loose: null,
      spoken: folded,
      spokenBare: null,
      coarse: folded,
      coarseBare: null,
      letters: lettersOf(folded),
      bareLetters: 0,
      known: false,
      honorific: script === 'latin' && LATIN_HONORIFICS.has(folded.replace(/^[ae]l/, '')),
      latin: script === 'latin' ? latinForms(exact.split(' ')) : null,
    };
  }
  const at = articleAt(folded);
  // The article is optional only before a word of three letters or more: "الفت" is not "فت".
  const bare = at >= 0 && folded.length - at - ARTICLE.length >= 3 ? folded.slice(0, at) + folded.slice(at + 2) : null;
  const spoken = spokenOf(exact);
  const spokenBare =
    bare !== null && spoken.slice(at, at + 2) === ARTICLE ? spoken.slice(0, at) + spoken.slice(at + 2) : null;
  let head: string | null = null;
  for (const suffix of SUFFIXES) {
    const h = folded.endsWith(suffix) ? folded.slice(0, -suffix.length) : '';
    if (h.length >= 3 && !COMPOUND_PREFIXES.has(h)) head = h;
  }
  const loose = /[ؤئء]/.test(exact) ? normalizeArabic(exact.replace(/[ؤئء]/g, '')) : null;
  return {
    script,
    exact,
    folded,
    bare,
    head,
    loose,
    spoken,
    spokenBare,
    coarse: coarseOf(spoken),
    coarseBare: spokenBare === null ? null : coarseOf(spokenBare),
    letters: lettersOf(folded),
    bareLetters: bare === null ? 0 : lettersOf(bare),
    known: KNOWN_NAMES.has(folded) || (bare !== null && KNOWN_NAMES.has(bare)),
    honorific: HONORIFIC_WORDS.has(folded),
    latin: null,
  };
}

// --- word comparison ------------------------------------------------------------------------------------------------

/**
 * Egyptian spoken-letter swaps, each way: ذ said ز or د, ث said س or ت, ظ said ض or ز, ص~س, ط~ت, and ق said as
 * hamza (أ, and ا for a hamza typed without its seat). Not transitive on purpose: ز~د would make زين دين, and
 * س~ت سامر تامر. The hamza rows let the other letters of a word differ only by folding (أ/ا, ؤ/و, ئ/ي) and the
 * seat of a hamza (مسئول/مسؤول).
 */
const SPOKEN_PAIRS: ReadonlySet<string> = new Set(
  [
    'ذز',
    'ذد',
    'ثس',
    'ثت',
    'ظض',
    'ظز',
    'صس',
    'طت',
    'قء',
    'قأ',
    'قؤ',
    'قئ',
    'قا',
    'أا',
    'ؤو',
    'ئي',
    'أؤ',
    'أئ',
    'ؤئ',
    'ءأ',
    'ءؤ',
    'ءئ',
  ].flatMap((p) => [p, p.charAt(1) + p.charAt(0)]),
);

function spokenFrom(a: string, b: string, i: number, j: number): boolean {
  while (i < a.length && j < b.length) {
    const x = a.charAt(i);
    const y = b.charAt(j);
    if (x === y || SPOKEN_PAIRS.has(x + y)) {
      // A lone hamza may also be one that folding drops (سماء/سما): try that reading when pairing fails later.
      if (x !== y && (x === 'ء' || y === 'ء')) {
        if (spokenFrom(a, b, i + 1, j + 1)) return true;
        return x === 'ء' ? spokenFrom(a, b, i + 1, j) : spokenFrom(a, b, i, j + 1);
      }
      i++;
      j++;
    } else if (x === 'ء') i++;
    else if (y === 'ء') j++;
    else return false;
  }
  while (a.charAt(i) === 'ء') i++;
  while (b.charAt(j) === 'ء') j++;
  return i === a.length && j === b.length;
}

function countHamza(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 0x621) n++;
  return n;
}

/** Same word said the Egyptian way (called only when the folded forms differ). */
export function spokenMatch(a: string, b: string): boolean {
  if (a.length !== b.length && Math.abs(a.length - b.length) > countHamza(a) + countHamza(b)) return false;
  return spokenFrom(a, b, 0, 0);
}

/** Exactly one edit apart: a letter missing, extra, replaced, or swapped with its neighbour. */
export function oneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la === lb) {
    let i = 0;
    while (i < la && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (i === la) return false;
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return (
      i + 1 < la &&
      a.charAt(i) === b.charAt(i + 1) &&
      a.charAt(i + 1) === b.charAt(i) &&
      a.slice(i + 2) === b.slice(i + 2)
    );
  }
  if (Math.abs(la - lb) !== 1) return false;
  const [short, long] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  return short.slice(i) === long.slice(i + 1);
}

/** Typos only between words of four letters or more on both sides: a three-letter word is too easily another. */
const TYPO_MIN = 4;

function typoMatch(q: string, qLetters: number, t: string | null, tLetters: number): boolean {
  return (
    t !== null &&
    q.length >= TYPO_MIN &&
    t.length >= TYPO_MIN &&
    Math.abs(q.length - t.length) <= 1 &&
    bitCount(qLetters ^ tLetters) <= 2 &&
    oneEdit(q, t)
  );
}

/** Arabic words as the Latin rules read them, remembered (bounded as the forms of words are). */
const arabicWords = new Map<string, ArabicWord>();

function arabicWord(exact: string): ArabicWord {
  let word = arabicWords.get(exact);
  if (word === undefined) {
    if (arabicWords.size >= 50_000) arabicWords.clear();
    word = arabicWordOf(exact);
    arabicWords.set(exact, word);
  }
  return word;
}

/** The spelling cost of a Arabic stored word for a Latin query word (latinCost), or -1; `prefix`: as a beginning. */
function latinToArabic(q: QueryForms, t: Token, prefix: boolean): number {
  const text = q.latin!.text;
  let cost = latinCost(text, arabicWord(t.exact), prefix);
  // The first half of "صلاح الدين" by itself: "Salah" (looser than the whole, as the Arabic "صلاح" is).
  if (cost !== 0 && !prefix && t.head !== null) {
    const head = latinCost(text, arabicWord(t.head), false);
    if (head >= 0 && (cost < 0 || head + 1 < cost)) cost = head + 1;
  }
  return cost;
}

/**
 * What a query word may begin: its folded form and that form without the article (Arabic and other scripts),
 * tested against a stored word's folded and article-less forms; a Latin word, its spelling key against Latin stored
 * words, and the letter rules against Arabic ones (latinCost, as a beginning).
 */
export interface PrefixForms {
  readonly starts: readonly string[];
  /** Its class is LOW_PREFIX rather than PREFIX: a Latin beginning, or a word before the last. */
  readonly low: boolean;
  /** A word before the last: it counts as a beginning only when a later word matches whole (match.ts). */
  readonly needsWhole: boolean;
}

/** Letters an unfinished word needs before it is looked for as a beginning (the article not counted). */
export const PREFIX_MIN = 2;
/** A Latin beginning: three letters (vowels are short and many) before it means much. */
const LATIN_PREFIX_MIN = 3;

/**
 * The beginnings a query word can be looked for by, or null when it is too short to mean one. `last`: the query's
 * unfinished last word; else a word before the last.
 */
export function prefixFormsOf(forms: Forms, last: boolean): PrefixForms | null {
  if (forms.script === 'ar' || forms.script === 'other') {
    const bare = forms.script === 'ar' && forms.folded.startsWith(ARTICLE) ? forms.folded.slice(ARTICLE.length) : null;
    if ((bare ?? forms.folded).length < PREFIX_MIN) return null;
    // A word before the last ending in a letter that only ends words (ة, ى, a hamza after ا) was typed to its end.
    if (!last && forms.script === 'ar' && /(?:[ةى]|اء)$/.test(forms.exact)) return null;
    return { starts: bare === null ? [forms.folded] : [forms.folded, bare], low: !last, needsWhole: !last };
  }
  if (forms.script === 'latin') {
    if (forms.exact.length < LATIN_PREFIX_MIN) return null;
    const key = latinKey(forms.folded);
    // Before the last word, three consonants at least: a shorter beginning reaches thousands of stored words, and
    // the word after it shows the name is being typed on.
    if (!last && !forms.latin!.skeletons.some((s) => s.replace(/^V/, '').length >= 3)) return null;
    return { starts: [key], low: true, needsWhole: !last };
  }
  return null;
}

export interface QueryForms extends Forms {
  /** Set when the word may match as a beginning: the unfinished last word, and every word before the last. */
  readonly prefix: PrefixForms | null;
}

/** Whether a query word begins the stored word (see PrefixForms). */
function beginsStored(q: QueryForms, t: Token): boolean {
  const p = q.prefix!;
  if (q.script === 'latin') {
    if (t.script === 'ar') return latinToArabic(q, t, true) >= 0;
    return t.script === 'latin' && t.latin!.keys.some((k) => p.starts.some((s) => k.startsWith(s)));
  }
  if (t.script !== q.script) return false;
  return p.starts.some((s) => t.folded.startsWith(s) || (t.bare !== null && t.bare.startsWith(s)));
}

/** How the query word q matches the stored word t: one of EXACT … LOW_PREFIX, or NONE. */
export function classify(q: QueryForms, t: Token): number {
  const whole = classifyWhole(q, t);
  if (q.prefix === null) return whole;
  const begins = q.prefix.low ? LOW_PREFIX : PREFIX;
  return whole >= begins || !beginsStored(q, t) ? whole : begins;
}

function classifyWhole(q: QueryForms, t: Token): number {
  if (q.script !== t.script) {
    if (q.script !== 'latin' || t.script !== 'ar') return NONE;
    const cost = latinToArabic(q, t, false);
    return cost < 0 ? NONE : cost === 0 ? LATIN : LATIN_LOOSE;
  }
  if (q.exact === t.exact) return EXACT;
  // The article optional both ways: the register's الفقي for a typed فقي, and its فقي for a typed الفقي.
  if (q.folded === t.folded || q.folded === t.bare || q.folded === t.head || q.bare === t.folded) return FOLDED;
  if ((q.loose !== null || t.loose !== null) && (q.loose ?? q.folded) === (t.loose ?? t.folded)) return FOLDED;
  if (q.script === 'ar') {
    if (q.coarse === t.coarse && spokenMatch(q.spoken, t.spoken)) return SPOKEN;
    if (q.coarse === t.coarseBare && spokenMatch(q.spoken, t.spokenBare!)) return SPOKEN;
    if (q.coarseBare !== null && q.coarseBare === t.coarse && spokenMatch(q.spokenBare!, t.spoken)) return SPOKEN;
  } else if (q.script === 'latin' && q.latin !== null && t.latin !== null) {
    // Two Latin spellings of one name (Mohamed/Muhammad), the article optional (Fiky/El-Fiky).
    const keys = t.latin.keys;
    if (q.latin.keys.some((k) => keys.includes(k))) return LATIN;
    return NONE;
  } else {
    return NONE; // digits and other scripts: equal or nothing
  }
  // A word spelled as one common name is meant as that name, not as a slip of another (محمد/محمود, سمير/سميرة),
  // nor of a family name it resembles once that loses its article (زياد/الزيات, عمار/العطار, وداد/الحداد), either
  // way round.
  if (q.known && t.known) return NONE;
  let typed: string | null = null;
  let stored: string | null = null;
  if (typoMatch(q.folded, q.letters, t.folded, t.letters)) [typed, stored] = [q.folded, t.folded];
  else if (!q.known && typoMatch(q.folded, q.letters, t.bare, t.bareLetters)) [typed, stored] = [q.folded, t.bare];
  else if (!t.known && q.bare !== null && typoMatch(q.bare, q.bareLetters, t.folded, t.letters)) {
    [typed, stored] = [q.bare, t.folded];
  }
  if (typed === null || stored === null) return NONE;
  return typed.charAt(0) === stored.charAt(0) ? TYPO : TYPO_START;
}

// --- the vocabulary -------------------------------------------------------------------------------------------------
// Every distinct stored word is interned once, and filed under the keys a query word can reach it by, so a query
// compares its words only with the stored words that can match them (a few dozen), not with the thousands of
// words of a town: equal folded forms (also bare, head, loose), equal spoken keys, for typos the symmetric
// deletion keys (two words one edit apart share a key: the word itself or one letter deleted), and in order, for the
// words a beginning leads to: the folded forms, and the consonant skeletons a Latin query reads.

const byText = new Map<string, Token>();
const byFolded = new Map<string, Token[]>();
const byCoarse = new Map<string, Token[]>();
const latinTokens: Token[] = [];
const allTokens: Token[] = [];

/**
 * Keys in order with their stored words, to find every word a key or a beginning leads to by halving the list;
 * words stored since the last sort wait in a short list read one by one, and are sorted in once it grows.
 */
class KeyTable {
  private keys: string[] = [];
  private tokens: Token[] = [];
  private recentKeys: string[] = [];
  private recentTokens: Token[] = [];

  add(key: string, token: Token): void {
    this.recentKeys.push(key);
    this.recentTokens.push(token);
  }

  /**
   * Every stored word filed under `key` exactly, or (`beginning`) under a key that begins with it; with `most`,
   * none when more than that many are: a beginning that leads to so many words is too short to look for yet.
   */
  visit(key: string, beginning: boolean, found: (token: Token) => void, most = Infinity): void {
    if (this.recentKeys.length > Math.max(1024, this.keys.length >> 3)) this.sort();
    const keys = this.keys;
    const from = this.lowerBound(key);
    const to = beginning ? this.lowerBound(key + '\uffff') : this.lowerBound(key + '\u0000');
    const recent = this.recentKeys;
    const fits = (k: string) => (beginning ? k.startsWith(key) : k === key);
    if (to - from > most) return;
    let count = to - from;
    for (let i = 0; i < recent.length && count <= most; i++) if (fits(recent[i]!)) count++;
    if (count > most) return;
    for (let i = from; i < to && i < keys.length; i++) if (fits(keys[i]!)) found(this.tokens[i]!);
    for (let i = 0; i < recent.length; i++) if (fits(recent[i]!)) found(this.recentTokens[i]!);
  }

  /** The first place whose key is not before `key`. */
  private lowerBound(key: string): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private sort(): void {
    const keys = [...this.keys, ...this.recentKeys];
    const tokens = [...this.tokens, ...this.recentTokens];
    const order = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
    this.keys = order.map((i) => keys[i]!);
    this.tokens = order.map((i) => tokens[i]!);
    this.recentKeys = [];
    this.recentTokens = [];
  }
}

// Built on the first query that needs them, then kept up to date.
let byDeletion: Map<string, Token[]> | null = null;
/** Arabic and other scripts' words by their folded forms (and Arabic ones without the article): for beginnings. */
let byStart: KeyTable | null = null;
/** Arabic words by their consonant skeletons (latin.ts): for Latin words, whole or beginnings. */
let bySkeleton: KeyTable | null = null;
/**
 * Stored words a Latin beginning may lead to before it is looked for: each is read letter by letter by the rules,
 * and "Ali" (V L) begins every word with the article. Longer, it leads to fewer; whole, it is always looked for.
 */
const LATIN_BEGINNINGS_MOST = 1000;

function file(map: Map<string, Token[]>, key: string | null, token: Token): void {
  if (key === null) return;
  const list = map.get(key);
  if (list === undefined) map.set(key, [token]);
  else if (list[list.length - 1] !== token) list.push(token);
}

/** The word and the word with each one letter left out (words of TYPO_MIN letters or more). */
function deletionKeys(word: string | null): string[] {
  if (word === null || word.length < TYPO_MIN) return [];
  const keys = [word];
  for (let i = 0; i < word.length; i++) keys.push(word.slice(0, i) + word.slice(i + 1));
  return keys;
}

function fileDeletions(token: Token): void {
  for (const key of deletionKeys(token.folded)) file(byDeletion!, key, token);
  for (const key of deletionKeys(token.bare)) file(byDeletion!, key, token);
}

function fileStarts(token: Token): void {
  if (token.script !== 'ar' && token.script !== 'other') return;
  byStart!.add(token.folded, token);
  if (token.bare !== null) byStart!.add(token.bare, token);
}

function fileSkeletons(token: Token): void {
  if (token.script !== 'ar') return;
  const skeletons = new Set(arabicSkeletons(arabicWordOf(token.exact), true));
  if (token.head !== null) for (const s of arabicSkeletons(arabicWordOf(token.head), true)) skeletons.add(s);
  for (const s of skeletons) bySkeleton!.add(s, token);
}

/** The shared token of a stored word (one object per distinct spelling). */
export function internToken(unit: Unit): Token {
  const key = unit.script === 'ar' ? unit.exact : `${unit.script}:${unit.exact}`;
  let token = byText.get(key);
  if (token === undefined) {
    token = { ...formsOf(unit), id: allTokens.length };
    byText.set(key, token);
    allTokens.push(token);
    for (const k of [token.folded, token.bare, token.head, token.loose]) file(byFolded, k, token);
    if (token.script === 'ar') {
      file(byCoarse, token.coarse, token);
      file(byCoarse, token.coarseBare, token);
    } else if (token.script === 'latin') {
      latinTokens.push(token); // rare in the register: compared one by one
    }
    if (byDeletion !== null) fileDeletions(token);
    if (byStart !== null) fileStarts(token);
    if (bySkeleton !== null) fileSkeletons(token);
  }
  return token;
}

/** The stored word of that id. */
export function tokenById(id: number): Token {
  const token = allTokens[id];
  if (token === undefined) throw new RangeError(`no stored word ${id}`);
  return token;
}

/** How many distinct stored words exist (ids run from 0 to this). */
export function tokenCount(): number {
  return allTokens.length;
}

/** Whether some stored word is this folded form (or has it without its article, or as a compound's first half). */
export function isStoredWord(folded: string): boolean {
  return byFolded.has(folded);
}

function skeletonTable(): KeyTable {
  if (bySkeleton === null) {
    bySkeleton = new KeyTable();
    for (const t of allTokens) fileSkeletons(t);
  }
  return bySkeleton;
}

/** Every stored word that may match the query word (a superset: classify decides). */
export function candidatesOf(q: QueryForms): Iterable<Token> {
  const found = new Set<Token>();
  const one = (t: Token) => found.add(t);
  const add = (list: readonly Token[] | undefined) => {
    if (list !== undefined) for (const t of list) found.add(t);
  };
  if (q.script === 'latin') {
    const table = skeletonTable();
    for (const s of q.latin!.skeletons) table.visit(s, false, one);
    if (q.prefix !== null) {
      for (const s of q.latin!.prefixSkeletons) {
        if (s === '' || s === 'V') continue; // a beginning of vowels only leads everywhere
        table.visit(s, true, one, LATIN_BEGINNINGS_MOST);
        // A stored word ending in ه or ة has that H left out of its skeleton.
        if (s.endsWith('H')) table.visit(s.slice(0, -1), false, one);
      }
    }
    add(latinTokens);
    return found;
  }
  if (q.prefix !== null) {
    if (byStart === null) {
      byStart = new KeyTable();
      for (const t of allTokens) fileStarts(t);
    }
    for (const s of q.prefix.starts) byStart.visit(s, true, one);
  }
  add(byFolded.get(q.folded));
  if (q.bare !== null) add(byFolded.get(q.bare));
  if (q.loose !== null) add(byFolded.get(q.loose));
  if (q.script === 'ar') {
    add(byCoarse.get(q.coarse));
    if (q.coarseBare !== null) add(byCoarse.get(q.coarseBare));
    if (q.folded.length >= TYPO_MIN) {
      if (byDeletion === null) {
        byDeletion = new Map();
        for (const t of allTokens) fileDeletions(t);
      }
      for (const key of deletionKeys(q.folded)) add(byDeletion.get(key));
      for (const key of deletionKeys(q.bare)) add(byDeletion.get(key));
    }
  }
  return found;
}
