// The committee's planning through the real server, on both engines: the capacity forecast (who may ask, its figures
// against the register's own counts, the what-if, the refusals of its query), its public summary, and the years in
// pictures. Burials come in through the ledger's batch call, dated over two years, and one person's remains are
// moved to the ossuary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import type { SectionForecast } from '../../src/domain/statistics/forecast';
import type { YearsInPictures } from '../../src/domain/statistics/yearsInPictures';
import type { Grave } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk@example.com', password: 'clerk-password-1' };

/** The 10th of each of the 24 months before March 2026, oldest first. */
const MONTHS = Array.from({ length: 24 }, (_, i) => {
  const d = new Date(Date.UTC(2024, 2 + i, 10));
  return d.toISOString().slice(0, 10);
});

describe.each(ENGINES)('the committee’s planning figures on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: StaffClient;
  let admin: StaffClient;
  let clerk: string;
  const forecast = (query: string, token: string | null = manager.token) =>
    call<SectionForecast[]>(s.api, 'GET', `/statistics/forecast${query}`, { token });

  beforeAll(async () => {
    // Today is 10 March 2026; the resting period is the test server's default, a year.
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    manager = await staffClient(s, 'manager');
    admin = await staffClient(s, 'admin');
    const made = await call(s.api, 'POST', '/auth/register', {
      token: manager.token,
      body: { ...CLERK, role: 'clerk' },
    });
    expect(made.status).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
    for (const [gender, to] of [
      ['men', 60],
      ['women', 10],
    ] as const) {
      const range = await call(s.api, 'POST', '/graves/range', { token: admin.token, body: { gender, from: 1, to } });
      expect(range.status).toBe(201);
    }
    // Two men a month for two years, each in a grave of his own (graves 1–48).
    const rows = MONTHS.flatMap((date, i) => [
      { gender: 'men', graveNumber: 2 * i + 1, name: `رجل ${2 * i + 1}`, burialDate: date },
      { gender: 'men', graveNumber: 2 * i + 2, name: `رجل ${2 * i + 2}`, burialDate: date },
    ]);
    const batch = await call<{ burialsAdded: number }>(s.api, 'POST', '/burials/batch?dryRun=false', {
      token: admin.token,
      body: { rows },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.burialsAdded).toBe(48);
    // The first man's remains go to the ossuary: he still counts as a burial of the men's section.
    const ossuary = await admin.makeGrave('bones', 'المرحلة الأولى');
    const first = (await call<Grave>(s.api, 'GET', '/graves/by-number/men/1')).body;
    const moved = await call(s.api, 'POST', `/graves/${first._id}/transfer`, {
      token: admin.token,
      body: { bonesGraveId: ossuary._id, date: '2026-01-05' },
    });
    expect(moved.status).toBe(200);
  });
  afterAll(() => s?.close());

  it('answers one entry per section, whose graves free today are the register’s available count', async () => {
    const answer = await forecast('');
    expect(answer.status).toBe(200);
    expect(answer.body.map((e) => e.section)).toEqual(['men', 'women']);
    const [men, women] = answer.body as [SectionForecast, SectionForecast];
    // The burials of April 2025 to February 2026 still rest (22 graves); March 2025's rested its year today.
    expect(men.availableNow).toBe(60 - 22);
    expect(women.availableNow).toBe(10);
    const available = await call<{ availableGravesCount: number }>(s.api, 'GET', '/graves/available-count');
    expect(men.availableNow + women.availableNow).toBe(available.body.availableGravesCount);
    // Two graves come free on the 10th of each month from April 2026 to February 2027.
    expect(men.freeingByMonth).toHaveLength(36);
    expect(men.freeingByMonth[0]).toEqual({ month: '2026-03', graves: 0 });
    expect(men.freeingByMonth.slice(1, 12).map((m) => m.graves)).toEqual(new Array(11).fill(2));
    expect(men.freeingByMonth[12]).toEqual({ month: '2027-03', graves: 0 });
    expect(men.expectedPerMonth.mean).toBe(2);
    // 38 graves, 24 burials a year, each grave back after a year: never full at this rate.
    expect(men.fullBetween).toBeNull();
    expect(men.sentence).toBe(t('forecast.never', { section: t('forecast.sectionMen') }));
    expect(women.sentence).toBe(t('forecast.noHistory', { section: t('forecast.sectionWomen') }));
    expect(men.freeByMonth).toHaveLength(36);
  });

  it('what-if: the graves added to the section asked, and that section alone', async () => {
    const answer = await forecast('?months=12&add=30&section=men');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]!.availableNow).toBe(38 + 30);
    expect(answer.body[0]!.freeByMonth).toHaveLength(12);
    const plain = await forecast('?months=12&section=men');
    expect(plain.body[0]!.freeByMonth[11]!.expected + 30).toBeCloseTo(answer.body[0]!.freeByMonth[11]!.expected, 1);
  });

  it('refuses a query out of bounds in Arabic', async () => {
    for (const query of ['?months=0', '?months=121', '?months=abc', '?months=1.5']) {
      expectRefusal(await forecast(query), 400);
      expect((await forecast(query)).body).toEqual({ message: t('forecast.monthsInvalid', { min: '١', max: '١٢٠' }) });
    }
    for (const query of ['?add=-1', '?add=100001', '?add=ten']) {
      expectRefusal(await forecast(query), 400);
      expect((await forecast(query)).body).toEqual({ message: t('forecast.addInvalid', { max: '١٠٠٬٠٠٠' }) });
    }
    expectRefusal(await forecast('?section=bones'), 400, 'forecast.sectionInvalid');
  });

  it('is the managers’ and admins’: data entry is refused, a visitor must sign in', async () => {
    expect((await forecast('', admin.token)).status).toBe(200);
    expectRefusal(await forecast('', clerk), 403, 'errors.forbidden');
    expect((await forecast('', null)).status).toBe(401);
    expectRefusal(await call(s.api, 'GET', '/statistics/years', { token: clerk }), 403, 'errors.forbidden');
    expect((await call(s.api, 'GET', '/statistics/years')).status).toBe(401);
  });

  it('gives the public each section’s sentence', async () => {
    const summary = await call<Array<{ section: string; sentence: string }>>(
      s.api,
      'GET',
      '/statistics/forecast/summary',
    );
    expect(summary.status).toBe(200);
    const full = (await forecast('')).body;
    expect(summary.body).toEqual(full.map(({ section, sentence }) => ({ section, sentence })));
  });

  it('draws the years: burials by month and year in both calendars, transfers, what families sent', async () => {
    const answer = await call<YearsInPictures>(s.api, 'GET', '/statistics/years', { token: manager.token });
    expect(answer.status).toBe(200);
    const { gregorian, hijri, transfers, received } = answer.body;
    expect(gregorian.months).toHaveLength(36);
    expect(gregorian.months.at(-1)!.period).toBe('2026-03');
    const sum = (rows: ReadonlyArray<{ men: number; women: number }>) => rows.reduce((n, r) => n + r.men + r.women, 0);
    // Every burial counts once in each series, the moved man with the men.
    expect(sum(gregorian.months)).toBe(48);
    expect(sum(hijri.months)).toBe(48);
    expect(gregorian.years).toEqual([
      { period: '2024', men: 20, women: 0 },
      { period: '2025', men: 24, women: 0 },
      { period: '2026', men: 4, women: 0 },
    ]);
    expect(sum(hijri.years)).toBe(48);
    expect(hijri.years.at(-1)!.period).toBe('1447');
    expect(gregorian.months.find((m) => m.period === '2024-03')).toEqual({ period: '2024-03', men: 2, women: 0 });
    expect(transfers.find((r) => r.year === '2026')).toEqual({ year: '2026', transfers: 1 });
    expect(received).toHaveLength(24);
    expect(received.every((r) => r.photos === 0 && r.corrections === 0)).toBe(true);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      s.api,
      'GET',
      '/openapi.json',
    );
    expect(doc.body.paths['/api/statistics/forecast']?.get?.security?.length).toBeGreaterThan(0);
    expect(doc.body.paths['/api/statistics/years']?.get?.security?.length).toBeGreaterThan(0);
    expect(doc.body.paths['/api/statistics/forecast/summary']?.get).toBeDefined();
  });
});
