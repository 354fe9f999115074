// The one Arabic search normalisation, used by the server (stored at write time) and both front ends,
// so the same query finds the same person on every page. The union of the spec's three variants (section 5).

// The class lists combining marks on purpose (they are what is removed), which this rule reads as a mistake.
// eslint-disable-next-line no-misleading-character-class
const MARKS = /[\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06ED]/g; // Quranic marks, tatweel, harakat, tanween, superscript alef
const ALEF = /[\u0623\u0625\u0622\u0671]/g; // أ إ آ ٱ
const YA = /[\u0649\u06CC\u0626]/g; // ى ی ئ
const KAF = /\u06A9/g; // ک
const TA_MARBUTA = /\u0629/g; // ة
const WAW_HAMZA = /\u0624/g; // ؤ
const HAMZA = /\u0621/g; // ء
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669]/g;
const PERSIAN_DIGITS = /[\u06F0-\u06F9]/g;
const SPACES = /\s+/g;

/** Western digits for Arabic-Indic and Persian ones (used for phone numbers too). */
export function toWesternDigits(text: string): string {
  return text
    .replace(ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(PERSIAN_DIGITS, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** The comparable form of a name, number or query: folded letters, no marks, no spaces. */
export function normalizeArabic(text: string): string {
  return toWesternDigits(text.normalize('NFC'))
    .replace(MARKS, '')
    .replace(ALEF, 'ا')
    .replace(YA, 'ي')
    .replace(KAF, 'ك')
    .replace(TA_MARBUTA, 'ه')
    .replace(WAW_HAMZA, 'و')
    .replace(HAMZA, '')
    .toLowerCase()
    .replace(SPACES, '');
}

/** True when the normalised term occurs in the text; an empty term matches everything. */
export function matchesTerm(text: string, term: string): boolean {
  const needle = normalizeArabic(term);
  return needle === '' || normalizeArabic(text).includes(needle);
}

/**
 * The grave rule of spec section 5: a grave matches when the term is empty, its number contains the term,
 * or any buried person's name contains it.
 */
export function graveMatches(
  grave: { number: number | string; buriedPersons: ReadonlyArray<{ name: string }> },
  term: string,
): boolean {
  const needle = normalizeArabic(term);
  return needle === '' || graveSearchText(grave).includes(needle);
}

/**
 * One precomputed haystack per grave (number and every name, normalised, split by a separator no name can hold),
 * so a page filtering a thousand graves on each keystroke does a substring test instead of re-normalising names.
 */
export function graveSearchText(grave: {
  number: number | string;
  buriedPersons: ReadonlyArray<{ name: string }>;
}): string {
  return [grave.number, ...grave.buriedPersons.map((p) => p.name)]
    .map((part) => normalizeArabic(String(part)))
    .join('\u0001');
}
