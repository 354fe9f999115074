// The real server on a temporary database, for tests: SQLite in a temp folder by default, or a fresh database on
// PostgreSQL when `databaseUrl` (e.g. from TEST_DATABASE_URL) is given; either starts as a copy of a register the
// migrations have run on, empty or seeded as the test asks. Listens on a free port of 127.0.0.1.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import type { Store } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { loadConfig, type Config } from '../../server/start/config';
import type { LogSink } from '../../server/start/log';
import type { AppContext } from '../../server/http/context';
import { prepare } from '../../server/start/startup';
import { DEMO_ACCOUNTS, ensureDemoAccounts, seedDemoVillage, type SeedOptions } from '../../server/seed/generator';
import { todayIn } from '../../src/domain/rules/graveStatus';
import { logIn } from './fixtures';
import { freshPostgresDatabase, seededPostgresTemplate } from './postgres';
import { fillRegister, madeOnce, type Fill } from './registerTemplates';

export { DEMO_ACCOUNTS };

export interface TestServer {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  /** url + '/api' */
  api: string;
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Logs in through the API and returns the token. */
  login(email: string, password: string): Promise<string>;
  /** The first start's code this server made (null when an account existed at its start). */
  setupCode: string | null;
  /** How many SQL statements this server has run since it was made: read before and after. */
  statementsRun(): number;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** 'demo' fills the demo village and its accounts; 'accounts' only the demo accounts; 'none' leaves it empty. */
  seed?: 'demo' | 'accounts' | 'none';
  seedOptions?: SeedOptions;
  /** A built site to serve (the browser suites pass inject('siteDir')); null serves only the API. */
  staticDir?: string | null;
  /** A fixed clock. */
  now?: () => Date;
  /** postgres://… to run on PostgreSQL (a fresh database is created on that server); default a temp SQLite file. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Where the log's lines go; with it the log follows LOG_LEVEL / LOG_FORMAT of `env` (without it, silent). */
  logTo?: LogSink;
}

/**
 * A folder for one of the registers this process copies servers from, inside the test run's own folder, which the
 * run's end removes (tests/support/global-setup.ts): a test process's own exit handlers do not run when Vitest ends
 * it.
 */
const templateFolder = (): string => mkdtempSync(join(inject('templatesDir'), 'register-'));

/**
 * An empty register the migrations have run on, made once per test process and copied for each SQLite server
 * (migrating took about 0.08 s of each start). Closed before it is copied: nothing of it waits in a journal.
 */
const sqliteTemplates = new Map<string, Promise<string>>();
const migratedSqliteFile = (): Promise<string> =>
  madeOnce(sqliteTemplates, 'migrated', async () => {
    const file = join(templateFolder(), 'register.sqlite');
    await fillRegister(`file:${file}`, (db) => migrate(db));
    return file;
  });

/**
 * A register seeded as a server asks (the demo village with its options and day, or only the demo accounts), made
 * once per test process for each engine and way of seeding, and copied for each server that asks for the same:
 * seeding was most of such a server's start (the village about 0.5 s, and each demo account an argon2 hash). Servers
 * copied from the same seeding hold the same ids, as two copies of one register do.
 */
const seededSqliteFile = (key: string, fill: Fill): Promise<string> =>
  madeOnce(sqliteTemplates, `seeded ${key}`, async () => {
    const file = join(templateFolder(), 'register.sqlite');
    copyFileSync(await migratedSqliteFile(), file);
    await fillRegister(`file:${file}`, fill);
    return file;
  });

/**
 * The demo accounts' passwords hashed again at a lower argon2id cost (1 MiB, one pass): the server verifies a hash by
 * the parameters it carries, and the suites sign in some 1,300 times, which at the register's own cost (19 MiB, two
 * passes, about 60 ms each) was a tenth of the whole run's work. Accounts made through the register get its own cost
 * (tests/server/auth.test.ts checks it).
 */
async function lighterDemoHashes(db: Store['db']): Promise<void> {
  for (const { email, password } of Object.values(DEMO_ACCOUNTS)) {
    const hash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    await db.updateTable('accounts').set({ password_hash: hash }).where('email', '=', email).execute();
  }
}

/** What a server's seeding fills its register with, and the key under which that filling is kept. */
function seedingOf(options: TestServerOptions, today: string): { key: string; fill: Fill } | null {
  const seed = options.seed ?? 'none';
  if (seed === 'none') return null;
  if (seed === 'accounts') {
    return {
      key: 'accounts',
      fill: async (db) => {
        await ensureDemoAccounts(db);
        await lighterDemoHashes(db);
      },
    };
  }
  const seedOptions: SeedOptions = { today, ...options.seedOptions };
  return {
    key: `demo ${JSON.stringify(seedOptions)}`,
    fill: async (db) => {
      await seedDemoVillage(db, seedOptions);
      await lighterDemoHashes(db);
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let cleanup: () => Promise<void> = async () => {};
  let databaseUrl: string;
  // A folder of its own per server, for its database (SQLite) and its photos (both engines): a test never writes
  // into the repository's data/ folder, and two servers never share photos unless a test passes PHOTOS_DIR.
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-test-'));
  const fromEnv = loadConfig({ RATE_LIMIT_PER_MINUTE: '0', ...options.env });
  // The day the server's clock says, in the village's zone: the demo's dates are generated around it.
  const seeding = seedingOf(options, todayIn(fromEnv.timeZone, options.now?.() ?? new Date()));
  if (options.databaseUrl) {
    const template = seeding ? await seededPostgresTemplate(options.databaseUrl, seeding.key, seeding.fill) : undefined;
    const fresh = await freshPostgresDatabase(options.databaseUrl, { migrated: true, template });
    databaseUrl = fresh.url;
    cleanup = async () => {
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const file = join(dir, 'register.sqlite');
    copyFileSync(seeding ? await seededSqliteFile(seeding.key, seeding.fill) : await migratedSqliteFile(), file);
    databaseUrl = `file:${file}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config: Config = {
    // The global per-client ceiling is off unless a test sets it: every test client is 127.0.0.1.
    ...fromEnv,
    databaseUrl,
    ...(options.env?.PHOTOS_DIR ? {} : { photosDir: join(dir, 'photos') }),
    ...(options.env?.SEARCH_INDEX_FILE ? {} : { searchIndexFile: join(dir, 'register.search-index') }),
    port: 0,
    host: '127.0.0.1',
    staticDir: options.staticDir ?? null,
    ...(options.logTo ? {} : { logLevel: 'silent' as const }),
  };
  // Every SQL statement the server runs is counted, for the budgets of statements per request.
  let statements = 0;
  const { store, ctx, setupCode } = await prepare(config, { now: options.now, onQuery: () => statements++ });
  const app = await buildApp(ctx, { logTo: options.logTo });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    api: `${url}/api`,
    app,
    ctx,
    config,
    login: (email, password) => logIn({ api: `${url}/api` }, email, password),
    setupCode,
    statementsRun: () => statements,
    async close() {
      await app.close();
      await store.close();
      await cleanup();
    },
  };
}

/** A server that shares only the database (and settings) of another: what another process of a scaled-out site is. */
export interface SecondServer {
  api: string;
  /** Its own context (its own search index, its own answer cache). */
  ctx: AppContext;
  /** The first start's code this process made, as TestServer's. */
  setupCode: string | null;
  close(): Promise<void>;
}

/**
 * Another app on `first`'s database and configuration, with its own connection and nothing shared in memory (the
 * verified-token memo, the answer cache), listening on its own port: another process as the register sees it.
 */
export async function startSecondServer(first: TestServer, now?: () => Date): Promise<SecondServer> {
  const { store, ctx, setupCode } = await prepare(first.config, { now });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    api: `http://127.0.0.1:${port}/api`,
    ctx,
    setupCode,
    async close() {
      await app.close();
      await store.close();
    },
  };
}
