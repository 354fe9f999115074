// Production entry: config -> database -> migrations -> listen; SIGTERM finishes requests in flight, then closes.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './start/config';
import { prepare, setupNotice } from './start/startup';
import { forgetSetupCode } from './data/setup';
import { dailyBackup } from './data/backup';
import { sweepPhotoFolders } from './data/photos';

/** `npm start` builds the site first when dist/ is missing. */
function ensureSiteBuilt(config: Config): void {
  if (!config.staticDir || existsSync(resolve(config.staticDir, 'index.html'))) return;
  console.log('Building the site (dist/ is missing)…');
  execFileSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

/**
 * With BACKUP_DIR, one online backup a day (checked at start and every hour), the newest BACKUP_KEEP kept, each with
 * the photos beside it.
 */
function scheduleDailyBackups(
  config: Config,
  today: () => string,
  log: { info(m: string): void; error(m: string): void },
) {
  if (!config.databaseUrl.startsWith('file:')) {
    log.error('BACKUP_DIR works with SQLite only; on PostgreSQL schedule pg_dump instead.');
    return;
  }
  const dir = config.backupDir!;
  const run = () =>
    dailyBackup(config.databaseUrl, dir, config.backupKeep, today(), config.photosDir).then(
      (file) => file && log.info(`daily backup written: ${file}`),
      (error: Error) => log.error(`daily backup failed: ${error.message}`),
    );
  setTimeout(run, 5_000).unref();
  setInterval(run, 3_600_000).unref();
}

/**
 * Once an hour, the photo folders no photo names any more (a deleted grave's photos go by the database's
 * cascade, their folders here). Any process may do it: a folder is removed only when no row names it.
 */
function schedulePhotoSweeps(
  config: Config,
  db: Parameters<typeof sweepPhotoFolders>[0],
  log: { info(m: string): void; error(m: string): void },
) {
  const run = () =>
    sweepPhotoFolders(db, config.photosDir, new Date()).then(
      (removed) => removed > 0 && log.info(`photo folders no photo names removed: ${removed}`),
      (error: Error) => log.error(`photo folders sweep failed: ${error.message}`),
    );
  setTimeout(run, 60_000).unref();
  setInterval(run, 3_600_000).unref();
}

export { loadConfig };

/** How long a stop waits for the requests in flight before cutting their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/** `extend` adds routes before listening (the benchmark's reference route; the product passes none). */
export async function serve(
  config: Config,
  extraNotices: string[] = [],
  options: { extend?: (app: FastifyInstance) => unknown } = {},
): Promise<void> {
  ensureSiteBuilt(config);
  const { store, ctx, notices, setupCode } = await prepare(config);
  // PostgreSQL's connections are opened while the routes are put together, before the first request can come: a
  // connection opened by a request, and its first queries, cost that request tens of milliseconds.
  const [app] = await Promise.all([
    buildApp(ctx),
    store
      .warm()
      .catch((error: Error) => console.warn(`The database's connections were not opened ahead: ${error.message}`)),
  ]);
  await options.extend?.(app);
  app.addHook('onClose', async () => {
    // The name index as it is now, for the next start (a few hundred milliseconds even for a city's register).
    await ctx.searchIndex.saveAtStop();
    // The first start's code lives as long as this process (server/data/setup.ts).
    if (setupCode) await forgetSetupCode(store.db, setupCode).catch(() => undefined);
    await store.close();
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight`);
    // Bounded: a client that stopped reading a long answer (a whole section, the register's file) would hold the
    // stop for ever. Past the grace its connection is cut, and the database still closes in order.
    setTimeout(() => {
      app.log.warn(
        `${signal}: requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: their connections are cut`,
      );
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  if (config.backupDir) scheduleDailyBackups(config, () => ctx.today(), app.log);
  schedulePhotoSweeps(config, store.db, app.log);
  const siteUrl = setupCode ? (await ctx.data.identity.read()).siteUrl.replace(/\/+$/, '') : '';
  await app.listen({ port: config.port, host: config.host });
  // The name index is read from its file now (a city's takes about 0.3 s, which held every first answer when it was
  // read before listening), or built when there is no usable file, rather than by the first visitor's search; then
  // the schemas no request has used yet are compiled. Both in slices, when no request is being answered; a search
  // that comes meanwhile waits for the index, which then takes every turn until it is there. The schemas come after
  // it: compiled between the file's reads, they held a city's first search about 0.1 s longer.
  void ctx.searchIndex
    .warm(() => app.idle.next())
    .then(() => app.schemas.compileRest(app.idle))
    .catch((error: Error) => app.log.error(`a route's schema does not compile: ${error.message}`))
    .then(() => app.idle.stop());
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  for (const line of [...notices, ...extraNotices]) console.log(line);
  if (setupCode) console.log(setupNotice(siteUrl || `http://localhost:${port}`, setupCode));
  console.log(`Cemetery register listening on http://localhost:${port} (database: ${store.dialect})`);
}

export async function main(): Promise<void> {
  try {
    await serve(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    console.error(`Start-up failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

// Run directly (tsx server/main.ts, or node --import tsx); scripts/start.mjs imports the bundle and calls main().
if (process.argv[1]?.endsWith('server/main.ts')) {
  void main();
}
