// How numbers, dates and counts read in Arabic (ar-EG digits, long dates, the six plural forms).

const numberFormat = new Intl.NumberFormat('ar-EG');
const longDate = new Intl.DateTimeFormat('ar-EG', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const pluralRules = new Intl.PluralRules('ar');

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

/** A grave number as shown: numbers in ar-EG digits, bone-section labels as written. */
export function formatGraveNumber(n: number | string): string {
  return typeof n === 'number' ? formatNumber(n) : n;
}

/** يوم واحد / يومان / ٣ أيام / ١١ يومًا / ١٠٠ يوم (Intl.PluralRules('ar')). */
export function formatDays(n: number): string {
  switch (pluralRules.select(n)) {
    case 'one':
      return 'يوم واحد';
    case 'two':
      return 'يومان';
    case 'few':
      return `${formatNumber(n)} أيام`;
    case 'many':
      return `${formatNumber(n)} يومًا`;
    default:
      return `${formatNumber(n)} يوم`;
  }
}
