// The forms of one word the matcher compares, and how two words match (the word classes).
import { normalizeArabic } from '../normalize';
import { arabicSkeleton, KNOWN_NAMES, latinForms, latinKey, latinNamesStartingWith, type LatinForms } from './latin';
import { COMPOUND_PREFIXES, HONORIFIC_WORDS, LATIN_HONORIFICS, type Script, type Unit } from './words';

/** Word classes, best first: the number is the rank (higher is better), 0 is no match. */
export const EXACT = 6;
export const FOLDED = 5;
/** The unfinished last word of a query begins the stored word: below every whole-word likeness. */
export const PREFIX = 4;
export const SPOKEN = 3;
export const LATIN = 2;
export const TYPO = 1;
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
  /** A common given name (typos between two of them are refused). */
  readonly known: boolean;
  readonly honorific: boolean;
  /** Latin words only. */
  readonly latin: LatinForms | null;
}

/** A stored word: interned, so the 30,000 names of a town share a few thousand of these. */
export interface Token extends Forms {
  readonly id: number;
  /** Consonant skeletons of an Arabic word, computed on the first Latin query. */
  skeletons: readonly string[] | null;
}

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
      latin: script === 'latin' ? latinForms(unit.parts) : null,
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

function tokenSkeletons(t: Token): readonly string[] {
  if (t.skeletons === null) {
    const forms = [t.folded, t.bare, t.head].filter((f): f is string => f !== null);
    t.skeletons = [...new Set(forms.map(arabicSkeleton))].filter((s) => s.length >= 2);
  }
  return t.skeletons;
}

/**
 * What the unfinished last word of a query may begin: Arabic, its folded form and that form without the
 * article, tested against a stored word's folded and article-less forms; Latin, the Arabic names whose listed
 * spellings begin with it, and the spelling keys of Latin stored words.
 */
export interface PrefixForms {
  readonly starts: readonly string[];
  readonly latinNames: ReadonlySet<string> | null;
}

/** Letters an unfinished word needs before it is looked for as a beginning (the article not counted). */
export const PREFIX_MIN = 2;
/** A Latin beginning is read through the spelling keys, which fold vowels: three letters before it means much. */
const LATIN_PREFIX_MIN = 3;

/** The beginnings an unfinished word can be looked for by, or null when it is still too short to mean anything. */
export function prefixFormsOf(forms: Forms): PrefixForms | null {
  if (forms.script === 'ar') {
    const bare = forms.folded.startsWith(ARTICLE) ? forms.folded.slice(ARTICLE.length) : null;
    if ((bare ?? forms.folded).length < PREFIX_MIN) return null;
    return { starts: bare === null ? [forms.folded] : [forms.folded, bare], latinNames: null };
  }
  if (forms.script === 'latin') {
    const key = latinKey(forms.folded);
    if (key.length < LATIN_PREFIX_MIN) return null;
    return { starts: [key], latinNames: latinNamesStartingWith(key) };
  }
  return null;
}

/** The Arabic names a Latin query word stands for (from latinNamesFor), or null to use skeletons. */
export interface QueryForms extends Forms {
  readonly latinNames: ReadonlySet<string> | null;
  /** Set on the unfinished last word of a query only. */
  readonly prefix: PrefixForms | null;
}

/** Whether an unfinished query word begins the stored word (see PrefixForms). */
function beginsStored(p: PrefixForms, t: Token): boolean {
  if (t.script === 'ar') {
    if (p.latinNames !== null) {
      const names = p.latinNames;
      return names.has(t.folded) || (t.bare !== null && names.has(t.bare)) || (t.loose !== null && names.has(t.loose));
    }
    return p.starts.some((s) => t.folded.startsWith(s) || (t.bare !== null && t.bare.startsWith(s)));
  }
  if (t.script === 'latin' && p.latinNames !== null) {
    return t.latin!.keys.some((k) => p.starts.some((s) => k.startsWith(s)));
  }
  return false;
}

/** How the query word q matches the stored word t: one of EXACT … TYPO, or NONE. */
export function classify(q: QueryForms, t: Token): number {
  const whole = classifyWhole(q, t);
  // A Latin word matched whole keeps that class: its beginning says nothing more of it.
  if (whole >= PREFIX || q.prefix === null || (q.script === 'latin' && whole !== NONE)) return whole;
  return beginsStored(q.prefix, t) ? PREFIX : whole;
}

function classifyWhole(q: QueryForms, t: Token): number {
  if (q.script !== t.script) {
    if (q.script !== 'latin' || t.script !== 'ar') return NONE;
    if (q.latinNames !== null) {
      const names = q.latinNames;
      // Every written form of the name: a hamza on its seat or alone (رؤوف/رءوف) is one name to a Latin speller.
      return names.has(t.folded) ||
        (t.bare !== null && names.has(t.bare)) ||
        (t.head !== null && names.has(t.head)) ||
        (t.loose !== null && names.has(t.loose))
        ? LATIN
        : NONE;
    }
    const skeletons = tokenSkeletons(t);
    return q.latin!.skeletons.some((s) => s.length >= 2 && skeletons.includes(s)) ? LATIN : NONE;
  }
  if (q.exact === t.exact) return EXACT;
  // The article optional both ways: the register's الفقي for a typed فقي, and its فقي for a typed الفقي.
  if (q.folded === t.folded || q.folded === t.bare || q.folded === t.head || q.bare === t.folded) return FOLDED;
  if ((q.loose !== null || t.loose !== null) && (q.loose ?? q.folded) === (t.loose ?? t.folded)) return FOLDED;
  if (q.script === 'ar') {
    if (q.coarse === t.coarse && spokenMatch(q.spoken, t.spoken)) return SPOKEN;
    if (q.coarse === t.coarseBare && spokenMatch(q.spoken, t.spokenBare!)) return SPOKEN;
  } else if (q.script === 'latin' && q.latin !== null && t.latin !== null) {
    // Two Latin spellings of one name (Mohamed/Muhammad), the article optional (Fiky/El-Fiky).
    const keys = t.latin.keys;
    if (q.latin.keys.some((k) => keys.includes(k))) return LATIN;
  } else {
    return NONE; // digits: equal or nothing
  }
  // A word spelled as one common name is meant as that name, not as a slip of another (محمد/محمود, سمير/سميرة),
  // nor of a family name it resembles once that loses its article (زياد/الزيات, عمار/العطار, وداد/الحداد).
  if (q.known && t.known) return NONE;
  return typoMatch(q.folded, q.letters, t.folded, t.letters) ||
    (!q.known && typoMatch(q.folded, q.letters, t.bare, t.bareLetters))
    ? TYPO
    : NONE;
}

// --- the vocabulary -------------------------------------------------------------------------------------------------
// Every distinct stored word is interned once, and filed under the keys a query word can reach it by, so a query
// compares its words only with the stored words that can match them (a few dozen), not with the thousands of
// words of a town: equal folded forms (also bare, head, loose), equal spoken keys, and for typos the symmetric
// deletion keys (two words one edit apart share a key: the word itself or one letter deleted).

const byText = new Map<string, Token>();
const byFolded = new Map<string, Token[]>();
const byCoarse = new Map<string, Token[]>();
const latinTokens: Token[] = [];
const allTokens: Token[] = [];
// Built on the first query that needs them, then kept up to date.
let byDeletion: Map<string, Token[]> | null = null;
let bySkeleton: Map<string, Token[]> | null = null;

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

function fileSkeletons(token: Token): void {
  if (token.script === 'ar') for (const s of tokenSkeletons(token)) file(bySkeleton!, s, token);
}

/** The shared token of a stored word (one object per distinct spelling). */
export function internToken(unit: Unit): Token {
  const key = unit.script === 'latin' ? unit.parts.join(' ') : unit.exact;
  let token = byText.get(key);
  if (token === undefined) {
    token = { ...formsOf(unit), id: allTokens.length, skeletons: null };
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

/** Every stored word that may match the query word (a superset: classify decides). */
export function candidatesOf(q: QueryForms): Iterable<Token> {
  const found = new Set<Token>();
  const add = (list: readonly Token[] | undefined) => {
    if (list !== undefined) for (const t of list) found.add(t);
  };
  if (q.prefix !== null) {
    // An unfinished word may begin any stored word: the vocabulary is a few thousand words, read once.
    for (const t of allTokens) if (beginsStored(q.prefix, t)) found.add(t);
  }
  if (q.script === 'latin') {
    if (q.latinNames !== null) {
      for (const name of q.latinNames) add(byFolded.get(name));
    } else {
      if (bySkeleton === null) {
        bySkeleton = new Map();
        for (const t of allTokens) fileSkeletons(t);
      }
      for (const s of q.latin!.skeletons) add(bySkeleton.get(s));
    }
    add(latinTokens);
    return found;
  }
  add(byFolded.get(q.folded));
  if (q.bare !== null) add(byFolded.get(q.bare));
  if (q.loose !== null) add(byFolded.get(q.loose));
  if (q.script === 'ar') add(byCoarse.get(q.coarse));
  if (q.script !== 'digit' && q.folded.length >= TYPO_MIN) {
    if (byDeletion === null) {
      byDeletion = new Map();
      for (const t of allTokens) fileDeletions(t);
    }
    for (const key of deletionKeys(q.folded)) add(byDeletion.get(key));
  }
  return found;
}
