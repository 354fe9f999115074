// One client, one count: an IPv4 address, or an IPv6 address's /64 (server/http/clientAddress.ts), for every door
// that counts clients: the request ceiling, failed sign-ins, suggestions (here), corrections, photos and the first
// start's code (pendingCaps.test.ts, setup.test.ts). Two addresses of one /64 share one allowance; the next /64 is
// another client. Through the real server on both engines, behind one trusted proxy (the test plays nginx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { clientKeyOf } from '../../server/http/clientAddress';
import { LOGIN_FAILURES_PER_CLIENT } from '../../server/data/loginThrottle';
import { SUGGESTIONS_PER_HOUR } from '../../server/routes/suggestions';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const [A, B] = ['2001:db8:42:7::1', '2001:0db8:0042:0007:ffff:ffff:ffff:fffe'] as const;
const OTHER_64 = '2001:db8:42:8::1';

describe('the key a client is counted under', () => {
  it('an IPv4 address as written; an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('an IPv6 address by its /64, whatever its spelling', () => {
    expect(clientKeyOf(A)).toBe('2001:db8:42:7::/64');
    expect(clientKeyOf(B)).toBe('2001:db8:42:7::/64');
    expect(clientKeyOf('2001:DB8:42:7:0:0:0:1')).toBe('2001:db8:42:7::/64');
    expect(clientKeyOf(OTHER_64)).toBe('2001:db8:42:8::/64');
    expect(clientKeyOf('::1')).toBe('::/64');
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80::/64');
  });
});

describe.each(ENGINES)('two addresses of one IPv6 /64 are one client on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => s?.close());

  const login = (password: string, from: string) =>
    call<{ token?: string }>(s.api, 'POST', '/auth/login', {
      body: { email: DEMO_ACCOUNTS.admin.email, password },
      headers: { 'x-forwarded-for': from },
    });

  it('failed sign-ins: wrong passwords from A and B spend one allowance; the next /64 signs in', async () => {
    for (let n = 0; n < LOGIN_FAILURES_PER_CLIENT; n++) {
      expect((await login('wrong-password', n % 2 === 0 ? A : B)).status).toBe(400);
    }
    const refused = await login(DEMO_ACCOUNTS.admin.password, B);
    expectRefusal(refused, 429);
    expect(refused.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    expect((await login(DEMO_ACCOUNTS.admin.password, OTHER_64)).status).toBe(200);
  });

  it('suggestions: ten an hour over the /64', async () => {
    const suggest = (from: string) =>
      call(s.api, 'POST', '/suggestion', {
        body: { text: 'اقتراح لتحسين الموقع', name: 'زائر', phone: '01001234567' },
        headers: { 'x-forwarded-for': from },
      });
    for (let n = 0; n < SUGGESTIONS_PER_HOUR; n++) expect((await suggest(n % 2 === 0 ? A : B)).status).toBe(201);
    const refused = await suggest(A);
    expectRefusal(refused, 429);
    expect(refused.body.message).toContain('أرسلت اقتراحات كثيرة');
    expect((await suggest(OTHER_64)).status).toBe(201);
  });
});

describe('the request ceiling counts a /64 as one client', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '6' } });
  });
  afterAll(async () => s?.close());

  it('six calls a minute from A and B together; the seventh is 429; the next /64 is answered', async () => {
    const health = (from: string) => fetch(`${s.api}/health`, { headers: { 'x-forwarded-for': from } });
    for (let n = 0; n < 6; n++) expect((await health(n % 2 === 0 ? A : B)).status).toBe(200);
    const refused = await health(B);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await health(OTHER_64)).status).toBe(200);
  });
});
