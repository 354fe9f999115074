// Where a register name ends in a family name (the GEDCOM export marks it as the surname). The register writes a
// name as "given father family" or "given بن father grandfather family", with compounds (عبد الله, نور الدين,
// أبو زيد, عبد الغني), and a family name need not carry the article (منصور, عطية, شلبي): the last word or compound is
// the family name, as an Egyptian register and its committee read it. The rule, one place for every door:
// - the name is cut into units: a compound is one unit (a first half عبد/أبو/أم with the next word, the next word
//   with a second half الدين/الله, آل with the family it names); lineage words and honorifics before the name
//   (المرحوم, الحاج…) are not units of the chain;
// - the last unit is the family name when the chain has three units or more (given, father, family), or two when the
//   last one carries the article (محمد الفقي, آل الفقي: a family or tribe name, not a father's);
// - never the unit right after a lineage word (حسن بن علي: علي is the father), nor the second of two plain units
//   (محمد أحمد: أحمد is the father).
// Otherwise the register does not know the family name, and none is marked.
import { normalizeArabic } from '../search/normalize';
import {
  COMPOUND_PREFIXES,
  COMPOUND_SUFFIXES,
  FAMILY_WORD,
  HONORIFIC_WORDS,
  LINEAGE_WORDS,
} from '../search/names/words';

export interface SplitName {
  /** The name as written, with its spaces tidied. */
  whole: string;
  /** The first unit of the chain (a compound whole): the person's own given name. */
  given: string;
  /** What comes before the family name ('' when none is known: then the whole name). */
  beforeFamily: string;
  /** The family name, with its article or آل, as written; null when the register does not know it. */
  family: string | null;
}

const folded = (word: string) => normalizeArabic(word);

/** The words of a name grouped into units; each unit says whether it is a lineage word or an honorific. */
function unitsOf(words: readonly string[]): Array<{ text: string; kind: 'name' | 'lineage' | 'honorific' }> {
  const units: Array<{ text: string; kind: 'name' | 'lineage' | 'honorific' }> = [];
  let chainStarted = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const f = folded(word);
    if (LINEAGE_WORDS.has(f)) {
      units.push({ text: word, kind: 'lineage' });
      continue;
    }
    if (!chainStarted && HONORIFIC_WORDS.has(f) && i < words.length - 1) {
      units.push({ text: word, kind: 'honorific' });
      continue;
    }
    chainStarted = true;
    let text = word;
    // A first half (or آل) takes the next word with it.
    if ((COMPOUND_PREFIXES.has(f) || f === FAMILY_WORD) && i < words.length - 1) text += ` ${words[++i]!}`;
    // A second half joins the unit before it.
    while (i < words.length - 1 && COMPOUND_SUFFIXES.has(folded(words[i + 1]!))) text += ` ${words[++i]!}`;
    units.push({ text, kind: 'name' });
  }
  return units;
}

/** A family unit with the article (الفقي) or آل (آل الفقي: folded, آل is the article too). */
const carriesArticle = (unit: string) => folded(unit).startsWith(FAMILY_WORD);

/** A register name split at its family name, when the register knows it (the rule above). */
export function splitFamilyName(name: string): SplitName {
  const whole = name.trim().replace(/\s+/g, ' ');
  const words = whole === '' ? [] : whole.split(' ');
  const units = unitsOf(words);
  const chain = units.filter((u) => u.kind === 'name');
  const given = chain[0]?.text ?? whole;
  const last = units.at(-1);
  const beforeLast = units.at(-2);
  const known =
    last !== undefined &&
    last.kind === 'name' &&
    beforeLast?.kind !== 'lineage' &&
    (chain.length >= 3 || (chain.length === 2 && carriesArticle(last.text)));
  if (!known) return { whole, given, beforeFamily: '', family: null };
  return {
    whole,
    given,
    beforeFamily: units
      .slice(0, -1)
      .map((u) => u.text)
      .join(' '),
    family: last.text,
  };
}
