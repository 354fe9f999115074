// Death notices through the real server, on both engines. The public reads the current notices (and the
// last month's with ?recent), a hidden one is gone from the public at once (the answer cache included) but kept
// for the staff; managers and admins publish, change, hide, delete and record a notice's burial (through the bury
// rule, linked in the same transaction); data entry only reads. Every refusal is Arabic and changes nothing.
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../src/domain/notices/notice';
import type { AuditEntry, Grave } from '../../src/domain/types';
import { t } from '../../src/domain/messages';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk-notices@example.com', password: 'clerk-password-1' };
type Saved = Notice & { message: string; warnings?: string[] };

describe.each(ENGINES)('death notices on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let clerk: string;
  // 25 November 2026, 10:00 in Cairo (the test server's zone).
  const clock = movableClock('2026-11-25T08:00:00Z');
  const TODAY = '2026-11-25';

  const publish = (body: Record<string, unknown>, token: string | null = manager.token) =>
    call<Saved>(s.api, 'POST', '/notices', { token, body });
  const change = (id: string, body: Record<string, unknown>, token: string | null = manager.token) =>
    call<Saved>(s.api, 'PUT', `/notices/${id}`, { token, body });
  const publicList = async (query = '') => (await call<Notice[]>(s.api, 'GET', `/notices${query}`)).body;
  const publicOne = (id: string) => call<Notice>(s.api, 'GET', `/notices/${id}`);
  const everyNotice = async (token = manager.token) =>
    (await call<Notice[]>(s.api, 'GET', '/notices?all=true', { token })).body;
  const graveOf = async (id: string) => (await call<Grave>(s.api, 'GET', `/graves/graves/${id}`)).body;
  const base = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    prayerAt: `${TODAY}T15:30`,
    mosque: 'المسجد الكبير',
    afterPrayer: 'عقب صلاة العصر',
    ...extra,
  });
  const made = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await publish(base(name, extra));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl });
    admin = await staffClient(s, 'admin');
    manager = await staffClient(s, 'manager');
    const account = await call(s.api, 'POST', '/auth/register', {
      token: manager.token,
      body: { ...CLERK, role: 'clerk' },
    });
    expect(account.status).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
  });
  afterAll(() => s?.close());

  it('managers and admins publish; anonymous callers and data entry are refused and change nothing', async () => {
    const before = (await everyNotice()).length;
    expectRefusal(await publish(base('زائر بلا جلسة'), null), 401);
    expectRefusal(await publish(base('مدخل بيانات'), clerk), 403, 'errors.forbidden');
    expect((await everyNotice()).length).toBe(before);

    const byAdmin = await publish(base('أحمد محمود السيد'), admin.token);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(201);
    expect(byAdmin.body).toMatchObject({
      name: 'أحمد محمود السيد',
      prayerAt: '2026-11-25T15:30',
      prayerInstant: '2026-11-25T13:30:00.000Z',
      timeZone: 'Africa/Cairo',
      endsAt: '2026-11-28',
      hidden: false,
      condolences: [],
      message: t('notice.created'),
    });
    expect(byAdmin.body.id).toBe(byAdmin.body._id);
    const id = byAdmin.body.id;

    expectRefusal(await change(id, { mosque: 'مسجد آخر' }, clerk), 403);
    expectRefusal(await change(id, { mosque: 'مسجد آخر' }, null), 401);
    expectRefusal(await call(s.api, 'DELETE', `/notices/${id}`, { token: clerk }), 403);
    expectRefusal(await call(s.api, 'POST', `/notices/${id}/burial`, { token: clerk, body: {} }), 403);
    // Data entry reads every notice in the console; the public cannot ask for that list.
    expect((await everyNotice(clerk)).some((n) => n.id === id)).toBe(true);
    expectRefusal(await call(s.api, 'GET', '/notices?all=true'), 401);
    expect((await publicOne(id)).body.mosque).toBe('المسجد الكبير');

    const byManager = await change(id, { mosque: 'مسجد الرحمة' }, manager.token);
    expect(byManager.status).toBe(200);
    const gone = await call<{ message: string; _id: string }>(s.api, 'DELETE', `/notices/${id}`, {
      token: admin.token,
    });
    expect(gone.body).toEqual({ message: t('notice.deleted'), _id: id });
    expectRefusal(await publicOne(id), 404, 'notice.notFound');
  });

  it('refuses each invalid field in Arabic, naming it, and stores nothing', async () => {
    const before = (await everyNotice()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, t('burial.nameInvalid')],
      [{ name: 12 }, t('burial.nameInvalid')],
      [{ relations: 'ب'.repeat(301) }, t('notice.relationsInvalid')],
      [{ prayerAt: '25/11/2026 15:30' }, t('notice.prayerAtInvalid')],
      [{ prayerAt: undefined }, t('notice.prayerAtInvalid')],
      [{ mosque: ' ' }, t('notice.mosqueInvalid')],
      [{ afterPrayer: 'ج'.repeat(101) }, t('notice.afterPrayerInvalid')],
      [
        { condolences: [{ place: 'البيت', for: 'kids', from: TODAY, to: TODAY }] },
        t('notice.condolenceForInvalid', { n: 1 }),
      ],
      [
        { condolences: [{ place: 'البيت', for: 'women', from: '2026-11-27', to: TODAY }] },
        t('notice.condolenceDateOrder', { n: 1 }),
      ],
      [{ endsAt: '2026-11-24' }, t('notice.endsAtBeforePrayer')],
      [{ endsAt: 'غدًا' }, t('notice.endsAtInvalid')],
      [{ hidden: 'yes' }, t('notice.hiddenInvalid')],
      [{ graveId: '00000000-0000-0000-0000-000000000000' }, t('notice.graveNotFound')],
    ];
    for (const [field, message] of cases) {
      const res = await publish(base('محمد علي', field));
      expectRefusal(res, 400);
      expect(res.body.message, JSON.stringify(field)).toBe(message);
    }
    expect((await everyNotice()).length).toBe(before);
  });

  it('refuses a new notice whose prayer has passed, unless its burial is recorded', async () => {
    const past = await publish(base('سعيد حسن', { prayerAt: `${TODAY}T09:00` }));
    expectRefusal(past, 400, 'notice.prayerPast');

    const grave = await admin.makeGrave('men', 301);
    const buried = await admin.bury(grave._id, 'سعيد حسن', '2026-11-24');
    const burialId = buried.buriedPersons[0]!._id;
    const late = await publish(base('سعيد حسن', { prayerAt: '2026-11-24T13:00', burialId }));
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    // The grave follows from the burial.
    expect(late.body).toMatchObject({ burialId, graveId: grave._id, grave: { _id: grave._id, number: 301 } });
  });

  it('leaves the home page after its last day, and /notices a month after the prayer', async () => {
    const notice = await made('خالد عبد الرحمن');
    // Read once, so the answers are kept before the day changes.
    expect((await publicList()).map((n) => n.id)).toContain(notice.id);
    expect((await publicList('?recent=30')).map((n) => n.id)).toContain(notice.id);
    try {
      clock.set('2026-11-28T20:00:00Z'); // 22:00 on the last day
      expect((await publicList()).map((n) => n.id)).toContain(notice.id);
      clock.set('2026-11-28T22:30:00Z'); // 00:30 on 29 November in Cairo
      expect((await publicList()).map((n) => n.id)).not.toContain(notice.id);
      expect((await publicList('?recent=30')).map((n) => n.id)).toContain(notice.id);
      expect((await publicOne(notice.id)).status).toBe(200);
      clock.set('2026-12-26T08:00:00Z');
      expect((await publicList('?recent=30')).map((n) => n.id)).not.toContain(notice.id);
      expect((await publicList('?recent=31')).map((n) => n.id)).toContain(notice.id);
      expectRefusal(await call(s.api, 'GET', '/notices?recent=0'), 400);
      expectRefusal(await call(s.api, 'GET', '/notices?recent=366'), 400);
    } finally {
      clock.set('2026-11-25T08:00:00Z');
    }
  });

  it('lists newest prayer first', async () => {
    const early = await made('الأول في الترتيب', { prayerAt: '2026-11-25T12:00' });
    const late = await made('الأخير في الترتيب', { prayerAt: '2026-11-26T12:00' });
    const ids = (await publicList()).map((n) => n.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
  });

  it('a hidden notice is gone from the public at once, kept answers included, and kept for the staff', async () => {
    const notice = await made('محمود فتحي الشربيني');
    // Read twice: the second is the kept answer.
    for (let i = 0; i < 2; i++) {
      expect((await publicOne(notice.id)).status).toBe(200);
      expect((await publicList()).map((n) => n.id)).toContain(notice.id);
    }
    const hidden = await change(notice.id, { hidden: true });
    expect(hidden.body).toMatchObject({ hidden: true, message: t('notice.updated') });

    expectRefusal(await publicOne(notice.id), 404, 'notice.notFound');
    expect((await publicList()).map((n) => n.id)).not.toContain(notice.id);
    expect((await publicList('?recent=30')).map((n) => n.id)).not.toContain(notice.id);
    // The staff still read it, in the list and alone (the console edits it), and the public's answer stays 404.
    const staff = await call<Notice>(s.api, 'GET', `/notices/${notice.id}`, { token: clerk });
    expect(staff.body).toMatchObject({ id: notice.id, hidden: true });
    expectRefusal(await publicOne(notice.id), 404);
    const hiddenOnes = await call<Notice[]>(
      s.api,
      'GET',
      `/notices?all=true&filter=${encodeURIComponent('{"status":"hidden"}')}`,
      { token: manager.token },
    );
    expect(hiddenOnes.body.map((n) => n.id)).toEqual([notice.id]);
    // A session no longer valid reads as the public.
    expectRefusal(
      await call(s.api, 'GET', `/notices/${notice.id}`, { headers: { authorization: 'Bearer not-a-token' } }),
      404,
    );

    await change(notice.id, { hidden: false });
    expect((await publicOne(notice.id)).status).toBe(200);
    expect((await publicList()).map((n) => n.id)).toContain(notice.id);
  });

  it('PUT takes any subset and answers the whole; the audit entry holds the old and new values', async () => {
    const notice = await made('عبد الله يوسف النجار', {
      relations: 'والد أحمد وشقيق محمود',
      condolences: [{ place: 'دوار العائلة', for: 'men', from: TODAY, to: '2026-11-27', hours: 'بعد المغرب' }],
    });
    const moved = await change(notice.id, { prayerAt: '2026-11-26T13:00', afterPrayer: null });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      id: notice.id,
      name: 'عبد الله يوسف النجار',
      relations: 'والد أحمد وشقيق محمود',
      prayerAt: '2026-11-26T13:00',
      prayerInstant: '2026-11-26T11:00:00.000Z',
      afterPrayer: null,
      endsAt: '2026-11-29', // the default moves with the prayer
      condolences: notice.condolences,
    });
    expectRefusal(await change(notice.id, { endsAt: '2026-11-20' }), 400, 'notice.endsAtBeforePrayer');
    expect((await publicOne(notice.id)).body.endsAt).toBe('2026-11-29');

    const audit = await call<AuditEntry[]>(
      s.api,
      'GET',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ entityId: notice.id }))}`,
      { token: manager.token },
    );
    const actions = audit.body.map((e) => e.action).sort();
    expect(actions).toEqual(['notice.create', 'notice.update']);
    const update = audit.body.find((e) => e.action === 'notice.update')!;
    expect(update.before).toMatchObject({ prayerAt: '2026-11-25T15:30', afterPrayer: 'عقب صلاة العصر' });
    expect(update.after).toMatchObject({ prayerAt: '2026-11-26T13:00', afterPrayer: null, endsAt: '2026-11-29' });

    await call(s.api, 'DELETE', `/notices/${notice.id}`, { token: manager.token });
    const deleted = await call<AuditEntry[]>(
      s.api,
      'GET',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ entityId: notice.id, action: 'notice.delete' }))}`,
      { token: manager.token },
    );
    expect(deleted.body[0]?.before).toMatchObject({ name: 'عبد الله يوسف النجار', endsAt: '2026-11-29' });
  });

  it('answers 404 for an unknown notice, whatever the call', async () => {
    const unknown = '00000000-0000-0000-0000-000000000000';
    expectRefusal(await publicOne(unknown), 404, 'notice.notFound');
    expectRefusal(await change(unknown, { mosque: 'مسجد' }), 404, 'notice.notFound');
    expectRefusal(await call(s.api, 'DELETE', `/notices/${unknown}`, { token: manager.token }), 404);
    expectRefusal(
      await call(s.api, 'POST', `/notices/${unknown}/burial`, { token: manager.token, body: {} }),
      404,
      'notice.notFound',
    );
  });

  it('links a grave only when it exists, and a burial only in that grave', async () => {
    const notice = await made('حسن إبراهيم');
    const grave = await admin.makeGrave('men', 302);
    const other = await admin.makeGrave('men', 303);
    const buried = await admin.bury(other._id, 'شخص آخر', '2026-11-20');
    expectRefusal(await change(notice.id, { graveId: 'no-such-grave' }), 400, 'notice.graveNotFound');
    expectRefusal(
      await change(notice.id, { graveId: grave._id, burialId: buried.buriedPersons[0]!._id }),
      400,
      'notice.burialNotInGrave',
    );
    expectRefusal(await change(notice.id, { burialId: 'no-such-burial' }), 400, 'notice.burialNotFound');
    const linked = await change(notice.id, { graveId: grave._id });
    expect(linked.body.grave).toEqual({ _id: grave._id, number: 302, gender: 'men' });
  });

  it('records the burial from the notice: the grave shows the person, the notice links it', async () => {
    const grave = await admin.makeGrave('men', 304);
    const notice = await made('مصطفى كامل عبد الحميد', { prayerAt: `${TODAY}T12:00`, graveId: grave._id });
    // The kept answer, before the burial.
    expect((await publicOne(notice.id)).body.burialId).toBeNull();

    const done = await call<Saved>(s.api, 'POST', `/notices/${notice.id}/burial`, { token: admin.token, body: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.message).toBe(t('notice.buried'));
    expect(done.body.warnings).toEqual([]);
    const person = (await graveOf(grave._id)).buriedPersons.find((p) => p.name === 'مصطفى كامل عبد الحميد');
    expect(person?.burialDate).toBe(TODAY);
    expect(done.body).toMatchObject({ burialId: person?._id, graveId: grave._id });
    expect((await publicOne(notice.id)).body.burialId).toBe(person?._id);
    // Once: a second time is refused and records nothing.
    expectRefusal(
      await call(s.api, 'POST', `/notices/${notice.id}/burial`, { token: admin.token, body: {} }),
      409,
      'notice.alreadyBuried',
    );
    expect((await graveOf(grave._id)).buriedPersons).toHaveLength(1);
    // The audit names both: the burial recorded and the notice linked.
    const audit = await call<AuditEntry[]>(
      s.api,
      'GET',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ entityId: notice.id, action: 'notice.update' }))}`,
      { token: manager.token },
    );
    expect(audit.body[0]?.after).toMatchObject({ burialId: person?._id, graveId: grave._id });

    // Deleting the burial unlinks the notice (the kept answer too); the notice stays.
    const removed = await call(s.api, 'DELETE', `/graves/${grave._id}/remove-buried`, {
      token: admin.token,
      body: { buriedPersonId: person?._id },
    });
    expect(removed.status).toBe(200);
    const after = await publicOne(notice.id);
    expect(after.body).toMatchObject({ burialId: null, graveId: grave._id });
  });

  it("before the prayer's day, says from when the burial can be recorded instead of dating it today", async () => {
    const grave = await admin.makeGrave('men', 309);
    const notice = await made('ناصر فهمي الشرقاوي', { prayerAt: '2026-11-26T13:00', graveId: grave._id });
    const early = await call(s.api, 'POST', `/notices/${notice.id}/burial`, { token: admin.token, body: {} });
    expectRefusal(early, 409);
    expect(early.body).toEqual({ message: t('notice.buryFrom', { date: formatBurialDate('2026-11-26') }) });
    expect(early.body.message).toContain('٢٦ نوفمبر ٢٠٢٦');
    expect((await graveOf(grave._id)).buriedPersons).toHaveLength(0);
    expect((await publicOne(notice.id)).body.burialId).toBeNull();
    // A day the clerk names is taken as it is (a burial before the announced prayer).
    const named = await call<Saved>(s.api, 'POST', `/notices/${notice.id}/burial`, {
      token: admin.token,
      body: { burialDate: TODAY },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect((await graveOf(grave._id)).buriedPersons.map((p) => p.burialDate)).toEqual([TODAY]);
  });

  it('records it under the same refusals as the bury call, changing nothing', async () => {
    const full = await admin.makeGrave('men', 305);
    await admin.bury(full._id, 'ساكن المقبرة', '2026-11-01');
    await admin.markFull(full._id);
    const notice = await made('عادل سمير', { prayerAt: `${TODAY}T12:00`, graveId: full._id });
    const direct = await call(s.api, 'POST', `/graves/${full._id}/bury`, {
      token: admin.token,
      body: { name: 'عادل سمير', burialDate: TODAY },
    });
    const fromNotice = await call(s.api, 'POST', `/notices/${notice.id}/burial`, { token: admin.token, body: {} });
    expectRefusal(direct, 400);
    expectRefusal(fromNotice, 400);
    expect(fromNotice.body.message).toBe(direct.body.message);
    expect((await publicOne(notice.id)).body.burialId).toBeNull();

    // The name rule, and a prayer still to come (the burial's date cannot be in the future).
    const empty = await admin.makeGrave('men', 306);
    expectRefusal(
      await call(s.api, 'POST', `/notices/${notice.id}/burial`, {
        token: admin.token,
        body: { graveId: empty._id, name: '   ' },
      }),
      400,
      'burial.nameInvalid',
    );
    const tomorrow = await made('فريد منصور', { prayerAt: '2026-11-26T12:00', graveId: empty._id });
    const early = await call(s.api, 'POST', `/notices/${tomorrow.id}/burial`, { token: admin.token, body: {} });
    expectRefusal(early, 409);
    expect(early.body.message).toBe(t('notice.buryFrom', { date: formatBurialDate('2026-11-26') }));
    expectRefusal(
      await call(s.api, 'POST', `/notices/${tomorrow.id}/burial`, {
        token: admin.token,
        body: { burialDate: '2026-11-26' },
      }),
      400,
      'burial.dateFuture',
    );
    // No grave named anywhere.
    const nowhere = await made('بلا مقبرة', { prayerAt: `${TODAY}T12:00` });
    expectRefusal(
      await call(s.api, 'POST', `/notices/${nowhere.id}/burial`, { token: admin.token, body: {} }),
      400,
      'notice.graveRequired',
    );
    expect((await graveOf(empty._id)).buriedPersons).toEqual([]);
  });

  it('carries the history rule’s warning, as the bury call does', async () => {
    const grave = await admin.makeGrave('women', 307);
    // A burial ten days before the grave's last one, inside the resting period: saved with the history rule's warning.
    await admin.bury(grave._id, 'سيدة سابقة', '2026-11-20');
    const notice = await made('نفيسة عبد العزيز', { prayerAt: `${TODAY}T12:00`, graveId: grave._id });
    const direct = await call<{ warnings: string[] }>(s.api, 'POST', `/graves/${grave._id}/bury`, {
      token: admin.token,
      body: { name: 'تجربة مباشرة', burialDate: '2026-11-10' },
    });
    const fromNotice = await call<Saved>(s.api, 'POST', `/notices/${notice.id}/burial`, {
      token: admin.token,
      body: { burialDate: '2026-11-10' },
    });
    expect(direct.status).toBe(201);
    expect(fromNotice.status, JSON.stringify(fromNotice.body)).toBe(201);
    expect(direct.body.warnings).toHaveLength(1);
    // The same warning, and the notice's own save message before it.
    expect(fromNotice.body.warnings).toEqual(direct.body.warnings);
    expect(fromNotice.body.message).toBe(`${t('notice.buried')} ${direct.body.warnings[0]}`);
  });

  it('deleting a linked empty grave leaves the notice, unlinked', async () => {
    const grave = await admin.makeGrave('men', 308);
    const notice = await made('رفعت شوقي', { graveId: grave._id });
    expect((await publicOne(notice.id)).body.graveId).toBe(grave._id);
    const del = await call(s.api, 'DELETE', `/graves/${grave._id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect((await publicOne(notice.id)).body).toMatchObject({ graveId: null, grave: null });
  });

  it('pages, sorts and filters every notice for the staff, with Content-Range', async () => {
    const q = (filter: object, range = '[0,1]') =>
      call<Notice[]>(
        s.api,
        'GET',
        `/notices?all=true&sort=${encodeURIComponent('["name","ASC"]')}&range=${range}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        { token: manager.token },
      );
    const page = await q({});
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('content-range')).toMatch(/^notices 0-1\/\d+$/);
    const found = await q({ q: 'الشربيني' }, '[0,9]');
    expect(found.body.map((n) => n.name)).toEqual(['محمود فتحي الشربيني']);
    const mosque = await q({ q: 'الرحمة' }, '[0,9]');
    expect(mosque.body.every((n) => n.mosque.includes('الرحمة'))).toBe(true);
    expectRefusal(await q({ status: 'gone' }), 400);
    const current = await q({ status: 'current' }, '[0,99]');
    expect(current.body.every((n) => !n.hidden && n.endsAt >= TODAY)).toBe(true);
  });
});

describe.each(ENGINES)('the demo village’s notices on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
  });
  afterAll(() => s?.close());

  it('has two current notices (one linked to its grave and burial) and one of the last month', async () => {
    const current = (await call<Notice[]>(s.api, 'GET', '/notices')).body;
    expect(current).toHaveLength(2);
    expect(current.every((n) => n.endsAt >= '2026-03-10' && !n.hidden)).toBe(true);
    const linked = current.find((n) => n.burialId !== null);
    expect(linked?.grave).not.toBeNull();
    const grave = (await call<Grave>(s.api, 'GET', `/graves/graves/${linked!.graveId}`)).body;
    expect(grave.buriedPersons.find((p) => p._id === linked!.burialId)?.name).toBe(linked!.name);
    expect(current.some((n) => n.burialId === null && n.prayerAt > '2026-03-10T12:00')).toBe(true);
    const recent = (await call<Notice[]>(s.api, 'GET', '/notices?recent=30')).body;
    expect(recent).toHaveLength(3);
    expect(recent.find((n) => !current.some((c) => c.id === n.id))!.endsAt < '2026-03-10').toBe(true);
  });
});
