// An API address written percent-encoded (`/%61pi/health`, `/%61pi/users`) is the same request as the plain one to
// every rule that depends on the path, since the router decodes it: the per-client request ceiling counts it, a
// staff answer carries `Cache-Control: no-store`, and an unknown API address answers JSON, not the site's page.
// Written on a raw socket (node:http sends the path as given; a browser or fetch might normalise it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { SERVER_RENDER_DIR, SERVER_RENDER_FILE } from '../../src/ssr/buildFiles';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with its path exactly as written, from `from` (the address the trusted proxy would forward). */
function raw(url: string, path: string, from: string, token?: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  return new Promise((resolvePromise, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: 'GET',
        headers: { 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A built site of one page (its renderer fails, so the page is sent as the browser draws it). */
function fakeSite(): string {
  const site = mkdtempSync(join(tmpdir(), 'cemetery-encoded-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>site</title></html>');
  mkdirSync(join(site, SERVER_RENDER_DIR));
  writeFileSync(join(site, SERVER_RENDER_DIR, SERVER_RENDER_FILE), "throw new Error('no renderer here');\n");
  return site;
}

describe.each(ENGINES)('an encoded API path is the API path on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let site: string;
  beforeAll(async () => {
    site = fakeSite();
    s = await startTestServer({
      seed: 'accounts',
      databaseUrl,
      staticDir: site,
      env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '4' },
    });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('the request ceiling counts it: four calls a minute however they are spelt, then 429', async () => {
    const from = '198.51.100.10';
    for (const path of ['/api/health', '/%61pi/health', '/%61%70%69/health', '/%61pi/health']) {
      expect((await raw(s.url, path, from)).status, path).toBe(200);
    }
    for (const path of ['/%61pi/health', '/api/health']) {
      const refused = await raw(s.url, path, from);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('a staff answer is no-store whatever the spelling of its path', async () => {
    const token = await signIn(s, 'manager');
    for (const path of ['/api/users', '/%61pi/users', '/%61%70%69/%75sers']) {
      const answer = await raw(s.url, path, `198.51.100.${20 + path.length}`, token);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(JSON.parse(answer.body), path).toEqual(expect.any(Array));
    }
  });

  it('an unknown API address answers Arabic JSON and no-store, however it is spelt', async () => {
    for (const path of ['/api/no-such-operation', '/%61pi/no-such-operation']) {
      const answer = await raw(s.url, path, '198.51.100.40');
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), path).toEqual({ message: t('common.notFound') });
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
    // A site address is still the site's page.
    const page = await raw(s.url, '/%6Dan', '198.51.100.41');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
