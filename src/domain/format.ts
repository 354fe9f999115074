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
