// A fresh PostgreSQL database per test server on the cluster of TEST_DATABASE_URL, dropped afterwards: empty, or
// copied from a migrated template for a server (what the register's first start would make of an empty one).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../../server/db/migrations';
import { fillRegister, madeOnce, type Fill } from './registerTemplates';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

/**
 * A new database on the cluster of `serverUrl`: empty, or with `migrated` a copy of a template the register's
 * migrations have run on, made once per cluster and version of the migrations. Migrating an empty database took
 * about 0.15 s of each test server's start; the copy is the database's own work.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  {
    migrated = false,
    template: from,
  }: {
    migrated?: boolean;
    /** A database of that cluster to copy instead (seededPostgresTemplate): a copy of a register already filled. */
    template?: string;
  } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cemetery_test_${randomBytes(6).toString('hex')}`;
  const template = from ?? (migrated ? await migratedTemplate(serverUrl) : null);
  await withClient(serverUrl, async (admin) => {
    if (!template) {
      await admin.query(`create database ${name}`);
      return;
    }
    // The template's last connection (the one that migrated it) may still be closing on the server's side.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await withClient(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const templates = new Map<string, Promise<string>>();

/** The migrated template's name on that cluster, made if it is not there yet (by one test process at a time). */
const migratedTemplate = (serverUrl: string): Promise<string> =>
  madeOnce(templates, serverUrl, () => makeTemplate(serverUrl));

async function makeTemplate(serverUrl: string): Promise<string> {
  const version = createHash('sha256')
    .update(readFileSync(new URL('../../server/db/migrations.ts', import.meta.url)))
    .digest('hex')
    .slice(0, 12);
  const name = `cemetery_template_${version}`;
  await withClient(serverUrl, async (admin) => {
    // The other test processes wait here until the template is whole; it takes its name only once migrated.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      await fillRegister(databaseUrl(serverUrl, building), (db) => migrate(db));
      await admin.query(`alter database ${building} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

const seeded = new Map<string, Promise<string>>();

/**
 * A migrated database of this test process filled by `fill`, once per cluster and `key`, for servers to be copied
 * from (freshPostgresDatabase's `template`). Its name carries this test run's mark, and the run's end drops it
 * (tests/support/global-setup.ts).
 */
export function seededPostgresTemplate(serverUrl: string, key: string, fill: Fill): Promise<string> {
  return madeOnce(seeded, `${serverUrl} ${key}`, async () => {
    const hash = createHash('sha256').update(key).digest('hex').slice(0, 10);
    const name = `${SEEDED_PREFIX}${inject('testRun')}_${process.pid}_${hash}`;
    const migrated = await migratedTemplate(serverUrl);
    await withClient(serverUrl, async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name} template ${migrated}`);
    });
    await fillRegister(databaseUrl(serverUrl, name), fill);
    return name;
  });
}

/** The start of every seeded template's name, followed by the run's mark. */
export const SEEDED_PREFIX = 'cemetery_seeded_';

/** Drops the seeded templates a test run made (its global setup's teardown). */
export async function dropSeededTemplates(serverUrl: string, run: string): Promise<void> {
  await withClient(serverUrl, async (admin) => {
    const found = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`${SEEDED_PREFIX}${run}_`],
    );
    for (const { datname } of found.rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The engines a server suite runs on: always SQLite, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: ReadonlyArray<{ name: 'sqlite' | 'postgres'; databaseUrl?: string }> = [
  { name: 'sqlite' },
  ...(TEST_DATABASE_URL ? [{ name: 'postgres' as const, databaseUrl: TEST_DATABASE_URL }] : []),
];
