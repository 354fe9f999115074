// Moving remains to the ossuary only once their resting period has passed (a manager may move one still
// resting with a written reason, kept in the audit), and undo, by a manager within 30 days, of what cannot be retyped:
// a transfer and a burial's deletion. Through the real server on both engines; the server's own clock is moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { formatDays } from '../../src/domain/text/format';
import { GRAVE_STATUS, type AuditEntry, type Grave, type SearchMatch } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

describe.each(ENGINES)('moving remains safely, and undoing it, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let manager: StaffClient;
  let ossuary: Grave;
  // Today is 10 March 2026 and the resting period one year (the test server's default); the last test moves it on.
  let clock = new Date('2026-03-10T10:00:00Z');
  const graveOf = async (id: string) => (await call<Grave>(s.api, 'GET', `/graves/graves/${id}`)).body;
  const transfer = (graveId: string, body: unknown, token: string | null = admin.token) =>
    call<{ message: string; grave: Grave }>(s.api, 'POST', `/graves/${graveId}/transfer`, { token, body });
  const undo = (entryId: string, token: string | null = manager.token) =>
    call<{ message: string }>(s.api, 'POST', `/audit/${entryId}/undo`, { token });
  const audit = async (filter: Record<string, string>) =>
    (
      await call<AuditEntry[]>(
        s.api,
        'GET',
        `/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=%5B0%2C99%5D`,
        { token: manager.token },
      )
    ).body;
  // The clock stands still, so entries are found by what they are about, not by their time.
  const entryOf = async (action: string, entityId: string) =>
    (await audit({ action, entityId })).find((e) => !e.undone)!;
  const deaths = async () =>
    (await call<{ totalDeaths: number }>(s.api, 'GET', '/graves/totalDeaths')).body.totalDeaths;
  const search = async (q: string) =>
    (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent(q)}`)).body.map((m) => m.person.name);

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => clock, databaseUrl });
    admin = await staffClient(s, 'admin');
    manager = await staffClient(s, 'manager');
    ossuary = await admin.makeGrave('bones', 'المرحلة الثانية');
  });
  afterAll(() => s.close());

  it('offers only the rested: one still resting is refused with the days left, and nothing moves', async () => {
    const grave = await admin.makeGrave('men', 12);
    await admin.bury(grave._id, 'عبد الحميد سعد الشناوي', '2000-01-01');
    // Seven months ago: 212 days of the year's 365 have passed.
    const recent = (await admin.bury(grave._id, 'سعد عبد الحميد الشناوي', '2025-08-10')).buriedPersons.find(
      (p) => p.name === 'سعد عبد الحميد الشناوي',
    )!;
    const refused = await transfer(grave._id, {
      bonesGraveId: ossuary._id,
      date: '2026-03-01',
      buriedPersonIds: [recent._id],
    });
    expectRefusal(refused, 409);
    expect(refused.body.message).toBe(t('transfer.resting', { name: 'سعد عبد الحميد الشناوي', days: formatDays(153) }));
    expect(refused.body.message).toContain('١٥٣ يومًا');
    // An admin's reason does not open the rule: the override is the manager's.
    const withReason = await transfer(grave._id, {
      bonesGraveId: ossuary._id,
      date: '2026-03-01',
      buriedPersonIds: [recent._id],
      reason: 'طلب الأسرة',
    });
    expectRefusal(withReason, 409);
    expect((await graveOf(grave._id)).buriedPersons).toHaveLength(2);
    expect((await graveOf(grave._id)).moved).toBeUndefined();

    // Without names: everyone whose rest has passed, and only them.
    const moved = await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2026-03-01' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe('نُقلت رفات شخص واحد إلى المرحلة الثانية.');
    expect(moved.body.grave.buriedPersons.map((p) => p.name)).toEqual(['سعد عبد الحميد الشناوي']);
    expect(moved.body.grave.status).toBe(GRAVE_STATUS.unavailable);
    // Now nobody left has rested: "everyone" is refused, saying so.
    expectRefusal(
      await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2026-03-01' }),
      409,
      'transfer.allResting',
    );
  });

  it("moves one still resting only for a manager's written reason, kept in the audit entry", async () => {
    const grave = await admin.makeGrave('women', 30);
    const person = (await admin.bury(grave._id, 'نفيسة محمود الخولي', '2026-01-10')).buriedPersons[0]!;
    const body = { bonesGraveId: ossuary._id, date: '2026-03-05', buriedPersonIds: [person._id] };
    const noReason = await transfer(grave._id, { ...body, reason: '   ' }, manager.token);
    expectRefusal(noReason, 409);
    expect(noReason.body.message).toBe(
      t('transfer.restingManager', { name: 'نفيسة محمود الخولي', days: formatDays(306) }),
    );
    expectRefusal(
      await transfer(grave._id, { ...body, reason: 'س'.repeat(501) }, manager.token),
      400,
      'transfer.reasonTooLong',
    );
    expect((await graveOf(grave._id)).buriedPersons).toHaveLength(1);

    const moved = await transfer(grave._id, { ...body, reason: '  قرار اللجنة   بعد انهيار المقبرة ' }, manager.token);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.grave.buriedPersons).toEqual([]);
    const entry = await entryOf('burial.transfer', grave._id);
    expect(entry.after).toMatchObject({ graveId: ossuary._id, reason: 'قرار اللجنة بعد انهيار المقبرة' });
    expect(entry.before).toMatchObject({ people: ['نفيسة محمود الخولي'], gender: 'women', graveNumber: 30 });
  });

  it('undoes a transfer: the people back, the grave as it stood, the audit keeps both; once only', async () => {
    const grave = await admin.makeGrave('men', 40);
    await admin.bury(grave._id, 'رمضان علي الحفناوي', '1995-04-01');
    const resting = (await admin.bury(grave._id, 'علي رمضان الحفناوي', '2026-02-01')).buriedPersons;
    const moved = await transfer(
      grave._id,
      { bonesGraveId: ossuary._id, date: '2026-03-09', buriedPersonIds: resting.map((p) => p._id), reason: 'نقل كامل' },
      manager.token,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.grave.status).toBe(GRAVE_STATUS.available);
    const entry = await entryOf('burial.transfer', grave._id);

    expectRefusal(await undo(entry._id, admin.token), 403);
    expectRefusal(await undo(entry._id, null), 401);
    expect((await graveOf(grave._id)).buriedPersons).toEqual([]);

    const undone = await undo(entry._id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.message).toBe('تم التراجع عن النقل: أُعيد شخصين إلى مقبرة رجال رقم ٤٠.');
    const back = await graveOf(grave._id);
    expect(back.buriedPersons.map((p) => p.name)).toEqual(['علي رمضان الحفناوي', 'رمضان علي الحفناوي']);
    expect(back.status).toBe(GRAVE_STATUS.unavailable);
    expect(back.moved).toBeUndefined();
    const bones = await graveOf(ossuary._id);
    expect(bones.buriedPersons.some((p) => p.name === 'رمضان علي الحفناوي')).toBe(false);
    // The search finds them where they are again.
    const found = (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent('رمضان الحفناوي')}`)).body;
    expect(found.every((m) => m.grave._id === grave._id)).toBe(true);

    // Both entries stay: the transfer says it is undone, the undo names it.
    const again = (await audit({ entityId: entry._id }))[0]!;
    expect(again.action).toBe('burial.transferUndo');
    expect(again.entity).toBe('audit');
    expect((await call<AuditEntry>(s.api, 'GET', `/audit/${entry._id}`, { token: manager.token })).body).toMatchObject({
      action: 'burial.transfer',
      undone: true,
    });
    expectRefusal(await undo(entry._id), 409, 'undo.already');
  });

  it('refuses to undo once the state moved on: a new burial in the grave left, or a second move', async () => {
    const grave = await admin.makeGrave('men', 50);
    await admin.bury(grave._id, 'حامد يوسف المنياوي', '1990-01-01');
    expect((await transfer(grave._id, { bonesGraveId: ossuary._id, date: '2026-03-09' })).status).toBe(200);
    const entry = await entryOf('burial.transfer', grave._id);
    await admin.bury(grave._id, 'يوسف حامد المنياوي', '2026-03-10');
    const refused = await undo(entry._id);
    expectRefusal(refused, 409);
    expect(refused.body.message).toBe(t('undo.graveUsed', { place: 'مقبرة رجال رقم ٥٠' }));
    expect((await graveOf(grave._id)).buriedPersons.map((p) => p.name)).toEqual(['يوسف حامد المنياوي']);

    const other = await admin.makeGrave('bones', 'المرحلة الثالثة');
    const grave2 = await admin.makeGrave('women', 51);
    await admin.bury(grave2._id, 'صفية حامد المنياوي', '1991-01-01');
    expect((await transfer(grave2._id, { bonesGraveId: other._id, date: '2026-03-09' })).status).toBe(200);
    const first = await entryOf('burial.transfer', grave2._id);
    // Deleted since: nothing to move back.
    const person = (await graveOf(other._id)).buriedPersons[0]!;
    const removed = await call(s.api, 'DELETE', `/graves/${other._id}/remove-buried`, {
      token: admin.token,
      body: { buriedPersonId: person._id },
    });
    expect(removed.status).toBe(200);
    const movedOn = await undo(first._id);
    expectRefusal(movedOn, 409);
    expect(movedOn.body.message).toBe(t('undo.movedAgain', { name: 'صفية حامد المنياوي' }));
  });

  it('undoes a deletion: the person is back in their grave, the search and the counts', async () => {
    const grave = await admin.makeGrave('women', 60);
    const person = (await admin.bury(grave._id, 'بهية عبد الله السنباطي', '2010-05-05')).buriedPersons[0]!;
    const before = await deaths();
    const removed = await call(s.api, 'DELETE', `/graves/${grave._id}/remove-buried`, {
      token: admin.token,
      body: { buriedPersonId: person._id },
    });
    expect(removed.status).toBe(200);
    expect((await graveOf(grave._id)).buriedPersons).toEqual([]);
    expect(await deaths()).toBe(before - 1);
    expect(await search('بهية السنباطي')).toEqual([]);
    const entry = await entryOf('burial.delete', person._id);
    // The grave's history on its console page finds it by the grave.
    expect((await audit({ grave: grave._id })).map((e) => e._id)).toContain(entry._id);

    const restored = await undo(entry._id);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe('أُعيد بهية عبد الله السنباطي إلى سجل مقبرة نساء رقم ٦٠.');
    expect((await graveOf(grave._id)).buriedPersons).toEqual([
      { _id: person._id, name: 'بهية عبد الله السنباطي', burialDate: '2010-05-05' },
    ]);
    expect(await deaths()).toBe(before);
    expect(await search('بهية السنباطي')).toEqual(['بهية عبد الله السنباطي']);
    expect((await entryOf('burial.restore', entry._id)).entityId).toBe(entry._id);
    expectRefusal(await undo(entry._id), 409, 'undo.already');
    // The restored person can be deleted again, and that deletion undone again.
    const again = await call(s.api, 'DELETE', `/graves/${grave._id}/remove-buried`, {
      token: admin.token,
      body: { buriedPersonId: person._id },
    });
    expect(again.status).toBe(200);
    expect((await undo((await entryOf('burial.delete', person._id))._id)).status).toBe(200);
    expect((await graveOf(grave._id)).buriedPersons).toHaveLength(1);
  });

  it('is 404 for an unknown entry and 409 for one that cannot be undone', async () => {
    expectRefusal(await undo('no-such-entry'), 404);
    const created = (await audit({ action: 'grave.create' }))[0]!;
    expectRefusal(await undo(created._id), 409, 'undo.notUndoable');
    const doc = await call<{ paths: Record<string, unknown> }>(s.api, 'GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toContain('/api/audit/{id}/undo');
  });

  it('refuses after 30 days, and changes nothing', async () => {
    const grave = await admin.makeGrave('men', 70);
    const person = (await admin.bury(grave._id, 'فوزي حسن القناوي', '2000-02-02')).buriedPersons[0]!;
    await call(s.api, 'DELETE', `/graves/${grave._id}/remove-buried`, {
      token: admin.token,
      body: { buriedPersonId: person._id },
    });
    const entry = await entryOf('burial.delete', person._id);
    clock = new Date('2026-04-10T10:00:00Z');
    manager = await staffClient(s, 'manager');
    const refused = await undo(entry._id);
    expectRefusal(refused, 409);
    expect(refused.body.message).toBe(t('undo.tooOld', { days: formatDays(30) }));
    expect((await graveOf(grave._id)).buriedPersons).toEqual([]);
  });
});
