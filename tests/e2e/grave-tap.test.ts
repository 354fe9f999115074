// A tap on a grave card: the grave's request leaves at the touch, in parallel with the grave page's chunk,
// never after it. The chunk is held back by the test until the grave's request has been seen: were the request to
// wait for the chunk (as it did: the page's chunk, then its render, then its request), the page could not open.
// Nothing here is timed; the benchmark measures how long the tap takes.
import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { PAGE_CHUNKS_FILE, type PageChunks } from '../../src/ssr/buildFiles';
import type { Grave } from '../../src/domain/types';
import { graveName } from '../../src/domain/text/graveLifeText';
import { sharedText as ui } from '../../src/domain/messages/shared';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { arabicNumber, closePage, newPageIn } from '../public/support';

/**
 * What a tap may ask for before the grave page shows, once the section page has settled: the grave's answer and the
 * chunk of its photos' part. The page's own code came with the section page.
 */
const TAP_REQUESTS = 2;

describeBrowser('a tap on a grave card', () => {
  let server: TestServer;
  let browser: Browser;
  let gravePageChunk: string;
  let first: Grave;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const chunks = JSON.parse(readFileSync(join(inject('siteDir'), PAGE_CHUNKS_FILE), 'utf8')) as PageChunks;
    // The grave page's own module (its first file; the others are shared with the section page).
    gravePageChunk = chunks.GraveDetailsPage!.js[0]!;
    expect(chunks.MenPage!.js).not.toContain(gravePageChunk);
    first = ((await (await fetch(`${server.api}/graves/male`)).json()) as Grave[])[0]!;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const device of ['phone', 'desktop'] as const) {
    it(`${device}: the grave's request leaves before the grave page's chunk is evaluated, and is asked once`, async () => {
      const page = await newPageIn(
        browser,
        device === 'phone'
          ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }
          : { viewport: { width: 1280, height: 800 } },
      );
      const errors = collectErrors(page);
      const events: string[] = [];
      let graveAsked!: () => void;
      const graveRequest = new Promise<void>((resolve) => (graveAsked = resolve));
      const graveApi = `/api/graves/graves/${first._id}`;
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === graveApi) {
          events.push('grave request');
          graveAsked();
        }
        if (path === gravePageChunk) events.push('chunk request');
      });
      // The chunk is answered only once the grave's request has left: it cannot be evaluated before.
      await page.route(`**${gravePageChunk}`, async (route) => {
        await graveRequest;
        events.push('chunk released');
        await route.continue();
      });
      try {
        await page.goto(`${server.url}/man`);
        const card = page.locator(`.grave-card a[href="/grave-details-user/${first._id}"]`);
        await card.waitFor();
        // Preloaded with the section page: the chunk was asked for before any tap.
        await expect.poll(() => events.includes('chunk request')).toBe(true);
        if (device === 'phone') await card.tap();
        else await card.click();
        await page.getByRole('heading', { level: 1, name: new RegExp(arabicNumber(first.number as number)) }).waitFor();
        expect(events.indexOf('grave request')).toBeLessThan(events.indexOf('chunk released'));
        expect(events.filter((e) => e === 'grave request')).toHaveLength(1);
        expect(errors).toEqual([]);
      } finally {
        await closePage(page);
      }
    });
  }

  it("phone: the page opens at once with what the card said, and shows the grave's own answer when it comes", async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const errors = collectErrors(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/graves/graves/${first._id}`, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/man`, { waitUntil: 'networkidle' });
      await page.locator(`.grave-card a[href="/grave-details-user/${first._id}"]`).tap();
      // While the grave's answer is held: its name and status from the card, and a line saying the rest is coming.
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(graveName(first));
      await expect.poll(() => page.locator('.grave-summary').textContent()).toContain(first.status);
      await page.getByRole('status').filter({ hasText: ui['common.loading'] }).waitFor();
      expect(await page.locator('.grave-code').count()).toBe(0);
      release();
      await page.locator('.grave-code').waitFor();
      expect(await heading.textContent()).toBe(graveName(first));
      expect(await page.getByRole('status').filter({ hasText: ui['common.loading'] }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      release();
      await closePage(page);
    }
  });

  it('a tap on a phone asks for no more than its budget of requests', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/man`, { waitUntil: 'networkidle' });
      const card = page.locator(`.grave-card a[href="/grave-details-user/${first._id}"]`);
      const afterTap: string[] = [];
      // The tab's icon is Chromium's own request at each change of address (from its cache), not the page's.
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path !== '/favicon.svg') afterTap.push(path);
      });
      await card.tap();
      await page.getByRole('heading', { level: 1, name: new RegExp(arabicNumber(first.number as number)) }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(afterTap.length, afterTap.join(', ')).toBeLessThanOrEqual(TAP_REQUESTS);
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });
});
