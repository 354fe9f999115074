// In Chromium: a family types the name the way they say it (an honorific, the first and the family name,
// an Egyptian letter swap); the home search finds the person, marks the words, and opens the right grave; the men's
// page finds the same person with the same query, first.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { signedInContext } from '../support/console';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { arabicNumber, closePage, expectAccessible, newPageIn } from '../public/support';

const STORED = 'حسن بن محمود عبده الفقي';
// المرحوم is optional, بن is left out, the middle names are skipped and ق is said as ء (الفئي).
const QUERY = 'المرحوم حسن الفئي';

describeBrowser('name search as a family types it', () => {
  let server: TestServer;
  let browser: Browser;
  let graveId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const token = await signIn(server, 'admin');
    graveId = (await makeGrave(server, token, 'men', 17))._id;
    await bury(server, token, graveId, STORED, '2019-04-02');
    // Close names that must not come first: another family, and a first name one letter longer.
    for (const [number, name] of [
      [18, 'حسن محمود النجار'],
      [19, 'حسين عبده الفقي'],
      [20, 'محمود حسن الفقيه'],
    ] as const) {
      await bury(server, token, (await makeGrave(server, token, 'men', number))._id, name, '2020-01-01');
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the home search finds the person under "ربما تقصد", marks the words, and opens the right grave', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const errors = collectErrors(page);
    try {
      await page.goto(server.url, { waitUntil: 'networkidle' });
      const search = page.locator('.site-search input');
      await search.fill(QUERY);
      const result = page.locator('.search-result', { hasText: STORED });
      await result.waitFor();
      // A spoken-letter swap is a weaker match: it is offered under the "did you mean" heading.
      await expect(page.locator('.did-you-mean').textContent()).resolves.toBe(messages['public.didYouMean']);
      expect(await result.locator('mark').allTextContents()).toEqual(['حسن', 'الفقي']);
      await screenshot(page, 'name-search-home-360');
      await expectAccessible(page, 'home search results');
      await result.click();
      await page.waitForURL((url) => url.pathname.endsWith(graveId));
      await expect.poll(() => page.locator('#grave-heading').textContent()).toContain(arabicNumber(17));
      await screenshot(page, 'name-search-grave-360');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("the men's page finds the same person with the same query, first", async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/man`, { waitUntil: 'networkidle' });
      await page.getByPlaceholder(messages['search.placeholder']).fill(QUERY);
      const cards = page.locator('.grave-card');
      await expect.poll(() => cards.count()).toBe(1);
      await expect(cards.first().locator('.grave-number').textContent()).resolves.toContain(arabicNumber(17));
      // Without the honorific and with the article dropped, as some type it: still found. The space after the last
      // word says it is finished: «فقي» unfinished would also begin «الفقيه».
      await page.getByPlaceholder(messages['search.placeholder']).fill('حسن فقي ');
      await expect.poll(() => cards.count()).toBe(1);
      await screenshot(page, 'name-search-men-360');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("the console's grave list finds the person with the same query and marks the matched words", async () => {
    const context = await signedInContext(browser, server, 'admin', { locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/admin/graves`);
      await page.getByPlaceholder(messages['search.placeholder']).fill(QUERY);
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().locator('mark').allTextContents()).toEqual(['حسن', 'الفقي']);
      await expect(rows.first().textContent()).resolves.toContain(STORED);
      await screenshot(page, 'name-search-console');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
