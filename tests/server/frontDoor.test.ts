// The front door (server/http/frontDoor.ts) answers a kept public answer before Fastify's router. These tests hold
// it to answering exactly as the router would (status, headers, bytes, 304), never stale after a write, only when
// nothing else is asked of the request (a session, another origin, another method, a query the route does not
// keep), within the same per-client ceiling as every API call, and with HSTS only when a trusted proxy says HTTPS.
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { COUNTED_CLIENTS, requestCeiling } from '../../server/http/requestCeiling';
import { STRICT_TRANSPORT_SECURITY } from '../../server/plugins/securityHeaders';
import { ENGINES } from '../support/postgres';
import { staffClient, type StaffClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { rawGet } from './helpers';

/** The headers that describe the answer (Date and the connection's own are written by Node for each). */
const described = (headers: IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe.each(ENGINES)('the front door on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let admin: StaffClient;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', databaseUrl });
    admin = await staffClient(s, 'admin');
  });
  afterAll(async () => s?.close());

  const atDoor = () => s.app.answerCache.answeredBeforeRouting();

  it('answers a kept answer with the same status, headers and bytes as the router, in each encoding', async () => {
    for (const [path, encoding] of [
      ['/graves/totalDeaths', 'br, gzip'],
      ['/graves/recentBurials', 'br, gzip'],
      ['/graves/recentBurials', 'gzip'],
      ['/graves/recentBurials', 'identity'],
      ['/articles', 'br'],
    ] as const) {
      await rawGet(`${s.api}${path}`, { 'accept-encoding': encoding }); // kept, if it was not
      const before = atDoor();
      // Another origin's request goes through the router, which answers it from the same kept answer.
      const routed = await rawGet(`${s.api}${path}`, { 'accept-encoding': encoding, origin: s.url });
      expect(atDoor(), `${path} through the router`).toBe(before);
      const door = await rawGet(`${s.api}${path}`, { 'accept-encoding': encoding });
      expect(atDoor(), `${path} (${encoding}) answered at the door`).toBe(before + 1);
      expect(door.status).toBe(200);
      expect(described(door.headers)).toEqual(described(routed.headers));
      expect(door.body.equals(routed.body)).toBe(true);
    }
  });

  it('answers 304 for the ETag the client holds, and the new answer right after a write', async () => {
    const first = await rawGet(`${s.api}/graves/available-count`);
    const etag = String(first.headers.etag);
    const before = atDoor();
    const same = await rawGet(`${s.api}/graves/available-count`, { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    expect(atDoor()).toBe(before + 1);

    const count = (JSON.parse(first.body.toString()) as { availableGravesCount: number }).availableGravesCount;
    await admin.makeGrave('women', 8500);
    const after = await rawGet(`${s.api}/graves/available-count`, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString())).toEqual({ availableGravesCount: count + 1 });
  });

  it('leaves to the router a session, another origin, another method, an unkept query and staff answers', async () => {
    const path = `${s.api}/graves/maleDeaths`;
    await rawGet(path);
    await rawGet(path);
    const before = atDoor();
    const token = admin.token;
    expect((await rawGet(path, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await rawGet(path, { origin: 'https://elsewhere.example' })).status).toBe(200);
    expect((await rawGet(path, {}, 'HEAD')).status).toBe(200);
    expect((await rawGet(`${path}?fresh=1`)).status).toBe(200);
    expect(atDoor()).toBe(before);

    // The staff's whole list, kept by name after a signed-in read, is never answered without a session.
    expect((await rawGet(`${s.api}/graves`, { authorization: `Bearer ${token}` })).status).toBe(200);
    const stranger = await rawGet(`${s.api}/graves`);
    expect(stranger.status).toBe(401);
    expect(atDoor()).toBe(before);
  });
});

describe('the front door counts the per-client ceiling with the router', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'demo', env: { RATE_LIMIT_PER_MINUTE: '6', TRUST_PROXY: '1' } });
  });
  afterAll(async () => s?.close());

  it('one allowance for kept answers and routed calls alike; past it 429 in Arabic; another client is answered', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const before = s.app.answerCache.answeredBeforeRouting();
    const statuses: number[] = [];
    // A built answer, three at the door, two unknown addresses through the router: six calls.
    for (let i = 0; i < 4; i++)
      statuses.push((await rawGet(`${s.api}/graves/femaleDeaths`, from('198.51.100.4'))).status);
    for (let i = 0; i < 2; i++) statuses.push((await rawGet(`${s.api}/no-such-${i}`, from('198.51.100.4'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 404, 404]);
    expect(s.app.answerCache.answeredBeforeRouting()).toBe(before + 3);

    const refused = await rawGet(`${s.api}/graves/femaleDeaths`, from('198.51.100.4'));
    expect(refused.status).toBe(429);
    expect((JSON.parse(refused.body.toString()) as { message: string }).message).toBe(t('errors.tooManyRequests'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(s.app.answerCache.answeredBeforeRouting()).toBe(before + 3);

    const other = await rawGet(`${s.api}/graves/femaleDeaths`, from('198.51.100.5'));
    expect(other.status).toBe(200);
    expect(s.app.answerCache.answeredBeforeRouting()).toBe(before + 4);
  });

  it('says HTTPS (HSTS) only when the trusted proxy says so', async () => {
    await rawGet(`${s.api}/graves/totalDeaths`, { 'x-forwarded-for': '198.51.100.6' });
    const before = s.app.answerCache.answeredBeforeRouting();
    const overTls = await rawGet(`${s.api}/graves/totalDeaths`, {
      'x-forwarded-for': '198.51.100.6',
      'x-forwarded-proto': 'https',
    });
    expect(overTls.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const plain = await rawGet(`${s.api}/graves/totalDeaths`, { 'x-forwarded-for': '198.51.100.6' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(s.app.answerCache.answeredBeforeRouting()).toBe(before + 2);
  });
});

describe('with no proxy trusted', () => {
  it("a client's own X-Forwarded-Proto gets no HSTS, and its X-Forwarded-For no other allowance", async () => {
    const s = await startTestServer({ seed: 'demo', env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (const forwarded of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
        const answer = await rawGet(`${s.api}/graves/totalDeaths`, {
          'x-forwarded-for': forwarded,
          'x-forwarded-proto': 'https',
        });
        expect(answer.headers['strict-transport-security']).toBeUndefined();
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await s.close();
    }
  });
});

describe("the ceiling's counter", () => {
  it('refuses past the allowance until the minute ends, then counts again, saying how long to wait', () => {
    let now = 0;
    const ceiling = requestCeiling(2, 60_000, () => now);
    expect([ceiling.take('a'), ceiling.take('a'), ceiling.take('b')]).toEqual([0, 0, 0]);
    expect(ceiling.take('a')).toBe(60);
    now = 59_001;
    expect(ceiling.take('a')).toBe(1);
    now = 60_000;
    expect(ceiling.take('a')).toBe(0);
  });

  it('counts at most COUNTED_CLIENTS clients: the oldest window is forgotten first', () => {
    const ceiling = requestCeiling(1, 60_000, () => 0);
    expect(ceiling.take('first')).toBe(0);
    expect(ceiling.take('first')).toBe(60);
    for (let i = 0; i < COUNTED_CLIENTS; i++) ceiling.take(`stranger-${i}`);
    // 'first' was pushed out: counted again from nothing.
    expect(ceiling.take('first')).toBe(0);
    // The newest strangers are still counted.
    expect(ceiling.take(`stranger-${COUNTED_CLIENTS - 1}`)).toBe(60);
  });
});
