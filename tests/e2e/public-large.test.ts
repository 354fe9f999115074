// A section of about 1,500 graves stays responsive: the page comes with its first cards, the next ones are asked
// for a page at a time as the visitor scrolls (saying so, and offering to ask again when a page fails), and the
// search is answered by the server a page at a time, never drawing them all. The per-keystroke time
// (performance marks 'search-input' → measure 'search-keystroke', set by the page) is printed, not asserted:
// speed targets belong to the benchmark.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Grave } from '../../src/domain/types';
import { searchGraves } from '../../src/public/graveSearch';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import { SECTION_CARDS } from '../../src/domain/rules/sectionCards';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { arabicNumber, closePage, newPageIn } from '../public/support';

/** The cards drawn with the page (and a search's first answer), and those asked at each step of scrolling. */
const FIRST = SECTION_CARDS.firstPage;
const NEXT = SECTION_CARDS.nextPage;

describeBrowser('public site with a large section', () => {
  let server: TestServer;
  let browser: Browser;
  let men: Grave[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({
        seed: 'demo',
        seedOptions: { graves: 2800, burials: 5000, articles: 1, suggestions: 0 },
        staticDir: inject('siteDir'),
      }),
      launchBrowser(),
    ]);
    men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws 1,500 graves in steps and filters them per keystroke without drawing them all', async () => {
    expect(men.length).toBeGreaterThanOrEqual(1400);
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/man`, { waitUntil: 'networkidle' });
      await page.getByText(`عدد المقابر: ${arabicNumber(men.length)}`).waitFor();
      expect(await page.locator('.grave-card').count()).toBe(FIRST);

      const search = page.getByPlaceholder('ابحث باسم المتوفى أو رقم المقبرة');
      // The page measures each keystroke to the commit of the list drawn for it ('search-keystroke'), and clears
      // the keystroke's mark then: no mark left means the list on screen is the one for what was typed.
      const drawn = () => page.evaluate(() => performance.getEntriesByName('search-keystroke', 'measure').length);
      const pending = () => page.evaluate(() => performance.getEntriesByName('search-input', 'mark').length);
      const counts: number[] = [];
      // A space at the end is a question of its own: the last word is then finished, not being typed.
      for (const term of ['م', 'مح', 'محم', 'محمو', 'محمود', 'محمود ', 'محمود ع']) {
        const before = await drawn();
        await search.fill(term);
        await page.waitForFunction(
          (t) => (document.querySelector('input[type="search"]') as HTMLInputElement).value === t,
          term,
        );
        await expect.poll(drawn).toBeGreaterThan(before);
        await page.getByText(`عدد المقابر: ${arabicNumber(searchGraves(men, term).length)}`).waitFor();
        counts.push(await page.locator('.grave-card').count());
      }
      for (const c of counts) expect(c).toBeLessThanOrEqual(FIRST);
      // Typed character by character, as a visitor does.
      await search.fill('');
      await search.pressSequentially('عبدالله', { delay: 40 });
      // The list for the whole word has been drawn (and measured).
      await expect.poll(pending).toBe(0);
      await page.getByText(`عدد المقابر: ${arabicNumber(searchGraves(men, 'عبدالله').length)}`).waitFor();
      const times = await page.evaluate(() =>
        performance.getEntriesByName('search-keystroke', 'measure').map((m) => Math.round(m.duration * 10) / 10),
      );
      expect(times.length).toBeGreaterThan(0);
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `search over ${men.length} men graves: ${times.length} keystrokes, median ${sorted[Math.floor(sorted.length / 2)]} ms, ` +
          `max ${sorted[sorted.length - 1]} ms (keystroke → list drawn)`,
      );
      expect(await page.locator('.grave-card').count()).toBeLessThanOrEqual(FIRST);
      await screenshot(page, 'public-men-large-search-360');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('asks for the next cards as the visitor scrolls, says when a page failed, and asks again', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    const errors = collectErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/graves/') && asked.push(new URL(r.url()).pathname));
    try {
      await page.goto(`${server.url}/man`);
      await page
        .locator('.grave-card')
        .nth(FIRST - 1)
        .waitFor();
      // The section's whole list is never asked for: the first cards came with the page.
      // The next page fails once: the page says so in Arabic, keeps the cards it has, and asks again on the button.
      let failed = false;
      await page.route(`**/api/graves/cards/male?*offset=${FIRST}*`, async (route) => {
        if (failed) return route.continue();
        failed = true;
        return route.abort();
      });
      await page
        .locator('.grave-card')
        .nth(FIRST - 1)
        .scrollIntoViewIfNeeded();
      await page.getByText('تعذر تحميل مقابر أخرى. تأكد من الاتصال ثم أعد المحاولة.').waitFor();
      expect(await page.locator('.grave-card').count()).toBe(FIRST);
      await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
      await page
        .locator('.grave-card')
        .nth(FIRST + NEXT - 1)
        .waitFor();
      const numbers = await page.locator('.grave-card .grave-number').allInnerTexts();
      expect(numbers.slice(FIRST - 1, FIRST + 1)).toEqual(
        men.slice(FIRST - 1, FIRST + 1).map((g) => `رقم المقبرة: ${arabicNumber(g.number as number)}`),
      );
      // The search is the server's, with the section's own matcher: the same graves, a page at a time.
      const term = men
        .find((g) => g.buriedPersons.length > 0)!
        .buriedPersons[0]!.name.split(' ')
        .slice(0, 2)
        .join(' ');
      const expected = searchGraves(men, term);
      await page.getByPlaceholder('ابحث باسم المتوفى أو رقم المقبرة').fill(term);
      await page.getByText(`عدد المقابر: ${arabicNumber(expected.length)}`).waitFor();
      expect(await page.locator('.grave-card').count()).toBe(Math.min(FIRST, expected.length));
      expect(asked).not.toContain('/api/graves/male');
      expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    } finally {
      await closePage(page);
    }
  });
  it("scrolls and searches a town's section at the graveside with no signal, from the kept index", async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    page.setDefaultTimeout(20_000);
    try {
      // One visit online: the worker takes the page over and keeps the register's index.
      await page.goto(server.url);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      await page.waitForFunction(
        async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
        [CACHE_NAMES.index, INDEX_URL],
        { timeout: 30_000, polling: 250 },
      );
      await page.context().setOffline(true);
      // The men's section was never opened: its shell from the worker, its cards from the index, a page at a time.
      const cards = page.waitForResponse((r) => r.url().includes('/api/graves/cards/male'));
      await page.goto(`${server.url}/man`);
      expect((await cards).headers()['x-offline']).toBe('1');
      await page.getByText(`عدد المقابر: ${arabicNumber(men.length)}`).waitFor();
      await page
        .locator('.grave-card')
        .nth(FIRST - 1)
        .scrollIntoViewIfNeeded();
      await page
        .locator('.grave-card')
        .nth(FIRST + NEXT - 1)
        .waitFor();
      const numbers = await page.locator('.grave-card .grave-number').allInnerTexts();
      expect(numbers.slice(FIRST - 2, FIRST + 2)).toEqual(
        men.slice(FIRST - 2, FIRST + 2).map((g) => `رقم المقبرة: ${arabicNumber(g.number as number)}`),
      );
      const term = men
        .filter((g) => g.buriedPersons.length > 0)
        .at(-1)!
        .buriedPersons[0]!.name.split(' ')
        .slice(0, 2)
        .join(' ');
      await page.getByPlaceholder('ابحث باسم المتوفى أو رقم المقبرة').fill(term);
      await page.getByText(`عدد المقابر: ${arabicNumber(searchGraves(men, term).length)}`).waitFor();
      await expect.poll(() => page.locator('.offline-line').count()).toBe(1);
      // The site's logo is kept with the site's files: the header is whole offline too.
      expect(await page.locator('.brand-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
      await screenshot(page, 'public-men-large-offline-360');
    } finally {
      await closePage(page);
    }
  }, 90_000);
});
