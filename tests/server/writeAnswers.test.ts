// A grave added and a burial recorded answer with the grave as it now stands, built from what the write itself read
// rather than read again after the commit (server/data/graves.ts withBurialAdded). Each answer here must be exactly
// what a read of the grave finds right after it: the people's order (a later day first; on one day, as recorded),
// the status and its days, a partial date, the remains moved out of a grave and those moved into an ossuary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAVE_STATUS, type Grave } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

describe.each(ENGINES)('a write’s answer is the grave as a read finds it, $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  /** The grave as a read after the write finds it (the console's fresh read of one grave). */
  const readBack = async (id: string) =>
    (await call<Grave>(s.api, 'GET', `/graves/${id}`, { token: admin.token })).body;
  const bury = async (graveId: string, name: string, burialDate: string) => {
    const answer = await call<{ grave: Grave }>(s.api, 'POST', `/graves/${graveId}/bury`, {
      token: admin.token,
      body: { name, burialDate },
    });
    expect(answer.status).toBe(201);
    return answer.body.grave;
  };
  const same = async (answer: Grave) => {
    const read = await readBack(answer._id);
    // The console's read adds the grave's place on the plan; the write's answer never carried it.
    delete read.place;
    expect(answer).toEqual(read);
  };

  beforeAll(async () => {
    // Today is 10 March 2026 and the resting period one year (the test server's default).
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    admin = await staffClient(s, 'admin');
  });
  afterAll(() => s.close());

  it('a grave added answers the empty grave a read finds', async () => {
    for (const [gender, number] of [
      ['men', 41],
      ['women', 41],
      ['bones', 'المرحلة الرابعة'],
    ] as const) {
      const created = await call<Grave>(s.api, 'POST', '/graves', { token: admin.token, body: { gender, number } });
      expect(created.status).toBe(201);
      await same(created.body);
    }
  });

  it('each burial answers the people in a read’s order, with the status derived again', async () => {
    const grave = await admin.makeGrave('men', 42);
    // Resting: buried within the year.
    const first = await bury(grave._id, 'سالم عبد الله الجمال', '2025-11-02');
    expect(first.status).toBe(GRAVE_STATUS.unavailable);
    await same(first);
    // An older day goes after it; the status still follows the newest day.
    await same(await bury(grave._id, 'عبد الله سالم الجمال', '1990-04-05'));
    // The same day as the newest: the two in the order a read gives them (when each was recorded, then their ids).
    const sameDay = await bury(grave._id, 'محمود سالم الجمال', '2025-11-02');
    expect(sameDay.buriedPersons.slice(0, 2).map((p) => p.burialDate)).toEqual(['2025-11-02', '2025-11-02']);
    await same(sameDay);
    // A year alone (kept as its last day, shown as written) between the two.
    const partial = await bury(grave._id, 'حسن سالم الجمال', '2001');
    expect(partial.buriedPersons.find((p) => p.name === 'حسن سالم الجمال')?.datePrecision).toBe('year');
    await same(partial);
  });

  it('a grave past its rest answers available until the burial, then the days left', async () => {
    const grave = await admin.makeGrave('women', 43);
    await bury(grave._id, 'زينب علي القاضي', '2010-01-01');
    const after = await bury(grave._id, 'فاطمة علي القاضي', '2026-03-01');
    expect(after.status).toBe(GRAVE_STATUS.unavailable);
    expect(after.daysUntilAvailable).toBeGreaterThan(300);
    await same(after);
  });

  it('the remains moved out of a grave and into an ossuary stay in the answer', async () => {
    const grave = await admin.makeGrave('men', 44);
    await bury(grave._id, 'رجب عطية الشناوي', '1980-01-01');
    const ossuary = await admin.makeGrave('bones', 'المرحلة الخامسة');
    const moved = await call(s.api, 'POST', `/graves/${grave._id}/transfer`, {
      token: admin.token,
      body: { bonesGraveId: ossuary._id, date: '2026-01-10' },
    });
    expect(moved.status).toBe(200);
    // The grave left: its moved history, and a new burial in it.
    const left = await bury(grave._id, 'عطية رجب الشناوي', '2026-02-01');
    expect(left.moved?.map((p) => p.name)).toEqual(['رجب عطية الشناوي']);
    await same(left);
    // The ossuary: the remains moved in keep where they came from, beside a burial recorded there.
    const bones = await bury(ossuary._id, 'مجهول من المقبرة القديمة', '2026-02-02');
    expect(bones.buriedPersons.find((p) => p.name === 'رجب عطية الشناوي')?.transferredFrom?.graveId).toBe(grave._id);
    await same(bones);
  });
});
