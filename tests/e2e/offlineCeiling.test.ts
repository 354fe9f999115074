// In Chromium: once the register has grown past OFFLINE_INDEX_MAX_BURIALS the server answers 404 for the
// offline index. A phone's refresh that meets it keeps the index it already holds (the name search still works
// with the network off), and nothing fails on the page.
import { mkdtempSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import type { Grave } from '../../src/domain/types';
import { staffClient } from '../support/fixtures';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/** When the index this device keeps was read (null when it keeps none). */
const keptUpdatedAt = (page: Page) =>
  page.evaluate(
    async ([cache, url]) => {
      const kept = await (await caches.open(cache!)).match(url!);
      return kept ? ((await kept.json()) as { updatedAt: string }).updatedAt : null;
    },
    [CACHE_NAMES.index, INDEX_URL],
  );

describeBrowser('the offline index past its ceiling', () => {
  let server: TestServer;
  let browser: Browser;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'offline-ceiling-site-'));
    cpSync(inject('siteDir'), siteDir, { recursive: true });
    [server, browser] = await Promise.all([startTestServer({ seed: 'demo', staticDir: siteDir }), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('a refresh answered 404 keeps the index the phone holds, and the offline search goes on', async () => {
    const men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
    const person = men.find((g) => g.buriedPersons.length > 0)!.buriedPersons[0]!;
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectErrors(page);
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
    await expect.poll(() => keptUpdatedAt(page), { timeout: 30_000 }).not.toBeNull();
    const kept = await keptUpdatedAt(page);

    // The register grows past the ceiling (lowered here: the running server reads it at each request).
    server.config.offlineIndexMaxBurials = 1;
    const admin = await staffClient(server, 'admin');
    const grave = await admin.makeGrave('men', 9901);
    await admin.bury(grave._id, 'عبد الرحمن سعيد', '2020-02-02');
    expect((await fetch(`${server.api}/search/index`)).status).toBe(404);

    // The next visit asks again: the worker meets the 404 and keeps what it had.
    // The worker's own requests are events of the context, not of the page.
    const refused = context.waitForEvent('response', (r) => r.url().endsWith(INDEX_URL) && r.status() === 404);
    await page.reload();
    await refused;
    await page.waitForLoadState('networkidle');
    expect(await keptUpdatedAt(page)).toBe(kept);

    await context.setOffline(true);
    await page.goto(server.url);
    const answered = page.waitForResponse((r) => r.url().includes('/api/search?'));
    await page.locator('.site-search input').fill(person.name.split(' ').slice(0, 2).join(' '));
    expect((await answered).headers()['x-offline']).toBe('1');
    await page.locator('.search-result', { hasText: person.name }).first().waitFor();
    expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|404/.test(e))).toEqual([]);
    await context.close();
  });
});
