// Latin-letter names ("Mohamed Hassan", "Abdel Fattah El Dessouky", "Ne'mat", "7asan") matched against the Arabic
// register by rules, not by a list of names: each Arabic letter has the Latin spellings relatives abroad write it
// with, and a Latin word matches an Arabic word when it can be spelled letter by letter from it (latinCost).
//
// The rules, letter by letter (LETTERS below):
// - consonants: ب b/p, ت t, ث th/s, ج g/j/dj/gu, ح h/7, خ kh/5/7', د d, ذ dh/z/th/d, ر r, ز z, س s, ش sh/ch/sch,
//   ص s/9, ض d/dh/z/9', ط t/6, ظ z/dh/th/6', غ gh/8/3', ف f/ph/v, ق q/k/g/8 (and ' or 2 as Cairo says it), ك k/c/ck,
//   ل l, م m, ن n; a letter doubled in Latin is one letter (Hassan, Mohammed), and one doubled in Arabic is written
//   once (الله: "Allah");
// - short vowels are not written in Arabic: after a consonant the Latin may put one of a e i o u, or none ("Mhmd"),
//   and ou in a word's first syllable ("Moustafa", "Souad"); never after the last letter, but after a final ع or
//   hamza ("Rabie");
// - long vowels are written in both: ا a/aa, و w/ou/oo/u/o, ي y/i/ee/ie/ei/ey/ai/ay; ى a; a word's first ا (أ إ آ)
//   a/e/i/o/u; ة a/ah/at/e/eh/et; a final ه h/a/ah/o/ou/uh ("Taha", "Abdo");
// - ع and the hamza are written as nothing, as ' or as 3 and 2 (the chat letters: 3 ع, 7 ح, 2 ء, 5 خ, 6 ط, 9 ص,
//   8 غ), and a short vowel may follow them;
// - the article: al/el/il/ul, one vowel before a sun letter it takes the sound of ("Abdurrahman", "Abdessalam"),
//   or nothing: "Fiky" is الفقي, and a Latin article is optional too ("El Sherbiny" is شربيني), both looser than
//   the article as written;
// - a few spellings are looser (cost 1): ي as e ("Zenab"), ا as e, a final ي as a (مصطفي written for مصطفى), ق as
//   g, c or ', ك as q, ض as z, a silent final و after a vowel (عمرو is "Amr"), a short o or u after the first
//   syllable ("Yusuf"), a final hamza left out ("Asma"), a long vowel after a short one of another sound, a
//   Latin pair read as two letters (th as ت and ح: "Fathy"), an article left out or added. A match that needs them ranks below one that does not.
// Two Latin words are compared by their spelling keys (latinKey): letters Latin writes interchangeably made one.
//
// Finding the Arabic words to compare with: each word has consonant skeletons (its letters sorted into classes the
// rules never cross: Mohamed, Muhammad, Mhmd and محمد are all M H M D), so a Latin query reads only the stored
// words of its skeleton (forms.ts), then latinCost decides.
export interface LatinForms {
  /** Spelling keys, for comparing two Latin words. */
  keys: string[];
  /** The word as the rules read it: lower case, a doubled consonant once, apostrophes and chat digits kept. */
  text: string;
  /** Consonant skeletons of every reading (th as ث, ذ or ت+ه; with and without an article). */
  skeletons: string[];
  /** The same for a word still being typed: not finished, and without a last letter that may begin a pair. */
  prefixSkeletons: string[];
}

// --- Latin keys (Latin word against Latin word) ----------------------------------------------------------------

/**
 * The spelling key: letters Egyptian transliteration uses interchangeably made one (ph/f, ch/sh, q/k, c/k, v/f,
 * p/b, j/g, ee/i, oo/u, e/a, o/u, y/i as a vowel), doubled letters single, a final h after a vowel dropped. Digits
 * stay: "QA7" is its own word.
 */
export function latinKey(word: string): string {
  return word
    .replace(/[^a-z0-9]/g, '')
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

function latinKeys(parts: readonly string[]): string[] {
  const joined = parts.join('');
  const keys = [latinKey(joined)];
  for (const [typed, prefix] of PREFIXES) {
    if (!joined.startsWith(typed) || joined.length < typed.length + 2) continue;
    const rest = joined.slice(typed.length);
    const bare = withoutArticle(rest, true);
    if (bare === null && !(parts.length > 1 && parts[0] === typed) && prefix !== 'abd') continue;
    for (const part of bare === null ? [rest] : [rest, bare]) keys.push(`${prefix}:${latinKey(part)}`);
    break;
  }
  const bare = withoutArticle(joined, false);
  if (bare !== null) keys.push(latinKey(bare));
  return [...new Set(keys)];
}

// --- skeletons ----------------------------------------------------------------------------------------------------
// Classes: B ب, T ت ط, S ث س ص, K ج ق ك, H ح ه ة, X خ, D د ض ذ ز ظ, R ر, C ش, Q غ, F ف, L ل, M م, N ن, and at the
// start of a word W و, Y ي, and V for ا, ع or a hamza (a Latin vowel); every other vowel, ع and hamza is no class.
// Repeated classes count once, and a final H is dropped (ة is written a, ah or nothing).

const ARABIC_CLASS: Readonly<Record<string, string>> = {
  ب: 'B',
  ت: 'T',
  ط: 'T',
  ث: 'S',
  س: 'S',
  ص: 'S',
  ج: 'K',
  ق: 'K',
  ك: 'K',
  ح: 'H',
  ه: 'H',
  ة: 'H',
  خ: 'X',
  د: 'D',
  ض: 'D',
  ذ: 'D',
  ز: 'D',
  ظ: 'D',
  ر: 'R',
  ش: 'C',
  غ: 'Q',
  ف: 'F',
  ل: 'L',
  م: 'M',
  ن: 'N',
};

/** Letters a word may start with that Latin writes as a vowel. */
const INITIAL_VOWELS = new Set([...'اأإآعءؤئ']);

/** Latin letters and pairs, longest first, with every class they may stand for ('' for none). */
const LATIN_CLASSES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['sch', ['C']],
  ['sh', ['C']],
  ['ch', ['C']],
  ['kh', ['X']],
  ['gh', ['Q']],
  ['th', ['S', 'D', 'TH']],
  ['dh', ['D', 'DH']],
  ['ph', ['F']],
  ['ck', ['K']],
  ['dj', ['K']],
  ["7'", ['X']],
  ["3'", ['Q']],
  ["6'", ['D']],
  ["9'", ['D']],
  ['b', ['B']],
  ['p', ['B']],
  ['t', ['T']],
  ['6', ['T']],
  ['s', ['S']],
  ['c', ['K']],
  ['k', ['K']],
  ['q', ['K']],
  ['g', ['K']],
  ['j', ['K']],
  ['x', ['KS']],
  ['h', ['H']],
  ['7', ['H']],
  ['5', ['X']],
  ['d', ['D']],
  ['z', ['D']],
  ['r', ['R']],
  ['f', ['F']],
  ['v', ['F']],
  ['l', ['L']],
  ['m', ['M']],
  ['n', ['N']],
  ['9', ['S', 'K']],
  ['8', ['Q', 'K']],
  ["'", ['', 'K']],
  ['2', ['', 'K']],
];

/** Readings kept per Latin word: a word with many ambiguous pairs keeps its first ones. */
const MAX_READINGS = 32;

/** Repeated classes once, and (finished) a final H dropped. */
function finish(classes: string, finished: boolean): string {
  let out = '';
  for (const c of classes) if (c !== out.charAt(out.length - 1)) out += c;
  return finished && out.endsWith('H') ? out.slice(0, -1) : out;
}

/** The class readings of a Latin text (before finish). `open`: the text is unfinished. */
function latinReadings(text: string, open: boolean): string[] {
  let readings = [''];
  let i = 0;
  while (i < text.length) {
    let options: readonly string[] = [''];
    let length = 1;
    const c = text.charAt(i);
    if ((c === 'w' || c === 'y') && i === 0) options = [c === 'w' ? 'W' : 'Y'];
    else if (i === 0 && /[aeiou'23]/.test(c)) {
      // A word that starts with a vowel (or ع, a hamza) starts with V: ا, ع or a hamza in Arabic ("Awad" عوض).
      options = c === "'" || c === '2' ? ['V', 'K'] : ['V'];
      if (c === '3' && text.charAt(1) === "'") [options, length] = [['Q'], 2];
    } else {
      for (const [spelled, classes] of LATIN_CLASSES) {
        if (text.startsWith(spelled, i)) {
          options = classes;
          length = spelled.length;
          break;
        }
      }
    }
    // The last letter of an unfinished word may be the first of a pair (s of sh, k of kh): it reads as either.
    if (open && length === 1 && i + 1 === text.length) {
      const pairs = LATIN_CLASSES.filter(([spelled]) => spelled.length > 1 && spelled.startsWith(c));
      options = [...new Set([...options, ...pairs.flatMap(([, classes]) => classes)])];
    }
    readings =
      options.length === 1
        ? readings.map((r) => r + options[0])
        : readings.flatMap((r) => options.map((o) => r + o)).slice(0, MAX_READINGS);
    i += length;
  }
  return readings;
}

/** The Latin word as the rules read it: a doubled consonant once, apostrophes and digits kept, nothing else. */
function ruleText(parts: readonly string[]): string {
  return parts
    .join('')
    .replace(/[^a-z0-9']/g, '')
    .replace(/([bcdfghjklmnpqrstvwxyz])\1+/g, '$1');
}

/** Keys, the rules' text and skeletons of a Latin word typed as `parts` (one, or the words of a compound). */
export function latinForms(parts: readonly string[]): LatinForms {
  const folded = parts.map((p) => p.replace(/'/g, ''));
  const text = ruleText(parts);
  const texts = [text];
  // A Latin article the Arabic may not have: "El Sherbiny" for شربيني; after Abd/Abu: "Abdel Rabo" for عبد ربه.
  const article = /^[aeiu]l'?(?=[^aeiouwy'])/.exec(text);
  if (article && text.length - article[0].length >= 2) texts.push(text.slice(article[0].length));
  for (const [typed] of PREFIXES) {
    if (!text.startsWith(typed)) continue;
    const after = /^[aeiou]l'?(?=[^aeiouwy']|$)/.exec(text.slice(typed.length));
    if (after) texts.push(typed + text.slice(typed.length + after[0].length));
    break;
  }
  const skeletons = new Set<string>();
  const prefixSkeletons = new Set<string>();
  for (const t of texts) {
    for (const r of latinReadings(t, false)) {
      skeletons.add(finish(r, true));
      // ة written "at" ("Nemat"): its t is no letter of the Arabic word.
      if (/[aeiu]t$/.test(t) && r.endsWith('T')) skeletons.add(finish(r.slice(0, -1), true));
    }
    for (const r of latinReadings(t, true)) prefixSkeletons.add(finish(r, false));
  }
  return { keys: latinKeys(folded), text, skeletons: [...skeletons], prefixSkeletons: [...prefixSkeletons] };
}

// --- the Arabic side ------------------------------------------------------------------------------------------------

/** An Arabic word as the rules read it (see arabicWordOf). */
export interface ArabicWord {
  /** The letters, hamza forms, ة and ى kept; spaces and marks gone. */
  readonly letters: string;
  /** Where an article (ال) starts: the word's own, a compound's second half's ("عبد الرحمن", "نور الدين"). */
  readonly articles: readonly number[];
  /** Where a word of the compound starts (its first letter may be an initial ا; ou a short vowel after it). */
  readonly starts: readonly number[];
}

const LETTER_VARIANTS: Readonly<Record<string, string>> = { ٱ: 'ا', ی: 'ي', ک: 'ك', ڤ: 'ف', پ: 'ب', چ: 'ج', گ: 'ك' };
const COMPOUND_HEADS = ['عبد', 'أبو', 'ابو'];
/** أم starts a compound only before an article here: "امالخير"; "أمين", "أمل" are words of their own. */
const MOTHER = ['أم', 'ام'];
const COMPOUND_TAILS = ['الدين', 'الله'];
/** Letters the article takes the sound of ("ad-din", "ar-rahman"). */
const SUN = new Set([...'تثدذرزسشصضطظلن']);

/** The letters and the parts of an Arabic word (a stored word's exact form: marks are already gone). */
export function arabicWordOf(exact: string): ArabicWord {
  const articles = new Set<number>();
  const starts = new Set<number>([0]);
  let letters = '';
  for (const part of exact.split(' ')) {
    if (part === '') continue;
    const at = letters.length;
    starts.add(at);
    if (part.startsWith('ال') && part.length >= 4) {
      articles.add(at);
      starts.add(at + 2);
    }
    for (const c of part) letters += LETTER_VARIANTS[c] ?? c;
  }
  // Compounds written without their space: "عبدالرحمن", "ابوالعلا", "نورالدين".
  for (const head of [...COMPOUND_HEADS, ...MOTHER]) {
    const compound = MOTHER.includes(head) ? letters.startsWith('ال', head.length) : letters.length > head.length + 1;
    if (letters.startsWith(head) && compound) {
      starts.add(head.length);
      if (letters.startsWith('ال', head.length) && letters.length >= head.length + 4) {
        articles.add(head.length);
        starts.add(head.length + 2);
      }
      break;
    }
  }
  for (const tail of COMPOUND_TAILS) {
    const at = letters.length - tail.length;
    if (at >= 2 && letters.endsWith(tail)) {
      articles.add(at);
      starts.add(at);
      starts.add(at + 2);
    }
  }
  return { letters, articles: [...articles].sort((a, b) => a - b), starts: [...starts].sort((a, b) => a - b) };
}

/** The consonant skeletons of an Arabic word: as written, and without each of its articles. */
export function arabicSkeletons(word: ArabicWord, finished: boolean): string[] {
  const variants = new Set<string>([word.letters]);
  for (const at of word.articles) {
    for (const v of [...variants]) {
      const shift = v.length - word.letters.length; // earlier articles already cut from this variant
      variants.add(v.slice(0, at + shift) + v.slice(at + shift + 2));
      // Its ل alone left out: the article said as the sun letter after it ("Ennaggar": ا, then ن).
      variants.add(v.slice(0, at + shift + 1) + v.slice(at + shift + 2));
    }
  }
  const out = new Set<string>();
  for (const v of variants) {
    let classes = '';
    for (let i = 0; i < v.length; i++) {
      const c = v.charAt(i);
      if (i === 0 && c === 'و') classes += 'W';
      else if (i === 0 && c === 'ي') classes += 'Y';
      else if (i === 0 && INITIAL_VOWELS.has(c)) classes += 'V';
      else classes += ARABIC_CLASS[c] ?? '';
    }
    out.add(finish(classes, finished));
  }
  return [...out];
}

// --- the letter rules -----------------------------------------------------------------------------------------------

/** How an Arabic letter may be written: the Latin, its cost (0 or 1: looser), and what may follow (AFTER_*). */
type Spelling = readonly [latin: string, cost: number, after: number];
/**
 * After it: no short vowel (it was a vowel); a short vowel (it was a consonant); one even at the word's end. And
 * after a short vowel itself (SHORT): no other, and a long vowel is looser unless it carries on that vowel.
 */
const NO_VOWEL = 0;
const VOWEL = 1;
const VOWEL_AT_END = 2;
const SHORT = 3;
const STATES = 4;

const consonant = (...latin: Array<string | readonly [string, number]>): Spelling[] =>
  latin.map((l) => (typeof l === 'string' ? [l, 0, VOWEL] : [l[0], l[1], VOWEL]));
const vowel = (...latin: Array<string | readonly [string, number]>): Spelling[] =>
  latin.map((l) => (typeof l === 'string' ? [l, 0, NO_VOWEL] : [l[0], l[1], NO_VOWEL]));
const glottal = (...more: Spelling[]): Spelling[] => [
  ['', 0, VOWEL_AT_END],
  ["'", 0, VOWEL_AT_END],
  ['2', 0, VOWEL_AT_END],
  ...more,
];

const LETTERS: Readonly<Record<string, readonly Spelling[]>> = {
  ب: consonant('b', 'p'),
  ت: consonant('t'),
  ث: consonant('th', 's'),
  ج: consonant('g', 'j', 'dj', 'gu'),
  ح: consonant('h', '7'),
  خ: consonant('kh', '5', "7'"),
  د: consonant('d'),
  ذ: consonant('dh', 'z', 'th', 'd'),
  ر: consonant('r'),
  ز: consonant('z'),
  س: consonant('s'),
  ش: consonant('sh', 'ch', 'sch'),
  ص: consonant('s', '9'),
  ض: consonant('d', 'dh', ['z', 1], "9'"),
  ط: consonant('t', '6'),
  ظ: consonant('z', 'dh', 'th', "6'"),
  غ: consonant('gh', "3'", '8'),
  ف: consonant('f', 'ph', 'v'),
  ق: consonant('q', 'k', 'ck', '8', ['g', 1], ['c', 1], ["'", 1], ['2', 1], ['9', 1]),
  ك: consonant('k', 'c', 'ck', ['q', 1]),
  ل: consonant('l'),
  م: consonant('m'),
  ن: consonant('n'),
  ع: glottal(['3', 0, VOWEL_AT_END]),
  ء: glottal(...vowel('a', ['e', 1])),
  ؤ: glottal(...vowel('o', 'ou', 'u'), ['w', 0, VOWEL]),
  ئ: glottal(...vowel('e', 'i', 'ei'), ['y', 0, VOWEL]),
  ة: vowel('a', 'ah', 'at', 'e', 'eh', 'et', ['it', 1], ['aa', 1], ['t', 1], ['h', 1]),
  ى: vowel('a', 'aa', 'ah', ['y', 1], ['i', 1], ['ee', 1], ['e', 1]),
};
/** ة after ا is written t or h alone: نجاة "Nagat", "Nagah". */
const TA_AFTER_ALEF = vowel('a', 'ah', 'at', 'e', 'et', 't', 'h');
/** ا inside a word, and a hamza on alef there (رأفت: "Raafat", "Rafat"). */
const ALEF = vowel('a', 'aa', ['e', 1]);
const HAMZA_ALEF = glottal(...vowel('a', 'aa', 'e'));
/** A word's first ا, أ or إ: the vowel it starts with; آ is a long a. */
const INITIAL_ALEF = vowel('a', 'e', 'i', 'o', 'u', 'aa', 'ou');
const INITIAL_MADDA = vowel('a', 'aa');
/** A final hamza after ا: written (Asmaa, Wafaa, Alaa), or left out looser (Asma, and Ala is علا before علاء). */
const FINAL_HAMZA: readonly Spelling[] = [
  ['', 1, VOWEL_AT_END],
  ["'", 0, VOWEL_AT_END],
  ['2', 0, VOWEL_AT_END],
  ...vowel('a', ['e', 1]),
];
// و and ي before a vowel are consonants, written w and y, or (French) ou and (looser) i: "Anouar", "Mariam".
const WAW = [...consonant('w', 'ou'), ...vowel('ou', 'oo', 'u', 'o')];
const YA = [...consonant('y', ['i', 1]), ...vowel('i', 'ee', 'ie', 'ei', 'ey', 'ai', 'ay', 'y', 'ii', ['e', 1])];
const FINAL_WAW: readonly Spelling[] = [...WAW, ['', 0, NO_VOWEL]];
const FINAL_YA: readonly Spelling[] = [...YA, ['a', 1, NO_VOWEL]];
const INITIAL_WAW = consonant('w');
const INITIAL_YA = consonant('y');
const HA = consonant('h');
const FINAL_HA = vowel('h', 'ha', 'a', 'ah', 'e', 'eh', 'o', 'ou', 'oh', 'u', 'uh');
/** The article's spellings and their costs. */
const ARTICLES: ReadonlyArray<readonly [string, number]> = [
  ['al', 0],
  ['el', 0],
  ['ul', 0],
  ['il', 1],
  ['ol', 1],
];

const NONE = 99;

// The search's scratch: a table of the best cost from each (Arabic letter, Latin letter, what may follow), one
// search at a time (JavaScript runs one), stamped so it need not be cleared; and the word being read.
let memo = new Int16Array(0);
let stamps = new Int32Array(0);
let stamp = 0;
let isStart = new Uint8Array(0);
let isArticle = new Uint8Array(0);
let L = '';
let A = '';
let n = 0;
let m = 0;
let typing = false;

const isAlef = (c: string) => c === 'ا' || c === 'أ' || c === 'إ' || c === 'آ';
const isVowel = (c: string) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';
/** Whether the letter may be first of a Latin pair ("th", "sh", "kh", "dh", "gh", "ch"). */
const pairStart = (c: string) => c === 't' || c === 'd' || c === 's' || c === 'k' || c === 'g' || c === 'c';

function spellingsOf(i: number): readonly Spelling[] {
  const c = A.charAt(i);
  const final = i === n - 1;
  if (isAlef(c)) return isStart[i] ? (c === 'آ' ? INITIAL_MADDA : INITIAL_ALEF) : c === 'ا' ? ALEF : HAMZA_ALEF;
  if (c === 'ء' && final && A.charAt(i - 1) === 'ا') return FINAL_HAMZA;
  if (c === 'ه') return final ? FINAL_HA : HA;
  if (c === 'و') return isStart[i] ? INITIAL_WAW : final ? FINAL_WAW : WAW;
  if (c === 'ي') return isStart[i] ? INITIAL_YA : final ? FINAL_YA : YA;
  if (c === 'ة' && A.charAt(i - 1) === 'ا') return TA_AFTER_ALEF;
  return LETTERS[c] ?? [];
}

/** The least cost of spelling letters i… of the Arabic word as Latin j… (NONE when it cannot). */
function best(i: number, j: number, after: number): number {
  const key = (i * (m + 1) + j) * STATES + after;
  if (stamps[key] === stamp) return memo[key]!;
  stamps[key] = stamp;
  memo[key] = NONE; // a cycle cannot happen (every step reads a letter of one side), but stay safe
  let cost = NONE;
  if (j === m && (i === n || typing)) {
    memo[key] = 0;
    return 0;
  }
  if (i === n) {
    // A short vowel after a final ع or hamza ("Rabie"); a silent French e after a consonant ("Nevine").
    if (
      j === m - 1 &&
      (after === VOWEL_AT_END ? isVowel(L.charAt(j)) : L.charAt(j) === 'e' && !isVowel(L.charAt(j - 1)))
    ) {
      cost = 0;
    }
    memo[key] = cost;
    return cost;
  }
  const c = A.charAt(i);
  const l = L.charAt(j);
  // A short vowel, after a consonant. o and u are the vowels of a word's first syllable ("Mohamed", "Mustafa"),
  // elsewhere looser ("Yusuf"), and ou only there ("Moustafa"): Mahmoud and Mahmud are محمود before محمد.
  if ((after === VOWEL || after === VOWEL_AT_END) && j < m) {
    const first = i > 0 && isStart[i - 1] === 1;
    if (l === 'a' || l === 'e' || l === 'i') cost = Math.min(cost, best(i, j + 1, SHORT));
    else if (l === 'o' || l === 'u') cost = Math.min(cost, (first ? 0 : 1) + best(i, j + 1, SHORT));
    if (first && l === 'o' && L.charAt(j + 1) === 'u') cost = Math.min(cost, best(i, j + 2, SHORT));
  }
  if (isArticle[i]) {
    for (const [a, extra] of ARTICLES)
      if (L.startsWith(a, j)) cost = Math.min(cost, extra + best(i + 2, j + 2, NO_VOWEL));
    // "Abou'l Ela", "Abu l-Kheir": the article's l alone after a vowel.
    if (l === 'l' && isVowel(L.charAt(j - 1))) cost = Math.min(cost, best(i + 2, j + 1, NO_VOWEL));
    // Before a sun letter, a vowel alone: the letter after it is written once for both ("Abdessalam"; at the
    // start of a name looser: "Ennaggar").
    if (SUN.has(A.charAt(i + 2)) && isVowel(l)) cost = Math.min(cost, (i === 0 ? 1 : 0) + best(i + 2, j + 1, NO_VOWEL));
    // Not written at all: "Fiky" for الفقي, "Abd Rahman" (looser: a register holding فقي answers it first).
    cost = Math.min(cost, 1 + best(i + 2, j, after));
  } else if (isStart[i] && (i > 0 || j === 0) && (l === 'a' || l === 'e' || l === 'i' || l === 'u')) {
    // A Latin article the Arabic has not: "El Sherbiny" for شربيني, where a word of the name starts (looser, as
    // the article left out).
    if (L.charAt(j + 1) === 'l') {
      const next = L.charAt(j + 2) === "'" ? j + 3 : j + 2;
      const after2 = L.charAt(next);
      const consonant = next < m && !isVowel(after2) && after2 !== 'w' && after2 !== 'y' && after2 !== "'";
      if (consonant || (typing && next === m)) cost = Math.min(cost, 1 + best(i, next, NO_VOWEL));
    }
  }
  if (cost === 0) {
    memo[key] = 0;
    return 0;
  }
  // A letter written twice in Arabic is written once in Latin (الله: "Allah"; the Latin's own double is one).
  if (i > 0 && c === A.charAt(i - 1) && !isAlef(c)) cost = Math.min(cost, best(i + 1, j, VOWEL));
  // The long vowel of a word's first إ written with it: "Eman" (إيمان), "Ehab"; not after أ (أيمن is "Ayman").
  if (c === 'ي' && i > 0 && isStart[i - 1] && (A.charAt(i - 1) === 'إ' || A.charAt(i - 1) === 'ا')) {
    cost = Math.min(cost, best(i + 1, j, NO_VOWEL));
  }
  // A name's first ع is heard with its vowel: written as nothing, a vowel follows ("Osman", never "Sman").
  const silent = c !== 'ع' || !isStart[i] || isVowel(l);
  // A long vowel right after a short one of another sound is looser: "Safia" is صفية before صفاء (no i before
  // ا), "Saeed" سعيد before سيد (ee is no diphthong), but "Hussein", "Said", "Fawzy" are plain.
  const long = after === SHORT && (c === 'ا' || c === 'ي' || c === 'و') && !isStart[i];
  const before = L.charAt(j - 1);
  for (const [spelled, extra, next] of spellingsOf(i)) {
    if (spelled === '') {
      // The silent و of عمرو is heard after two consonants ("Amr"); after a vowel it is looser ("Omar" is عمر).
      const odd = c === 'و' && isVowel(L.charAt(j - 2));
      if (silent) cost = Math.min(cost, extra + (odd ? 1 : 0) + best(i + 1, j, next));
    } else if (L.startsWith(spelled, j)) {
      const odd =
        long &&
        next === NO_VOWEL &&
        (c === 'ا' ? before !== 'a' : c === 'ي' ? spelled !== 'i' && spelled !== 'y' : spelled !== 'u');
      // A Latin pair read as two letters is looser: "th" is ث before ت and ح ("Fathy" is فتحي all the same).
      const split = spelled.length === 1 && pairStart(spelled) && L.charAt(j + 1) === 'h';
      cost = Math.min(cost, extra + (odd ? 1 : 0) + (split ? 1 : 0) + best(i + 1, j + spelled.length, next));
    } else if (typing && j < m && spelled.startsWith(L.slice(j))) {
      // The word being typed ends inside this letter's spelling (the s of sh).
      cost = Math.min(cost, extra);
    }
  }
  memo[key] = cost;
  return cost;
}

/**
 * The cost of spelling the Arabic word as the Latin text (0: by the plain rules; more: by looser ones), or -1 when
 * the rules cannot spell it so. `prefix`: the Latin is the beginning of a word still being typed.
 */
export function latinCost(latin: string, word: ArabicWord, prefix: boolean): number {
  L = latin;
  A = word.letters;
  n = A.length;
  m = L.length;
  typing = prefix;
  const size = (n + 1) * (m + 1) * STATES;
  if (memo.length < size) {
    memo = new Int16Array(size * 2);
    stamps = new Int32Array(size * 2);
    stamp = 0;
  }
  if (++stamp > 2 ** 30) {
    stamps.fill(0);
    stamp = 1;
  }
  if (isStart.length < n + 2) {
    isStart = new Uint8Array(2 * n + 2);
    isArticle = new Uint8Array(2 * n + 2);
  }
  isStart.fill(0, 0, n + 2);
  isArticle.fill(0, 0, n + 2);
  for (const at of word.starts) isStart[at] = 1;
  for (const at of word.articles) isArticle[at] = 1;
  const cost = best(0, 0, NO_VOWEL);
  return cost >= NONE ? -1 : cost;
}
