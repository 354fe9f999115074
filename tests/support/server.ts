// The real server on a temporary database, for tests: SQLite in a temp folder by default, or a fresh database on
// PostgreSQL when `databaseUrl` (e.g. from TEST_DATABASE_URL) is given; either starts as a copy of an empty register
// the migrations have run on. Listens on a free port of 127.0.0.1.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { loadConfig, type Config } from '../../server/start/config';
import type { LogSink } from '../../server/start/log';
import type { AppContext } from '../../server/http/context';
import { prepare } from '../../server/start/startup';
import { DEMO_ACCOUNTS, seedDemoVillage, type SeedOptions } from '../../server/seed/generator';
import { logIn } from './fixtures';
import { freshPostgresDatabase } from './postgres';

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
  /** How many SQL statements this server has run since it was made (seeding included): read before and after. */
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
 * An empty register the migrations have run on, made once per test process and copied for each SQLite server
 * (migrating took about 0.08 s of each start). Closed before it is copied: nothing of it waits in a journal.
 */
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'register.sqlite');
    const store = await openStore(`file:${file}`);
    try {
      await migrate(store.db);
    } finally {
      await store.close();
    }
    return file;
  })();
  return sqliteTemplate;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let cleanup: () => Promise<void> = async () => {};
  let databaseUrl: string;
  // A folder of its own per server, for its database (SQLite) and its photos (both engines): a test never writes
  // into the repository's data/ folder, and two servers never share photos unless a test passes PHOTOS_DIR.
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-test-'));
  if (options.databaseUrl) {
    const fresh = await freshPostgresDatabase(options.databaseUrl, { migrated: true });
    databaseUrl = fresh.url;
    cleanup = async () => {
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const file = join(dir, 'register.sqlite');
    copyFileSync(await migratedSqliteFile(), file);
    databaseUrl = `file:${file}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config: Config = {
    // The global per-client ceiling is off unless a test sets it: every test client is 127.0.0.1.
    ...loadConfig({ RATE_LIMIT_PER_MINUTE: '0', ...options.env }),
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
  const seed = options.seed ?? 'none';
  if (seed === 'demo') await seedDemoVillage(store.db, { today: ctx.today(), ...options.seedOptions });
  if (seed === 'accounts') {
    const { ensureDemoAccounts } = await import('../../server/seed/generator');
    await ensureDemoAccounts(store.db);
  }
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
