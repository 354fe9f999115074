// How numbers, dates and counts read in Arabic (ar-EG digits, long dates, the six plural forms).

const numberFormat = new Intl.NumberFormat('ar-EG');
// A grave number is a label, not a quantity: ٩٠٠٥ is read and written without a group separator (٩٬٠٠٥ would look
// like two numbers to someone looking for the plate with 9005 on it).
const labelFormat = new Intl.NumberFormat('ar-EG', { useGrouping: false });
const longDate = new Intl.DateTimeFormat('ar-EG', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const pluralRules = new Intl.PluralRules('ar');

/** A quantity in ar-EG digits, grouped by thousands (١٬٥٠٠). */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/**
 * Every 0-9 of a text in ar-EG digits, the rest as written: for digit strings that are not quantities (a phone
 * number must keep its leading zero and take no group separators, which formatNumber would add).
 */
export function toArabicDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + d.charCodeAt(0) - 48));
}

/** A YYYY-MM-DD date (or an ISO timestamp) in the long ar-EG form: ١٥ مارس ٢٠٢٤. */
export function formatDate(date: string): string {
  const day = date.slice(0, 10);
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? date : longDate.format(ms);
}

/**
 * A grave number as shown: numbers in ar-EG digits never grouped (٩٠٠٥), also a bone section numbered in digits
 * ('12' → ١٢); bone-section labels in words as written.
 */
export function formatGraveNumber(n: number | string): string {
  if (typeof n === 'number') return labelFormat.format(n);
  return /^[0-9]+$/.test(n) ? toArabicDigits(n) : n;
}

/**
 * The forms of a counted noun for Intl.PluralRules('ar') categories. one and two are whole phrases (Arabic says
 * "حرف واحد", "حرفان" without a digit); few/many/other take the number at {n}: ٣ أحرف, ١١ حرفًا, ١٠٠ حرف.
 * zero falls back to other (٠ حرف) unless given. The dual alone changes after a preposition or an adverb
 * ("بعد يومين", "عن حرفين"): twoGenitive.
 */
export interface CountedNoun {
  zero?: string;
  one: string;
  two: string;
  twoGenitive: string;
  few: string;
  many: string;
  other: string;
}

/** nominative: the count is the subject ("حرفان"); genitive: it follows a preposition or بعد ("بعد يومين"). */
export type GrammaticalCase = 'nominative' | 'genitive';

/** The day, the one noun the public pages count (a wait until a grave is free); the others are in nouns.ts. */
export const DAY: CountedNoun = {
  one: 'يوم واحد',
  two: 'يومان',
  twoGenitive: 'يومين',
  few: '{n} أيام',
  many: '{n} يومًا',
  other: '{n} يوم',
};

/** The Intl.PluralRules('ar') category of n: zero, one, two, few, many or other. */
export function pluralCategory(n: number): Intl.LDMLPluralRule {
  return pluralRules.select(n);
}

/**
 * n and its noun in the right Arabic form: formatCounted(11, letter) is '١١ حرفًا'; counts keep their grouping.
 * By name ('letter'): formatCount of nouns.ts.
 */
export function formatCounted(n: number, forms: CountedNoun, grammaticalCase: GrammaticalCase = 'nominative'): string {
  const category = pluralCategory(n);
  const form =
    category === 'zero'
      ? (forms.zero ?? forms.other)
      : category === 'two' && grammaticalCase === 'genitive'
        ? forms.twoGenitive
        : forms[category];
  return form.replace('{n}', formatNumber(n));
}

/**
 * A wait as it is written after بعد ("متاحة بعد {days}"): يوم واحد / يومين / ٣ أيام / ١١ يومًا / ١٠٠ يوم.
 */
export function formatDays(n: number): string {
  return formatCounted(n, DAY, 'genitive');
}

/**
 * The initials drawn for a person without a photo: the first letters of the first and the last word, the article
 * ال of a family name skipped (أحمد السيد → أ س, not أ ا). One word gives one letter.
 */
export function personInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const letterOf = (word: string) => {
    const bare = word.length > 2 && word.startsWith('ال') ? word.slice(2) : word;
    return ([...bare][0] ?? '').toLocaleUpperCase('en');
  };
  const first = letterOf(words[0]!);
  return words.length === 1 ? first : `${first} ${letterOf(words[words.length - 1]!)}`;
}
