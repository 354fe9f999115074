// Latin-letter names ("Mohamed Hassan", "Abdel Rahman El-Fiky") matched against the Arabic register.
// Two ways, strongest first:
// 1. A spelling key (latinKey) looked up in LATIN_NAMES: "Mahmoud", "Mahmood", "Mahmud" are the key "mahmud",
//    which names محمود and nothing else.
// 2. For words not in that list (mostly family names), a consonant skeleton compared with the skeleton of each
//    Arabic word: vowels and ع/ا dropped, letters Latin cannot tell apart merged (ح/ه, س/ص/ث, ت/ط, د/ض, ذ/ز/ظ,
//    ق/ك), the article optional, a final h/ه dropped. "El-Fiky" and "الفقي" are both F K.
import { normalizeArabic } from '../normalize';
import { LATIN_NAMES } from './latinNames';

export interface LatinForms {
  /** Spelling keys, for the LATIN_NAMES lookup and for comparing two Latin words. */
  keys: string[];
  /** Consonant skeletons (all readings of th, dh, kh, gh; with and without the article). */
  skeletons: string[];
}

type Prefix = 'abd' | 'abu' | 'um';
const PREFIXES: ReadonlyArray<readonly [string, Prefix]> = [
  ['abd', 'abd'],
  ['abou', 'abu'],
  ['abu', 'abu'],
  ['abo', 'abu'],
  ['umm', 'um'],
  ['um', 'um'],
  ['omm', 'um'],
  ['om', 'um'],
];

const CONSONANT = /[bcdfghjklmnpqrstvxz]/;

/** The word without a leading article ("elrahman" → "rahman", "urrahman" → "rahman", "ali" → null). */
function withoutArticle(rest: string, anyVowel: boolean): string | null {
  const plain = (anyVowel ? /^[aeiou]l-?(.+)$/ : /^[ae]l-?(.+)$/).exec(rest);
  if (plain && CONSONANT.test(plain[1]!)) return plain[1]!;
  if (!anyVowel) return null;
  const assimilated = /^[aeiou](sh|th|[lrsztdn])(?=\1)/.exec(rest);
  return assimilated ? rest.slice(1 + assimilated[1]!.length) : null;
}

/**
 * The spelling key: letters Egyptian transliteration uses interchangeably made one (ph/f, ch/sh, q/k, c/k, v/f,
 * p/b, j/g, ee/i, oo/u, e/a, o/u, y/i as a vowel), doubled letters single, a final h after a vowel dropped.
 */
export function latinKey(word: string): string {
  return word
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'f')
    .replace(/ch/g, 'sh')
    .replace(/ck/g, 'k')
    .replace(/[qc]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/v/g, 'f')
    .replace(/p/g, 'b')
    .replace(/j/g, 'g')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/^y|y(?=[aeiou])/g, 'Y')
    .replace(/y/g, 'i')
    .replace(/e/g, 'a')
    .replace(/o/g, 'u')
    .replace(/(.)\1+/g, '$1')
    .replace(/([aiu])h$/, '$1');
}

// --- skeletons ---------------------------------------------------------------------------------------------------

const LATIN_CONSONANTS: Readonly<Record<string, string>> = {
  b: 'B',
  t: 'T',
  d: 'D',
  z: 'Z',
  r: 'R',
  s: 'S',
  f: 'F',
  k: 'K',
  l: 'L',
  m: 'M',
  n: 'N',
  h: 'H',
  g: 'G',
};
/** Latin letter pairs: "th" is ث in Othman and ت+ح in Fathy; kh and gh are خ and غ in names. */
const LATIN_DIGRAPHS: Readonly<Record<string, readonly string[]>> = {
  sh: ['C'],
  kh: ['X'],
  gh: ['Q'],
  th: ['S', 'TH'],
  dh: ['Z', 'D', 'DH'],
};
const ARABIC_CONSONANTS: Readonly<Record<string, string>> = {
  ب: 'B',
  ت: 'T',
  ط: 'T',
  ث: 'S',
  س: 'S',
  ص: 'S',
  ج: 'G',
  ح: 'H',
  ه: 'H',
  خ: 'X',
  د: 'D',
  ض: 'D',
  ذ: 'Z',
  ز: 'Z',
  ظ: 'Z',
  ر: 'R',
  ش: 'C',
  غ: 'Q',
  ف: 'F',
  ق: 'K',
  ك: 'K',
  ل: 'L',
  م: 'M',
  ن: 'N',
};

/** Written letters doubled (Hassan's ss, الله's لل) count once; a vowel between two keeps both (عزيز, Aziz). */
function finish(classes: string): string {
  let out = '';
  let last = '';
  for (const c of classes) {
    if (c === '.') {
      last = '';
      continue;
    }
    if (c !== last) out += c;
    last = c;
  }
  return out.endsWith('H') ? out.slice(0, -1) : out;
}

function latinSkeletons(word: string, initial: boolean): string[] {
  const t = word
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'f')
    .replace(/ch/g, 'sh')
    .replace(/ck/g, 'k')
    .replace(/[qc]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/v/g, 'f')
    .replace(/p/g, 'b')
    .replace(/j/g, 'g');
  let readings = [''];
  for (let i = 0; i < t.length; i++) {
    const pair = LATIN_DIGRAPHS[t.slice(i, i + 2)];
    let options: readonly string[];
    if (pair) {
      options = pair;
      i++;
    } else {
      const c = t.charAt(i);
      if ((c === 'w' || c === 'y') && initial && i === 0) options = [c.toUpperCase()];
      else options = [LATIN_CONSONANTS[c] ?? '.'];
    }
    if (options.length === 1) readings = readings.map((r) => r + options[0]);
    else readings = readings.flatMap((r) => options.map((o) => r + o)).slice(0, 16);
  }
  return readings.map(finish);
}

/** The consonant skeleton of a folded Arabic word (و and ي count only at the start, as in وليد and يوسف). */
export function arabicSkeleton(folded: string): string {
  let classes = '';
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charAt(i);
    if (i === 0 && c === 'و') classes += 'W';
    else if (i === 0 && c === 'ي') classes += 'Y';
    else classes += ARABIC_CONSONANTS[c] ?? '.';
  }
  return finish(classes);
}

/**
 * Keys and skeletons of a Latin word typed as `parts` (one part, or the words of a compound: ["abd", "el",
 * "rahman"]). A compound gets keys "abd:rahman" for every way of writing its article.
 */
export function latinForms(parts: readonly string[]): LatinForms {
  const joined = parts.join('');
  const keys = [latinKey(joined)];
  const skeletons = latinSkeletons(joined, true);
  for (const [typed, prefix] of PREFIXES) {
    if (!joined.startsWith(typed) || joined.length < typed.length + 2) continue;
    const rest = joined.slice(typed.length);
    const bare = withoutArticle(rest, true);
    if (bare === null && !(parts.length > 1 && parts[0] === typed) && prefix !== 'abd') continue;
    const head = latinSkeletons(typed, true)[0]!;
    for (const part of bare === null ? [rest] : [rest, bare]) {
      keys.push(`${prefix}:${latinKey(part)}`);
      for (const s of latinSkeletons(part, false)) skeletons.push(head + s);
    }
    break;
  }
  const bare = withoutArticle(joined, false);
  if (bare !== null) {
    keys.push(latinKey(bare));
    skeletons.push(...latinSkeletons(bare, true));
  }
  return { keys: [...new Set(keys)], skeletons: [...new Set(skeletons)] };
}

// --- the names list ------------------------------------------------------------------------------------------------

/** Folded Arabic spellings of the common given names (see latinNames.ts for why). */
export const KNOWN_NAMES: ReadonlySet<string> = new Set(LATIN_NAMES.map(([arabic]) => normalizeArabic(arabic)));

let byKey: Map<string, Set<string>> | null = null;

/** Spelling key → the folded Arabic names it names, built on the first Latin query (a page that never gets one never pays). */
function namesByKey(): Map<string, Set<string>> {
  if (byKey === null) {
    byKey = new Map();
    for (const [arabic, spellings] of LATIN_NAMES) {
      // Every written form of the name: with its hamza on a seat or standing alone (عبد الرؤوف, عبد الرءوف).
      const forms = new Set([normalizeArabic(arabic), normalizeArabic(arabic.replace(/[ؤئء]/g, ''))]);
      for (const spelling of spellings.split(' ')) {
        const keys = latinForms([spelling]).keys;
        // The article-less key of a spelling ("ham" of elham) would name the name by a fragment: not listed.
        for (const key of keys.slice(0, spelling.startsWith('el') || spelling.startsWith('al') ? 1 : undefined)) {
          let names = byKey.get(key);
          if (!names) byKey.set(key, (names = new Set()));
          for (const folded of forms) names.add(folded);
        }
      }
    }
  }
  return byKey;
}

/** The folded Arabic names a Latin word's keys name, or null when it is not a listed spelling. */
export function latinNamesFor(keys: readonly string[]): ReadonlySet<string> | null {
  const byKey = namesByKey();
  let found: Set<string> | null = null;
  for (const key of keys) {
    const names = byKey.get(key);
    if (names) for (const n of names) (found ??= new Set()).add(n);
  }
  return found;
}

/** The folded Arabic names some listed spelling of which begins with this key (a Latin name still being typed). */
export function latinNamesStartingWith(key: string): ReadonlySet<string> {
  const found = new Set<string>();
  for (const [spelling, names] of namesByKey()) if (spelling.startsWith(key)) for (const n of names) found.add(n);
  return found;
}
