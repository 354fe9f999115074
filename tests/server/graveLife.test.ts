// Remains moved to the ossuary. POST /api/graves/{id}/transfer moves some or all of a grave's people into
// a bone section on a day; each keeps their record (the bone section and the search say where they came from, the
// grave they left keeps them in its history), the grave left is available again once the rule allows, the deaths
// are still counted in their first section, and every refusal says why and changes nothing.
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { searchDetails } from '../../server/data/searchDetails';
import { GRAVE_STATUS, type Grave, type SearchMatch } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

describe.each(ENGINES)('moving remains to the ossuary on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let ossuary: Grave;
  const graveOf = async (id: string) => (await call<Grave>(s.api, 'GET', `/graves/graves/${id}`)).body;
  const transfer = (graveId: string, body: unknown, token: string | null = admin.token) =>
    call<{ message: string; grave: Grave }>(s.api, 'POST', `/graves/${graveId}/transfer`, { token, body });
  const counts = async () => ({
    total: (await call<{ totalDeaths: number }>(s.api, 'GET', '/graves/totalDeaths')).body.totalDeaths,
    male: (await call<{ maleDeaths: number }>(s.api, 'GET', '/graves/maleDeaths')).body.maleDeaths,
  });

  beforeAll(async () => {
    // Today is 10 March 2026 and the resting period one year (the test server's default).
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    admin = await staffClient(s, 'admin');
    ossuary = await admin.makeGrave('bones', 'المرحلة الأولى');
  });
  afterAll(() => s.close());

  it('moves everyone: the bone section lists them with where they came from, the grave keeps them as moved', async () => {
    const grave = await admin.makeGrave('men', 12);
    await admin.bury(grave._id, 'عبد الرحيم محمود الدسوقي', '1990-05-01');
    await admin.bury(grave._id, 'فتحي عبد الرحيم الدسوقي', '2001-02-03');
    await admin.markFull(grave._id);
    const before = await counts();

    const moved = await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2025-12-01' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe('نُقلت رفات شخصين إلى المرحلة الأولى.');
    // Left: nobody inside, both in its history, still marked full until it is reopened.
    expect(moved.body.grave.buriedPersons).toEqual([]);
    expect(moved.body.grave.moved?.map((p) => p.name).sort()).toEqual([
      'عبد الرحيم محمود الدسوقي',
      'فتحي عبد الرحيم الدسوقي',
    ]);
    expect(moved.body.grave.moved?.[0]?.transferredTo).toEqual({
      graveId: ossuary._id,
      number: 'المرحلة الأولى',
      gender: 'bones',
      date: '2025-12-01',
    });
    expect(moved.body.grave.status).toBe(GRAVE_STATUS.full);

    const bones = await graveOf(ossuary._id);
    const fathi = bones.buriedPersons.find((p) => p.name === 'فتحي عبد الرحيم الدسوقي');
    expect(fathi?.transferredFrom).toEqual({ graveId: grave._id, number: 12, gender: 'men', date: '2025-12-01' });
    const section = (await call<Grave[]>(s.api, 'GET', '/graves/bone')).body;
    expect(section.find((g) => g._id === ossuary._id)?.buriedPersons).toHaveLength(2);
    expect(section.find((g) => g._id === ossuary._id)?.buriedPersons[0]?.transferredFrom?.number).toBe(12);

    // Search finds them in the ossuary, with the note.
    const found = (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('فتحي الدسوقي')}`)).body;
    expect(found.map((m) => [m.grave._id, m.person.transferredFrom?.number])).toEqual([[ossuary._id, 12]]);
    // A search whose index is a write behind still holds him in the grave he left: what it shows is read where he is.
    const behind = await searchDetails(s.ctx.db, [{ personId: fathi!._id, graveId: grave._id, gender: 'men' }]);
    expect(behind.get(fathi!._id)).toMatchObject({
      graveId: ossuary._id,
      gender: 'bones',
      transferredFrom: { graveId: grave._id, number: 12 },
    });
    // Still deaths of the men's section.
    expect(await counts()).toEqual(before);
  });

  it('moves some, and the grave is available again only when no burial left holds it', async () => {
    const grave = await admin.makeGrave('men', 13);
    await admin.bury(grave._id, 'حسنين علي الصاوي', '1985-01-01');
    const recent = await admin.bury(grave._id, 'رضا حسنين الصاوي', '2025-10-01');
    expect(recent.status).toBe(GRAVE_STATUS.unavailable);
    const older = recent.buriedPersons.find((p) => p.name === 'حسنين علي الصاوي')!;
    const newer = recent.buriedPersons.find((p) => p.name === 'رضا حسنين الصاوي')!;

    const first = await transfer(grave._id, {
      bonesGraveId: ossuary._id,
      date: '2026-01-05',
      buriedPersonIds: [older._id],
    });
    expect(first.status).toBe(200);
    // The recent burial still holds it in its resting period.
    expect(first.body.grave.buriedPersons.map((p) => p.name)).toEqual(['رضا حسنين الصاوي']);
    expect(first.body.grave.status).toBe(GRAVE_STATUS.unavailable);

    // Still inside its resting period: only a manager's written reason moves it.
    const second = await transfer(
      grave._id,
      { bonesGraveId: ossuary._id, date: '2026-03-01', buriedPersonIds: [newer._id], reason: 'قرار اللجنة' },
      (await staffClient(s, 'manager')).token,
    );
    expect(second.status).toBe(200);
    expect(second.body.grave.status).toBe(GRAVE_STATUS.available);
    expect(second.body.grave.moved?.map((p) => p.name)).toEqual(['رضا حسنين الصاوي', 'حسنين علي الصاوي']);
  });

  it('refuses with the reason, and a refusal changes nothing', async () => {
    const grave = await admin.makeGrave('women', 40);
    await admin.bury(grave._id, 'زينب عبده الجندي', '2010-06-01');
    const men = await admin.makeGrave('men', 41);
    const unchanged = async () => {
      expect((await graveOf(grave._id)).buriedPersons.map((p) => p.name)).toEqual(['زينب عبده الجندي']);
      expect((await graveOf(grave._id)).moved).toBeUndefined();
    };
    expectRefusal(
      await transfer(grave._id, { bonesGraveId: men._id, date: '2025-01-01' }),
      400,
      'transfer.targetNotBones',
    );
    expectRefusal(
      await transfer(grave._id, { bonesGraveId: 'no-such-grave', date: '2025-01-01' }),
      400,
      'transfer.targetNotFound',
    );
    expectRefusal(
      await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2027-01-01' }),
      400,
      'transfer.dateFuture',
    );
    expectRefusal(
      // A move is on a day: the year alone is not one (1-1-2025 is now read as 1 January 2025).
      await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2025' }),
      400,
      'transfer.dateInvalid',
    );
    const early = await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2009-01-01' });
    expectRefusal(early, 400);
    expect(early.body.message).toBe(t('transfer.dateBeforeBurial', { name: 'زينب عبده الجندي' }));
    expectRefusal(
      await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2025-01-01', buriedPersonIds: ['someone-else'] }),
      400,
      'transfer.personNotHere',
    );
    expectRefusal(await transfer(men._id, { bonesGraveId: ossuary._id, date: '2025-01-01' }), 400, 'transfer.nobody');
    expectRefusal(
      await transfer(ossuary._id, { bonesGraveId: ossuary._id, date: '2025-01-01' }),
      400,
      'transfer.sourceIsBones',
    );
    expectRefusal(
      await transfer('no-such-grave', { bonesGraveId: ossuary._id, date: '2025-01-01' }),
      404,
      'grave.notFound',
    );
    expectRefusal(await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2025-01-01' }, null), 401);
    await unchanged();
  });

  it('is in the audit trail and in the OpenAPI document', async () => {
    const manager = await staffClient(s, 'manager');
    const entries = await call<Array<{ action: string }>>(s.api, 'GET', '/audit?filter=%7B%7D&range=%5B0%2C99%5D', {
      token: manager.token,
    });
    expect(entries.body.some((e) => e.action === 'burial.transfer')).toBe(true);
    const doc = await call<{ paths: Record<string, unknown> }>(s.api, 'GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toContain('/api/graves/{id}/transfer');
  });
});

describe.each(ENGINES)('reopening a full grave, and the next grave to use, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let manager: StaffClient;
  const reopen = (graveId: string, body: unknown, token: string | null = manager.token) =>
    call<{ message: string; grave: Grave }>(s.api, 'PUT', `/graves/${graveId}/reopen`, { token, body });
  const next = async () =>
    (
      await call<{ men: Grave | null; women: Grave | null; why: Record<'men' | 'women', string | null> }>(
        s.api,
        'GET',
        '/graves/next',
      )
    ).body;

  beforeAll(async () => {
    s = await startTestServer({
      seed: 'accounts',
      now: () => new Date('2026-03-10T10:00:00Z'),
      databaseUrl,
      env: { NEXT_GRAVE_ORDER: 'lowest' },
    });
    admin = await staffClient(s, 'admin');
    manager = await staffClient(s, 'manager');
  });
  afterAll(() => s.close());

  it('reopens a full grave whose burials are past their resting period, with a reason, for the manager only', async () => {
    const grave = await admin.makeGrave('men', 70);
    await admin.bury(grave._id, 'مدحت سالم البدري', '2019-01-01');
    await admin.markFull(grave._id);
    expectRefusal(await reopen(grave._id, { reason: 'نُقلت الرفات' }, admin.token), 403);
    expectRefusal(await reopen(grave._id, { reason: '   ' }), 400, 'reopen.reasonRequired');
    expectRefusal(await reopen(grave._id, {}), 400, 'reopen.reasonRequired');
    expect((await call<Grave>(s.api, 'GET', `/graves/graves/${grave._id}`)).body.status).toBe(GRAVE_STATUS.full);
    const done = await reopen(grave._id, { reason: 'قررت اللجنة إعادة استخدامها' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(t('reopen.done'));
    expect(done.body.grave.status).toBe(GRAVE_STATUS.available);
    expectRefusal(await reopen(grave._id, { reason: 'مرة ثانية' }), 400, 'reopen.notFull');
    expectRefusal(await reopen('no-such-grave', { reason: 'سبب' }), 404, 'grave.notFound');
  });

  it('refuses while a burial left in it is resting, saying until when', async () => {
    const grave = await admin.makeGrave('women', 71);
    await admin.bury(grave._id, 'هدى مدحت البدري', '2026-01-10');
    await admin.markFull(grave._id);
    const refused = await reopen(grave._id, { reason: 'سبب' });
    expectRefusal(refused, 400);
    expect(refused.body.message).toContain('١٠ يناير ٢٠٢٦');
    expect((await call<Grave>(s.api, 'GET', `/graves/graves/${grave._id}`)).body.status).toBe(GRAVE_STATUS.full);
  });

  it('offers the lowest-numbered available grave of each section when the committee chose it', async () => {
    // Graves 70 (reopened, last burial 2019) and 71 (full) exist; add a resting 60 and an available 80.
    const resting = await admin.makeGrave('men', 60);
    await admin.bury(resting._id, 'سامي مدحت البدري', '2026-02-01');
    await admin.makeGrave('men', 80);
    const offered = await next();
    expect(offered.men?.number).toBe(70);
    expect(offered.men?.status).toBe(GRAVE_STATUS.available);
    expect(offered.why.men).toBe(t('next.whyLowest'));
    expect(offered.women).toBeNull();
    expect(offered.why.women).toBeNull();
    await admin.makeGrave('women', 90);
    expect((await next()).women?.number).toBe(90);
  });
});

describe.each(ENGINES)(
  'the next grave by default: never used, then the longest rested, on $name',
  ({ databaseUrl }) => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    });
    afterAll(() => s.close());

    type Next = { men: Grave | null; why: { men: string | null } };

    it('offers a never-used grave first, then the one whose last burial is oldest, and says why', async () => {
      const admin = await staffClient(s, 'admin');
      const used2000 = await admin.makeGrave('men', 1);
      await admin.bury(used2000._id, 'أنور علي الجمال', '2000-01-01');
      const used1990 = await admin.makeGrave('men', 2);
      await admin.bury(used1990._id, 'ربيع علي الجمال', '1990-01-01');
      const offered = (await call<Next>(s.api, 'GET', '/graves/next')).body;
      // Grave 1 is the lowest number, but grave 2 has rested since 1990.
      expect(offered.men?.number).toBe(2);
      expect(offered.why.men).toBe(t('next.whyLongestRested', { date: formatBurialDate('1990-01-01') }));
      expect(offered.why.men).toContain('١٩٩٠');
      // A grave never used comes before both, though its number is higher.
      await admin.makeGrave('men', 150);
      const fresh = (await call<Next>(s.api, 'GET', '/graves/next')).body;
      expect(fresh.men?.number).toBe(150);
      expect(fresh.why.men).toBe(t('next.whyNeverUsed'));
    });
  },
);

describe.each(ENGINES)("a grave's position on $name", ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    admin = await staffClient(s, 'admin');
  });
  afterAll(() => s.close());

  it('is recorded in decimal degrees (any digits), shown on the grave, cleared with both empty, refused out of range', async () => {
    const grave = await admin.makeGrave('men', 5);
    const put = (body: unknown, token: string | null = admin.token) =>
      call<{ message: string; grave: Grave }>(s.api, 'PUT', `/graves/${grave._id}/position`, { token, body });
    const saved = await put({ latitude: '٣٠٫٠٤٤٤١٩٦', longitude: 31.2357116 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(t('position.saved'));
    expect((await call<Grave>(s.api, 'GET', `/graves/graves/${grave._id}`)).body.position).toEqual({
      latitude: 30.0444196,
      longitude: 31.2357116,
    });
    expectRefusal(await put({ latitude: 91, longitude: 31 }), 400, 'position.invalid');
    expectRefusal(await put({ latitude: 30, longitude: null }), 400, 'position.invalid');
    expectRefusal(await put({ latitude: 'شمال', longitude: 31 }), 400, 'position.invalid');
    expectRefusal(await put({ latitude: 30, longitude: 31 }, null), 401);
    // Refusals changed nothing.
    expect((await call<Grave>(s.api, 'GET', `/graves/graves/${grave._id}`)).body.position?.latitude).toBe(30.0444196);
    const cleared = await put({ latitude: null, longitude: '' });
    expect(cleared.body.message).toBe(t('position.cleared'));
    expect((await call<Grave>(s.api, 'GET', `/graves/graves/${grave._id}`)).body.position).toBeUndefined();
    expectRefusal(
      await call(s.api, 'PUT', '/graves/no-such-grave/position', {
        token: admin.token,
        body: { latitude: 1, longitude: 1 },
      }),
      404,
      'grave.notFound',
    );
  });
});
