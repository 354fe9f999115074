// PostgreSQL may end the register's idle connections at any moment (a restart, a failover, an administrator's
// pg_terminate_backend). The server must survive that and simply reconnect, not stop with an uncaught error. And it
// opens its connections at start and keeps a few while idle, so a visitor after a quiet spell waits for none.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../support/postgres';
import { startServerProcess } from '../support/process';

const describePg = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) console.warn('dropped-connection test skipped: it needs TEST_DATABASE_URL (PostgreSQL).');

const MANAGER = { email: 'dropped-manager@example.com', password: 'dropped-test-password' };

const login = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });

/**
 * A server process on a database of its own, with an administrator's connection to the same PostgreSQL server;
 * all three are ended after `run`.
 */
async function onFreshDatabase(
  run: (s: {
    server: Awaited<ReturnType<typeof startServerProcess>>;
    admin: pg.Client;
    database: string;
  }) => Promise<void>,
): Promise<void> {
  const fresh = await freshPostgresDatabase(TEST_DATABASE_URL!);
  const server = await startServerProcess({
    DATABASE_URL: fresh.url,
    JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters-long',
    MANAGER_EMAIL: MANAGER.email,
    MANAGER_PASSWORD: MANAGER.password,
  });
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await admin.connect();
  try {
    await run({ server, admin, database: new URL(fresh.url).pathname.slice(1) });
  } finally {
    await admin.end();
    await server.stop();
    await fresh.drop();
  }
}

describePg('PostgreSQL ends the server’s idle connections', () => {
  it('the server keeps running and answers from new connections', async () => {
    await onFreshDatabase(async ({ server, admin, database }) => {
      // Several logins at once leave several idle connections in the server's pool.
      const first = await Promise.all(Array.from({ length: 4 }, () => login(server.url)));
      expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200]);

      const ended = await admin.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300)); // the termination notices reach the idle clients

      expect(server.child.exitCode).toBeNull();
      const again = await login(server.url);
      expect(again.status).toBe(200);
      expect(server.output()).toContain('PostgreSQL dropped an idle connection');
    });
  }, 60_000);

  it('opens its connections at start, and keeps them open while idle', async () => {
    await onFreshDatabase(async ({ admin, database }) => {
      const connections = async () =>
        Number(
          (
            await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [
              database,
            ])
          ).rows[0]!.n,
        );
      // No request asked anything: the server opened them by itself as it started.
      const until = Date.now() + 10_000;
      while ((await connections()) < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await connections()).toBeGreaterThanOrEqual(4);
      // Past the pool's idle timeout (10 s), they are still open.
      await new Promise((r) => setTimeout(r, 11_000));
      expect(await connections()).toBeGreaterThanOrEqual(4);
    });
  }, 60_000);
});
