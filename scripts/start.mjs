// `npm start` / `npm run demo`: runs the server from a bundle (build/server/*.mjs) that esbuild refreshes in about
// a tenth of a second whenever a server source is newer, so production starts without compiling TypeScript on
// every launch (the start-up target is under one second to the first answered request).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

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
const sources = Math.max(newest(join(root, 'server')), newest(join(root, 'src/domain')), statSync(join(root, 'package-lock.json')).mtimeMs);
if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
  const { build } = await import('esbuild'); // only when the bundle is stale: a normal start does not load it
  await build({
    entryPoints: { main: join(root, 'server/main.ts'), demo: join(root, 'server/demo.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Kysely goes into the bundle: as 100+ ES modules it alone took a quarter of a second to load. The other
    // packages stay outside, run exactly as the tests run them (bundling fastify's plugins changed how
    // @fastify/static answered a directory).
    external: Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies).filter((name) => name !== 'kysely'),
    logLevel: 'warning',
  });
}

// `node scripts/start.mjs build` only refreshes the bundle (the benchmark times a start that needs no build).
if (process.argv[2] !== 'build') {
  const loaded = await import(pathToFileURL(bundle).href);
  if (entry === 'main') await loaded.main();
}
