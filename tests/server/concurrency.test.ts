// Requests that arrive together must keep the same rules as requests that arrive one by one: one grave per number,
// one "full", no remains moved twice, and throttles that cannot be
// outrun by sending many attempts at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grave } from '../../src/domain/types';
import { ENGINES } from '../support/postgres';
import { staffClient, type StaffClient } from '../support/fixtures';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

describe.each(ENGINES)('concurrent requests on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    admin = await staffClient(s, 'admin');
    token = admin.token;
  });
  afterAll(async () => s?.close());

  it('eight creations of one number at once: one 201, the others 400 grave.duplicate (never 500)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(s.api, 'POST', '/graves', { token, body: { gender: 'men', number: 77 } })),
    );
    expect(statuses(answers)).toEqual([201, ...Array<number>(7).fill(400)]);
    expect((await call<Grave[]>(s.api, 'GET', '/graves/male')).body.filter((g) => g.number === 77)).toHaveLength(1);
  });

  it('eight "full" at once: one 200, the others 400 grave.cannotUpdateFull', async () => {
    const id = (await admin.makeGrave('men', 78))._id;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(s.api, 'PUT', `/graves/full/${id}`, { token })),
    );
    expect(statuses(answers)).toEqual([200, ...Array<number>(7).fill(400)]);
  });

  // A burial dated in the past is history and taken into any grave not full, and two burials on one day
  // are allowed: the race left to hold is remains moved twice. One person, eight moves at once: one moves them.
  it('eight moves of one person to the ossuary at once: one 200, the others refused, moved once', async () => {
    const id = (await admin.makeGrave('women', 79))._id;
    const buried = await call<{ grave: Grave }>(s.api, 'POST', `/graves/${id}/bury`, {
      token,
      body: { name: 'متوفاة قديمًا', burialDate: '2020-05-01' },
    });
    expect(buried.status).toBe(201);
    const person = buried.body.grave.buriedPersons[0]!;
    const ossuary = await admin.makeGrave('bones', 'مرحلة السباق');
    const body = { bonesGraveId: ossuary._id, date: '2026-03-09', buriedPersonIds: [person._id] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(s.api, 'POST', `/graves/${id}/transfer`, { token, body })),
    );
    const [first, ...rest] = statuses(answers);
    expect(first).toBe(200);
    for (const status of rest) expect([400, 409]).toContain(status);
    const bones = (await call<Grave>(s.api, 'GET', `/graves/${ossuary._id}`)).body;
    expect(bones.buriedPersons.map((p) => p._id)).toEqual([person._id]);
  });

  it('twenty suggestions at once from one client: at most ten are stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(s.api, 'POST', '/suggestion', { body: { text: `اقتراح ${i}`, name: 'زائر', phone: '01001234567' } }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array<number>(10).fill(201), ...Array<number>(10).fill(429)]);
    const manager = await staffClient(s, 'manager');
    expect(await manager.suggestionsOf('pending')).toHaveLength(10);
  });

  it('twenty-five wrong passwords at once: at most ten are tried, the rest are 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(s.api, 'POST', '/auth/login', { body: { email: DEMO_ACCOUNTS.admin.email, password: 'guess-password' } }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array<number>(10).fill(400), ...Array<number>(15).fill(429)]);
  });
});
