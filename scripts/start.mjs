// `npm start` / `npm run demo`: runs the server from a bundle (build/server/*.mjs) that esbuild refreshes in about
// a tenth of a second whenever a server source is newer, so production starts without compiling TypeScript on
// every launch (the start-up target is under one second to the first answered request).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { refuseUnsupportedNode } from './supported-node.mjs';

refuseUnsupportedNode();

const root = resolve(import.meta.dirname, '..');
const entry = process.argv[2] === 'demo' ? 'demo' : 'main';
const out = join(root, 'build/server');

function newest(dir) {
  let time = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) time = Math.max(time, newest(path));
    else if (name.name.endsWith('.ts')) time = Math.max(time, statSync(path).mtimeMs);
  }
  return time;
}

const bundle = join(out, `${entry}.mjs`);
const sources = Math.max(
  newest(join(root, 'server')),
  newest(join(root, 'src/domain')),
  newest(join(root, 'src/api')),
  statSync(join(root, 'package-lock.json')).mtimeMs,
  statSync(import.meta.filename).mtimeMs, // these build options
);
if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
  const { build } = await import('esbuild'); // only when the bundle is stale: a normal start does not load it
  await build({
    entryPoints: {
      main: join(root, 'server/main.ts'),
      demo: join(root, 'server/start/demo.ts'),
      // The register file's reader runs in a worker thread, started from beside main.mjs (server/import/sheet.ts).
      sheetWorker: join(root, 'server/import/sheetWorker.ts'),
    },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Dependencies go into the bundle: one file loads far faster than the hundreds of modules of fastify, ajv and
    // kysely (start-up is a target: under a second to the first answer). Outside stay the native addons, the
    // PostgreSQL driver (loaded only for postgres://), build tools, and @fastify/static, which answered `/` with
    // 403 from inside a bundle (tests/durability/production-entry.test.ts runs this very bundle).
    external: [
      'better-sqlite3',
      'argon2',
      'pg',
      'pg-native',
      'esbuild',
      'vite',
      'lightningcss',
      'tsx',
      '@fastify/static',
      // libvips (the logo's images): a native addon, loaded only when a logo is uploaded.
      'sharp',
      // The register book's PDF: pdfkit reads its own font metrics from beside its files, and is loaded only when
      // a book is printed.
      'pdfkit',
    ],
    // Bundled CommonJS packages call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Without the comments and blank space: V8 keeps a module's source for as long as the process runs, and a
    // comment in Arabic made the whole 4.5 MB source be held as two-byte text (9 MB of the heap instead of 2.5).
    minifyWhitespace: true,
    logLevel: 'warning',
  });
}

// `node scripts/start.mjs build` only refreshes the bundle (the benchmark times a start that needs no build).
if (process.argv[2] !== 'build') {
  // V8's compiled code of the bundle is kept on disk between starts (Node's compile cache, under the system's
  // temporary folder, by Node version and file): a start then does not compile 4.5 MB of source again, 50 to 140 ms
  // less to the first answer on a city's register. Where that folder cannot be written, the start compiles as before.
  enableCompileCache();
  const loaded = await import(pathToFileURL(bundle).href);
  if (entry === 'main') await loaded.main();
}
