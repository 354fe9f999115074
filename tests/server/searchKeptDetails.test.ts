// What search answers show of the people found (names, dates, graves, statuses, where moved remains came from) is
// kept between searches (server/data/searchDetails.ts KeptDetails) and forgotten grave by grave as the name index
// follows the log of changed graves. Every change to what a search shows is on the next search when made in this
// process, and within a second when made by another process on the same database; a search asked again after a
// write to another grave reads none of its people again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAVE_STATUS, type Grave, type SearchMatch } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type SecondServer, type TestServer } from '../support/server';
import { call } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Another process's write is served within a second (the kept answers' check of the counters). */
const ANOTHER_PROCESS_MS = 1000 + 200;

describe.each(ENGINES)('what a search shows, kept between searches, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let second: SecondServer;
  let admin: StaffClient;
  const search = async (q: string) =>
    (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent(q)}`)).body;
  /** Searches on the first process until `seen` holds of the answer, for at most ANOTHER_PROCESS_MS. */
  const searchUntil = async (q: string, seen: (found: SearchMatch[]) => boolean) => {
    const began = performance.now();
    let found = await search(q);
    while (!seen(found) && performance.now() - began < 3000) {
      await sleep(50);
      found = await search(q);
    }
    return { found, within: performance.now() - began };
  };
  const write = <T>(api: string, method: string, path: string, body: unknown) =>
    call<T>(api, method, path, { token: admin.token, body });

  beforeAll(async () => {
    // Today is 10 March 2026 and the resting period one year (the test server's default).
    const now = () => new Date('2026-03-10T10:00:00Z');
    s = await startTestServer({ seed: 'accounts', now, databaseUrl });
    second = await startSecondServer(s, now);
    admin = await staffClient(s, 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  it('shows a correction, a grave marked full and remains moved, made here or by another process', async () => {
    const grave = await admin.makeGrave('men', 301);
    const ossuary = await admin.makeGrave('bones', 'المرحلة الثالثة');
    const buried = await admin.bury(grave._id, 'منصور عبد الحفيظ القناوي', '2000-01-01');
    const person = buried.buriedPersons[0]!;
    const q = 'منصور القناوي';

    const first = await search(q);
    expect(first.map((m) => [m.person.name, m.grave._id, m.grave.status])).toEqual([
      ['منصور عبد الحفيظ القناوي', grave._id, GRAVE_STATUS.available],
    ]);
    expect(s.ctx.searchIndex.details.size()).toBeGreaterThan(0);

    // Corrected by another process: the name and the date.
    const corrected = await write(second.api, 'PUT', `/graves/${grave._id}/buried/${person._id}`, {
      name: 'منصور عبد الحفيظ محمود القناوي',
      burialDate: '2001-02-03',
    });
    expect(corrected.status).toBe(200);
    const afterCorrection = await searchUntil(q, (f) => f[0]?.person.name === 'منصور عبد الحفيظ محمود القناوي');
    expect(afterCorrection.found.map((m) => [m.person.name, m.person.burialDate])).toEqual([
      ['منصور عبد الحفيظ محمود القناوي', '2001-02-03'],
    ]);
    expect(afterCorrection.within).toBeLessThan(ANOTHER_PROCESS_MS);

    // Marked full here: the next search says so.
    await admin.markFull(grave._id);
    expect((await search(q)).map((m) => m.grave.status)).toEqual([GRAVE_STATUS.full]);

    // Moved to the ossuary by another process: found there, with where the remains came from.
    const moved = await write<{ grave: Grave }>(second.api, 'POST', `/graves/${grave._id}/transfer`, {
      bonesGraveId: ossuary._id,
      date: '2025-12-01',
    });
    expect(moved.status).toBe(200);
    const afterMove = await searchUntil(q, (f) => f[0]?.grave._id === ossuary._id);
    expect(afterMove.found.map((m) => [m.grave._id, m.grave.gender, m.person.transferredFrom?.number])).toEqual([
      [ossuary._id, 'bones', 301],
    ]);
    expect(afterMove.within).toBeLessThan(ANOTHER_PROCESS_MS);

    // Removed here: no longer found.
    const inOssuary = afterMove.found[0]!.person._id;
    const removed = await write(s.api, 'DELETE', `/graves/${ossuary._id}/remove-buried`, { buriedPersonId: inOssuary });
    expect(removed.status).toBe(200);
    expect(await search(q)).toEqual([]);
  });

  it('reads none of the people it shows again after a burial into another grave', async () => {
    const grave = await admin.makeGrave('women', 302);
    const other = await admin.makeGrave('women', 303);
    await admin.bury(grave._id, 'سعدية عبد المنعم الفيومي', '1999-04-04');
    await admin.bury(grave._id, 'بهية سعد الفيومي', '2003-05-05');
    const q = 'الفيومي';
    expect((await search(q)).map((m) => m.person.name).sort()).toEqual(
      ['بهية سعد الفيومي', 'سعدية عبد المنعم الفيومي'].sort(),
    );

    // A burial elsewhere drops the kept answer (a new name may match it). Once the index has followed the log (as
    // the search would first), the answer built again reads none of its people.
    await admin.bury(other._id, 'نوال حسن الشرقاوي', '2024-01-01');
    await s.ctx.searchIndex.current(await s.app.keptAnswers.searchVersions());
    const before = s.statementsRun();
    const again = await search(q);
    const ran = s.statementsRun() - before;
    expect(again.map((m) => m.person.name).sort()).toEqual(['بهية سعد الفيومي', 'سعدية عبد المنعم الفيومي'].sort());
    // At most the change counters' check (once per half second): the people and their grave are read no more.
    expect(ran).toBeLessThanOrEqual(1);
  });
});
