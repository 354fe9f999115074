// The status and days rules with a fixed clock: derived when read, in the configured resting period and time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/postgres';
import { makeGrave, signIn } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import type { Gender, Grave, SearchMatch } from '../../src/domain/types';
import { call, expectRefusal, movableClock } from './helpers';

const DAY = 86_400_000;

const staff = (s: TestServer) => signIn(s, 'admin');
const newGrave = async (s: TestServer, token: string, gender: Gender, number: number | string) =>
  (await makeGrave(s, token, gender, number))._id;

async function bury(s: TestServer, token: string, grave: string, name: string, burialDate: string) {
  return call(s.api, 'POST', `/graves/${grave}/bury`, { token, body: { name, burialDate } });
}

const state = async (s: TestServer, id: string) => {
  const { status, daysUntilAvailable } = (await call(s.api, 'GET', `/graves/graves/${id}`)).body;
  return { status, daysUntilAvailable };
};

describe.each(ENGINES)('grave status with the default resting period (365 days) on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-03-10T10:00:00Z');
  let s: TestServer;
  let token: string;
  const g: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl });
    token = await staff(s);
    g.empty = await newGrave(s, token, 'men', 1);
    g.buried = await newGrave(s, token, 'men', 2);
    g.women = await newGrave(s, token, 'women', 1);
    g.full = await newGrave(s, token, 'women', 2);
    g.bones = await newGrave(s, token, 'bones', 'عظام');
    expect((await bury(s, token, g.buried, 'حسن', '2026-03-10')).status).toBe(201);
    expect((await bury(s, token, g.women, 'زينب', '2025-03-11')).status).toBe(201);
    expect((await call(s.api, 'PUT', `/graves/full/${g.full}`, { token })).status).toBe(200);
  });
  afterAll(async () => s?.close());

  it('empty: متاحة with 0; buried today: غير متاحة with 365; full: ممتلئة with null; bones: غير متاحة with null', async () => {
    expect(await state(s, g.empty!)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
    expect(await state(s, g.buried!)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 365 });
    expect(await state(s, g.women!)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 1 });
    expect(await state(s, g.full!)).toEqual({ status: 'ممتلئة', daysUntilAvailable: null });
    expect(await state(s, g.bones!)).toEqual({ status: 'غير متاحة', daysUntilAvailable: null });
  });

  it('bury: refused in a resting grave unless its last burial is today; bone sections take remains', async () => {
    expect((await bury(s, token, g.buried!, 'حسين', '2026-03-09')).status).toBe(201); // last burial is today
    const resting = await bury(s, token, g.women!, 'سعاد', '2026-03-10');
    expectRefusal(resting, 400);
    expect(resting.body.message).toMatch(/^لا يمكن الدفن في هذه المقبرة الآن/);
    expect((await bury(s, token, g.bones!, 'رفات', '2026-03-10')).status).toBe(201);
    expect((await bury(s, token, g.bones!, 'رفات أخرى', '2026-03-10')).status).toBe(201);
    expectRefusal(await bury(s, token, g.full!, 'سعاد', '2026-03-10'), 400, 'burial.graveFull');
  });

  it('a back-dated first burial starts the resting period from its date', async () => {
    const id = await newGrave(s, token, 'men', 50);
    expect((await bury(s, token, id, 'قديم', '2025-12-10')).status).toBe(201);
    expect(await state(s, id)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 365 - 90 });
  });

  it('the days count down as the clock moves, and the grave becomes available on day 365', async () => {
    // Last in this group: the clock only moves forward, as real clocks do.
    clock.advance(100 * DAY);
    expect(await state(s, g.buried!)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 265 });
    expect(await state(s, g.women!)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
    clock.set('2027-03-09T10:00:00Z');
    expect(await state(s, g.buried!)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 1 });
    // Available: men 1 (empty), women 1 and men 50 (their last burials are over a year old).
    expect((await call(s.api, 'GET', '/graves/available-count')).body).toEqual({ availableGravesCount: 3 });
    clock.set('2027-03-10T10:00:00Z');
    expect(await state(s, g.buried!)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
    // The same rule on every read: the lists, recent burials and search agree.
    const male = (await call<Grave[]>(s.api, 'GET', '/graves/male')).body;
    expect(male.find((x) => x._id === g.buried)).toMatchObject({ status: 'متاحة', daysUntilAvailable: 0 });
    const found = (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('حسن')}`)).body;
    expect(found[0]!.grave.status).toBe('متاحة');
    const recent = (await call<Grave[]>(s.api, 'GET', '/graves/recentBurials')).body;
    expect(recent.find((x) => x._id === g.buried)).toMatchObject({ status: 'متاحة', daysUntilAvailable: 0 });
    expect((await call(s.api, 'GET', '/graves/available-count')).body).toEqual({ availableGravesCount: 4 });
    expect((await call(s.api, 'GET', '/graves/unavailable-count')).body).toEqual({ unavailableGravesCount: 1 });
  });
});

describe.each(ENGINES)('recent burials on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
  });
  afterAll(async () => s?.close());

  it('the graves holding the 10 most recent burials, newest first, each listing only those burials', async () => {
    const token = await staff(s);
    // An old burial in grave 1, then twelve recent ones over graves 1–11 (grave 11 takes two on one day).
    const ids: string[] = [];
    for (let n = 1; n <= 11; n++) ids.push(await newGrave(s, token, n % 2 ? 'men' : 'women', n));
    const bone = await newGrave(s, token, 'bones', 'قسم العظام');
    expect((await bury(s, token, ids[0]!, 'قديم جدا', '2001-01-01')).status).toBe(201);
    for (let n = 1; n <= 10; n++) {
      const res = await bury(s, token, ids[n - 1]!, `متوفى ${n}`, `2026-02-${String(n).padStart(2, '0')}`);
      expect(res.status).toBe(201);
    }
    expect((await bury(s, token, ids[10]!, 'الأول اليوم', '2026-03-10')).status).toBe(201);
    expect((await bury(s, token, ids[10]!, 'الثاني اليوم', '2026-03-10')).status).toBe(201);
    expect((await bury(s, token, bone, 'رفات', '2026-03-01')).status).toBe(201);
    const res = await call<Grave[]>(s.api, 'GET', '/graves/recentBurials');
    expect(res.status).toBe(200);
    const persons = res.body.flatMap((g) => g.buriedPersons.map((p) => p.burialDate));
    expect(persons).toHaveLength(10);
    // Newest first: today's two (one grave), the bone section, then Feb 10 … Feb 4.
    expect(res.body.map((g) => g._id)).toEqual([ids[10], bone, ...[10, 9, 8, 7, 6, 5, 4].map((n) => ids[n - 1])]);
    expect(res.body[0]!.buriedPersons.map((p) => p.name).sort()).toEqual(['الأول اليوم', 'الثاني اليوم']);
    expect(persons).toEqual([...persons].sort().reverse());
    // Grave 1's old burial is not a recent one, and grave 1 (Feb 1) is outside the ten.
    expect(JSON.stringify(res.body)).not.toContain('قديم جدا');
    for (const g of res.body) {
      expect(Object.keys(g).sort()).toEqual([
        '_id',
        'buriedPersons',
        'daysUntilAvailable',
        'gender',
        'number',
        'status',
      ]);
    }
    expect(res.body[0]).toMatchObject({ number: 11, gender: 'men', status: 'غير متاحة', daysUntilAvailable: 365 });
  });

  it('an empty register has no recent burials', async () => {
    const empty = await startTestServer({ databaseUrl });
    try {
      expect((await call(empty.api, 'GET', '/graves/recentBurials')).body).toEqual([]);
      for (const [path, key] of [
        ['totalDeaths', 'totalDeaths'],
        ['maleDeaths', 'maleDeaths'],
        ['femaleDeaths', 'femaleDeaths'],
        ['available-count', 'availableGravesCount'],
        ['unavailable-count', 'unavailableGravesCount'],
      ]) {
        expect((await call(empty.api, 'GET', `/graves/${path}`)).body).toStrictEqual({ [key!]: 0 });
      }
      expect((await call(empty.api, 'GET', '/graves/male')).body).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe.each(ENGINES)('configured resting period and time zone on $name', ({ databaseUrl }) => {
  it('RESTING_PERIOD_DAYS=30 is respected', async () => {
    const s = await startTestServer({
      seed: 'accounts',
      now: () => new Date('2026-03-10T10:00:00Z'),
      databaseUrl,
      env: { RESTING_PERIOD_DAYS: '30' },
    });
    try {
      const token = await staff(s);
      const a = await newGrave(s, token, 'men', 1);
      const b = await newGrave(s, token, 'men', 2);
      await bury(s, token, a, 'أ', '2026-03-01');
      await bury(s, token, b, 'ب', '2026-02-08');
      expect(await state(s, a)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 21 });
      expect(await state(s, b)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
      expect((await bury(s, token, b, 'ج', '2026-03-10')).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('"today" is the date in Africa/Cairo: at 23:30 UTC it is already the next day', async () => {
    // 2026-03-10 23:30 UTC is 2026-03-11 01:30 in Cairo.
    const s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T23:30:00Z'), databaseUrl });
    try {
      const token = await staff(s);
      const id = await newGrave(s, token, 'men', 1);
      const res = await bury(s, token, id, 'بعد منتصف الليل', '2026-03-11');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.grave).toMatchObject({ status: 'غير متاحة', daysUntilAvailable: 365 });
      // The last burial is "today" in Cairo, so a second one is allowed.
      expect((await bury(s, token, id, 'ثان', '2026-03-10')).status).toBe(201);
      expectRefusal(await bury(s, token, id, 'غدا', '2026-03-12'), 400, 'burial.dateFuture');
    } finally {
      await s.close();
    }
  });

  it('TIMEZONE=UTC: at 23:30 UTC the next day is still in the future', async () => {
    const s = await startTestServer({
      seed: 'accounts',
      now: () => new Date('2026-03-10T23:30:00Z'),
      databaseUrl,
      env: { TIMEZONE: 'UTC' },
    });
    try {
      const token = await staff(s);
      const id = await newGrave(s, token, 'men', 1);
      expectRefusal(await bury(s, token, id, 'غدا', '2026-03-11'), 400, 'burial.dateFuture');
      expect((await bury(s, token, id, 'اليوم', '2026-03-10')).status).toBe(201);
    } finally {
      await s.close();
    }
  });
});
