// The counted nouns of the console's and the server's messages (letters, digits, graves, minutes), by name, and
// how a count of them reads. Apart from format.ts so that a visitor's first download carries only the noun the
// public pages count (the day); a page that counts graves (the plan) brings this module with its own chunk.
import { DAY, formatCounted, type CountedNoun, type GrammaticalCase } from './format';

export const NOUNS = {
  day: DAY,
  letter: {
    one: 'حرف واحد',
    two: 'حرفان',
    twoGenitive: 'حرفين',
    few: '{n} أحرف',
    many: '{n} حرفًا',
    other: '{n} حرف',
  },
  digit: {
    one: 'رقم واحد',
    two: 'رقمان',
    twoGenitive: 'رقمين',
    few: '{n} أرقام',
    many: '{n} رقمًا',
    other: '{n} رقم',
  },
  item: {
    one: 'عنصر واحد',
    two: 'عنصران',
    twoGenitive: 'عنصرين',
    few: '{n} عناصر',
    many: '{n} عنصرًا',
    other: '{n} عنصر',
  },
  grave: {
    one: 'مقبرة واحدة',
    two: 'مقبرتان',
    twoGenitive: 'مقبرتين',
    few: '{n} مقابر',
    many: '{n} مقبرة',
    other: '{n} مقبرة',
  },
  person: {
    one: 'شخص واحد',
    two: 'شخصان',
    twoGenitive: 'شخصين',
    few: '{n} أشخاص',
    many: '{n} شخصًا',
    other: '{n} شخص',
  },
  photo: {
    one: 'صورة واحدة',
    two: 'صورتان',
    twoGenitive: 'صورتين',
    few: '{n} صور',
    many: '{n} صورة',
    other: '{n} صورة',
  },
  line: {
    one: 'سطر واحد',
    two: 'سطران',
    twoGenitive: 'سطرين',
    few: '{n} أسطر',
    many: '{n} سطرًا',
    other: '{n} سطر',
  },
  column: {
    one: 'عمود واحد',
    two: 'عمودان',
    twoGenitive: 'عمودين',
    few: '{n} أعمدة',
    many: '{n} عمودًا',
    other: '{n} عمود',
  },
  second: {
    one: 'ثانية واحدة',
    two: 'ثانيتان',
    twoGenitive: 'ثانيتين',
    few: '{n} ثوانٍ',
    many: '{n} ثانية',
    other: '{n} ثانية',
  },
  minute: {
    one: 'دقيقة واحدة',
    two: 'دقيقتان',
    twoGenitive: 'دقيقتين',
    few: '{n} دقائق',
    many: '{n} دقيقة',
    other: '{n} دقيقة',
  },
} as const satisfies Record<string, CountedNoun>;

export type NounName = keyof typeof NOUNS;

/** n and its noun in the right Arabic form: formatCount(11, 'letter') is '١١ حرفًا'; counts keep their grouping. */
export function formatCount(
  n: number,
  noun: NounName | CountedNoun,
  grammaticalCase: GrammaticalCase = 'nominative',
): string {
  return formatCounted(n, typeof noun === 'string' ? NOUNS[noun] : noun, grammaticalCase);
}

/**
 * A wait of some seconds as it is written after بعد, in whole minutes rounded up (a wait is never announced
 * shorter than it is): دقيقة واحدة / دقيقتين / ٣ دقائق / ١٥ دقيقة.
 */
export function formatWaitMinutes(seconds: number): string {
  return formatCount(Math.max(1, Math.ceil(seconds / 60)), 'minute', 'genitive');
}
