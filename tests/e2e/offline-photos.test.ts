// Photos with the offline site, in Chromium: a grave page visited once with the network keeps its photos'
// list and their thumbnails (not the display size), so at the graveside without a signal the page still shows them.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import type { Grave } from '../../src/domain/types';
import { describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

const kept = (page: Page, cache: string) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cache);

describeBrowser('the offline site keeps the photos of the graves it keeps', () => {
  let server: TestServer;
  let browser: Browser;
  let siteDir: string;
  let grave: Grave;

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'offline-photos-site-'));
    cpSync(inject('siteDir'), siteDir, { recursive: true });
    [server, browser] = await Promise.all([startTestServer({ seed: 'accounts', staticDir: siteDir }), launchBrowser()]);
    const manager = await signIn(server, 'manager');
    grave = await makeGrave(server, manager, 'women', 12);
    grave = await bury(server, manager, grave._id, 'فاطمة علي حسن', '2021-02-03');
    const jpeg = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 120, b: 100 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'grave.jpg');
    const res = await fetch(`${server.api}/graves/${grave._id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager}` },
      body: form,
    });
    expect(res.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('shows a visited grave page with its photo thumbnail with the network off', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(server.url);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      await page.waitForFunction(
        async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
        [CACHE_NAMES.index, INDEX_URL],
        { timeout: 30_000, polling: 250 },
      );
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      // The list is kept, and its thumbnail with it, whether or not the visitor scrolled down to it.
      await expect.poll(() => kept(page, CACHE_NAMES.photos)).toEqual([`/api/graves/${grave._id}/photos`]);
      await expect.poll(async () => (await kept(page, CACHE_NAMES.thumbs)).length).toBeGreaterThan(0);
      const thumbs = await kept(page, CACHE_NAMES.thumbs);
      expect(thumbs.every((path) => /^\/photos\/[^/]+\/thumb\.(webp|jpg)$/.test(path))).toBe(true);

      await context.setOffline(true);
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`);
      await page.locator('#grave-heading').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect
        .poll(() =>
          page
            .locator('.grave-photos img')
            .evaluateAll(
              (els) =>
                els.filter((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0).length,
            ),
        )
        .toBe(1);
      await screenshot(page, 'issue28-offline-grave-photo-360');
    } finally {
      await context.close();
    }
  }, 120_000);
});
