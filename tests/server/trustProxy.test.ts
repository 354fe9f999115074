// TRUST_PROXY trusts exactly the proxies configured (part 2): with one hop in front, the client is the last
// address the proxy appended to X-Forwarded-For, so a client writing its own X-Forwarded-For does not escape the
// per-address throttles; with proxies named, a peer that is not one of them is the client whatever it writes; a bad
// value stops start-up with a one-line reason. The test client plays the proxy: it sends what nginx would forward.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { ConfigError, loadConfig } from '../../server/start/config';
import { STRICT_TRANSPORT_SECURITY } from '../../server/plugins/securityHeaders';
import { LOGIN_FAILURES_PER_CLIENT } from '../../server/data/loginThrottle';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

describe('TRUST_PROXY values', () => {
  const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('a number is the proxy hops in front; true is one hop; false, 0 or unset trust nobody', () => {
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust('true')).toEqual({ hops: 1 });
    expect(trust('2')).toEqual({ hops: 2 });
    for (const none of [undefined, '', 'false', '0']) expect(trust(none)).toBe(false);
  });

  it('a list names the proxies by address, range or proxy-addr range name', () => {
    expect(trust('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual({
      proxies: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('a bad value stops start-up with a one-line reason', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'nginx', '11', '1.5']) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
      try {
        trust(bad);
      } catch (error) {
        expect((error as Error).message).toMatch(/^TRUST_PROXY/);
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });
});

const login = (s: TestServer, password: string, forwardedFor: string) =>
  call<{ token?: string; message: string }>(s.api, 'POST', '/auth/login', {
    body: { email: DEMO_ACCOUNTS.manager.email, password },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe.each(ENGINES)('TRUST_PROXY=1 (nginx in front) on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => s?.close());

  it('a forged X-Forwarded-For is not the address: the one the proxy appended (the last) is, and is throttled', async () => {
    // The client wrote "1.2.3.4, 5.6.7.8" (a different first address each time); nginx appended 203.0.113.9.
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) {
      const answer = await login(s, 'wrong-password', `1.2.3.${i}, 5.6.7.8, 203.0.113.9`);
      expect(answer.status).toBe(400);
    }
    const refused = await login(s, DEMO_ACCOUNTS.manager.password, '9.9.9.9, 5.6.7.8, 203.0.113.9');
    expectRefusal(refused, 429);
    expect(refused.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    // Another client behind the same proxy is another address: its sign-in goes through.
    const other = await login(s, DEMO_ACCOUNTS.manager.password, '1.2.3.0, 5.6.7.8, 203.0.113.10');
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });

  it('HSTS still follows the proxy: X-Forwarded-Proto https from the proxy in front', async () => {
    const tls = await fetch(`${s.api}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const plain = await fetch(`${s.api}/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe.each(ENGINES)('TRUST_PROXY naming the proxies on $name', ({ databaseUrl }) => {
  let elsewhere: TestServer;
  let here: TestServer;
  beforeAll(async () => {
    // The test client connects from 127.0.0.1: not one of the proxies of the first server, the proxy of the second.
    elsewhere = await startTestServer({
      seed: 'accounts',
      databaseUrl,
      env: { TRUST_PROXY: '192.0.2.1,10.0.0.0/8' },
    });
    here = await startTestServer({ seed: 'accounts', databaseUrl, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await elsewhere?.close();
    await here?.close();
  });

  it('a peer that is not a listed proxy has its X-Forwarded-For ignored: it is counted as itself', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) {
      expect((await login(elsewhere, 'wrong-password', `198.51.100.${i}`)).status).toBe(400);
    }
    const refused = await login(elsewhere, DEMO_ACCOUNTS.manager.password, '198.51.100.200');
    expectRefusal(refused, 429);
    expect(refused.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    // Nor does it decide the protocol: no HSTS for what a non-proxy claims.
    const claimed = await fetch(`${elsewhere.api}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('from a listed proxy, the address it forwards is the client', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) {
      expect((await login(here, 'wrong-password', '198.51.100.7')).status).toBe(400);
    }
    expectRefusal(await login(here, DEMO_ACCOUNTS.manager.password, '198.51.100.7'), 429);
    expect((await login(here, DEMO_ACCOUNTS.manager.password, '198.51.100.8')).status).toBe(200);
    const tls = await fetch(`${here.api}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
  });
});
