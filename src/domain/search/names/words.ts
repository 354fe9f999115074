// Splitting a name or a query into words, the word lists the matcher treats apart, and the joining of compound
// names. Shared by the stored side (indexName) and the query side (prepareQuery), so both cut a name the same way.
import { normalizeArabic, toWesternDigits } from '../normalize';

export type Script = 'ar' | 'latin' | 'digit';

/** One typed word with its place in the original text (UTF-16 offsets, end exclusive). */
export interface Word {
  script: Script;
  /** As typed, without decoration: Arabic marks and tatweel removed; Latin lower-cased without accents. */
  exact: string;
  /** The comparable form: Arabic through normalizeArabic, Latin as exact, digits in 0-9. */
  folded: string;
  start: number;
  end: number;
}

/** A word, or a compound made of several adjacent words ("عبد العزيز", "abd el rahman"). */
export interface Unit extends Word {
  /** The folded forms of the words it was made of (one for a plain word). */
  parts: string[];
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
// The article after abd may be assimilated ("Abdur Rahman", "Abdes Salam"); 'n' is left out for Abdin (عابدين).
const LATIN_JOINER = /^(?:abd(?:[aeiou](?:l|r|s|sh|z))?|ab[ou]u?(?:[aeiou]?l)?|(?:umm?|omm?)(?:[ae]l)?|[ae]l)$/;
/** Latin second halves: "Nour El Din", "Nour Eddine", "Gad Allah". */
const LATIN_SUFFIX = /^(?:(?:[aeiou]l|[aeiou]d)?d(?:i|ee|e)ne?|(?:[aeiou]l)?lah?)$/;

// ---------------------------------------------------------------------------------------------------------------
// Splitting

// The class lists combining marks on purpose (they are what is removed), which this rule reads as a mistake.
// eslint-disable-next-line no-misleading-character-class
const MARKS = /[\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06ED\u200C\u200D]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;

type CharKind = Script | 'mark' | 'apostrophe' | null;

function kindOf(code: number): CharKind {
  if ((code >= 0x30 && code <= 0x39) || (code >= 0x660 && code <= 0x669) || (code >= 0x6f0 && code <= 0x6f9)) {
    return 'digit';
  }
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return 'latin';
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
  if (code === 0x27 || code === 0x2019 || code === 0x60) return 'apostrophe';
  return null;
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
      const exact = raw.normalize('NFD').replace(LATIN_MARKS, '').replace(/['’`]/g, '').toLowerCase();
      forms = { exact, folded: exact };
    } else {
      const exact = toWesternDigits(raw);
      forms = { exact, folded: exact };
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

/**
 * The words of a text: runs of Arabic letters, Latin letters or digits (a change of script ends a word, so
 * "قبر45" is two words); marks stay inside their word; an apostrophe between Latin letters too ("Sa'ad").
 * Everything else separates.
 */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  let script: Script = 'ar';
  for (let i = 0; i <= text.length; i++) {
    const kind = i < text.length ? kindOf(text.charCodeAt(i)) : null;
    if (kind === 'mark' && start >= 0) continue;
    if (kind === 'apostrophe' && start >= 0 && script === 'latin' && kindOf(text.charCodeAt(i + 1)) === 'latin')
      continue;
    if (kind === 'ar' || kind === 'latin' || kind === 'digit') {
      if (start >= 0 && kind === script) continue;
      if (start >= 0) words.push(wordOf(text, script, start, i));
      start = i;
      script = kind;
      continue;
    }
    if (start >= 0) words.push(wordOf(text, script, start, i));
    start = -1;
  }
  return words.filter((w) => w.folded !== '');
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
