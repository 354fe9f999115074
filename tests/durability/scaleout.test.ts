// Several server processes on one PostgreSQL database: migrations run once when both start together, a write
// through one is read through the other, tokens of one are accepted by the other, a session ended through one is
// refused by the other, and throttles are shared.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { t } from '../../src/domain/messages';
import type { Grave } from '../../src/domain/types';
import { logIn, makeGrave } from '../support/fixtures';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';

const describePg = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) console.warn('scale-out test skipped: it needs TEST_DATABASE_URL (PostgreSQL).');

const MANAGER = { email: 'scale-manager@example.com', password: 'scale-test-password' };

describePg('two server processes on one PostgreSQL', () => {
  it('share migrations, data, tokens and throttles', async () => {
    const fresh = await freshPostgresDatabase(TEST_DATABASE_URL!);
    const env = {
      DATABASE_URL: fresh.url,
      JWT_SECRET: 'a-shared-secret-of-at-least-thirty-two-characters',
      MANAGER_EMAIL: MANAGER.email,
      MANAGER_PASSWORD: MANAGER.password,
      // The per-account allowance is checked from many addresses (X-Forwarded-For) below.
      TRUST_PROXY: 'true',
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const migrations = await client.query<{ name: string }>('select name from kysely_migration');
      const managers = await client.query<{ n: number }>(
        "select count(*)::int as n from accounts where role = 'manager'",
      );
      await client.end();
      expect(migrations.rows.map((r) => r.name)).toEqual([...new Set(migrations.rows.map((r) => r.name))]);
      expect(migrations.rowCount).toBeGreaterThan(0);
      expect(managers.rows[0]?.n).toBe(1);

      const token = await logIn(a, MANAGER.email, MANAGER.password);
      const grave = await makeGrave(b, token, 'men', 7); // a token issued by A is accepted by B (else it throws)
      const started = Date.now();
      let seen = false;
      // The stated bound for one process serving another's write is 2 seconds (the public cache's revalidation).
      while (!seen && Date.now() - started < 5_000) {
        const list = (await (await fetch(`${a.url}/api/graves/male`)).json()) as Grave[];
        seen = list.some((g) => g._id === grave._id);
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      const lag = Date.now() - started;
      expect(seen).toBe(true);
      expect(lag).toBeLessThan(3_000);
      console.log(`scale-out: a write through one process was read through the other after ${lag} ms`);

      // A session ended through one process is refused by the other at once, though B had already accepted it.
      const ended = await fetch(`${a.url}/api/auth/sign-out-everywhere`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ended.status).toBe(200);
      const refused = await fetch(`${b.url}/api/users`, { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe(t('errors.sessionEnded'));
      const renewed = await logIn(a, MANAGER.email, MANAGER.password);
      expect((await fetch(`${b.url}/api/users`, { headers: { authorization: `Bearer ${renewed}` } })).status).toBe(200);

      // Ten failed logins spread over both processes exhaust the one shared allowance.
      for (let i = 0; i < 10; i++) {
        const target = i % 2 ? a : b;
        const res = await fetch(`${target.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: MANAGER.email, password: `wrong-${i}` }),
        });
        expect(res.status).toBe(400);
      }
      for (const target of [a, b]) {
        const res = await fetch(`${target.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(MANAGER),
        });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }

      // The account's own allowance over all addresses is shared too: ten more wrong passwords from ten other
      // addresses, alternating processes, bring it to twenty; then the right password waits on both, from anywhere.
      const attempt = (target: ServerProcess, password: string, address: string) =>
        fetch(`${target.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: MANAGER.email, password }),
        });
      for (let i = 0; i < 10; i++) {
        expect((await attempt(i % 2 ? a : b, `wrong-again-${i}`, `198.51.100.${i + 1}`)).status).toBe(400);
      }
      for (const [i, target] of [a, b].entries()) {
        const res = await attempt(target, MANAGER.password, `203.0.113.${i + 1}`);
        expect(res.status).toBe(429);
        const wait = Number(res.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(15 * 60);
        expect(((await res.json()) as { message: string }).message).toBe(
          t('auth.accountThrottled', { wait: formatWaitMinutes(wait) }),
        );
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await fresh.drop();
    }
  }, 60_000);
});
