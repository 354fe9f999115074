// The planning page's figures as it writes them, and its charts' size and colours.
import { lazy } from 'react';
import { HIJRI_MONTHS } from '../../../domain/dates/hijri';
import { t } from '../../../domain/messages';
import type { SectionForecast } from '../../../domain/statistics/forecast';
import { formatMonth } from '../../../domain/statistics/forecastText';
import { formatNumber, toArabicDigits } from '../../../domain/text/format';

// The charts' library comes in its own chunk when the page opens (statisticsCharts.tsx says why it imports nothing).
export const BandLineChart = lazy(() => import('./statisticsCharts').then((m) => ({ default: m.BandLineChart })));
export const BarsChart = lazy(() => import('./statisticsCharts').then((m) => ({ default: m.BarsChart })));

export const CHART_HEIGHT = 260;
export const COLORS = { men: '#2f5d50', women: '#a0522d', band: '#c9dcd5', expected: '#1f3f36', other: '#6b7280' };

/** A figure to one decimal, in Arabic-Indic digits ('' for none). */
export const number = (n: number | null) => (n === null ? '' : formatNumber(Math.round(n * 10) / 10));

/** The first month a forecast's band reaches no grave free (burials running high), or null. */
export const earliestFull = (entry: SectionForecast) => entry.freeByMonth.find((m) => m.low < 0.5)?.month ?? null;

export type Calendar = 'gregorian' | 'hijri';

/** A period of a series as a person reads it: «مارس ٢٠٢٥», «رمضان ١٤٤٦ هـ», «٢٠٢٥», «١٤٤٦ هـ». */
export function periodLabel(period: string, calendar: Calendar): string {
  if (calendar === 'gregorian') return period.length === 7 ? formatMonth(period) : toArabicDigits(period);
  const year = toArabicDigits(String(Number(period.slice(0, 4))));
  if (period.length === 4) return t('statisticsPage.hijriYear', { year });
  return `${HIJRI_MONTHS[Number(period.slice(5, 7)) - 1]} ${t('statisticsPage.hijriYear', { year })}`;
}
