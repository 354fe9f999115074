// Production entry: config -> database -> migrations -> listen; SIGTERM finishes requests in flight, then closes.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { prepare } from './startup';

/** `npm start` builds the site first when dist/ is missing. */
function ensureSiteBuilt(config: Config): void {
  if (!config.staticDir || existsSync(resolve(config.staticDir, 'index.html'))) return;
  console.log('Building the site (dist/ is missing)…');
  execFileSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

export async function serve(config: Config, extraNotices: string[] = []): Promise<void> {
  ensureSiteBuilt(config);
  const { store, ctx, notices } = await prepare(config);
  const app = await buildApp(ctx);
  app.addHook('onClose', async () => store.close());
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  for (const line of [...notices, ...extraNotices]) console.log(line);
  console.log(`Cemetery register listening on http://localhost:${port} (database: ${store.dialect})`);
}

async function main(): Promise<void> {
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

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts')) {
  void main();
}
