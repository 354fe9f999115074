// The spec's whole-section answers (GET /graves/male, female, bone), the staff's unpaged list of every grave
// and the register's CSV are written as they are read, a page of graves at a time, never held whole. They keep the
// bytes of the answers built whole before (JSON.stringify of listGraves, which the route's serializer gave too), carry
// an ETag that a write moves, and answer 304 to a client holding the current one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVersions } from '../../server/data/dataVersions';
import { listGraves } from '../../server/data/graves';
import { sectionJson } from '../../server/data/sectionStream';
import { SectionCopies } from '../../server/http/sectionCopies';
import { gunzipSync } from 'node:zlib';
import { burialDateText } from '../../src/domain/dates/burialDate';
import { sharedText } from '../../src/domain/messages/shared';
import { BOM, csvLine } from '../../src/domain/rules/csv';
import { GENDERS, type Gender, type Grave } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const PATHS: Record<Gender, string> = { men: 'male', women: 'female', bones: 'bone' };

describe.each(ENGINES)('whole sections streamed on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${s.api}${path}`, { headers });
  const staff = (headers: Record<string, string> = {}) =>
    get('/graves', { authorization: `Bearer ${admin.token}`, ...headers });
  /**
   * The whole answer as it was built before. In the staff's list of every grave, graves of equal numbers in two
   * sections came in the order the database returned them (on PostgreSQL, moved by every update of a row); they now
   * come men, women, bones.
   */
  const reference = async (gender?: Gender) => {
    if (gender) return JSON.stringify(await listGraves(s.ctx.db, s.ctx.statusContext(), gender));
    const value = (g: Grave) => (/^\d+$/.test(String(g.number)) ? Number(g.number) : Infinity);
    const all = (await listGraves(s.ctx.db, s.ctx.statusContext())).sort(
      (a, b) =>
        value(a) - value(b) ||
        (value(a) === value(b) && value(a) !== Infinity ? 0 : String(a.number).localeCompare(String(b.number), 'ar')) ||
        GENDERS.indexOf(a.gender) - GENDERS.indexOf(b.gender),
    );
    return JSON.stringify(all);
  };

  beforeAll(async () => {
    // Today is 10 March 2026 (the resting period is one year): some graves rest, some are open, some are full.
    s = await startTestServer({ seed: 'demo', databaseUrl, now: () => new Date('2026-03-10T10:00:00Z') });
    admin = await staffClient(s, 'admin');
    // A grave of several burials: partial dates (a year, a month, a Hijri month) and two on the same day.
    const many = await admin.makeGrave('men', 9001);
    for (const [name, date] of [
      ['سالم عبد الله الحسيني', '1998'],
      ['عمر سالم الحسيني', '3/2001'],
      ['حسن عمر الحسيني', '٥ رمضان ١٤٢٥ هـ'],
      ['علي حسن الحسيني', '2025-06-01'],
      ['محمود علي الحسيني', '2025-06-01'],
    ] as const) {
      await admin.bury(many._id, name, date);
    }
    await admin.markFull((await admin.makeGrave('women', 9002))._id);
    // Bone sections: labels that are not numbers (sorted in Arabic order after the numbered ones), and numbers.
    const ossuary = await admin.makeGrave('bones', 'ب المرحلة الثالثة');
    await admin.makeGrave('bones', 'أ المرحلة الرابعة');
    await admin.makeGrave('bones', 12);
    await admin.makeGrave('bones', 7);
    // Remains moved into a bone section say where they came from.
    const old = await admin.makeGrave('men', 9003);
    await admin.bury(old._id, 'يوسف إبراهيم السيد', '2010-01-01');
    const moved = await call(s.api, 'POST', `/graves/${old._id}/transfer`, {
      token: admin.token,
      body: { bonesGraveId: ossuary._id, date: '2026-03-01' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });
  afterAll(async () => s?.close());

  it('answers the bytes the whole answers had, in each section and for the staff', async () => {
    for (const gender of GENDERS) {
      const res = await get(`/graves/${PATHS[gender]}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = await res.text();
      expect(text === (await reference(gender)), gender).toBe(true);
    }
    const bones = JSON.parse(await (await get('/graves/bone')).text()) as Grave[];
    const labels = bones.map((g) => String(g.number)).filter((n) => !/^\d+$/.test(n));
    expect(bones.map((g) => g.number).slice(0, 2)).toEqual(['7', '12']);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'ar')));
    expect(labels).toContain('أ المرحلة الرابعة');
    expect(bones.flatMap((g) => g.buriedPersons).some((p) => p.transferredFrom?.number === 9003)).toBe(true);
    const all = await staff();
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('private, no-cache');
    expect((await all.text()) === (await reference())).toBe(true);
  });

  it('keeps the bytes across every page boundary: pages of two graves, a grave of many burials in pieces', async () => {
    for (const gender of [...GENDERS, undefined]) {
      const sizes = [
        { graves: 2, burials: 3 },
        { graves: 7, burials: 50 },
      ];
      // A burial at a time is slow on the larger sections: the bone sections' graves hold many.
      if (gender === 'bones') sizes.push({ graves: 1, burials: 1 });
      for (const pages of sizes) {
        let text = '';
        for await (const chunk of sectionJson(s.ctx.db, s.ctx.statusContext(), gender, pages)) text += chunk;
        expect(text === (await reference(gender)), `${gender} ${JSON.stringify(pages)}`).toBe(true);
      }
    }
  });

  it('is the same JSON gzipped as it streams, and answers 304 to the ETag it gave', async () => {
    const plain = await get('/graves/male', { 'accept-encoding': 'identity' });
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const body = await plain.text();
    // gzip as it streams, also for a client that takes brotli (server/http/streamedAnswer.ts says why).
    for (const encoding of ['gzip', 'br, gzip']) {
      const res = await get('/graves/male', { 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('etag')).toBe(etag);
      expect((await res.text()) === body).toBe(true); // fetch decodes it
    }
    const again = await get('/graves/male', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const staffTag = (await staff()).headers.get('etag')!;
    expect((await staff({ 'if-none-match': staffTag })).status).toBe(304);
  });

  /** A section's counter as the kept answers read it, which a copy is built from. */
  const counter = async (gender: Gender) => (await readVersions(s.ctx.db)).get(gender);

  it('a section copy is the section gzipped; one larger than its bound is not held, and not read again that day', async () => {
    const status = s.ctx.statusContext();
    const held = new SectionCopies(s.ctx);
    expect(
      gunzipSync((await held.gzip('women', status, await counter('women')))!).toString() === (await reference('women')),
    ).toBe(true);
    const bounded = new SectionCopies(s.ctx, 100);
    const women = await counter('women');
    expect(await bounded.gzip('women', status, women)).toBeNull();
    const before = s.statementsRun();
    expect(await bounded.gzip('women', status, women)).toBeNull();
    expect(s.statementsRun() - before).toBe(0);
  });

  it('a write compresses again the run of the grave it changed and the one after, not every run after them', async () => {
    // Two hundred empty graves more: the section then holds a dozen runs.
    const range = await call(s.api, 'POST', '/graves/range?dryRun=false', {
      token: admin.token,
      body: { gender: 'men', from: 7000, to: 7199 },
    });
    expect(range.status, JSON.stringify(range.body)).toBe(201);
    const copies = new SectionCopies(s.ctx);
    await copies.gzip('men', s.ctx.statusContext(), await counter('men'));
    const whole = copies.runsCompressed();
    const men = await listGraves(s.ctx.db, s.ctx.statusContext(), 'men');
    const at = men.findIndex((grave) => grave.buriedPersons.length === 0);
    // Runs hold about 32 graves: many runs follow the one changed.
    expect(whole).toBeGreaterThan(8);
    expect(men.length - at).toBeGreaterThan(4 * 32);
    await admin.bury(men[at]!._id, 'رمضان فؤاد الدسوقي', '2026-03-02');
    const patched = await copies.gzip('men', s.ctx.statusContext(), await counter('men'));
    // gunzip checks the CRC of the whole text, made from the runs' own.
    expect(gunzipSync(patched!).toString() === (await reference('men'))).toBe(true);
    expect(copies.runsCompressed() - whole).toBeLessThanOrEqual(2);
  });

  it("a section copy's bytes are in memory of their own, after writes too, not slices of shared slabs", async () => {
    // Node hands out a small buffer as a slice of a 64 KB slab (zlib's one-shot output too): a copy keeping such
    // slices of a few hundred graves' texts held several times their size, and more after each write.
    const copies = new SectionCopies(s.ctx);
    const women = await listGraves(s.ctx.db, s.ctx.statusContext(), 'women');
    await copies.gzip('women', s.ctx.statusContext(), await counter('women'));
    for (const [i, grave] of women
      .filter((g) => g.status === 'متاحة')
      .slice(0, 6)
      .entries()) {
      await admin.bury(grave._id, `زينب محمود الشافعي ${i + 1}`, '2026-03-0' + (i + 1));
      // What a visitor's requests leave behind between writes: small buffers from the same slabs.
      for (let k = 0; k < 50; k++) await get(`/search?q=${encodeURIComponent(`زينب ${k}`)}`);
      const patched = await copies.gzip('women', s.ctx.statusContext(), await counter('women'));
      expect(gunzipSync(patched!).toString() === (await reference('women'))).toBe(true);
    }
    expect(copies.patches()).toBeGreaterThanOrEqual(6);
    const { bytes, memory } = copies.memory();
    expect(bytes).toBeGreaterThan(20_000);
    expect(memory).toBe(bytes);
  });

  it('a write moves the ETag of the section it changed and is in the very next answer', async () => {
    const tagOf = async (path: string) => (await get(path)).headers.get('etag')!;
    const [men, women, staffTag] = [
      await tagOf('/graves/male'),
      await tagOf('/graves/female'),
      (await staff()).headers.get('etag'),
    ];
    const grave = await admin.makeGrave('men', 9004);
    await admin.bury(grave._id, 'خالد يوسف السيد', '2026-03-09');
    const after = await get('/graves/male', { 'if-none-match': men });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(men);
    const text = await after.text();
    expect(text).toContain('خالد يوسف السيد');
    expect(text === (await reference('men'))).toBe(true);
    expect(await tagOf('/graves/female')).toBe(women);
    expect((await staff({ 'if-none-match': staffTag! })).status).toBe(200);
  });

  it("streams the register's CSV with the rows it had, section by section and by number", async () => {
    const res = await fetch(`${s.api}/export/register.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const label = {
      men: sharedText['gender.men'],
      women: sharedText['gender.women'],
      bones: sharedText['gender.bones'],
    };
    let expected =
      BOM +
      csvLine([
        sharedText['grave.gender'],
        sharedText['grave.number'],
        sharedText['grave.status'],
        'معرف المقبرة',
        sharedText['burial.name'],
        sharedText['burial.date'],
        'معرف المتوفى',
        'ملاحظات',
      ]);
    for (const gender of GENDERS) {
      for (const g of await listGraves(s.ctx.db, s.ctx.statusContext(), gender)) {
        const base = [label[g.gender], g.number, g.status, g._id];
        if (g.buriedPersons.length === 0) expected += csvLine([...base, null, null, null, null]);
        for (const p of g.buriedPersons) {
          expected += csvLine([...base, p.name, burialDateText(p.burialDate, p.datePrecision), p._id, p.notes ?? null]);
        }
      }
    }
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8') === expected).toBe(true);
  });
});
