// Builds the site once per test run into .cache/test-site for the browser suites, and the server's bundle.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropSeededTemplates, TEST_DATABASE_URL } from './postgres';

export const TEST_SITE_DIR = resolve('.cache/test-site');

export default function setup(project: TestProject): () => Promise<void> {
  // This run's mark, in the names of the databases it leaves to be dropped at its end (seededPostgresTemplate).
  const run = randomBytes(4).toString('hex');
  project.provide('testRun', run);
  // The registers the test processes copy their servers from (tests/support/server.ts), removed at the run's end.
  const templates = mkdtempSync(join(tmpdir(), 'cemetery-templates-'));
  project.provide('templatesDir', templates);
  const teardown = async () => {
    rmSync(templates, { recursive: true, force: true });
    if (TEST_DATABASE_URL) await dropSeededTemplates(TEST_DATABASE_URL, run);
  };
  console.log(
    process.env.TEST_DATABASE_URL
      ? 'Databases under test: SQLite and PostgreSQL (TEST_DATABASE_URL).'
      : 'Databases under test: SQLite only. PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to include it (.ci/run starts a throwaway cluster).',
  );
  // The server's bundle, which the suites that start the server as a process run (tests/support/process.ts): built
  // here once, so that two files starting servers at the same moment never both write it.
  execFileSync(process.execPath, [resolve('scripts/start.mjs'), 'build'], { stdio: 'inherit' });
  // SKIP_SITE_BUILD=1 reuses the last build while iterating on tests that do not touch the site.
  if (process.env.SKIP_SITE_BUILD === '1' && existsSync(resolve(TEST_SITE_DIR, 'index.html'))) {
    project.provide('siteDir', TEST_SITE_DIR);
    return teardown;
  }
  rmSync(TEST_SITE_DIR, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      resolve('node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      TEST_SITE_DIR,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // vitest sets NODE_ENV=test, which would give React's development build; the browser suites test what ships.
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  project.provide('siteDir', TEST_SITE_DIR);
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    /** A mark of this test run (global-setup.ts). */
    testRun: string;
    /** The folder of the registers test servers are copied from, removed at the run's end. */
    templatesDir: string;
  }
}
