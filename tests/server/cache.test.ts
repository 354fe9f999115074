// The public answers are served from memory (server/cache.ts). These tests hold it to its promises: a write is
// never served stale by the process that made it, a repeated GET costs only a 304, compressed forms are the same
// answer, visitors arriving together after a write share one build of the section instead of each building it, and a
// write throws away only the answers that show what it changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/api/paths';
import {
  type ArticleSummary,
  type Grave,
  type GraveCardPage,
  GRAVE_STATUS,
  type SearchMatch,
} from '../../src/domain/types';
import { ENGINES } from '../support/postgres';
import { staffClient, type StaffClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

describe.each(ENGINES)('the public answers cache on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let nextNumber = 9000;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl });
    admin = await staffClient(s, 'admin');
  });
  afterAll(async () => s?.close());

  const addMenGrave = async () => {
    const number = nextNumber++;
    await admin.makeGrave('men', number);
    return number;
  };

  it('a write is in the very next answer, and the unchanged answer is a 304', async () => {
    const first = await fetch(`${s.api}/graves/male`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${s.api}/graves/male`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const number = await addMenGrave();
    const after = await fetch(`${s.api}/graves/male`, { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await after.json()) as Grave[]).some((g) => g.number === number)).toBe(true);
  });

  it('brotli and gzip carry exactly the plain answer', async () => {
    const plain = Buffer.from(
      await (await fetch(`${s.api}/graves/male`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${s.api}/graves/male`, { headers: { 'accept-encoding': encoding } });
      // fetch decodes on its own; the header says what travelled.
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(Buffer.from(await res.arrayBuffer()).equals(plain)).toBe(true);
    }
  });

  it('an answer compressed as it is first built carries the plain answer too; a tiny one goes plain', async () => {
    for (const encoding of ['br', 'gzip']) {
      await addMenGrave(); // the next read builds the answer again
      const first = await fetch(`${s.api}/graves/male`, { headers: { 'accept-encoding': encoding } });
      expect(first.headers.get('content-encoding')).toBe(encoding);
      const body = Buffer.from(await first.arrayBuffer());
      const plain = await fetch(`${s.api}/graves/male`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(body.equals(Buffer.from(await plain.arrayBuffer()))).toBe(true);
    }
    const count = await fetch(`${s.api}/graves/totalDeaths`, { headers: { 'accept-encoding': 'br' } });
    expect(count.headers.get('content-encoding')).toBeNull();
  });

  // On PostgreSQL the twenty reads really overlap (without the shared build this counted 6 builds); on SQLite each
  // read runs to its end before the next begins, and the count holds all the same.
  // The whole sections (/graves/male…) are streamed, never kept (tests/server/sectionStream.test.ts): the
  // section's cards are the kept answer of a section here.
  it("twenty visitors asking for the section's cards right after a write share one build, and all see the write", async () => {
    const number = await addMenGrave();
    const before = s.app.answerCache.builds();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${s.api}${paths.sectionCards('men', { q: String(number) })}`).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((JSON.parse(answers[0]!.body) as GraveCardPage).cards.some((g) => g.number === number)).toBe(true);
    expect(s.app.answerCache.builds() - before).toBe(1);
  });

  it('a whole section is sent again from the copy of its last answer until a write changes it', async () => {
    const gzipped = async (path: string) => {
      const res = await fetch(`${s.api}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      return { etag: res.headers.get('etag'), graves: (await res.json()) as Grave[] };
    };
    const first = await gzipped('/graves/male');
    const hits = () => s.app.keptStreams.hits();
    const before = hits();
    const again = await gzipped('/graves/male');
    expect(hits()).toBe(before + 1);
    expect(again).toEqual(first);
    // Without gzip: its own copy, the same answer.
    const plain = await fetch(`${s.api}/graves/male`, { headers: { 'accept-encoding': 'identity' } });
    expect(await plain.json()).toEqual(first.graves);

    // A burial in the men's section: the next answer is read again, and shows it.
    const number = await addMenGrave();
    const grave = (await gzipped('/graves/male')).graves.find((g) => g.number === number)!;
    const today = new Date().toISOString().slice(0, 10);
    await admin.bury(grave._id, 'منصور عبد الجبار للتجربة', today);
    const read = hits();
    const after = await gzipped('/graves/male');
    expect(hits()).toBe(read);
    expect(after.etag).not.toBe(first.etag);
    expect(after.graves.find((g) => g._id === grave._id)?.buriedPersons.map((p) => p.name)).toEqual([
      'منصور عبد الجبار للتجربة',
    ]);
    expect(await gzipped('/graves/male')).toEqual(after);
    expect(hits()).toBe(read + 1);

    // Twenty visitors asking at once after a write: the section is read and compressed once for all of them.
    await admin.bury(grave._id, 'سعيد عبد الجبار للتجربة', today);
    const builds = s.app.keptStreams.builds();
    const together = await Promise.all(Array.from({ length: 20 }, () => gzipped('/graves/male')));
    expect(s.app.keptStreams.builds() - builds).toBe(1);
    expect(new Set(together.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(together[0]!.graves.find((g) => g._id === grave._id)?.buriedPersons).toHaveLength(2);
  });

  it('thousands of different searches do not push the pages every visitor asks for out of the cache', async () => {
    const read = async (path: string) => expect((await fetch(`${s.api}${path}`)).status).toBe(200);
    const pages = [paths.sectionCards('men'), paths.sectionCards('women'), '/articles', '/suggestion/approved'];
    const readPages = () => Promise.all(pages.map(read));
    await readPages();
    const before = s.app.answerCache.builds();
    await readPages();
    expect(s.app.answerCache.builds()).toBe(before);
    // 2,100 names no one bears, each typed once: more answers than the cache keeps in all (2,000).
    const letters = 'بتثجحخدذرزسشصضطظعغفقكلمنهوي';
    const word = (i: number) =>
      [0, 1, 2, 3].map((k) => letters[Math.floor(i / letters.length ** k) % letters.length]).join('');
    for (let i = 0; i < 2100; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          read(`/search?q=${encodeURIComponent(`${word(i + k)} ${word(i + k + 7)}`)}`),
        ),
      );
    }
    const afterSearches = s.app.answerCache.builds();
    expect(afterSearches - before).toBe(2100); // each search was kept when answered
    await readPages();
    expect(s.app.answerCache.builds()).toBe(afterSearches); // and the pages are still served as kept
  }, 60_000);

  it('a write to one part of the register leaves the answers of the others kept', async () => {
    const manager = await staffClient(s, 'manager');
    const today = new Date().toISOString().slice(0, 10);
    /** A public read, as a visitor's browser makes it (fetch, so the cache's own headers apply). */
    const read = async <T = unknown>(path: string): Promise<T> => {
      const res = await fetch(`${s.api}${path}`);
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const menGraves = () => read<Grave[]>('/graves/male');
    const builtBy = async (reads: () => Promise<unknown>) => {
      const before = s.app.answerCache.builds();
      await reads();
      return s.app.answerCache.builds() - before;
    };
    const [MEN_CARDS, WOMEN_CARDS] = [paths.sectionCards('men'), paths.sectionCards('women')];
    const allKept = () => Promise.all([MEN_CARDS, WOMEN_CARDS, '/articles', '/suggestion/approved'].map(read));
    await allKept();
    expect(await builtBy(allKept)).toBe(0);

    // A new grave in the women's section: the women's list is read again, the men's list and the articles are not.
    const women = await admin.makeGrave('women', nextNumber++);
    expect(await builtBy(() => Promise.all([read(MEN_CARDS), read('/articles')]))).toBe(0);
    expect(await builtBy(() => read(WOMEN_CARDS))).toBe(1);
    expect((await read<Grave[]>('/graves/female')).some((g) => g._id === women._id)).toBe(true);

    // The staff's paged list (its statuses kept between requests) shows the new grave, then its being full.
    const staffPage = async () => {
      const filter = encodeURIComponent(JSON.stringify({ gender: 'women', q: String(women.number) }));
      const res = await call<Grave[]>(s.api, 'GET', `/graves?filter=${filter}&range=${encodeURIComponent('[0,9]')}`, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      return res.body.find((g) => g._id === women._id);
    };
    expect((await staffPage())?.status).toBe(GRAVE_STATUS.available);
    expect((await call(s.api, 'PUT', `/graves/full/${women._id}`, { token: admin.token })).status).toBe(200);
    expect((await staffPage())?.status).toBe(GRAVE_STATUS.full);

    // A burial in a men's grave: the men's list (which lists the buried) and the search are read again.
    const number = await addMenGrave();
    await allKept();
    const grave = (await menGraves()).find((g) => g.number === number)!;
    const name = 'ناصر عبد الودود للتجربة';
    await admin.bury(grave._id, name, today);
    expect((await menGraves()).find((g) => g._id === grave._id)!.buriedPersons.map((p) => p.name)).toEqual([name]);
    const found = await read<SearchMatch[]>(`/search?q=${encodeURIComponent('عبد الودود للتجربة')}`);
    expect(found.length).toBe(1);
    expect(await builtBy(() => Promise.all([read(WOMEN_CARDS), read('/articles')]))).toBe(0);

    await read(MEN_CARDS); // kept again after the burial
    // A new article: the articles are read again, the sections are not.
    const article = await manager.writeArticle('مقال لاختبار الذاكرة', 'نص');
    expect((await read<ArticleSummary[]>('/articles')).some((a) => a._id === article._id)).toBe(true);
    expect(await builtBy(() => Promise.all([read(MEN_CARDS), read(WOMEN_CARDS)]))).toBe(0);
  });
});
