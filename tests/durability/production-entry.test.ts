// What `npm start` runs (the bundled server from scripts/start.mjs) serves the site and the API like the
// source does: the home page, a client-side route (both drawn on the server), hashed assets with long caching,
// and the API.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { npmStart } from '../support/npmStart';
import { listeningPort, startServerProcess } from '../support/process';

describe('the production entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-prod-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the home page, routes, assets and the API', async () => {
    const siteDir = inject('siteDir');
    const server = await startServerProcess({ DATABASE_URL: `file:${join(dir, 'r.sqlite')}`, STATIC_DIR: siteDir });
    try {
      // A grave the register does not have is the site's page too, as a 404 (the browser says it was not found).
      for (const [path, status] of [
        ['/', 200],
        ['/man', 200],
        ['/grave-details-user/unknown', 404],
        ['/admin/graves', 200],
      ] as const) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status, path).toBe(status);
        expect(res.headers.get('content-type'), path).toContain('text/html');
        expect(await res.text(), path).toContain('<div id="root">');
      }
      // The bundled server loads the site's renderer too: public screens arrive drawn, the console does not.
      expect(await (await fetch(`${server.url}/man`)).text()).toContain('<h1 id="section-heading">مقابر الرجال</h1>');
      expect(await (await fetch(`${server.url}/`)).text()).toContain('class="site-header"');
      expect(await (await fetch(`${server.url}/admin/graves`)).text()).toContain('<div id="root"></div>');
      const asset = readdirSync(join(siteDir, 'assets')).find((f) => f.endsWith('.js'))!;
      for (const path of [`/assets/${asset}`, '/api/graves/male']) {
        const { status, cacheControl } = await new Promise<{ status: number; cacheControl: string }>((done, fail) => {
          httpGet(`${server.url}${path}`, (res) => {
            res.resume();
            res.on('end', () =>
              done({ status: res.statusCode ?? 0, cacheControl: String(res.headers['cache-control']) }),
            );
          }).on('error', fail);
        });
        expect(status, path).toBe(200);
        if (path.startsWith('/assets/')) expect(cacheControl).toContain('immutable');
      }
      const missing = await fetch(`${server.url}/api/nothing-here`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { message: string }).message).toBe('الصفحة غير موجودة');
    } finally {
      await server.stop();
    }
  }, 60_000);
});

// The tests and the bench start "the server as npm start runs it" from package.json's start script as they read it
// (tests/support/npmStart.ts): `npm start` itself, through npm's shell, gives node the same flags and variables.
describe('npm start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-npm-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs node with the memory settings the tests and the bench read from its script', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: `file:${join(dir, 'r.sqlite')}`,
      STATIC_DIR: 'none',
      // A port the system gives the server; it prints which (a port found free beforehand may be taken meanwhile).
      PORT: '0',
    };
    delete env.HEAP_LIMIT_MB;
    delete env.MALLOC_ARENA_MAX;
    delete env.SEMI_SPACE_MB;
    const npm = spawn('npm', ['start', '--silent'], {
      env: { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      detached: true,
    });
    try {
      await waitForHealth(npm);
      const server = serverProcessUnder(npm.pid!);
      const expected = npmStart(env);
      expect(expected.nodeArgs).toContain('--max-old-space-size=160');
      const args = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(args.slice(1)).toEqual([...expected.nodeArgs, expected.script]);
      const vars = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(expected.env)) expect(vars).toContain(`${name}=${value}`);
    } finally {
      process.kill(-npm.pid!, 'SIGTERM');
      await new Promise((r) => npm.once('exit', r));
    }
  }, 60_000);
});

/** The node process running scripts/start.mjs among the descendants of `root` (npm runs it through sh). */
function serverProcessUnder(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const cmdline = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })();
    if (pid !== root && cmdline.includes('scripts/start.mjs') && cmdline.split('\0')[0]!.endsWith('node')) return pid;
    queue.push(...(children.get(pid) ?? []));
  }
  throw new Error('no node process runs scripts/start.mjs under npm start');
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('npm start exited');
    const port = listeningPort(out);
    if (port && (await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`npm start did not answer within 30 s:\n${out}`);
}
