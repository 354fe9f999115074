// GET /api/search/index read a page of graves at a time says exactly what the whole register encoded at
// once said (encodeOfflineIndex of listGraves), bone sections, moved remains and partial dates included; and past
// OFFLINE_INDEX_MAX_BURIALS it is not built at all: 404 with its Arabic reason. Both engines, the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeOfflineIndex, encodeOfflineIndex, type OfflineIndex } from '../../src/domain/search/offlineIndex';
import type { Grave } from '../../src/domain/types';
import { listGraves } from '../../server/data/graves';
import { readOfflineIndex } from '../../server/data/offlineIndex';
import { staffClient, type StaffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const INDEX = '/search/index';

describe.each(ENGINES)('the offline index read by pages on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  const bury = async (grave: Grave, name: string, burialDate: string) => {
    const answer = await call(s.api, 'POST', `/graves/${grave._id}/bury`, {
      token: admin.token,
      body: { name, burialDate },
    });
    expect(answer.status, burialDate).toBe(201);
  };
  /** What the route said before it read by pages: the whole register as objects, encoded at once. */
  const atOnce = async (updatedAt: string) =>
    encodeOfflineIndex(await listGraves(s.ctx.db, s.ctx.statusContext()), new Date(updatedAt));
  const index = async () => {
    const answer = await call<OfflineIndex>(s.api, 'GET', INDEX);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, env: { OFFLINE_INDEX_MAX_BURIALS: '0' } });
    admin = await staffClient(s, 'admin');
    // No number in two sections here: listGraves leaves such ties in the engine's scan order (see the next test).
    const men = [];
    for (const n of [4, 1, 12, 3, 2]) men.push(await admin.makeGrave('men', n));
    const women = [];
    for (const n of [40, 11, 13]) women.push(await admin.makeGrave('women', n));
    const second = await admin.makeGrave('bones', 'المرحلة الثانية');
    await admin.makeGrave('bones', 'المرحلة الأولى');
    await admin.makeGrave('bones', '31');
    const [m4, m1, m12, m3] = men as [Grave, Grave, Grave, Grave];
    const [w40, w11] = women as [Grave, Grave];
    await bury(m4, 'عبد الحميد سعد الشناوي', '2001-02-03');
    await bury(m4, 'سعد عبد الحميد الشناوي', '1981');
    await bury(m4, 'محمد سعد الشناوي', '2020-06-01');
    await bury(m1, 'أحمد محمد علي', 'رمضان ١٤٢٥ هـ');
    await bury(m1, 'علي أحمد محمد', '2004-03');
    await bury(m12, 'محمود علي', '1999-12-31');
    await bury(m3, 'حسن  علي', `${new Date().getUTCFullYear() - 1}-01-05`);
    await admin.markFull(m3._id);
    await bury(w40, 'فاطمة محمد الشناوي', '١٤٠٥ هـ');
    await bury(w40, 'زينب علي', '2010-10-10');
    await bury(w11, 'نفيسة محمود الخولي', '1995-05-05');
    await bury(m12, 'سعد محمود', '1990-01-01');
    // Remains moved to the ossuary: they are read from the bone grave, newest first there too.
    const moved = await call(s.api, 'POST', `/graves/${m12._id}/transfer`, {
      token: admin.token,
      body: { bonesGraveId: second._id, date: '2024-01-01' },
    });
    expect(moved.status).toBe(200);
  });
  afterAll(async () => s?.close());

  it('says what the register encoded at once says, whatever the page size', async () => {
    const answer = await index();
    const graves = decodeOfflineIndex(answer);
    expect(graves.filter((g) => g.gender === 'bones').flatMap((g) => g.buriedPersons)).toHaveLength(2);
    expect(new Set(graves.flatMap((g) => g.buriedPersons).map((p) => p.datePrecision ?? 'day'))).toEqual(
      new Set(['day', 'year', 'month', 'hijriMonth', 'hijriYear']),
    );
    const expected = await atOnce(answer.updatedAt);
    expect(answer).toEqual(expected);
    for (const pageSize of [1, 2, 3, 5]) {
      const paged = await readOfflineIndex(s.ctx.db, s.ctx.statusContext(), new Date(answer.updatedAt), pageSize);
      expect(paged, `pages of ${pageSize}`).toEqual(expected);
    }
  });

  it('puts a number several sections share in the order men, women, bones', async () => {
    await admin.makeGrave('bones', '2');
    const women2 = await admin.makeGrave('women', 2);
    await bury(women2, 'آمنة حسن', '2015-01-01');
    const graves = decodeOfflineIndex(await index());
    const twos = graves.filter((g) => g.number === 2 || g.number === '2').map((g) => g.gender);
    expect(twos).toEqual(['men', 'women', 'bones']);
    const at = graves.findIndex((g) => g.number === 2);
    expect(graves.slice(at, at + 3).map((g) => g.gender)).toEqual(['men', 'women', 'bones']);
  });
});

describe.each(ENGINES)('the offline index past its ceiling on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, env: { OFFLINE_INDEX_MAX_BURIALS: '2' } });
    admin = await staffClient(s, 'admin');
  });
  afterAll(async () => s?.close());

  it('is given up to the ceiling, then refused with its reason, also after it was kept', async () => {
    const grave = await admin.makeGrave('men', 1);
    await admin.bury(grave._id, 'أحمد محمد علي', '2001-01-01');
    await admin.bury(grave._id, 'علي أحمد محمد', '2002-01-01');
    const kept = await call<OfflineIndex>(s.api, 'GET', INDEX);
    expect(kept.status).toBe(200);
    expect(decodeOfflineIndex(kept.body)[0]!.buriedPersons).toHaveLength(2);

    await admin.bury(grave._id, 'محمد علي أحمد', '2003-01-01');
    const asked: Array<Record<string, string>> = [{}, { 'if-none-match': kept.headers.get('etag')! }];
    for (const headers of asked) {
      const refused = await call(s.api, 'GET', INDEX, { headers });
      expectRefusal(refused, 404, 'search.offlineTooLarge');
      expect(refused.headers.get('etag')).toBeNull();
    }
  });
});
