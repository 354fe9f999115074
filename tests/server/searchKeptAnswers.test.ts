// A search's answer is kept until a write changes it: a grave it shows changed, or someone it finds now lies in a
// grave that changed (server/plugins/answerCache.ts `searched`). A burial no longer drops every search kept, in the
// process that wrote it and in the others: only the searches its name meets are built again, and those show it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAVE_STATUS, type SearchMatch } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type SecondServer, type TestServer } from '../support/server';
import { call } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)('search answers kept across writes that do not change them, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let second: SecondServer;
  let admin: StaffClient;
  const search = async (q: string) =>
    (await call<SearchMatch[]>(s.api, 'GET', `/search?q=${encodeURIComponent(q)}`)).body;
  const names = async (q: string) => (await search(q)).map((m) => m.person.name);
  /** Each search asked again: the answers built (not served from a kept one) meanwhile. */
  const built = async (queries: readonly string[]) => {
    const before = s.app.answerCache.builds();
    for (const q of queries) await search(q);
    return s.app.answerCache.builds() - before;
  };
  const QUERIES = ['القناوي', 'البرلسي', 'الدمنهوري'] as const;

  beforeAll(async () => {
    const now = () => new Date('2026-03-10T10:00:00Z');
    s = await startTestServer({ seed: 'accounts', now, databaseUrl });
    second = await startSecondServer(s, now);
    admin = await staffClient(s, 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  it('a burial drops only the searches its name meets, here and in another process', async () => {
    const qena = await admin.makeGrave('men', 501);
    const borollos = await admin.makeGrave('men', 502);
    await admin.bury(qena._id, 'منصور حامد القناوي', '2001-01-01');
    await admin.bury(borollos._id, 'رمضان عبده البرلسي', '2002-02-02');
    // Each kept: asked again, none is built.
    expect(await built(QUERIES)).toBe(3);
    expect(await built(QUERIES)).toBe(0);
    expect(await names('الدمنهوري')).toEqual([]);

    // A burial of another name, here: no search of these three is built again.
    const empty = await admin.makeGrave('men', 503);
    await admin.bury(empty._id, 'جمعة سيد الفيومي', '2003-03-03');
    expect(await built(QUERIES)).toBe(0);

    // A burial the third search finds: that one only, and it shows him.
    const third = await admin.makeGrave('men', 504);
    await admin.bury(third._id, 'سعيد محمود الدمنهوري', '2004-04-04');
    expect(await built(QUERIES)).toBe(1);
    expect(await names('الدمنهوري')).toEqual(['سعيد محمود الدمنهوري']);

    // The same by another process: seen here within a second, the others still kept.
    const elsewhere = await call<{ _id: string }>(second.api, 'POST', '/graves', {
      token: admin.token,
      body: { gender: 'women', number: 505 },
    });
    await call(second.api, 'POST', `/graves/${elsewhere.body._id}/bury`, {
      token: admin.token,
      body: { name: 'نفيسة علي البرلسي', burialDate: '2005-05-05' },
    });
    await sleep(1200);
    expect(await built(QUERIES)).toBe(1);
    expect(await names('البرلسي')).toEqual(['نفيسة علي البرلسي', 'رمضان عبده البرلسي']);
  });

  it('a grave a search shows, marked full or corrected, drops that search only', async () => {
    await built(QUERIES);
    const [qena] = await search('القناوي');
    await admin.markFull(qena!.grave._id);
    expect(await built(QUERIES)).toBe(1);
    expect((await search('القناوي')).map((m) => m.grave.status)).toEqual([GRAVE_STATUS.full]);

    // A name corrected away from what a search finds: that search forgets him.
    const [borollos] = (await search('البرلسي')).filter((m) => m.person.name === 'رمضان عبده البرلسي');
    const corrected = await call(s.api, 'PUT', `/graves/${borollos!.grave._id}/buried/${borollos!.person._id}`, {
      token: admin.token,
      body: { name: 'رمضان عبده المنياوي' },
    });
    expect(corrected.status).toBe(200);
    expect(await built(QUERIES)).toBe(1);
    expect(await names('البرلسي')).toEqual(['نفيسة علي البرلسي']);
  });

  it('a search kept before the register held a word it uses still finds the first name holding it', async () => {
    // «عبد الستار» is one name only once the register holds it: the kept search is read again with it.
    const q = 'عبد الستار';
    const before = await search(q);
    const grave = await admin.makeGrave('men', 506);
    await admin.bury(grave._id, 'عبد الستار حنفي الشرقاوي', '2006-06-06');
    const after = await names(q);
    expect(after).toContain('عبد الستار حنفي الشرقاوي');
    expect(after.length).toBe(before.length + 1);
  });
});
