// The edges of HTTP: the server's renderer bundle is never served whatever the spelling of its
// address, what Node's parser refuses (headers too large, a malformed request, one that never finishes) is answered
// in Arabic JSON and the connection closed, unknown public addresses are 404, a 401 says how to authenticate, HSTS
// only behind TLS, and the OpenAPI document holds only the API's operations, the staff ones with bearer security.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { SERVER_RENDER_DIR, SERVER_RENDER_FILE } from '../../src/ssr/buildFiles';
import { STRICT_TRANSPORT_SECURITY } from '../../server/plugins/securityHeaders';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const BUNDLE_MARKER = 'server-bundle-must-not-leave-the-server';

/** A site folder: a page, and a renderer bundle that must never be served (it fails to render, so pages fall back). */
function fakeSite(): string {
  const site = mkdtempSync(join(tmpdir(), 'cemetery-edges-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>site</title></html>');
  mkdirSync(join(site, SERVER_RENDER_DIR));
  writeFileSync(join(site, SERVER_RENDER_DIR, SERVER_RENDER_FILE), `throw new Error('${BUNDLE_MARKER}');\n`);
  return site;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after answering. */
  closed: boolean;
}

/** Writes bytes on a new socket as they are (no client normalises the path) and reads the one answer. */
function raw(url: string, chunks: string[]): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolvePromise, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (data) => received.push(data));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolvePromise({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed: true });
    });
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: register.test\r\nConnection: close\r\n\r\n`;

function expectArabicJson(answer: RawAnswer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers.connection).toBe('close');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body)).toEqual({ message });
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.closed).toBe(true);
}

describe.each(ENGINES)('HTTP edges on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let site: string;
  beforeAll(async () => {
    site = fakeSite();
    // Short timeouts so that a half-sent request is seen closed without a long wait.
    s = await startTestServer({ databaseUrl, staticDir: site, env: { HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '2' } });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('the renderer bundle is unreachable in every spelling of its address', async () => {
    const file = SERVER_RENDER_FILE;
    const spellings = [
      `/.ssr/${file}`,
      `/%2essr/${file}`,
      `/%2Essr/${file}`,
      `/.ssr%2f${file}`,
      `/.ssr%2F${file}`,
      `/%2e%73%73%72/${file}`,
      `/./.ssr/${file}`,
      `/.ssr/./${file}`,
      `/a/../.ssr/${file}`,
      `/a/%2e%2e/.ssr/${file}`,
      `/a%2f..%2f.ssr%2f${file}`,
      `//.ssr/${file}`,
      `/.ssr//${file}`,
      `/.ssr\\${file}`,
      `/.ssr%5c${file}`,
      `/.SSR/${file}`,
      `/.Ssr/${file}`,
      `/.ssr/${file}?x=1`,
      `/.ssr/${file}%00`,
      `/.ssr/`,
      `/.ssr`,
    ];
    for (const path of spellings) {
      const answer = await raw(s.url, [get(path)]);
      expect(answer.body, path).not.toContain(BUNDLE_MARKER);
      expect([400, 404], path).toContain(answer.status);
    }
    // The same through a client that normalises the path, as a browser does.
    const viaFetch = await fetch(`${s.url}/.ssr/${file}`);
    expect(viaFetch.status).toBe(404);
    expect(await viaFetch.text()).not.toContain(BUNDLE_MARKER);
  });

  it('a 20 KB header gets 431 in Arabic JSON and a closed connection; the next request works', async () => {
    const answer = await raw(s.url, [
      `GET /api/health HTTP/1.1\r\nHost: register.test\r\nCookie: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    ]);
    expectArabicJson(answer, 431, t('http.headersTooLarge'));
    const next = await fetch(`${s.api}/health`);
    expect(next.status).toBe(200);
  });

  it('a request the parser cannot read gets 400 in Arabic JSON and a closed connection', async () => {
    for (const request of [
      'NOT A REQUEST\r\n\r\n',
      'GET / HTTP/1.1\r\nHost register.test\r\n\r\n',
      'GET /\0 HTTP/1.1\r\n\r\n',
    ]) {
      expectArabicJson(await raw(s.url, [request]), 400, t('http.malformed'));
    }
    expect((await fetch(`${s.api}/health`)).status).toBe(200);
  });

  it('half-sent headers, or a body that never finishes, get 408 in Arabic JSON and a closed connection', async () => {
    // Headers begun and never ended: HEADERS_TIMEOUT (1 s here).
    expectArabicJson(
      await raw(s.url, ['GET /api/health HTTP/1.1\r\nHost: register.test\r\nX-Slow: ']),
      408,
      t('http.timeout'),
    );
    // A body announced and only begun: REQUEST_TIMEOUT (2 s here).
    const body = '{"text":"اقتراح';
    expectArabicJson(
      await raw(s.url, [
        `POST /api/suggestions HTTP/1.1\r\nHost: register.test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n${body}`,
      ]),
      408,
      t('http.timeout'),
    );
    const suggestions = await s.ctx.db
      .selectFrom('suggestions')
      .select(s.ctx.db.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(suggestions.n)).toBe(0);
  });

  it('a connection that sends nothing is closed after the headers timeout, without an answer', async () => {
    // A browser opens spare connections ahead of need: an answer written on one just as the browser sends its
    // request there would be taken for the answer to that request.
    const answer = await raw(s.url, []);
    expect(answer.closed).toBe(true);
    expect(answer.status).toBeNaN();
    expect(answer.body).toBe('');
  });

  it('unknown public addresses are 404 with the site page; known ones, the console and old staff addresses 200', async () => {
    for (const path of [
      '/no-such-page',
      '/man/extra',
      '/plan/male/999999',
      '/ADMINX',
      '/%D9%85%D9%82%D8%A8%D8%B1%D8%A9',
      // An address the site has, naming a grave the register does not: the page's head reads the grave even when
      // the browser draws the page (a link's preview), so the server knows it is missing.
      '/grave-details-user/any-id',
    ]) {
      const res = await fetch(`${s.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('<html lang="ar"');
    }
    for (const path of [
      '/',
      '/man',
      '/MAN',
      '/login?next=/admin',
      '/admin',
      '/admin/graves',
      '/showgraves',
      '/graves/some-id',
    ]) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
    }
    const api = await call(s.api, 'GET', '/no-such-operation');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(api.body).toEqual({ message: t('common.notFound') });
  });

  it('every 401 says how to authenticate: no token, a malformed one, an expired one', async () => {
    const expired = await s.ctx.signer.sign(
      { id: 'someone', role: 'manager', name: 'مدير', email: 'm@example.com', generation: 0 },
      Math.floor(Date.now() / 1000) - 3 * s.config.tokenTtlSeconds,
    );
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not.a.token', `Bearer ${expired}`]) {
      const res = await fetch(`${s.api}/users`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate'), authorization).toBe('Bearer realm="cemetery"');
    }
  });

  it('no Strict-Transport-Security without a trusted proxy, whatever the request claims', async () => {
    for (const url of [`${s.url}/`, `${s.api}/graves/male`, `${s.api}/graves/male`]) {
      const res = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it('the OpenAPI document holds only the API; every staff operation declares bearer security, every public one none', async () => {
    const doc = (
      await call<{ paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>> }>(
        s.api,
        'GET',
        '/openapi.json',
      )
    ).body;
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(path, path).toMatch(/^\/api\//);
    let staff = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // A staff operation is one that can refuse a missing token; it must say which token it takes.
        const needsToken = '401' in operation.responses;
        // A public operation that shows the staff more (GET /api/notices?all=true) says its token is
        // optional: the empty requirement, or the bearer token.
        const optional = [{}, { bearer: [] }];
        const declared =
          JSON.stringify(operation.security) === JSON.stringify(optional) ? [{ bearer: [] }] : operation.security;
        expect(declared, `${method} ${path}`).toEqual(needsToken ? [{ bearer: [] }] : []);
        if (needsToken) staff++;
      }
    }
    expect(staff).toBeGreaterThan(20);
    expect(doc.paths['/api/users/{id}/role']?.put?.security).toEqual([{ bearer: [] }]);
  });
});

describe.each(ENGINES)('HSTS behind a TLS proxy on $name', ({ databaseUrl }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers that came over HTTPS carry it, a kept answer too; plain HTTP ones do not', async () => {
    // The same kept answer twice: the second is written straight to the socket by the answer cache.
    for (const path of ['/graves/male', '/graves/male', '/health', '/nothing']) {
      const tls = await fetch(`${s.api}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security'), path).toBe(STRICT_TRANSPORT_SECURITY);
      const plain = await fetch(`${s.api}${path}`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000');
  });
});
