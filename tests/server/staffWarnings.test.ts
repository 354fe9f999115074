// The warnings the register keeps with a burial (saved inside another burial's resting period) are the
// staff's. Burials saved with warnings by the ledger's batch and by a file's import never show them to a visitor:
// not in any public answer of the API (sections, cards, a grave, the latest burials, the next graves, the search and
// its offline index, a grave by number, the plan) nor in any page the server draws (home, sections, a grave, the
// plan). The staff read them on their own route, and the console's list filters the graves that have them.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Grave } from '../../src/domain/types';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

interface BurialWarning {
  _id: string;
  name: string;
  burialDate: string;
  warning: string;
}

describe.each(ENGINES)('the stored warnings are the staff’s on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: string;
  let manager: string;
  const graves: Record<string, Grave> = {};
  const api = <T = unknown>(method: string, path: string, token?: string, body?: unknown) =>
    call<T>(s.api, method, path, { token, body });

  beforeAll(async () => {
    // Today is 10 March 2026 and the resting period one year (the test server's default).
    // With the built site, so that the pages are drawn by the server as a visitor gets them.
    s = await startTestServer({
      seed: 'accounts',
      now: () => new Date('2026-03-10T10:00:00Z'),
      databaseUrl,
      staticDir: inject('siteDir'),
    });
    admin = await signIn(s, 'admin');
    manager = await signIn(s, 'manager');

    // The ledger: grave 40 of the men gets a burial five months after another (a warning); grave 42 none.
    const batch = await api<{ burialsAdded: number; warnings: unknown[]; dryRun: boolean }>(
      'POST',
      '/burials/batch?dryRun=false',
      admin,
      {
        rows: [
          { gender: 'men', graveNumber: 40, name: 'صابر عوض', burialDate: '1/1/2020', createGrave: true },
          { gender: 'men', graveNumber: 40, name: 'رمضان صابر عوض', burialDate: '1/6/2020' },
          { gender: 'men', graveNumber: 42, name: 'نبيل شاكر', burialDate: '1/1/2010', createGrave: true },
        ],
      },
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body).toMatchObject({ burialsAdded: 3, dryRun: false });
    expect(batch.body.warnings).toHaveLength(1);

    // A file: grave 41 of the women, the same.
    const file =
      '\uFEFFالقسم,رقم المقبرة,اسم المتوفى,تاريخ الدفن\r\nنساء,41,زينب فرج,2019-02-01\r\nنساء,41,هدى فرج,2019-05-01\r\n';
    const res = await fetch(`${s.api}/import/burials?dryRun=false&fileName=warn.csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${manager}` },
      body: file,
    });
    const imported = (await res.json()) as { burialsAdded: number; warnings: unknown[]; dryRun: boolean };
    expect(res.status, JSON.stringify(imported)).toBe(201);
    expect(imported).toMatchObject({ burialsAdded: 2, dryRun: false });
    expect(imported.warnings).toHaveLength(1);

    for (const [path, number] of [
      ['male', 40],
      ['male', 42],
      ['female', 41],
    ] as const) {
      graves[`${path}${number}`] = (await api<Grave[]>('GET', `/graves/${path}`)).body.find(
        (g) => g.number === number,
      )!;
    }
  });
  afterAll(async () => s?.close());

  it('the staff read the warnings on their own route; a visitor is refused it, an unknown grave is 404', async () => {
    const men = await api<BurialWarning[]>('GET', `/graves/${graves.male40!._id}/warnings`, admin);
    expect(men.status).toBe(200);
    expect(men.body.map((w) => w.name)).toEqual(['رمضان صابر عوض']);
    expect(men.body[0]!.warning).toContain('صابر عوض');
    const women = await api<BurialWarning[]>('GET', `/graves/${graves.female41!._id}/warnings`, manager);
    expect(women.body.map((w) => w.name)).toEqual(['هدى فرج']);
    expect((await api<BurialWarning[]>('GET', `/graves/${graves.male42!._id}/warnings`, admin)).body).toEqual([]);
    expectRefusal(await api('GET', `/graves/${graves.male40!._id}/warnings`), 401);
    expectRefusal(await api('GET', '/graves/no-such-grave/warnings', admin), 404);
  });

  it('the console list’s filter «with warnings» gives exactly the graves that have them', async () => {
    const list = async (filter: object) => {
      const q = `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`;
      const res = await api<Grave[]>('GET', `/graves?${q}`, admin);
      expect(res.status).toBe(200);
      return res.body.map((g) => g._id).sort();
    };
    expect(await list({ withWarnings: true })).toEqual([graves.male40!._id, graves.female41!._id].sort());
    expect(await list({ withWarnings: true, gender: 'women' })).toEqual([graves.female41!._id]);
    expect(await list({ withWarnings: false })).toHaveLength(3);
    expectRefusal(await api('GET', `/graves?filter=${encodeURIComponent('{"withWarnings":5}')}`, admin), 400);
    // The staff's list holds no warning either: the staff read it on the grave's own route.
    const whole = await api<Grave[]>('GET', '/graves', admin);
    expect(JSON.stringify(whole.body)).not.toContain('warning');
  });

  it('no public answer or page holds a stored warning', async () => {
    const texts = [
      ...(await api<BurialWarning[]>('GET', `/graves/${graves.male40!._id}/warnings`, admin)).body,
      ...(await api<BurialWarning[]>('GET', `/graves/${graves.female41!._id}/warnings`, admin)).body,
    ].map((w) => w.warning);
    expect(texts).toHaveLength(2);
    const ids = [graves.male40!._id, graves.female41!._id, graves.male42!._id];
    const answers = [
      '/graves/male',
      '/graves/female',
      '/graves/bone',
      '/graves/cards/male',
      '/graves/cards/female',
      '/graves/recentBurials',
      '/graves/next',
      `/search?q=${encodeURIComponent('صابر عوض')}`,
      `/search?q=${encodeURIComponent('هدى فرج')}`,
      '/search/index',
      '/graves/by-number/men/40',
      '/graves/by-number/women/41',
      '/plan',
      ...ids.flatMap((id) => [`/graves/graves/${id}`, `/graves/${id}`]),
    ];
    const pages = ['/', '/man', '/woman', '/bones', '/plan', ...ids.map((id) => `/grave-details-user/${id}`)];
    const seen: Array<[string, string]> = [];
    for (const path of answers) {
      const res = await fetch(`${s.api}${path}`);
      expect(res.status, path).toBe(200);
      seen.push([`/api${path}`, await res.text()]);
    }
    for (const path of pages) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      seen.push([path, await res.text()]);
    }
    // The names are public, and found: the check looks where the warnings would be.
    expect(seen.some(([, body]) => body.includes('رمضان صابر عوض'))).toBe(true);
    for (const [path, body] of seen) {
      for (const text of texts) expect(body.includes(text), path).toBe(false);
      expect(/"warnings?"\s*:/.test(body), path).toBe(false);
      expect(body.includes('history.resting'), path).toBe(false);
      // The warnings' own words (the history rule's messages), whatever their names and dates.
      expect(body.includes('وهي أقل من مدة الراحة'), path).toBe(false);
    }
  });
});
