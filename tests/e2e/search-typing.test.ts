// In Chromium at 360 px: the public search answers as the person types. The home page and a town's /man
// (searched by the server a page at a time) show the person before the last word is finished; while the next text
// is being asked, the answers on screen stay (no list emptied, no "searching" line between keystrokes); a request
// in flight is cancelled by the next text and a late answer never replaces a newer one; nothing scrolls sideways.
// Each container of answers says which text it answers (data-q), which is what the checks below wait for.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { SECTION_CARDS } from '../../src/domain/rules/sectionCards';
import { FIRST_RESULTS } from '../../src/public/components/SiteSearch';
import { formatGraveNumber } from '../../src/domain/text/format';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import { MALE_FIRST } from '../../server/seed/names';
import { bury, makeGrave, signIn } from '../support/fixtures';
import {
  collectErrors,
  describeBrowser,
  launchBrowser,
  nextFrames,
  screenshot,
  SCREENSHOT_DIR,
} from '../support/browser';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { closePage, expectNoSidewaysScroll, newPageIn } from '../public/support';

// An unusual first name (no one of the demo village has it), two people sharing it.
const WANTED = 'ضرغام مهدي الشبراوي';
const OTHER = 'ضرغام سعيد البنا';
const WANTED_NUMBER = 90_001;
const OTHER_NUMBER = 90_002;
/** Typed letter by letter: the last word, «الشبراوي», is not finished. */
const HALF_TYPED = 'ضرغام الشب';

const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG', isMobile: true, hasTouch: true };
/** page.route sees only the page's own requests: the service worker is kept out where requests are held. */
const ROUTED = { ...PHONE, serviceWorkers: 'block' as const };

/** Holds the requests `matching` selects: each one's real answer is fetched, and given to the page when released. */
function holdRequests(page: Page, pattern: string, matching: (request: Request) => boolean) {
  const held: Array<{ request: Request; release: () => Promise<void> }> = [];
  let seen: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  const handler = async (route: Route) => {
    if (!matching(route.request())) return route.continue();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const delivered = released.then(async () => {
      // The page may have cancelled it meanwhile: then there is no one to give the answer to.
      const response = await route.fetch().catch(() => null);
      if (response) await route.fulfill({ response }).catch(() => {});
    });
    held.push({
      request: route.request(),
      release: () => {
        release();
        return delivered;
      },
    });
    seen();
    await delivered;
  };
  return {
    arrived,
    held,
    start: () => page.route(pattern, handler),
    stop: () => page.unroute(pattern, handler),
  };
}

/** The screen as the person sees it while typing (360 × 740, the box at its top), beside the whole page's. */
async function typingShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await page.locator('input[type="search"]').evaluate((box) => box.scrollIntoView({ block: 'start' }));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}-screen.png`) });
}

const qOf = (request: Request) => new URL(request.url()).searchParams.get('q');

/** Waits until the worker controls the page and has kept the register's index (as tests/e2e/offline.test.ts). */
async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  await page.waitForFunction(
    async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
    [CACHE_NAMES.index, INDEX_URL],
    { timeout: 30_000, polling: 250 },
  );
}

for (const engine of ENGINES) {
  describeBrowser(`search as the person types (${engine.name})`, () => {
    let server: TestServer;
    let browser: Browser;

    beforeAll(async () => {
      [server, browser] = await Promise.all([
        // A town-sized men's section (over SECTION_CARDS.localSearchMax graves): /man asks the server.
        startTestServer({
          seed: 'demo',
          seedOptions: { graves: 1000, burials: 1100, articles: 0, suggestions: 0, notices: false },
          staticDir: inject('siteDir'),
          databaseUrl: engine.databaseUrl,
        }),
        launchBrowser(),
      ]);
      const token = await signIn(server, 'admin');
      for (const [number, name] of [
        [WANTED_NUMBER, WANTED],
        [OTHER_NUMBER, OTHER],
      ] as const) {
        await bury(server, token, (await makeGrave(server, token, 'men', number))._id, name, '2021-03-04');
      }
      const men = (await (await fetch(`${server.api}/graves/cards/male?limit=1`)).json()) as { total: number };
      expect(men.total).toBeGreaterThan(SECTION_CARDS.localSearchMax);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    describe('the home page', () => {
      const answers = (page: Page) => page.locator('.site-search [aria-live]');
      const drawnFor = (page: Page, text: string) =>
        page.locator(`.site-search [aria-live][data-q="${text}"]`).waitFor({ state: 'attached' });
      const names = (page: Page) => page.locator('.site-search .result-name').allTextContents();

      it('shows the person before the last word is finished, first', async () => {
        const page = await newPageIn(browser, PHONE);
        const errors = collectErrors(page);
        try {
          await page.goto(server.url, { waitUntil: 'networkidle' });
          const box = page.locator('.site-search input');
          // The first word half typed already answers both people named so.
          await box.pressSequentially('ضرغ');
          await drawnFor(page, 'ضرغ');
          expect((await names(page)).sort()).toEqual([OTHER, WANTED].sort());
          await box.pressSequentially(HALF_TYPED.slice(3));
          await drawnFor(page, HALF_TYPED);
          // Every typed word is in the first answer: «ضرغام» whole, «الشب» the start of «الشبراوي».
          expect((await names(page))[0]).toBe(WANTED);
          expect(await page.locator('.site-search .search-result').first().locator('mark').allTextContents()).toEqual(
            expect.arrayContaining(['ضرغام']),
          );
          await expectNoSidewaysScroll(page, 'home, half-typed search');
          await typingShot(page, `search-typing-home-360-${engine.name}`);
          // An empty box is back to no answers at once.
          await box.fill('');
          await expect.poll(() => answers(page).getAttribute('data-q')).toBeNull();
          expect(await page.locator('.site-search .search-result').count()).toBe(0);
          expect(errors).toEqual([]);
        } finally {
          await closePage(page);
        }
      });

      it('offline, the kept index answers the half-typed name too', async () => {
        const page = await newPageIn(browser, PHONE);
        try {
          await page.goto(server.url);
          await offlineReady(page);
          await page.context().setOffline(true);
          await page.reload();
          const box = page.locator('.site-search input');
          await box.waitFor();
          const answered = page.waitForResponse((r) => qOf(r.request()) === HALF_TYPED);
          await box.pressSequentially(HALF_TYPED);
          // The worker answered, from the kept index: the server was not reached.
          expect((await answered).headers()['x-offline']).toBe('1');
          await drawnFor(page, HALF_TYPED);
          expect((await names(page))[0]).toBe(WANTED);
          await typingShot(page, `search-typing-home-offline-360-${engine.name}`);
        } finally {
          await closePage(page);
        }
      });

      it('keeps the answers shown while the next text is asked, cancels it for a newer one, never draws it late', async () => {
        const page = await newPageIn(browser, ROUTED);
        const errors = collectErrors(page);
        try {
          await page.goto(server.url, { waitUntil: 'networkidle' });
          const box = page.locator('.site-search input');
          await box.pressSequentially('ضرغام');
          await drawnFor(page, 'ضرغام');
          const before = await names(page);
          expect(before).toHaveLength(2);

          // «ضرغام » (the word finished) is asked and held on its way.
          const hold = holdRequests(page, '**/api/search?**', (r) => qOf(r) === 'ضرغام ');
          await hold.start();
          const cancelled = page.waitForEvent('requestfailed', (r) => qOf(r) === 'ضرغام ');
          await box.pressSequentially(' ');
          await hold.arrived;
          // The answers of «ضرغام» are still there, with no line added above or under them.
          expect(await names(page)).toEqual(before);
          expect(await answers(page).getAttribute('data-q')).toBe('ضرغام');
          expect(await page.locator('.site-search .loading').count()).toBe(0);
          await typingShot(page, `search-typing-home-in-flight-360-${engine.name}`);

          // The next letter cancels the held request; the next word's answers are drawn.
          await box.pressSequentially('مهدي');
          await cancelled;
          await drawnFor(page, 'ضرغام مهدي');
          expect(await names(page)).toEqual([WANTED]);
          // The old request's answer, given now, is not drawn over the newer one.
          await Promise.all(hold.held.map((h) => h.release()));
          await hold.stop();
          await nextFrames(page);
          expect(await answers(page).getAttribute('data-q')).toBe('ضرغام مهدي');
          await expectNoSidewaysScroll(page, 'home, answers kept while asking');
          expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
        } finally {
          await closePage(page);
        }
      });

      it('keeps what was shown when a search fails, says so, and asks again', async () => {
        const page = await newPageIn(browser, ROUTED);
        try {
          await page.goto(server.url, { waitUntil: 'networkidle' });
          const box = page.locator('.site-search input');
          await box.pressSequentially('ضرغام');
          await drawnFor(page, 'ضرغام');
          const refuse = (route: Route) => route.abort('connectionfailed');
          await page.route('**/api/search?**', refuse);
          await box.pressSequentially(' ');
          const alert = page.getByRole('alert');
          await expect.poll(() => alert.textContent()).toContain(messages['public.searchError']);
          expect(await names(page)).toHaveLength(2);
          await page.unroute('**/api/search?**', refuse);
          await alert.getByRole('button', { name: messages['public.retry'] }).click();
          await drawnFor(page, 'ضرغام ');
          expect(await page.getByRole('alert').count()).toBe(0);
        } finally {
          await closePage(page);
        }
      });

      it('draws a long answer\u2019s first results in its own frame and the rest in the next, busy between', async () => {
        // A first name of the demo village that more people bear than the first frame draws.
        const answerOf = async (q: string) =>
          (await (await fetch(`${server.api}/search?q=${encodeURIComponent(q)}`)).json()) as unknown[];
        let common = '';
        let answer: unknown[] = [];
        for (const name of MALE_FIRST) {
          answer = await answerOf(name);
          common = name;
          if (answer.length > FIRST_RESULTS) break;
        }
        expect(answer.length).toBeGreaterThan(FIRST_RESULTS);
        const page = await newPageIn(browser, PHONE);
        try {
          await page.goto(server.url, { waitUntil: 'networkidle' });
          // What the region holds in the commit that names its text: read before any later frame can add to it.
          await page.evaluate(() => {
            const w = window as unknown as { __atAnswer: Array<{ q: string; results: number; busy: string | null }> };
            w.__atAnswer = [];
            new MutationObserver(() => {
              const region = document.querySelector('.site-search [aria-live]')!;
              const q = region.getAttribute('data-q');
              if (q && !w.__atAnswer.some((seen) => seen.q === q))
                w.__atAnswer.push({
                  q,
                  results: region.querySelectorAll('.search-result').length,
                  busy: region.getAttribute('aria-busy'),
                });
            }).observe(document.body, { subtree: true, childList: true, attributes: true });
          });
          await page.locator('.site-search input').fill(common);
          const whole = page.locator(`.site-search [aria-live][data-q="${common}"][aria-busy="false"]`);
          await whole.waitFor({ state: 'attached' });
          const atAnswer = await page.evaluate(
            (q) =>
              (
                window as unknown as { __atAnswer: Array<{ q: string; results: number; busy: string }> }
              ).__atAnswer.find((seen) => seen.q === q),
            common,
          );
          expect(atAnswer).toEqual({ q: common, results: FIRST_RESULTS, busy: 'true' });
          expect(await whole.locator('.search-result').count()).toBe(answer.length);
        } finally {
          await closePage(page);
        }
      });
    });

    describe("a town's /man, searched by the server", () => {
      const section = (page: Page) => page.locator('section.list-page');
      const drawnFor = (page: Page, text: string) =>
        page.locator(`section.list-page[data-q="${text}"]`).waitFor({ state: 'attached' });
      const numbers = (page: Page) => page.locator('.grave-card .grave-number').allTextContents();

      it('shows the grave before the last word is finished', async () => {
        const page = await newPageIn(browser, PHONE);
        const errors = collectErrors(page);
        try {
          await page.goto(`${server.url}/man`, { waitUntil: 'networkidle' });
          const box = page.getByPlaceholder(messages['search.placeholder']);
          await box.pressSequentially(HALF_TYPED);
          await drawnFor(page, HALF_TYPED);
          expect((await numbers(page))[0]).toContain(formatGraveNumber(WANTED_NUMBER));
          await expectNoSidewaysScroll(page, '/man, half-typed search');
          await typingShot(page, `search-typing-men-360-${engine.name}`);
          expect(errors).toEqual([]);
        } finally {
          await closePage(page);
        }
      });

      it('keeps the cards while the next text is asked, and the first page comes back at once', async () => {
        const page = await newPageIn(browser, ROUTED);
        const errors = collectErrors(page);
        try {
          await page.goto(`${server.url}/man`, { waitUntil: 'networkidle' });
          const box = page.getByPlaceholder(messages['search.placeholder']);
          await box.fill('ضرغام');
          await drawnFor(page, 'ضرغام');
          const before = await numbers(page);
          expect(before).toHaveLength(2);
          const hold = holdRequests(page, '**/api/graves/cards/male?**', (r) => qOf(r) === 'ضرغام ');
          await hold.start();
          await box.pressSequentially(' ');
          await hold.arrived;
          // The two cards stay, with their count, and no "searching" line under them.
          expect(await numbers(page)).toEqual(before);
          expect(await section(page).getAttribute('data-q')).toBe('ضرغام');
          expect(await page.locator('.list-page .loading').count()).toBe(0);
          await Promise.all(hold.held.map((h) => h.release()));
          await drawnFor(page, 'ضرغام ');
          await hold.stop();
          expect(await numbers(page)).toHaveLength(2);
          await expectNoSidewaysScroll(page, '/man, search typed');

          // An empty box is the section's first page again at once.
          await box.fill('');
          await drawnFor(page, '');
          expect(await page.locator('.grave-card').count()).toBe(SECTION_CARDS.firstPage);
          expect(errors).toEqual([]);
        } finally {
          await closePage(page);
        }
      });
    });
  });
}
