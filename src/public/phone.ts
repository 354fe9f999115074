// A phone number as the site shows it (the footer's contacts, the team's cards) and dials it.
import { toArabicDigits } from '../domain/text/format';

/**
 * A phone number in ar-EG digits, kept in its written order: Arabic-Indic digits are bidi "Arabic numbers", so
 * spaces between groups would reverse the groups; a left-to-right mark after each space holds them in place.
 */
export const phoneText = (text: string) => toArabicDigits(text).replace(/ /g, ' \u200e');

/** The tel: address of a number as people write it. */
export const phoneHref = (text: string) => `tel:${text.replace(/[^\d+]/g, '')}`;
