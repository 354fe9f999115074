// The reverse-proxy example of docs/deploying.md (docs/deploy/nginx.conf) works as written. The example file itself,
// with only its ports and certificate paths put in, runs in a real nginx (no root: its own prefix, pid, logs and
// temporary files in a temp folder) over TLS with a self-signed certificate, in front of two app processes on one
// PostgreSQL database. Through it: the home page and /api/health answer; plain HTTP is sent to HTTPS; an answer is
// compressed exactly once (by the app); the app sees the client's own address (the sign-in throttle counts a client
// connecting from 127.0.0.2 apart from one connecting from 127.0.0.3, whatever X-Forwarded-For they write); both
// processes serve requests, a write through one is read through the other, and one process stopping leaves the site
// answering. No page names the Host a client sent through it, only the committee's site address. Needs PostgreSQL
// (TEST_DATABASE_URL) and nginx (.ci/run installs nginx-light).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { t } from '../../src/domain/messages';
import type { Grave } from '../../src/domain/types';
import { LOGIN_FAILURES_PER_CLIENT } from '../../server/data/loginThrottle';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../support/postgres';
import { freePort, startServerProcess, type ServerProcess } from '../support/process';

const EXAMPLE = resolve('docs/deploy/nginx.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));
const MANAGER = { email: 'proxy-manager@example.com', password: 'proxy-test-password' };

if (!TEST_DATABASE_URL) console.warn('nginx proxy test skipped: it needs TEST_DATABASE_URL (PostgreSQL).');
if (!NGINX) console.warn('nginx proxy test skipped: no nginx (apt-get install nginx-light; .ci/run installs it).');

/** Replaces text the example must contain; a changed example fails here, by name, rather than testing something else. */
function put(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`docs/deploy/nginx.conf no longer contains «${from}»`);
  return text.split(from).join(to);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The body as the client reads it: decoded once, as its Content-Encoding says. */
function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  if (encoding === undefined) return answer.body.toString();
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

describe.skipIf(!TEST_DATABASE_URL || !NGINX)('the nginx example in front of two processes on PostgreSQL', () => {
  let dir: string;
  let nginx: ChildProcess;
  let nginxOutput = '';
  let httpsPort: number;
  let httpPort: number;
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void> = async () => {};

  /** One HTTPS request to nginx, from a chosen local address (a different client). */
  function https(
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
  ): Promise<Answer> {
    return new Promise((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path,
          method: options.method ?? 'GET',
          localAddress: options.from ?? '127.0.0.1',
          rejectUnauthorized: false,
          servername: 'cemetery.example.org',
          agent: false,
          headers: { 'accept-encoding': 'br, gzip', ...options.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(options.body);
    });
  }

  const json = async <T>(path: string, options: Parameters<typeof https>[1] = {}) => {
    const answer = await https(path, {
      ...options,
      headers: { 'content-type': 'application/json', ...options.headers },
    });
    return { status: answer.status, body: JSON.parse(decoded(answer)) as T };
  };

  const signIn = (password: string, from: string, forwardedFor?: string) =>
    json<{ token?: string; message?: string }>('/api/auth/login', {
      method: 'POST',
      from,
      body: JSON.stringify({ email: MANAGER.email, password }),
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cemetery-nginx-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=cemetery.example.org',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const fresh = await freshPostgresDatabase(TEST_DATABASE_URL!);
    drop = fresh.drop;
    const env = {
      DATABASE_URL: fresh.url,
      JWT_SECRET: 'a-shared-secret-of-at-least-thirty-two-characters',
      MANAGER_EMAIL: MANAGER.email,
      MANAGER_PASSWORD: MANAGER.password,
      TRUST_PROXY: '1',
      STATIC_DIR: inject('siteDir'),
      // Staff writes are logged at info: each process's log shows the requests it served.
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);

    [httpsPort, httpPort] = [await freePort(), await freePort()];
    let site = readFileSync(EXAMPLE, 'utf8');
    site = put(site, 'server 127.0.0.1:3001', `server ${new URL(a.url).host}`);
    site = put(site, 'server 127.0.0.1:3002', `server ${new URL(b.url).host}`);
    site = put(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
    site = put(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
    site = put(site, '/etc/letsencrypt/live/cemetery.example.org/fullchain.pem', join(dir, 'cert.pem'));
    site = put(site, '/etc/letsencrypt/live/cemetery.example.org/privkey.pem', join(dir, 'key.pem'));
    site = put(site, '/var/www/letsencrypt', join(dir, 'www'));
    writeFileSync(join(dir, 'site.conf'), site);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'www']) mkdirSync(join(dir, temp));
    // What /etc/nginx/nginx.conf gives a site file, with every path in the temp folder: one process, no root.
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
    );
    nginx = spawn(NGINX!, ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout!.on('data', (d) => (nginxOutput += d));
    nginx.stderr!.on('data', (d) => (nginxOutput += d));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (nginx.exitCode !== null) {
        const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
        throw new Error(`nginx stopped at start:\n${nginxOutput}\n${log}`);
      }
      const listening = await new Promise<boolean>((done) => {
        const socket = connect(httpsPort, '127.0.0.1');
        socket.once('connect', () => done(socket.end() !== undefined));
        socket.once('error', () => done(false));
      });
      if (listening) break;
      if (Date.now() > deadline) throw new Error(`nginx did not listen within 15 s:\n${nginxOutput}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    await a?.stop();
    await b?.stop();
    await drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the home page and /api/health over TLS; plain HTTP is sent to HTTPS', async () => {
    const home = await https('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(home)).toContain('<html');
    const health = await json<{ status: string; database: string }>('/api/health');
    expect(health).toEqual({ status: 200, body: { status: 'ok', database: 'postgres' } });
    // The app saw HTTPS (X-Forwarded-Proto) and says so to the browser itself.
    expect((await https('/api/health')).headers['strict-transport-security']).toBeDefined();

    const redirect = await new Promise<{ status: number; location?: string }>((done, fail) => {
      plainRequest({ host: '127.0.0.1', port: httpPort, path: '/graves?x=1', agent: false }, (res) => {
        res.resume();
        done({ status: res.statusCode ?? 0, location: res.headers.location });
      })
        .on('error', fail)
        .end();
    });
    expect(redirect).toEqual({ status: 301, location: `https://127.0.0.1/graves?x=1` });
  });

  it('compresses an answer exactly once (the app does, nginx leaves it)', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await https('/api/openapi.json', { headers: { 'accept-encoding': accept } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      const document = JSON.parse(decoded(answer)) as { openapi: string };
      expect(document.openapi).toMatch(/^3\./);
    }
    const plain = await https('/api/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveProperty('openapi');
  });

  it('the app sees each client’s own address, whatever X-Forwarded-For the client writes', async () => {
    // The client at 127.0.0.2 forges a different first address each time; nginx appends 127.0.0.2 and the app
    // (TRUST_PROXY=1) counts that one.
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) {
      expect((await signIn('wrong-password', '127.0.0.2', `198.51.100.${i}`)).status).toBe(400);
    }
    const throttled = await signIn(MANAGER.password, '127.0.0.2', '198.51.100.200');
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    // Another client behind the same nginx is another address (without TRUST_PROXY both would be nginx's own).
    const other = await signIn(MANAGER.password, '127.0.0.3');
    expect(other.status).toBe(200);
  });

  it('no page names the host a client wrote: only the committee’s site address, once set', async () => {
    // The example's server block is the only one on its port, so nginx takes any Host and passes it on (Host and,
    // in older copies of the example, X-Forwarded-Host): the app reads neither.
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const page = async (path: string) => decoded(await https(path, { headers: forged }));
    const home = await page('/');
    expect(home).not.toContain('evil.example');
    expect(home).not.toContain('rel="canonical"');
    expect(await page('/robots.txt')).not.toContain('Sitemap:');
    expect((await https('/sitemap.xml', { headers: forged })).status).toBe(404);

    const { body } = await signIn(MANAGER.password, '127.0.0.5');
    const saved = await json<{ siteUrl: string }>('/api/settings', {
      method: 'PUT',
      from: '127.0.0.5',
      headers: { authorization: `Bearer ${body.token!}` },
      body: JSON.stringify({ siteUrl: 'cemetery.example.org' }),
    });
    expect(saved).toMatchObject({ status: 200, body: { siteUrl: 'https://cemetery.example.org' } });
    // Both processes, whichever answers (the other lets its kept settings go within a second).
    await expect
      .poll(async () => {
        const pages = await Promise.all([1, 2, 3, 4].map(() => page('/man')));
        return pages.every((html) => html.includes('<link rel="canonical" href="https://cemetery.example.org/man">'));
      })
      .toBe(true);
    const sitemap = await page('/sitemap.xml');
    expect(sitemap).toContain('<loc>https://cemetery.example.org/man</loc>');
    expect(sitemap).not.toContain('evil.example');
  });

  it('both processes serve: writes go to each, a write through one is read through the other, one may stop', async () => {
    const { body } = await signIn(MANAGER.password, '127.0.0.4');
    const token = body.token!;
    const made: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const created = await json<Grave>('/api/graves', {
        method: 'POST',
        from: '127.0.0.4',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ gender: 'women', number: 700 + n }),
      });
      expect(created.status).toBe(201);
      made.push(created.body._id);
    }
    // Round robin: each process logged some of the writes.
    for (const process of [a, b]) expect(process.output()).toContain('/api/graves');
    // Every grave is read back through nginx, whichever process answers (each within its second of staleness).
    await expect
      .poll(async () => {
        const seen = await Promise.all(
          [1, 2, 3, 4].map(async () => (await json<Grave[]>('/api/graves/female')).body.map((g) => g._id)),
        );
        return seen.every((ids) => made.every((id) => ids.includes(id)));
      })
      .toBe(true);
    // One process stops: the site keeps answering through the other.
    await a.kill();
    for (let i = 0; i < 4; i++) expect((await https('/api/health')).status).toBe(200);
  });
});
