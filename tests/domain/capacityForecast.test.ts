// The capacity forecast on made-up histories: what is free today and comes free by month, the burials expected
// (level, season and range), the month a section is expected to have no grave free, its sentence, and the what-if.
import { describe, expect, it } from 'vitest';
import { deriveStatus } from '../../src/domain/rules/graveStatus';
import { expectedDemand, forecastSection, monthsApart, type ForecastInput } from '../../src/domain/statistics/forecast';
import { formatMonth } from '../../src/domain/statistics/forecastText';

const TODAY = '2026-11-15';
const TEN_YEARS = 3650;

/** Monthly burials for the `months` months before today's, the newest last, from a rule by calendar month (1–12). */
function history(months: number, perMonth: (calendarMonth: number, back: number) => number) {
  const rows: Array<{ month: string; burials: number }> = [];
  for (let back = months; back >= 1; back--) {
    const d = new Date(Date.UTC(2026, 10 - back, 1));
    rows.push({ month: d.toISOString().slice(0, 7), burials: perMonth(d.getUTCMonth() + 1, back) });
  }
  return rows;
}

/** One grave per burial, its burial the grave's newest, on the 10th of its month. */
const gravesOf = (rows: ReadonlyArray<{ month: string; burials: number }>) =>
  rows.filter((r) => r.burials > 0).map((r) => ({ date: `${r.month}-10`, graves: r.burials }));

function input(over: Partial<ForecastInput>): ForecastInput {
  return {
    section: 'men',
    today: TODAY,
    restingPeriodDays: TEN_YEARS,
    openGraves: 300,
    lastBurials: [],
    burialsByMonth: [],
    months: 36,
    ...over,
  };
}

// Four burials a month for five years into a section of 300 graves whose rest (ten years) outlasts the forecast:
// 60 graves free, 48 burials a year.
const steady = history(60, () => 4);
const steadyInput = input({ burialsByMonth: steady, lastBurials: gravesOf(steady) });

describe('the forecast of a section', () => {
  it('steady: 4 a month, 60 graves free, fills in about 15 months, between the high and the low ends', () => {
    const f = forecastSection(steadyInput);
    expect(f.availableNow).toBe(60);
    expect(f.expectedPerMonth.mean).toBe(4);
    expect(f.expectedPerMonth.low).toBeLessThan(4);
    expect(f.expectedPerMonth.high).toBeGreaterThan(4);
    // The 80% range is symmetric about the level here (no year strayed from 48).
    expect(f.expectedPerMonth.high - 4).toBeCloseTo(4 - f.expectedPerMonth.low, 2);
    expect(f.fullBetween).not.toBeNull();
    const { low, high } = f.fullBetween!;
    const expectedFull = f.freeByMonth.find((m) => m.expected < 0.5)!.month;
    expect(monthsApart('2026-11', expectedFull)).toBe(15);
    expect(monthsApart('2026-11', low)).toBeGreaterThanOrEqual(11);
    expect(monthsApart(low, expectedFull)).toBeGreaterThan(0);
    expect(monthsApart(expectedFull, high)).toBeGreaterThan(0);
    expect(monthsApart('2026-11', high)).toBeLessThanOrEqual(21);
    expect(f.sentence).toBe(`يُتوقع أن يمتلئ قسم الرجال بين ${formatMonth(low)} و${formatMonth(high)}.`);
    // The band: fewer graves free when burials run high, more when they run low, never below none.
    for (const m of f.freeByMonth) {
      expect(m.low).toBeLessThanOrEqual(m.expected);
      expect(m.high).toBeGreaterThanOrEqual(m.expected);
      expect(m.low).toBeGreaterThanOrEqual(0);
    }
    // Nobody's rest ends within the forecast: none come free.
    expect(f.freeingByMonth).toHaveLength(36);
    expect(f.freeingByMonth.every((m) => m.graves === 0)).toBe(true);
    expect(f.freeingByMonth[0]!.month).toBe('2026-11');
    expect(f.freeingByMonth[35]!.month).toBe('2029-10');
  });

  it('says the months in Arabic with Arabic-Indic digits', () => {
    expect(formatMonth('2028-03')).toBe('مارس ٢٠٢٨');
    expect(formatMonth('2029-06')).toBe('يونيو ٢٠٢٩');
  });

  it('seasonal: a winter of 8 a month and 2 the rest of the year', () => {
    const winter = (m: number) => (m === 12 || m === 1 || m === 2 ? 8 : 2);
    const rows = history(60, winter);
    const f = forecastSection(input({ burialsByMonth: rows, lastBurials: gravesOf(rows), openGraves: 1000 }));
    expect(f.expectedPerMonth.mean).toBe(3.5);
    const drop = (month: string) => {
      const i = f.freeByMonth.findIndex((m) => m.month === month);
      return f.freeByMonth[i - 1]!.expected - f.freeByMonth[i]!.expected;
    };
    expect(drop('2027-01')).toBeCloseTo(8, 1);
    expect(drop('2027-07')).toBeCloseTo(2, 1);
    // Only the days left of today's month bring burials: 16 of November's 30.
    expect(f.availableNow - f.freeByMonth[0]!.expected).toBeCloseTo((2 * 16) / 30, 1);
  });

  it('a burst: one month of 40 deaths ten months ago does not set the level, it widens the range', () => {
    const calm = expectedDemand(
      history(60, () => 3),
      TODAY,
    );
    const burst = expectedDemand(
      history(60, (_, back) => (back === 10 ? 40 : 3)),
      TODAY,
    );
    expect(calm.perYear.mean).toBe(36);
    expect(burst.perYear.mean).toBe(36);
    expect(burst.perYear.high).toBeGreaterThanOrEqual(36 - 3 + 40);
    expect(burst.perYear.high).toBeGreaterThan(calm.perYear.high);
    const f = forecastSection(
      input({ burialsByMonth: history(60, (_, back) => (back === 10 ? 40 : 3)), openGraves: 90 }),
    );
    expect(f.expectedPerMonth.mean).toBe(3);
    expect(f.expectedPerMonth.high).toBeCloseTo(73 / 12, 2);
  });

  it('a section just opened: three months of two burials, the same rate with a wider range', () => {
    const young = history(3, () => 2);
    const old = history(60, () => 2);
    const f = forecastSection(
      input({ burialsByMonth: young, lastBurials: gravesOf(young), openGraves: 40, months: 60 }),
    );
    const g = forecastSection(input({ burialsByMonth: old, lastBurials: gravesOf(old), openGraves: 154, months: 60 }));
    expect(f.expectedPerMonth.mean).toBe(2);
    expect(g.expectedPerMonth.mean).toBe(2);
    expect(f.expectedPerMonth.high - f.expectedPerMonth.low).toBeGreaterThan(
      g.expectedPerMonth.high - g.expectedPerMonth.low,
    );
    expect(f.availableNow).toBe(34);
    expect(g.availableNow).toBe(34);
    // The same 34 graves at the same rate: the young section's dates lie further apart.
    expect(monthsApart(f.fullBetween!.low, f.fullBetween!.high)).toBeGreaterThan(
      monthsApart(g.fullBetween!.low, g.fullBetween!.high),
    );
  });

  it('no history yet: no rate, no date, and a sentence that says so', () => {
    const f = forecastSection(input({ openGraves: 150 }));
    expect(f.availableNow).toBe(150);
    expect(f.expectedPerMonth).toEqual({ mean: 0, low: 0, high: 0 });
    expect(f.fullBetween).toBeNull();
    expect(f.sentence).toBe('لا يوجد في قسم الرجال سجل دفن يكفي لتقدير موعد امتلائه بعد.');
    // Burials of today's month alone are not a history yet: the month is not over.
    const g = forecastSection(input({ section: 'women', burialsByMonth: [{ month: '2026-11', burials: 3 }] }));
    expect(g.sentence).toBe('لا يوجد في قسم النساء سجل دفن يكفي لتقدير موعد امتلائه بعد.');
  });

  it('graves come free faster than they are used: never full at this rate', () => {
    // A year's rest, 100 graves, 2 burials a month: 24 graves rest at any time.
    const rows = history(60, () => 2);
    const f = forecastSection(
      input({ restingPeriodDays: 365, openGraves: 100, burialsByMonth: rows, lastBurials: gravesOf(rows).slice(-12) }),
    );
    // The burials of the last eleven months rest (the one of twelve months ago has rested its year).
    expect(f.availableNow).toBe(78);
    expect(f.fullBetween).toBeNull();
    expect(f.sentence).toBe('لا يُتوقع أن يمتلئ قسم الرجال بهذا المعدل: تُتاح فيه المقابر أسرع مما تُشغل.');
    // Each month gives back the graves taken a year before.
    expect(f.freeingByMonth[0]!.graves).toBe(0);
    expect(f.freeingByMonth.slice(1, 12).map((m) => m.graves)).toEqual(new Array(11).fill(2));
    expect(f.freeByMonth.every((m) => m.low > 60)).toBe(true);
  });

  it('a year of rest that the burials outgrow: full even though graves come back', () => {
    const rows = history(60, () => 6);
    // 60 graves, 72 burials a year: the graves come back, but not fast enough.
    const f = forecastSection(
      input({ restingPeriodDays: 365, openGraves: 60, burialsByMonth: rows, lastBurials: gravesOf(rows).slice(-10) }),
    );
    expect(f.availableNow).toBe(0);
    expect(f.fullBetween).not.toBeNull();
    expect(f.fullBetween!.low).toBe('2026-11');
  });

  it('not within the months asked, and only at the high end', () => {
    const soon = forecastSection({ ...steadyInput, months: 6 });
    expect(soon.fullBetween).toBeNull();
    expect(soon.sentence).toBe('لا يُتوقع أن يمتلئ قسم الرجال خلال ٦ أشهر.');
    expect(soon.freeByMonth).toHaveLength(6);
    const full = forecastSection(steadyInput);
    const months = monthsApart('2026-11', full.fullBetween!.low) + 1;
    const partly = forecastSection({ ...steadyInput, months });
    expect(partly.fullBetween).toBeNull();
    expect(partly.sentence).toContain(`قد يمتلئ قسم الرجال ابتداءً من ${formatMonth(full.fullBetween!.low)}`);
  });

  it('what-if: 30 graves more move both dates later', () => {
    const before = forecastSection(steadyInput);
    const after = forecastSection({ ...steadyInput, add: 30 });
    expect(after.availableNow).toBe(before.availableNow + 30);
    expect(monthsApart(before.fullBetween!.low, after.fullBetween!.low)).toBeGreaterThanOrEqual(6);
    expect(monthsApart(before.fullBetween!.high, after.fullBetween!.high)).toBeGreaterThanOrEqual(6);
  });

  it('reads the rest by the status rule: a grave whose rest ends today is free today', () => {
    const restingPeriodDays = 365;
    const lastBurials = [
      { date: '2025-11-15', graves: 1 }, // rest ends today
      { date: '2025-11-16', graves: 2 }, // tomorrow: this month
      { date: '2026-03-10', graves: 3 },
      { date: '2026-11-15', graves: 1 }, // buried today
    ];
    const f = forecastSection(input({ restingPeriodDays, openGraves: 10, lastBurials, months: 13 }));
    const rests = lastBurials.filter(
      (b) =>
        deriveStatus({ gender: 'men', full: false, lastBurialDate: b.date }, TODAY, restingPeriodDays)
          .daysUntilAvailable! > 0,
    );
    expect(f.availableNow).toBe(10 - rests.reduce((n, b) => n + b.graves, 0));
    expect(f.availableNow).toBe(4);
    const freeing = Object.fromEntries(f.freeingByMonth.filter((m) => m.graves > 0).map((m) => [m.month, m.graves]));
    // Buried today, free on 2027-11-15: the 13th month asked.
    expect(freeing).toEqual({ '2026-11': 2, '2027-03': 3, '2027-11': 1 });
    expect(f.freeingByMonth.at(-1)!.month).toBe('2027-11');
  });

  it('keeps the months asked within bounds', () => {
    expect(forecastSection({ ...steadyInput, months: 0 }).freeByMonth).toHaveLength(1);
    expect(forecastSection({ ...steadyInput, months: 1000 }).freeByMonth).toHaveLength(120);
  });
});
