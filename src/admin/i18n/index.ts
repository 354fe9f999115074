// The console's i18nProvider: polyglot in Arabic ('ar' selects polyglot's six-form Arabic plural rule).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { formatNumber } from '../../domain/text/format';
import { formatCount, type NounName } from '../../domain/text/nouns';
import { raArabic } from './raArabic';
import { resourcesArabic } from './resources';

export const arabicMessages: TranslationMessages = { ...raArabic, ...resourcesArabic };

// allowMissing: notifications carry ready Arabic text (the server's message or ours), not keys.
// interpolation: placeholders are written {name} here as in every other message of the register (polyglot's own
// default is %{name}).
const polyglot = polyglotI18nProvider(() => arabicMessages, 'ar', [{ locale: 'ar', name: 'العربية' }], {
  allowMissing: true,
  interpolation: { prefix: '{', suffix: '}' },
});

/** Numbers that count something in a message: written with their noun in its plural form (٨ أحرف, ١١ حرفًا). */
const COUNTED: Record<string, Record<string, NounName>> = {
  'ra.validation.minLength': { min: 'letter' },
  'ra.validation.maxLength': { max: 'letter' },
  'ra.message.select_all_limit_reached': { max: 'item' },
};

/**
 * Numbers passed to messages (page ranges, page numbers, limits) are written with ar-EG digits.
 * smart_count stays a number (polyglot chooses the plural form from it); our phrases print it as
 * {smart_count_ar}, its ar-EG form.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate(key, options) {
    if (!options) return polyglot.translate(key, options);
    const localized: Record<string, unknown> = {};
    const counted = COUNTED[key];
    for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
      const noun = counted?.[name];
      if (typeof value !== 'number' || name === 'smart_count') localized[name] = value;
      // Every counted placeholder follows a preposition or أول (عن ٨ أحرف, على حرفين, أول عنصرين).
      else localized[name] = noun ? formatCount(value, noun, 'genitive') : formatNumber(value);
    }
    if (typeof localized.smart_count === 'number') localized.smart_count_ar = formatNumber(localized.smart_count);
    return polyglot.translate(key, localized);
  },
};

export { raArabic, resourcesArabic };
