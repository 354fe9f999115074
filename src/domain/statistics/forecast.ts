// When each section is expected to have no grave free: the graves free today, the graves whose rest ends in each
// coming month, and the burials expected per month from the section's own history. A grave is reused once its
// newest burial has rested (graveStatus.ts), so a burial expected in a coming month takes a free grave and gives it
// back a resting period later: a section fills only when more burials fall within one resting period than it has
// graves not marked full. Pure arithmetic on figures the data layer sums (server/data/statistics.ts); the sentence
// is the messages module's.
import { availableSince } from '../rules/graveStatus';
import { forecastSentence, type ForecastOutcome, type ForecastSection } from './forecastText';

export type { ForecastOutcome, ForecastSection };

/** How far ahead a forecast may look, in months, and how many it looks when not told. */
export const FORECAST_MONTHS = { default: 36, min: 1, max: 120 } as const;
/** The most graves a what-if may add to a section (a village's section holds hundreds, a town's thousands). */
export const FORECAST_ADD_MAX = 100_000;

/** How many past months the seasonal average reads at most: five years. */
const HISTORY_MONTHS = 60;
/** How many of the last whole years the level of burials is the median of. */
const LEVEL_YEARS = 3;
/** A history this long (months) or longer gives each calendar month its own share; a shorter one, an even spread. */
const SEASONAL_FROM_MONTHS = 24;
/** The 90th percentile of the standard normal law: low and high are an 80% range. */
const Z_80 = 1.2816;
/** A section counts as full once fewer than half a grave is expected free (the expected figures are fractions). */
const FULL_BELOW = 0.5;
const MEAN_MONTH_DAYS = 365.2425 / 12;

export interface ForecastInput {
  section: ForecastSection;
  /** The register's today, YYYY-MM-DD. */
  today: string;
  restingPeriodDays: number;
  /** The section's graves not marked full. */
  openGraves: number;
  /**
   * The newest burial day of the section's graves not marked full, counted by day. Any day may be given; only the
   * graves still resting today are read (the data layer sends only those).
   */
  lastBurials: ReadonlyArray<{ date: string; graves: number }>;
  /** The section's burials by month (YYYY-MM), any span: only the months before today's are read. */
  burialsByMonth: ReadonlyArray<{ month: string; burials: number }>;
  /** How many months ahead, today's month the first (FORECAST_MONTHS). */
  months: number;
  /** What-if: graves the committee would add to the section, free from today. */
  add?: number;
}

export interface FreeGraves {
  month: string;
  /** At the end of the month, at the expected number of burials. */
  expected: number;
  /** At the end of the month, when burials run at the high end of their range. */
  low: number;
  /** At the end of the month, when burials run at the low end of their range. */
  high: number;
}

export interface SectionForecast {
  section: ForecastSection;
  /** Graves free today (with the what-if's added graves). */
  availableNow: number;
  /** Graves whose rest ends in each month ahead, from the burials recorded (today's month first). */
  freeingByMonth: Array<{ month: string; graves: number }>;
  /** Burials expected in a month over the coming year, and the 80% range of that rate. */
  expectedPerMonth: { mean: number; low: number; high: number };
  /**
   * The month the section is expected to have no grave free when burials run high (low) and when they run low
   * (high); null unless both fall within the months asked.
   */
  fullBetween: { low: string; high: string } | null;
  sentence: string;
  /** Additive: the free graves at the end of each month ahead, with the band of the range (the chart's line). */
  freeByMonth: FreeGraves[];
}

const DAY_MS = 86_400_000;

/** YYYY-MM of a month index (months since year 0), and back. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysInMonth = (index: number) => new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();

const round2 = (n: number) => Math.round(n * 100) / 100;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Demand {
  /** Months of history read (0: none yet). */
  historyMonths: number;
  /** Burials expected in a year at the usual rate, and the low and high ends of its 80% range. */
  perYear: { mean: number; low: number; high: number };
  /** Each calendar month's share of a year's burials times 12 (1 everywhere without a seasonal history). */
  season: number[];
}

/**
 * The burials a section may expect, from its history before today's month (today's month is not over):
 * - the window: the months since its first burial, at most the last five years;
 * - the level: the median of the last three whole years' totals (two: their mean; under a year: the months it has
 *   scaled to a year), so that one year of many deaths does not set the next years alone;
 * - the season: from two years of history, each calendar month's average over the window against the window's
 *   average month;
 * - the range (80%): Poisson-style, a year's count at that level varying as a Poisson count does (its variance its
 *   mean), widened by the uncertainty of a level read from few months (the variance of the level's estimate,
 *   level × 12 / months read, added), by the normal approximation; then widened to take in the smallest and the
 *   largest of the whole years read, when those lie further apart.
 */
export function expectedDemand(burialsByMonth: ForecastInput['burialsByMonth'], today: string): Demand {
  const lastIndex = monthIndex(today) - 1;
  const counts = new Map<number, number>();
  let first = Infinity;
  for (const { month, burials } of burialsByMonth) {
    const index = monthIndex(month);
    if (index > lastIndex || burials <= 0) continue;
    counts.set(index, (counts.get(index) ?? 0) + burials);
    first = Math.min(first, index);
  }
  const historyMonths = first === Infinity ? 0 : Math.min(HISTORY_MONTHS, lastIndex - first + 1);
  const flat = new Array<number>(12).fill(1);
  if (historyMonths === 0) return { historyMonths, perYear: { mean: 0, low: 0, high: 0 }, season: flat };
  const countOf = (index: number) => counts.get(index) ?? 0;
  const start = lastIndex - historyMonths + 1;

  const wholeYears = Math.min(LEVEL_YEARS, Math.floor(historyMonths / 12));
  const yearTotals: number[] = [];
  for (let y = 0; y < wholeYears; y++) {
    let total = 0;
    for (let i = 0; i < 12; i++) total += countOf(lastIndex - y * 12 - i);
    yearTotals.push(total);
  }
  let sum = 0;
  for (let i = start; i <= lastIndex; i++) sum += countOf(i);
  const level = wholeYears > 0 ? median(yearTotals) : (sum * 12) / historyMonths;
  const monthsRead = wholeYears > 0 ? wholeYears * 12 : historyMonths;

  const spread = Z_80 * Math.sqrt(level * (1 + 12 / monthsRead));
  let low = Math.max(0, level - spread);
  let high = level + spread;
  if (yearTotals.length >= 2) {
    low = Math.min(low, ...yearTotals);
    high = Math.max(high, ...yearTotals);
  }

  let season = flat;
  if (historyMonths >= SEASONAL_FROM_MONTHS && sum > 0) {
    const totals = new Array<number>(12).fill(0);
    const seen = new Array<number>(12).fill(0);
    for (let i = start; i <= lastIndex; i++) {
      totals[i % 12]! += countOf(i);
      seen[i % 12]! += 1;
    }
    const averages = totals.map((total, c) => total / seen[c]!);
    const mean = averages.reduce((a, b) => a + b, 0) / 12;
    season = averages.map((a) => a / mean);
  }
  return { historyMonths, perYear: { mean: level, low, high }, season };
}

/**
 * The free graves at the end of each month from today's month on, for burials of `perYear` a year spread by the
 * season: what is free now, plus the graves whose rest ends that month, plus the graves of the burials expected a
 * resting period earlier (taken mid-month, given back the month their rest ends), less the burials expected. The
 * first month is today's, of which only the days left are expected to bring burials.
 */
function freePath(
  start: number,
  today: string,
  availableNow: number,
  freeing: ReadonlyMap<number, number>,
  restMonths: number,
  perMonth: (index: number) => number,
  length: number,
): number[] {
  const used: number[] = [];
  const path: number[] = [];
  let free = availableNow;
  const todayDay = Number(today.slice(8, 10));
  for (let i = 0; i < length; i++) {
    const index = start + i;
    const share = i === 0 ? (daysInMonth(index) - todayDay + 1) / daysInMonth(index) : 1;
    const burials = perMonth(index) * share;
    used.push(burials);
    free += (freeing.get(index) ?? 0) - burials;
    if (i - restMonths >= 0) free += used[i - restMonths]!;
    path.push(free);
  }
  return path;
}

/** The first month index of a path that falls below half a grave free, or null. */
function firstFull(path: readonly number[], start: number): number | null {
  const i = path.findIndex((free) => free < FULL_BELOW);
  return i < 0 ? null : start + i;
}

export function forecastSection(input: ForecastInput): SectionForecast {
  const { section, today, restingPeriodDays } = input;
  const months = Math.max(FORECAST_MONTHS.min, Math.min(FORECAST_MONTHS.max, Math.trunc(input.months)));
  const add = Math.max(0, Math.trunc(input.add ?? 0));
  const start = monthIndex(today);
  // The one rule of a grave's rest: a grave whose newest burial is after this day still rests today.
  const since = availableSince(section, today, restingPeriodDays) ?? today;

  let resting = 0;
  const freeing = new Map<number, number>();
  for (const { date, graves } of input.lastBurials) {
    if (date <= since || graves <= 0) continue;
    resting += graves;
    // Free from the day its rest ends (deriveStatus: daysBetween(last, day) >= the resting period).
    const freeDay = addDays(date, restingPeriodDays);
    const index = Math.max(start, monthIndex(freeDay));
    freeing.set(index, (freeing.get(index) ?? 0) + graves);
  }
  const availableNow = Math.max(0, input.openGraves - resting) + add;

  const demand = expectedDemand(input.burialsByMonth, today);
  const { mean, low, high } = demand.perYear;
  const rate = (perYear: number) => (index: number) => (perYear / 12) * demand.season[index % 12]!;
  // Mid-month plus the resting period: the month a grave taken then is free again.
  const restMonths = Math.floor((MEAN_MONTH_DAYS / 2 + restingPeriodDays) / MEAN_MONTH_DAYS);
  // Long enough for every grave resting today to come free and a whole year of graves taken after it to come
  // back: from there on the path repeats year by year, so a section that has not filled by then never will.
  const lastFreeing = Math.max(start, ...freeing.keys());
  const settled = Math.max(months, lastFreeing - start + 1 + restMonths + 24);
  const path = (perYear: number) => freePath(start, today, availableNow, freeing, restMonths, rate(perYear), settled);
  const expectedPath = path(mean);
  const earlyPath = path(high);
  const latePath = path(low);

  const early = firstFull(earlyPath, start);
  const late = firstFull(latePath, start);
  const lastAsked = start + months - 1;
  let outcome: ForecastOutcome;
  if (demand.historyMonths === 0) outcome = { kind: 'noHistory' };
  else if (early === null) outcome = { kind: 'never' };
  else if (early > lastAsked) outcome = { kind: 'notWithin', months };
  else if (late === null || late > lastAsked)
    outcome = { kind: 'mayFill', low: monthText(early), lastMonth: monthText(lastAsked) };
  else outcome = { kind: 'between', low: monthText(early), high: monthText(late) };

  const clamp = (n: number) => round2(Math.max(0, n));
  return {
    section,
    availableNow,
    freeingByMonth: Array.from({ length: months }, (_, i) => ({
      month: monthText(start + i),
      graves: freeing.get(start + i) ?? 0,
    })),
    expectedPerMonth: { mean: round2(mean / 12), low: round2(low / 12), high: round2(high / 12) },
    fullBetween: outcome.kind === 'between' ? { low: outcome.low, high: outcome.high } : null,
    sentence: forecastSentence(section, outcome),
    freeByMonth: Array.from({ length: months }, (_, i) => ({
      month: monthText(start + i),
      expected: clamp(expectedPath[i]!),
      low: clamp(earlyPath[i]!),
      high: clamp(latePath[i]!),
    })),
  };
}

/** Months from one YYYY-MM to another (0 for the same month): how far a what-if moved a date. */
export function monthsApart(from: string, to: string): number {
  return monthIndex(to) - monthIndex(from);
}
