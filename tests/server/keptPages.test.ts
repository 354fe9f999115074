// Public pages kept as drawn (server/site/pageMemo.ts): a page asked again is not drawn again while the
// answers it was drawn from are the same; a write to what it shows is on the next page in this process, and within
// a second in another process sharing the database; a write elsewhere in its section does not make it drawn again.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type SecondServer, type TestServer } from '../support/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)('pages kept as drawn, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let second: SecondServer;
  let token: string;
  let graveId: string;
  let otherId: string;
  const page = async (path: string) => {
    const res = await fetch(`${s.url}${path}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const drawn = () => s.app.keptPages!.drawn;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, staticDir: inject('siteDir') });
    second = await startSecondServer(s);
    token = await signIn(s, 'manager');
    graveId = (await makeGrave(s, token, 'men', 41))._id;
    otherId = (await makeGrave(s, token, 'men', 42))._id;
    await bury(s, token, graveId, 'مسعود حامد الطحان', '2023-05-02');
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  it('serves a page asked again without drawing it again, the same bytes', async () => {
    const path = publicPaths.grave.href(graveId);
    const first = await page(path);
    expect(first).toContain('مسعود حامد الطحان');
    const before = drawn();
    expect(await page(path)).toBe(first);
    expect(drawn()).toBe(before);
  });

  it('is not drawn again for a write to another grave of its section', async () => {
    const path = publicPaths.grave.href(graveId);
    const first = await page(path);
    const before = drawn();
    await bury(s, token, otherId, 'زاهر مجدي القباني', '2024-01-09');
    expect(await page(path)).toBe(first);
    expect(drawn()).toBe(before);
  });

  it('shows a write to what it shows on the next page here, and within a second through another process', async () => {
    const path = publicPaths.grave.href(graveId);
    await page(path);
    await bury(s, token, graveId, 'رشاد فهمي العطار', '2024-06-11');
    expect(await page(path)).toContain('رشاد فهمي العطار');

    await page(path); // kept again, with the answers as they are now
    await bury(second, token, graveId, 'نبيل كامل الحداد', '2024-08-20');
    const wrote = performance.now();
    let shown = false;
    while (!shown && performance.now() - wrote < 3000) {
      shown = (await page(path)).includes('نبيل كامل الحداد');
      if (!shown) await sleep(50);
    }
    expect(shown).toBe(true);
    expect(performance.now() - wrote).toBeLessThan(1000 + 200);
  });

  it('is drawn once for the visitors asking for it at the same moment, and each sees a write made before', async () => {
    const path = publicPaths.grave.href(otherId);
    // Asked inside the server, so that all twelve are in before the first is drawn.
    const together = () =>
      Promise.all(
        Array.from({ length: 12 }, async () => {
          const res = await s.app.inject({ url: path });
          expect(res.statusCode).toBe(200);
          return res.body;
        }),
      );
    const before = drawn();
    const pages = await together();
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('زاهر مجدي القباني');
    expect(drawn()).toBe(before + 1);

    await bury(s, token, otherId, 'صابر عادل الخياط', '2024-09-03');
    const after = await together();
    expect(after.every((p) => p.includes('صابر عادل الخياط'))).toBe(true);
    expect(drawn()).toBe(before + 2);
  });

  it("keeps a grave's answer through writes to other graves of its section, here and in another process", async () => {
    const path = publicPaths.grave.href(graveId);
    const api = `/api/graves/graves/${graveId}`;
    await page(path);
    // The page reads the register itself (server/site/pageAnswers.ts): the API's answer is kept by asking it.
    expect((await fetch(`${s.url}${api}`)).status).toBe(200);
    const builds = () => s.app.answerCache.builds();
    const before = builds();
    const drawnBefore = drawn();
    await bury(s, token, otherId, 'كريم سامي الخياط', '2024-10-01');
    await bury(second, token, otherId, 'جمال سامي الخياط', '2024-10-02');
    await sleep(1100); // the second process's write is read within a second
    expect((await fetch(`${s.url}${api}`)).status).toBe(200);
    await page(path);
    // The other grave's answer was built again (it changed); this grave's neither built nor its page drawn again.
    expect((await (await fetch(`${s.url}/api/graves/graves/${otherId}`)).json()).buriedPersons).toContainEqual(
      expect.objectContaining({ name: 'جمال سامي الخياط' }),
    );
    expect(builds()).toBe(before + 1);
    expect(drawn()).toBe(drawnBefore);
  });

  it("drops a grave's answer when a grave it names changes: its moved remains renamed there, its source deleted", async () => {
    const json = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${s.api}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return (await res.json()) as Grave;
    };
    const grave = async (id: string) => (await (await fetch(`${s.api}/graves/graves/${id}`)).json()) as Grave;
    const from = (await makeGrave(s, token, 'men', 77))._id;
    const ossuary = (await makeGrave(s, token, 'bones', 'المرحلة السابعة'))._id;
    const person = (await bury(s, token, from, 'حمدي رضا البنا', '2001-04-04')).buriedPersons[0]!;
    await json('POST', `/graves/${from}/transfer`, { bonesGraveId: ossuary, date: '2024-02-02' });
    expect((await grave(from)).moved?.map((p) => p.name)).toEqual(['حمدي رضا البنا']);
    expect((await grave(ossuary)).buriedPersons[0]?.transferredFrom?.graveId).toBe(from);

    // The name corrected where the remains lie now: the write names the ossuary alone.
    await json('PUT', `/graves/${ossuary}/buried/${person._id}`, { name: 'حمدي رضا البناء', burialDate: '2001-04-04' });
    expect((await grave(from)).moved?.map((p) => p.name)).toEqual(['حمدي رضا البناء']);

    // The empty grave they came from deleted: the write names that grave alone.
    const gone = await fetch(`${s.api}/graves/${from}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBeLessThan(300);
    expect((await grave(ossuary)).buriedPersons[0]?.transferredFrom?.graveId).toBeNull();
  });
});
