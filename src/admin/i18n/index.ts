// The console's i18nProvider: polyglot in Arabic ('ar' selects polyglot's six-form Arabic plural rule).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { raArabic } from './raArabic';
import { resourcesArabic } from './resources';

export const arabicMessages: TranslationMessages = { ...raArabic, ...resourcesArabic };

export const i18nProvider = polyglotI18nProvider(() => arabicMessages, 'ar', [{ locale: 'ar', name: 'العربية' }]);

export { raArabic, resourcesArabic };
