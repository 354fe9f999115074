// Login throttling per account over all client addresses: wrong passwords for one account spread
// over 50 forwarded addresses engage it, the right password waits out the window and then works, the sign-in after
// failures is in the audit trail, a second server on the same database sees the same count, and every 429 the
// server gives says when to come back (Retry-After).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { t } from '../../src/domain/messages';
import type { AuditEntry } from '../../src/domain/types';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_CLIENT,
  LOGIN_WINDOW_SECONDS,
} from '../../server/data/loginThrottle';
import { staffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startSecondServer, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock, type Answer } from './helpers';

const START = '2026-03-10T10:00:00Z';
const addressNo = (i: number) => `198.51.100.${i + 1}`;

/** The Retry-After of a 429 in seconds (a whole number, at least one). */
function retryAfter(answer: Answer): number {
  const header = answer.headers.get('retry-after');
  expect(header, 'Retry-After').toMatch(/^[1-9][0-9]*$/);
  return Number(header);
}

describe.each(ENGINES)('login throttled per account over all addresses on $name', ({ databaseUrl }) => {
  const clock = movableClock(START);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => s?.close());

  const login = (api: string, email: string, password: string, from: string) =>
    call<{ token?: string; message: string }>(api, 'POST', '/auth/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': from },
    });

  /** Sends one wrong password from each of 50 addresses, ten seconds apart; answers the statuses and the refusals. */
  async function spread(api: string, email: string, firstAddress = 0) {
    const answers: Answer[] = [];
    for (let i = 0; i < 50; i++) {
      answers.push(await login(api, email, `wrong-password-${i}`, addressNo(firstAddress + i)));
      clock.advance(10_000);
    }
    return answers;
  }

  it('50 addresses, one account: 20 wrong passwords are tried, then 429 with the wait in Arabic and Retry-After', async () => {
    clock.set(START);
    const { email, password } = DEMO_ACCOUNTS.admin;
    const answers = await spread(s.api, email);
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ACCOUNT)).toEqual(Array(LOGIN_FAILURES_PER_ACCOUNT).fill(400));
    expect(statuses.slice(LOGIN_FAILURES_PER_ACCOUNT)).toEqual(Array(50 - LOGIN_FAILURES_PER_ACCOUNT).fill(429));
    // The first refusal came 200 s after the first failure: its slot frees 900 - 200 = 700 s later (١٢ دقيقة).
    const first = answers[LOGIN_FAILURES_PER_ACCOUNT]!;
    expectRefusal(first, 429);
    expect(retryAfter(first)).toBe(LOGIN_WINDOW_SECONDS - 10 * LOGIN_FAILURES_PER_ACCOUNT);
    expect(first.body.message).toBe(t('auth.accountThrottled', { wait: '١٢ دقيقة' }));
    // Each later refusal announces a shorter wait, never past the window.
    const waits = answers.slice(LOGIN_FAILURES_PER_ACCOUNT).map(retryAfter);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBe(waits[i - 1]! - 10);

    // The right password, from an address that never failed, waits too: the count is the account's.
    const refused = await login(s.api, email, password, '203.0.113.200');
    expectRefusal(refused, 429);
    const wait = retryAfter(refused);
    expect(refused.body.message).toBe(t('auth.accountThrottled', { wait: formatWaitMinutes(wait) }));
    // One second before the announced time it is still refused; at that time the right password works.
    clock.advance((wait - 1) * 1000);
    expect((await login(s.api, email, password, '203.0.113.200')).status).toBe(429);
    clock.advance(1000);
    const signedIn = await login(s.api, email, password, '203.0.113.200');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.token).toBeTruthy();

    // The audit trail has the sign-in with the 20 wrong passwords tried before it (refusals tried nothing).
    const manager = await staffClient(s, 'manager');
    const trail = await call<AuditEntry[]>(
      s.api,
      'GET',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'account.login' }))}`,
      { token: manager.token },
    );
    expect(trail.status).toBe(200);
    const entry = trail.body.find((e) => e.accountEmail === email);
    expect(entry).toMatchObject({
      action: 'account.login',
      entity: 'account',
      after: { failures: LOGIN_FAILURES_PER_ACCOUNT },
    });
    expect(entry!.at).toBe(clock.now().toISOString());
    // The manager signed in without failures: not audited.
    expect(trail.body.filter((e) => e.accountEmail === DEMO_ACCOUNTS.manager.email)).toEqual([]);
  });

  it('the success forgot the failures: the next sign-in is not audited, the next wrong passwords are tried', async () => {
    clock.advance(60_000);
    const { email, password } = DEMO_ACCOUNTS.admin;
    for (let i = 0; i < 3; i++) expect((await login(s.api, email, 'wrong', addressNo(100 + i))).status).toBe(400);
    expect((await login(s.api, email, password, addressNo(100))).status).toBe(200);
    expect((await login(s.api, email, password, addressNo(100))).status).toBe(200);
    const manager = await staffClient(s, 'manager');
    const trail = await call<AuditEntry[]>(
      s.api,
      'GET',
      `/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'account.login', account: email }))}`,
      { token: manager.token },
    );
    expect(trail.body.map((e) => e.after)).toEqual([{ failures: 3 }, { failures: LOGIN_FAILURES_PER_ACCOUNT }]);
  });

  it('an unknown email is counted the same way: the same answers, so nothing tells which emails have accounts', async () => {
    clock.set('2026-03-11T10:00:00Z');
    const known = await spread(s.api, DEMO_ACCOUNTS.manager.email, 0);
    clock.set('2026-03-12T10:00:00Z');
    const unknown = await spread(s.api, 'nobody-here@example.com', 0);
    const shape = (answers: Answer[]) => answers.map((a) => [a.status, a.body, a.headers.get('retry-after')]);
    expect(shape(unknown)).toEqual(shape(known));
    expect(unknown.at(-1)!.status).toBe(429);
  });

  it('from one address the per-client allowance speaks first (10), and only for that address', async () => {
    clock.set('2026-03-13T10:00:00Z');
    const { email, password } = DEMO_ACCOUNTS.manager;
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) {
      expect((await login(s.api, email, 'wrong-password', '192.0.2.10')).status).toBe(400);
    }
    const refused = await login(s.api, email, password, '192.0.2.10');
    expectRefusal(refused, 429);
    expect(retryAfter(refused)).toBe(LOGIN_WINDOW_SECONDS);
    expect(refused.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    expect((await login(s.api, email, password, '192.0.2.11')).status).toBe(200);
  });

  it('a second server on the same database sees the same count, and the same wait', async () => {
    clock.set('2026-03-14T10:00:00Z');
    const other = await startSecondServer(s, clock.now);
    try {
      const { email, password } = DEMO_ACCOUNTS.admin;
      // Wrong passwords alternate between the two servers, each from its own address.
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
        const api = i % 2 ? other.api : s.api;
        expect((await login(api, email, `wrong-${i}`, addressNo(i))).status).toBe(400);
      }
      const here = await login(s.api, email, password, '203.0.113.50');
      const there = await login(other.api, email, password, '203.0.113.51');
      for (const answer of [here, there]) {
        expectRefusal(answer, 429);
        expect(retryAfter(answer)).toBe(LOGIN_WINDOW_SECONDS);
      }
      expect(there.body).toEqual(here.body);
      clock.advance(LOGIN_WINDOW_SECONDS * 1000);
      // A success through one server forgets the failures for both.
      expect((await login(other.api, email, password, '203.0.113.51')).status).toBe(200);
      expect((await login(s.api, email, 'wrong-again', '203.0.113.52')).status).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe.each(ENGINES)('every 429 carries Retry-After on $name', ({ databaseUrl }) => {
  const clock = movableClock(START);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      seed: 'accounts',
      now: clock.now,
      databaseUrl,
      env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '60' },
    });
  });
  afterAll(async () => s?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('suggestions: the 11th in an hour from one address waits for the first to leave the hour', async () => {
    const send = (i: number) =>
      call(s.api, 'POST', '/suggestion', {
        body: { text: `اقتراح ${i}`, name: 'زائر', phone: '0100 123 4567' },
        headers: from('192.0.2.77'),
      });
    for (let i = 0; i < 10; i++) {
      expect((await send(i)).status).toBe(201);
      clock.advance(60_000);
    }
    const refused = await send(10);
    expectRefusal(refused, 429);
    // The first was sent ten minutes ago: its place frees in fifty.
    expect(retryAfter(refused)).toBe(50 * 60);
    expect(refused.body.message).toBe(t('suggest.tooManyWait', { wait: '٥٠ دقيقة' }));
  });

  it('login per client and per account', async () => {
    const { email } = DEMO_ACCOUNTS.admin;
    const attempt = (address: string) =>
      call(s.api, 'POST', '/auth/login', { body: { email, password: 'wrong-password' }, headers: from(address) });
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) expect((await attempt('192.0.2.1')).status).toBe(400);
    const perClient = await attempt('192.0.2.1');
    expectRefusal(perClient, 429);
    expect(retryAfter(perClient)).toBe(LOGIN_WINDOW_SECONDS);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - LOGIN_FAILURES_PER_CLIENT; i++) {
      expect((await attempt(`192.0.2.${10 + i}`)).status).toBe(400);
    }
    const perAccount = await attempt('192.0.2.99');
    expectRefusal(perAccount, 429);
    expect(retryAfter(perAccount)).toBe(LOGIN_WINDOW_SECONDS);
  });

  it('the global ceiling per address', async () => {
    let answer: Answer | undefined;
    for (let i = 0; i < 61; i++)
      answer = await call(s.api, 'GET', '/graves/totalDeaths', { headers: from('192.0.2.200') });
    expectRefusal(answer!, 429, 'errors.tooManyRequests');
    expect(retryAfter(answer!)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(answer!)).toBeLessThanOrEqual(60);
  });
});
