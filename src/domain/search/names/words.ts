// Splitting a name or a query into words, the word lists the matcher treats apart, and the joining of compound
// names. Shared by the stored side (indexName) and the query side (prepareQuery), so both cut a name the same way.
import { normalizeArabic, toWesternDigits } from '../normalize';

export type Script = 'ar' | 'latin' | 'digit' | 'other';

/** One typed word with its place in the original text (UTF-16 offsets, end exclusive). */
export interface Word {
  script: Script;
  /**
   * As typed, without decoration: Arabic marks and tatweel removed; Latin lower-cased without accents (digits in
   * 0-9, apostrophes as '); other scripts lower-cased.
   */
  exact: string;
  /**
   * The comparable form: Arabic through normalizeArabic, Latin as exact without apostrophes, digits in 0-9, other
   * scripts without accents.
   */
  folded: string;
  start: number;
  end: number;
  /** A Latin word written with digits ("QA7"): its runs of one kind, for a query whose whole word finds nothing. */
  pieces?: Word[];
}

/** A word, or a compound made of several adjacent words ("عبد العزيز", "abd el rahman"). */
export interface Unit extends Word {
  /** The folded forms of the words it was made of (one for a plain word). */
  parts: string[];
  /** An Arabic compound of a first half and one word ("عبد المنعم"): the two words, for a query to fall back to. */
  halves?: [Word, Word];
}

// ---------------------------------------------------------------------------------------------------------------
// Word lists. Each is compared on the folded form, so hamza, ta marbuta and alef maqsura spellings all count.

const fold = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean).map(normalizeArabic));

/**
 * Lineage words, optional on both sides: the register writes "حسن بن علي" or "حسن علي" and a family says either.
 * ابنة/ابنه is the written form of بنت. Latin forms for relatives abroad ("Hassan bin Ali").
 */
export const LINEAGE_WORDS = fold('بن ابن بنت ابنة ولد bin ben ibn bint');

/**
 * Honorifics and mourning words, optional in the query: a family puts "المرحوم" or "الحاج" before a name the
 * register keeps bare. They still count (matched and highlighted) when the stored name holds them, because
 * الشيخ and السيد are family names too ("محمد السيد"). Forms without the article and the feminine forms are
 * included; سيد without the article is not, since it is a common first name. د and م are the written
 * abbreviations of دكتور and مهندس ("د. محمد"). المغفور له/لها is the written "the late". أبو and أم are not
 * here: they are part of a name (أبو زيد, أم كلثوم).
 */
export const HONORIFIC_WORDS = fold(
  'المرحوم المرحومة مرحوم مرحومة الحاج الحاجة حاج حاجة الحاجه الفقيد الفقيدة فقيد فقيدة الشيخ الشيخة شيخ ' +
    'السيد السيدة الست الأستاذ الأستاذة أستاذ الدكتور الدكتورة دكتور د المهندس المهندسة مهندس م المغفور له لها',
);

/** Latin honorifics, optional like the Arabic ones ("El-Hag Mohamed"; "El Sheikh" alone is the family). */
export const LATIN_HONORIFICS: ReadonlySet<string> = new Set(
  'mr mrs ms dr eng haj hajj hag hagg haja hajja haga hagga sheikh shaikh sheikha late'.split(' '),
);

/** Words that name a grave, ignored before a number: "مقبرة رقم ٤٥" is grave 45. */
export const GRAVE_WORDS = fold('قبر القبر مقبرة المقبرة مقبره رقم مدفن المدفن');

/**
 * Section words: "محمد رجال", "قبر ٣١٧ نساء" narrow the answer to that section. Alone, such a word is
 * searched as a name.
 */
export const SECTION_WORDS: ReadonlyMap<string, 'men' | 'women' | 'bones'> = new Map(
  (
    [
      ['رجال الرجال', 'men'],
      ['نساء النساء', 'women'],
      ['عظام العظام', 'bones'],
    ] as const
  ).flatMap(([words, section]) => [...fold(words)].map((w) => [w, section] as const)),
);

/** Words before a number that make it a year rather than a grave's number: "توفي ٢٠٠٨", "سنة ١٤٢٩ هـ". */
export const YEAR_WORDS = fold('سنة عام توفي توفيت توفى سنه');

/** After a year, or anywhere in the query: the year is Hijri ("١٤٢٩ هـ", "١٤٢٩ هجري"). هـ is folded to ه. */
export const HIJRI_WORDS = fold('هـ هجري هجرية هجرى');
/** After a year: the year is Gregorian, as said ("١٩٩٠ م"); dropped from the name words. */
export const GREGORIAN_WORDS = fold('م ميلادي ميلادية');

/** "آل الفقي" is the family الفقي: آل before a family name is left out (folded, it is the article alone). */
export const FAMILY_WORD = normalizeArabic('آل');

/**
 * First halves of compound names, joined with the next word on both sides: "عبد العزيز" = "عبدالعزيز",
 * "أبو العلا" = "ابوالعلا", "أم كلثوم" = "امكلثوم". A compound is one word of the name (a query for "العزيز"
 * alone does not find عبد العزيز: the name is the whole compound).
 */
export const COMPOUND_PREFIXES = fold('عبد أبو أم');

/**
 * Second halves joined with the word before: "نور الدين" = "نورالدين", "جاد الله" = "جادالله". The first half
 * alone still finds the compound (a family says "صلاح" for صلاح الدين); see Forms.head.
 */
export const COMPOUND_SUFFIXES = fold('الدين الله');

/** Latin words that start a compound or are an article: "Abd El Rahman", "Abou El Ela", "Om Kalthoum", "El Fiky". */
// The article after abd may be assimilated ("Abdur Rahman", "Abdes Salam"); 'n' is left out for Abdin (عابدين); ع
// may be written 3 ("3abd el Fatta7").
const LATIN_JOINER = /^(?:3?abd(?:[aeiou](?:l|r|s|sh|z))?|ab[ou]u?(?:[aeiou]?l)?|(?:umm?|omm?)(?:[ae]l)?|[ae]l)$/;
/** Latin second halves: "Nour El Din", "Nour Eddine", "Gad Allah". */
const LATIN_SUFFIX = /^(?:(?:[aeiou]l|[aeiou]d)?d(?:i|ee|e)ne?|(?:[aeiou]l)?lah?)$/;
/** The spellings of those second halves, for a word still being typed ("Salah Eld", "Gad All"). */
const LATIN_SUFFIX_SPELLINGS = [
  'eldin',
  'eldine',
  'eldeen',
  'aldin',
  'eddin',
  'eddine',
  'uddin',
  'iddin',
  'allah',
  'ellah',
  'ullah',
];

// ---------------------------------------------------------------------------------------------------------------
// Splitting

// The class lists combining marks on purpose (they are what is removed), which this rule reads as a mistake.
// eslint-disable-next-line no-misleading-character-class
const MARKS = /[\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06ED\u200C\u200D]/g;
const COMBINING = /\p{M}/gu;
const APOSTROPHES = /['\u2019`]/g;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const COMBINING_MARK = /^\p{M}$/u;

type CharKind = Script | 'mark' | 'apostrophe' | null;

function kindOf(code: number): CharKind {
  if ((code >= 0x30 && code <= 0x39) || (code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9)) {
    return 'digit';
  }
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return 'latin';
  if (code < 0x80) return code === 0x27 || code === 0x60 ? 'apostrophe' : null;
  if (
    (code >= 0x621 && code <= 0x63a) ||
    (code >= 0x641 && code <= 0x64a) ||
    code === 0x66e ||
    code === 0x66f ||
    (code >= 0x671 && code <= 0x6d3) ||
    code === 0x6d5 ||
    (code >= 0x6fa && code <= 0x6fc)
  ) {
    return 'ar';
  }
  if (
    (code >= 0x610 && code <= 0x61a) ||
    code === 0x640 ||
    (code >= 0x64b && code <= 0x65f) ||
    code === 0x670 ||
    (code >= 0x6d6 && code <= 0x6ed) ||
    code === 0x200c ||
    code === 0x200d ||
    (code >= 0x300 && code <= 0x36f)
  ) {
    return 'mark';
  }
  if (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7) return 'latin';
  if (code === 0x2019) return 'apostrophe';
  // Every other script's letters and digits (Greek, Cyrillic, Hebrew, CJK…): a word of its own, found as written.
  // A surrogate is half of a letter beyond the first plane: kept with its other half.
  if (code >= 0xd800 && code <= 0xdfff) return 'other';
  const char = String.fromCharCode(code);
  if (LETTER_OR_DIGIT.test(char)) return 'other';
  return COMBINING_MARK.test(char) ? 'mark' : null;
}

/** The forms of a word as written, remembered: a town's names repeat a few thousand words. */
const formsOfRaw = new Map<string, { exact: string; folded: string }>();
/** Queries go through here too, so the memory is bounded: cleared when it grows past what a town needs. */
const FORMS_MEMORY = 50_000;

function formsOfText(raw: string, script: Script): { exact: string; folded: string } {
  let forms = formsOfRaw.get(raw);
  if (forms === undefined) {
    if (script === 'ar') {
      const exact = raw.normalize('NFC').replace(MARKS, '');
      forms = { exact, folded: normalizeArabic(exact) };
    } else if (script === 'latin') {
      // The apostrophe stays in the exact form: it is how a Latin speller writes ع or a hamza ("Ne'mat").
      const exact = toWesternDigits(
        raw.normalize('NFD').replace(COMBINING, '').replace(APOSTROPHES, "'"),
      ).toLowerCase();
      forms = { exact, folded: exact.replace(/'/g, '') };
    } else if (script === 'digit') {
      const exact = toWesternDigits(raw);
      forms = { exact, folded: exact };
    } else {
      const exact = raw.normalize('NFC').toLowerCase();
      forms = { exact, folded: toWesternDigits(exact.normalize('NFD').replace(COMBINING, '')) };
    }
    if (formsOfRaw.size >= FORMS_MEMORY) formsOfRaw.clear();
    formsOfRaw.set(raw, forms);
  }
  return forms;
}

function wordOf(text: string, script: Script, start: number, end: number): Word {
  const { exact, folded } = formsOfText(text.slice(start, end), script);
  return { script, exact, folded, start, end };
}

/** A run of one kind inside a word ("qa" and "7" of "QA7"). */
type Piece = { kind: 'latin' | 'digit' | 'other'; start: number; end: number };

/**
 * The words of a text. Arabic letters make words of their own: a change to or from them ends a word, so "قبر45"
 * is two words. Latin letters, digits and the letters of other scripts written together are one word, found as
 * written ("QA7", "Xk3q", "7asan"); such a word remembers its runs ("qa" and "7"), which a query falls back to
 * when the whole finds nothing ("Mohamed45": a name and a grave's number). Marks stay inside their word; an
 * apostrophe between Latin letters or digits too ("Sa'ad", "3'ada"). Everything else separates.
 */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  let arabic = false;
  let pieces: Piece[] = [];
  const close = (end: number) => {
    if (start < 0) return;
    if (arabic) {
      words.push(wordOf(text, 'ar', start, end));
    } else {
      const kinds = new Set(pieces.map((p) => p.kind));
      const script: Script = kinds.has('other') ? 'other' : kinds.has('latin') ? 'latin' : 'digit';
      const word = wordOf(text, script, start, end);
      if (pieces.length > 1 && script === 'latin') {
        word.pieces = pieces.map((p) => wordOf(text, p.kind, p.start, p.kind === 'latin' ? pieceEnd(text, p) : p.end));
      }
      words.push(word);
    }
    start = -1;
    pieces = [];
  };
  for (let i = 0; i <= text.length; i++) {
    const kind = i < text.length ? kindOf(text.charCodeAt(i)) : null;
    if (kind === 'mark' && start >= 0) continue;
    if (kind === 'apostrophe' && start >= 0 && !arabic) {
      const next = kindOf(text.charCodeAt(i + 1));
      if (next === 'latin' || next === 'digit') continue;
    }
    if (kind === 'ar') {
      if (start >= 0 && arabic) continue;
      close(i);
      start = i;
      arabic = true;
      continue;
    }
    if (kind === 'latin' || kind === 'digit' || kind === 'other') {
      if (start >= 0 && arabic) close(i);
      if (start < 0) {
        start = i;
        arabic = false;
      }
      const last = pieces[pieces.length - 1];
      if (last !== undefined && last.kind === kind) last.end = i + 1;
      else pieces.push({ kind, start: i, end: i + 1 });
      continue;
    }
    close(i);
  }
  return words.filter((w) => w.folded !== '');
}

/** A Latin run's end, with the apostrophes and marks inside it ("sa'ad" of "Sa'ad7"). */
function pieceEnd(text: string, piece: Piece): number {
  let end = piece.end;
  while (end < text.length && kindOf(text.charCodeAt(end)) === 'mark') end++;
  return end;
}

// ---------------------------------------------------------------------------------------------------------------
// Compounds

function startUnit(w: Word): Unit {
  return { script: w.script, exact: w.exact, folded: w.folded, start: w.start, end: w.end, parts: [w.folded] };
}

function extend(unit: Unit, w: Word): void {
  unit.exact += ' ' + w.exact;
  unit.folded += w.folded;
  unit.end = w.end;
  unit.parts.push(w.folded);
}

/**
 * The last unit joined to the one before when it is the beginning of a compound's Latin second half still being
 * typed ("Salah Eld" for Salah Eldin), so that it is looked for as the compound's beginning.
 */
export function joinTypedSuffix(units: Unit[], typingEnd: number): Unit[] {
  const last = units[units.length - 1];
  const before = units[units.length - 2];
  if (
    last === undefined ||
    before === undefined ||
    last.end !== typingEnd ||
    last.script !== 'latin' ||
    before.script !== 'latin' ||
    before.parts.length > 1 ||
    last.folded.length < 2 ||
    !LATIN_SUFFIX_SPELLINGS.some((spelling) => spelling.startsWith(last.folded))
  ) {
    return units;
  }
  const joined = { ...before, parts: [...before.parts] };
  extend(joined, last);
  return [...units.slice(0, -2), joined];
}

/** Joins compound names (see COMPOUND_PREFIXES, COMPOUND_SUFFIXES and the Latin joiners) into one unit each. */
export function joinCompounds(words: readonly Word[]): Unit[] {
  const units: Unit[] = [];
  for (let i = 0; i < words.length; i++) {
    const unit = startUnit(words[i]!);
    if (unit.script === 'ar') {
      // A prefix takes the next word; a chain of prefixes ("أبو عبد الله") takes them all.
      let last = unit.folded;
      while (COMPOUND_PREFIXES.has(last) && words[i + 1]?.script === 'ar') {
        const next = words[++i]!;
        extend(unit, next);
        last = next.folded;
      }
      if (
        words[i + 1]?.script === 'ar' &&
        COMPOUND_SUFFIXES.has(words[i + 1]!.folded) &&
        !COMPOUND_PREFIXES.has(last)
      ) {
        extend(unit, words[++i]!);
      }
      if (unit.parts.length === 2 && COMPOUND_PREFIXES.has(unit.parts[0]!)) unit.halves = [words[i - 1]!, words[i]!];
    } else if (unit.script === 'latin') {
      while (LATIN_JOINER.test(unit.folded) && words[i + 1]?.script === 'latin') extend(unit, words[++i]!);
      // "Nour El Din": the article may come as its own word before the second half.
      const next = words[i + 1];
      const after = words[i + 2];
      if (next?.script === 'latin' && LATIN_SUFFIX.test(next.folded)) {
        extend(unit, words[++i]!);
      } else if (
        next?.script === 'latin' &&
        /^[ae]l$/.test(next.folded) &&
        after?.script === 'latin' &&
        LATIN_SUFFIX.test(next.folded + after.folded)
      ) {
        extend(unit, words[++i]!);
        extend(unit, words[++i]!);
      }
    }
    units.push(unit);
  }
  return units;
}
