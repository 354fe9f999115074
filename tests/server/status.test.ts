// The status and days rules with a fixed clock: derived when read, in the configured resting period and time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/postgres';
import { type GraveAnswer, staffClient, type StaffClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import type { Grave, SearchMatch } from '../../src/domain/types';
import { call, expectRefusal, movableClock } from './helpers';

const DAY = 86_400_000;

/** A burial through the raw API, so a test can assert on a refusal (the fixture's bury throws on one). */
async function bury(s: TestServer, staff: StaffClient, grave: string, name: string, burialDate: string) {
  return call<GraveAnswer>(s.api, 'POST', `/graves/${grave}/bury`, { token: staff.token, body: { name, burialDate } });
}

const state = async (s: TestServer, id: string) => {
  const { status, daysUntilAvailable } = (await call<Grave>(s.api, 'GET', `/graves/graves/${id}`)).body;
  return { status, daysUntilAvailable };
};

/**
 * The graves both status groups start from, on 2026-03-10: an empty men's grave, one buried today, a women's grave
 * buried 364 days ago, a full one and a bone section.
 */
async function statusGraves(staff: StaffClient) {
  const g = {
    empty: (await staff.makeGrave('men', 1))._id,
    buried: (await staff.makeGrave('men', 2))._id,
    women: (await staff.makeGrave('women', 1))._id,
    full: (await staff.makeGrave('women', 2))._id,
    bones: (await staff.makeGrave('bones', 'عظام'))._id,
  };
  await staff.bury(g.buried, 'حسن', '2026-03-10');
  await staff.bury(g.women, 'زينب', '2025-03-11');
  await staff.markFull(g.full);
  return g;
}

describe.each(ENGINES)('grave status with the default resting period (365 days) on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let staff: StaffClient;
  let g: Awaited<ReturnType<typeof statusGraves>>;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    staff = await staffClient(s, 'admin');
    g = await statusGraves(staff);
  });
  afterAll(async () => s?.close());

  it('empty: متاحة with 0; buried today: غير متاحة with 365; full: ممتلئة with null; bones: غير متاحة with null', async () => {
    expect(await state(s, g.empty)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
    expect(await state(s, g.buried)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 365 });
    expect(await state(s, g.women)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 1 });
    expect(await state(s, g.full)).toEqual({ status: 'ممتلئة', daysUntilAvailable: null });
    expect(await state(s, g.bones)).toEqual({ status: 'غير متاحة', daysUntilAvailable: null });
  });

  it('bury: refused in a resting grave unless its last burial is today; bone sections take remains', async () => {
    expect((await bury(s, staff, g.buried, 'حسين', '2026-03-09')).status).toBe(201); // last burial is today
    const resting = await bury(s, staff, g.women, 'سعاد', '2026-03-10');
    expectRefusal(resting, 400);
    expect(resting.body.message).toMatch(/^لا يمكن الدفن في هذه المقبرة الآن/);
    expect((await bury(s, staff, g.bones, 'رفات', '2026-03-10')).status).toBe(201);
    expect((await bury(s, staff, g.bones, 'رفات أخرى', '2026-03-10')).status).toBe(201);
    expectRefusal(await bury(s, staff, g.full, 'سعاد', '2026-03-10'), 400, 'burial.graveFull');
  });

  it('a back-dated first burial starts the resting period from its date', async () => {
    const id = (await staff.makeGrave('men', 50))._id;
    expect((await bury(s, staff, id, 'قديم', '2025-12-10')).status).toBe(201);
    expect(await state(s, id)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 365 - 90 });
  });
});

// Its own server and graves: the clock only moves forward, as real clocks do, so no other test shares it.
describe.each(ENGINES)('grave status as the days pass on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-03-10T10:00:00Z');
  let s: TestServer;
  let g: Awaited<ReturnType<typeof statusGraves>>;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl });
    const staff = await staffClient(s, 'admin');
    g = await statusGraves(staff);
    // A back-dated first burial: 275 days left on 2026-03-10.
    await staff.bury((await staff.makeGrave('men', 50))._id, 'قديم', '2025-12-10');
  });
  afterAll(async () => s?.close());

  it('the days count down as the clock moves, and the grave becomes available on day 365', async () => {
    clock.advance(100 * DAY);
    expect(await state(s, g.buried)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 265 });
    expect(await state(s, g.women)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
    clock.set('2027-03-09T10:00:00Z');
    expect(await state(s, g.buried)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 1 });
    // Available: men 1 (empty), women 1 and men 50 (their last burials are over a year old).
    expect((await call(s.api, 'GET', '/graves/available-count')).body).toEqual({ availableGravesCount: 3 });
    clock.set('2027-03-10T10:00:00Z');
    expect(await state(s, g.buried)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
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
    const staff = await staffClient(s, 'admin');
    // An old burial in grave 1, then twelve recent ones over graves 1–11 (grave 11 takes two on one day).
    const ids: string[] = [];
    for (let n = 1; n <= 11; n++) ids.push((await staff.makeGrave(n % 2 ? 'men' : 'women', n))._id);
    const bone = (await staff.makeGrave('bones', 'قسم العظام'))._id;
    await staff.bury(ids[0]!, 'قديم جدا', '2001-01-01');
    for (let n = 1; n <= 10; n++) await staff.bury(ids[n - 1]!, `متوفى ${n}`, `2026-02-${String(n).padStart(2, '0')}`);
    await staff.bury(ids[10]!, 'الأول اليوم', '2026-03-10');
    await staff.bury(ids[10]!, 'الثاني اليوم', '2026-03-10');
    await staff.bury(bone, 'رفات', '2026-03-01');
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
      const staff = await staffClient(s, 'admin');
      const a = (await staff.makeGrave('men', 1))._id;
      const b = (await staff.makeGrave('men', 2))._id;
      await staff.bury(a, 'أ', '2026-03-01');
      await staff.bury(b, 'ب', '2026-02-08');
      expect(await state(s, a)).toEqual({ status: 'غير متاحة', daysUntilAvailable: 21 });
      expect(await state(s, b)).toEqual({ status: 'متاحة', daysUntilAvailable: 0 });
      expect((await bury(s, staff, b, 'ج', '2026-03-10')).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('"today" is the date in Africa/Cairo: at 23:30 UTC it is already the next day', async () => {
    // 2026-03-10 23:30 UTC is 2026-03-11 01:30 in Cairo.
    const s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T23:30:00Z'), databaseUrl });
    try {
      const staff = await staffClient(s, 'admin');
      const id = (await staff.makeGrave('men', 1))._id;
      const res = await bury(s, staff, id, 'بعد منتصف الليل', '2026-03-11');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.grave).toMatchObject({ status: 'غير متاحة', daysUntilAvailable: 365 });
      // The last burial is "today" in Cairo, so a second one is allowed.
      expect((await bury(s, staff, id, 'ثان', '2026-03-10')).status).toBe(201);
      expectRefusal(await bury(s, staff, id, 'غدا', '2026-03-12'), 400, 'burial.dateFuture');
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
      const staff = await staffClient(s, 'admin');
      const id = (await staff.makeGrave('men', 1))._id;
      expectRefusal(await bury(s, staff, id, 'غدا', '2026-03-11'), 400, 'burial.dateFuture');
      expect((await bury(s, staff, id, 'اليوم', '2026-03-10')).status).toBe(201);
    } finally {
      await s.close();
    }
  });
});
