// The forecast's sentence, one per section, in the register of the messages module: months as the Gregorian month's
// Arabic name with its year in Arabic-Indic digits («مارس ٢٠٢٨»).
import { t } from '../messages';
import { monthNoun } from '../messages/statistics';
import { formatCounted } from '../text/format';

export type ForecastSection = 'men' | 'women';

/** What a section's forecast says (forecast.ts decides which). */
export type ForecastOutcome =
  | { kind: 'noHistory' }
  | { kind: 'between'; low: string; high: string }
  /** The high end of burials empties the section within the months asked, the low end does not. */
  | { kind: 'mayFill'; low: string; lastMonth: string }
  /** Not within the months asked, but in time at the high end of burials. */
  | { kind: 'notWithin'; months: number }
  /** Graves come free at least as fast as they are used, even at the high end of burials. */
  | { kind: 'never' };

const monthYear = new Intl.DateTimeFormat('ar-EG', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM as the sentence says it: «مارس ٢٠٢٨». */
export function formatMonth(month: string): string {
  return monthYear.format(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15));
}

export function sectionName(section: ForecastSection): string {
  return t(section === 'men' ? 'forecast.sectionMen' : 'forecast.sectionWomen');
}

export function forecastSentence(section: ForecastSection, outcome: ForecastOutcome): string {
  const name = sectionName(section);
  switch (outcome.kind) {
    case 'noHistory':
      return t('forecast.noHistory', { section: name });
    case 'never':
      return t('forecast.never', { section: name });
    case 'notWithin':
      return t('forecast.notWithin', { section: name, months: formatCounted(outcome.months, monthNoun, 'genitive') });
    case 'mayFill':
      return t('forecast.mayFill', {
        section: name,
        low: formatMonth(outcome.low),
        last: formatMonth(outcome.lastMonth),
      });
    case 'between':
      return outcome.low === outcome.high
        ? t('forecast.in', { section: name, month: formatMonth(outcome.low) })
        : t('forecast.between', { section: name, low: formatMonth(outcome.low), high: formatMonth(outcome.high) });
  }
}
