// GET /api/search/index: the register as the offline site keeps it (target 5). It must say exactly what
// the section answers say (numbers, statuses, names, dates), follow writes at once, answer 304 to a phone that
// holds it, and stay under 300 KB compressed for the benchmark's town of 30,000 burials.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeOfflineIndex,
  isOfflineIndex,
  offlineSearch,
  offlineSectionCards,
  sectionOf,
  type OfflineIndex,
} from '../../src/domain/search/offlineIndex';
import { GENDERS, type Gender, type Grave, type GraveCardPage, type SearchMatch } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { rawGet } from './helpers';

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;

describe.each(ENGINES)('the offline name index on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl });
    admin = await staffClient(s, 'admin');
  });
  afterAll(async () => s?.close());

  it('holds every grave of the three sections as their answers give them', async () => {
    const index = await json<OfflineIndex>(`${s.api}/search/index`);
    expect(isOfflineIndex(index)).toBe(true);
    const graves = decodeOfflineIndex(index);
    const sections: Record<Gender, Grave[]> = {
      men: await json<Grave[]>(`${s.api}/graves/male`),
      women: await json<Grave[]>(`${s.api}/graves/female`),
      bones: await json<Grave[]>(`${s.api}/graves/bone`),
    };
    expect(graves).toHaveLength(sections.men.length + sections.women.length + sections.bones.length);
    const shape = (g: Grave) => ({
      _id: g._id,
      number: g.number,
      gender: g.gender,
      status: g.status,
      daysUntilAvailable: g.daysUntilAvailable,
      people: g.buriedPersons.map((p) => [p.name, p.burialDate, p.datePrecision ?? 'day']),
    });
    for (const gender of GENDERS) {
      expect(sectionOf(graves, gender).map(shape)).toEqual(sections[gender].map(shape));
    }
  });

  it('finds a name offline as the server search does', async () => {
    const search = offlineSearch(decodeOfflineIndex(await json<OfflineIndex>(`${s.api}/search/index`)));
    const someone = (await json<Grave[]>(`${s.api}/graves/male`)).find((g) => g.buriedPersons.length > 0)!
      .buriedPersons[0]!;
    const q = someone.name.split(' ').slice(0, 2).join(' ');
    const online = await json<SearchMatch[]>(`${s.api}/search?q=${encodeURIComponent(q)}`);
    const offline = search(q);
    expect(offline.length).toBeGreaterThan(0);
    const key = (m: SearchMatch) => [m.grave._id, m.person.name, m.person.burialDate, m.match, m.words];
    expect(offline.map(key)).toEqual(online.map(key));
  });

  it("gives a section's cards offline as GET /graves/cards does: pages, a name, a number", async () => {
    const graves = decodeOfflineIndex(await json<OfflineIndex>(`${s.api}/search/index`));
    const cards = offlineSectionCards(graves);
    const someone = (await json<Grave[]>(`${s.api}/graves/female`)).find((g) => g.buriedPersons.length > 0)!;
    const name = someone.buriedPersons[0]!.name.split(' ').slice(0, 2).join(' ');
    const asked: Array<[Gender, string, number, number]> = [
      ['men', '', 0, 60],
      ['men', '', 60, 25],
      ['women', name, 0, 60],
      ['women', '1', 0, 200],
      ['bones', '', 0, 60],
      ['men', 'لا أحد بهذا الاسم', 0, 60],
    ];
    for (const [gender, q, offset, limit] of asked) {
      const section = { men: 'male', women: 'female', bones: 'bone' }[gender];
      const query = new URLSearchParams({ ...(q ? { q } : {}), offset: String(offset), limit: String(limit) });
      const online = await json<GraveCardPage>(`${s.api}/graves/cards/${section}?${query}`);
      expect(cards(gender, { q, offset, limit }), `${gender} ${q} ${offset}`).toEqual(online);
    }
    expect(cards('women', { q: name, offset: 0, limit: 60 }).cards.map((c) => c._id)).toContain(someone._id);
  });

  it('answers 304 to a phone holding it, and a new grave at once after a write', async () => {
    const first = await fetch(`${s.api}/search/index`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${s.api}/search/index`, { headers: { 'if-none-match': etag! } })).status).toBe(304);

    const grave = await admin.makeGrave('women', 8123);
    const after = await fetch(`${s.api}/search/index`, { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    const graves = decodeOfflineIndex((await after.json()) as OfflineIndex);
    expect(graves.find((g) => g._id === grave._id)?.number).toBe(8123);
  });
});

describe('the offline name index at town scale', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', seedOptions: { graves: 3000, burials: 30_000, accounts: false } });
  }, 120_000);
  afterAll(async () => s?.close());

  it('is at most 300 KB compressed for 30,000 burials (brotli and gzip), with a margin', async () => {
    const sizes: Record<string, number> = {};
    for (const encoding of ['br', 'gzip']) {
      const raw = await rawGet(`${s.api}/search/index`, { 'accept-encoding': encoding });
      const [bytes, sent] = [raw.body, raw.headers['content-encoding']];
      expect(sent).toBe(encoding);
      const plain = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      const index = JSON.parse(plain.toString('utf8')) as OfflineIndex;
      expect(decodeOfflineIndex(index).reduce((n, g) => n + g.buriedPersons.length, 0)).toBe(30_000);
      sizes[encoding] = bytes.length;
    }
    console.log(`offline name index, 30,000 burials: br ${sizes.br} bytes, gzip ${sizes.gzip} bytes`);
    expect(sizes.br).toBeLessThanOrEqual(280_000);
    expect(sizes.gzip).toBeLessThanOrEqual(280_000);
  }, 60_000);
});
