// In Chromium: after one visit, with the network off, the home page, the sections and the name
// search work from the phone, a line says when the data was last updated, and a grave page already visited opens;
// a new version of the site is offered with an Arabic prompt; the service worker keeps no staff answer and no
// console page. The site is a copy of the test build, so the update test can deploy a "new version" of the worker.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatNumber } from '../../src/domain/text/format';
import { offlineText } from '../../src/domain/messages/offline';
import { CACHE_NAMES, INDEX_URL, offlineRule } from '../../src/public/offline/rules';
import type { Grave } from '../../src/domain/types';
import { signedInContext } from '../support/console';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/** Every URL the page's origin holds in its caches (Workbox's precache included). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${request.url}`);
    }
    return urls;
  });

/** Waits until the worker controls the page and has kept the register's index. */
async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  await page.waitForFunction(
    async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
    [CACHE_NAMES.index, INDEX_URL],
    { timeout: 30_000, polling: 250 },
  );
}

describeBrowser('the site at the graveside, offline', () => {
  let server: TestServer;
  let browser: Browser;
  let siteDir: string;
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'offline-site-'));
    cpSync(inject('siteDir'), siteDir, { recursive: true });
    [server, browser] = await Promise.all([startTestServer({ seed: 'demo', staticDir: siteDir }), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('after one visit: home, sections, name search and a visited grave work with the network off', async () => {
    const men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
    const person = men.find((g) => g.buriedPersons.length > 0)!.buriedPersons[0]!;
    const context = await newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectErrors(page);

    await page.goto(server.url);
    await offlineReady(page);
    // Online, the worker passes a page to the server, the home page too: not its precached shell.
    const again = await page.goto(server.url);
    expect(again?.fromServiceWorker()).toBe(true);
    expect(await again?.text()).toContain('data-calendar-first');
    // A grave opened from the home page's recent burials, in the page (its answer passes the worker).
    const recent = page.locator('.recent-card a').first();
    await recent.click();
    await page.locator('#grave-heading').waitFor();
    const graveUrl = page.url();
    const graveHeading = await page.locator('#grave-heading').textContent();
    await expect.poll(async () => (await cachedUrls(page)).some((u) => u.includes('/api/graves/graves/'))).toBe(true);

    await context.setOffline(true);
    await page.goto(server.url);
    await page.locator('.site-search input').waitFor();
    const line = page.locator('.offline-line');
    await expect.poll(() => line.textContent()).toContain(offlineText['offline.updated'].split(':')[0]!);
    expect(await line.locator('.offline-updated').textContent()).toMatch(/[٠-٩]/);

    // The name search, answered by the worker from the kept index (the server is not reached).
    const answered = page.waitForResponse((r) => r.url().includes('/api/search?'));
    await page.locator('.site-search input').fill(person.name.split(' ').slice(0, 2).join(' '));
    const response = await answered;
    expect(response.headers()['x-offline']).toBe('1');
    await page.locator('.search-result', { hasText: person.name }).first().waitFor();
    await screenshot(page, 'offline-home-search-360');

    // A section never opened, loaded with the network off: the site's shell, its cards from the index.
    await page.goto(`${server.url}/man`);
    await expect.poll(() => page.locator('.grave-card').count()).toBeGreaterThan(0);
    // Every grave of the section is there (the cards are drawn in steps; the count line says how many).
    await expect.poll(() => page.locator('.result-count').textContent()).toContain(formatNumber(men.length));

    // The grave visited before, opened with a page load.
    await page.goto(graveUrl);
    await expect.poll(() => page.locator('#grave-heading').textContent()).toBe(graveHeading);
    await expect.poll(() => page.locator('.offline-line').count()).toBe(1);
    await screenshot(page, 'offline-grave-360');
    expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });

  it('offers a new version with an Arabic prompt, and takes it on "تحديث"', async () => {
    const page = await (await newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(server.url);
    await offlineReady(page);
    // A returning visit: the page is the worker's from its load, as a phone's next visit is.
    await page.reload();
    await page.locator('.site-search input').waitFor();
    const worker = join(siteDir, 'sw.js');
    const before = readFileSync(worker, 'utf8');
    try {
      // A new deployment: another worker script at the same address.
      appendFileSync(worker, '\n// a new version\n');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.locator('.update-prompt');
      await expect.poll(() => prompt.textContent()).toContain(offlineText['offline.newVersion']);
      await screenshot(page, 'offline-update-prompt-360');
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: offlineText['offline.update'] }).click();
      await reloaded;
      await page.locator('.site-search input').waitFor();
      expect(await page.locator('.update-prompt').count()).toBe(0);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting != null, active: registration?.active != null };
        }),
      ).toEqual({ waiting: false, active: true });
    } finally {
      writeFileSync(worker, before);
    }
  });

  it('keeps no staff answer and no console page after a staff member used the console in the same browser', async () => {
    // A manager: every list below is theirs to read (the console asks nothing for a page the role may not open).
    const context = await signedInContext(browser, server, 'manager', {
      viewport: { width: 1280, height: 900 },
      locale: 'ar-EG',
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(server.url);
    await offlineReady(page);
    // The console's lists, read with the staff member's token while the worker is in charge of the page.
    const visit = async (path: string) => {
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname.startsWith('/api/') && r.request().headers().authorization !== undefined,
      );
      await page.goto(`${server.url}${path}`);
      await answered;
      await page.waitForLoadState('load');
    };
    await visit('/admin/graves');
    await visit('/admin/users');
    await page.goto(`${server.url}/login`);
    // Signed in, the login page goes on to the console by itself: waited for, or it could cut the next visit short.
    await page.waitForURL(/\/admin\//);
    await page.waitForLoadState('load');
    await page.goto(server.url);
    await page.locator('.site-search input').waitFor();

    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(0);
    for (const entry of urls) {
      const [cache, address] = entry.split(' ') as [string, string];
      const url = new URL(address);
      expect(url.pathname, entry).not.toMatch(/^\/(admin|login)(\/|$)/);
      expect(url.pathname, entry).not.toMatch(/AdminApp|react-router/);
      if (url.pathname.startsWith('/api/')) {
        // Every kept answer is one the rules allow for a request without credentials.
        const rule = offlineRule({ method: 'GET', url, origin: url.origin, mode: 'cors', authorized: false });
        expect(['answer', 'section', 'index'], entry).toContain(rule);
        expect(cache, entry).not.toMatch(/precache/);
      }
    }
    // The console read staff answers (with its token): none is kept.
    expect(urls.some((u) => /\/api\/(users|audit|graves\?|graves$)/.test(u))).toBe(false);
  });
});
