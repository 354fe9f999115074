// What `npm start` runs (the bundled server from scripts/start.mjs) serves the site and the API like the
// source does: the home page, a client-side route (both drawn on the server), hashed assets with long caching,
// and the API.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '../support/process';

describe('the production entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-prod-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the home page, routes, assets and the API', async () => {
    const siteDir = inject('siteDir');
    const server = await startServerProcess(
      { DATABASE_URL: `file:${join(dir, 'r.sqlite')}`, STATIC_DIR: siteDir },
      undefined,
      'production',
    );
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
