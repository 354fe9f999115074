// DATE_CALENDAR_FIRST=hijri in Chromium: burial dates name the Hijri day first, in the HTML the server
// draws, after the browser has taken that markup over (no hydration error: the browser reads the setting from
// <html data-calendar-first>, asking nothing more), on the home page's latest burials and in the console.
// A page whose attribute is taken away shows that the attribute is what keeps server and browser in step.
import { keepHijriMark } from '../../src/admin/components/calendarDates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { messages as m } from '../../src/domain/messages';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { paths } from '../../src/api/paths';
import { CACHE_NAMES, HOME_ANSWERS } from '../../src/public/offline/rules';
import type { Grave } from '../../src/domain/types';
import { signedInContext } from '../support/console';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { animationsFinished, collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { closePage, newPageIn } from '../public/support';

const HIJRI_FIRST = '٥ رمضان ١٤٤٥ هـ الموافق ١٥ مارس ٢٠٢٤م';
const GREGORIAN_FIRST = '١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ';
const NAME = 'حسن عبد الباقي التجريبي';

/** Resolves once React has taken the server's markup over (hydrateRoot marks the root element). */
const hydrated = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);

describeBrowser('burial dates with the Hijri date first (DATE_CALENDAR_FIRST=hijri)', () => {
  let server: TestServer;
  let browser: Browser;
  let grave: Grave;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir'), env: { DATE_CALENDAR_FIRST: 'hijri' } }),
      launchBrowser(),
    ]);
    const token = await signIn(server, 'admin');
    grave = await makeGrave(server, token, 'men', 12);
    await bury(server, token, grave._id, NAME, '2024-03-15');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the server draws the grave page with the Hijri date first and says so on <html>, the console too', async () => {
    expect(server.config.calendarFirst).toBe('hijri');
    const html = await (await fetch(`${server.url}${publicPaths.grave.href(grave._id)}`)).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl" data-calendar-first="hijri">/);
    expect(html).toContain(`<td>${HIJRI_FIRST}</td>`);
    expect(html).not.toContain(GREGORIAN_FIRST);
    const consoleHtml = await (await fetch(`${server.url}/admin`)).text();
    expect(consoleHtml).toMatch(/<html lang="ar" dir="rtl" data-calendar-first="hijri">/);
  });

  it('the browser takes the grave page over without a hydration error, Hijri first', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      await hydrated(page);
      // Interactive once hydrated: the name search filters the burials, and the rows are drawn by the browser.
      await page.getByPlaceholder(m['search.deceasedPlaceholder']).fill('حسن');
      await expect.poll(() => page.locator('table.burials td').nth(1).textContent()).toBe(HIJRI_FIRST);
      await screenshot(page, 'calendar-first-hijri-grave-360');
      expect(errors).toEqual([]);

      // The home page's latest burials, drawn in the browser from the API's answer: Hijri first as well.
      // Polled on the block's whole text, so that a failure shows what the block said instead.
      await page.goto(server.url, { waitUntil: 'networkidle' });
      const recent = page.locator('section[aria-labelledby="recent-heading"]');
      await expect.poll(() => recent.innerText(), { timeout: 30_000 }).toContain(NAME);
      expect(await recent.locator('.recent-card', { hasText: NAME }).innerText()).toContain(HIJRI_FIRST);
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("a page drawn from the site's shell (no network, never visited) still names the Hijri date first", async () => {
    // The worker serves its precached shell, which carries no setting, for a page it has not kept: with no network,
    // or when the server takes longer than the worker waits. The order last said by the server must hold there too.
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      const recentUrl = HOME_ANSWERS.find((url) => url.endsWith(paths.recentBurials()))!;
      await page.waitForFunction(
        async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
        [CACHE_NAMES.data, recentUrl],
        { timeout: 30_000, polling: 250 },
      );
      await page.context().setOffline(true);
      const shell = await page.goto(server.url);
      expect(shell?.fromServiceWorker()).toBe(true);
      expect(await shell?.text()).not.toContain('data-calendar-first');
      await page.locator('.recent-card', { hasText: NAME }).getByText(HIJRI_FIRST).waitFor();
      expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('without the attribute the browser would draw other text than the server (the check above can fail)', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const errors = collectErrors(page);
    try {
      await page.route(`${server.url}${publicPaths.grave.href(grave._id)}`, async (route) => {
        const answer = await route.fetch();
        const body = (await answer.text()).replace(' data-calendar-first="hijri"', '');
        await route.fulfill({ response: answer, body });
      });
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      await hydrated(page);
      await expect.poll(() => page.locator('table.burials td').nth(1).textContent()).toBe(GREGORIAN_FIRST);
      // React's hydration mismatch (error #418: the server's text is not the browser's).
      await expect.poll(() => errors.some((e) => /React error #418/.test(e))).toBe(true);
    } finally {
      await closePage(page);
    }
  });

  it('the console names the Hijri date first: the grave page and the date field', async () => {
    const context = await signedInContext(browser, server, 'admin', { locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
      await page.getByRole('cell', { name: HIJRI_FIRST, exact: true }).waitFor();
      await page.getByRole('button', { name: `${m['admin.edit']}: ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: m['admin.editBurial'] });
      const field = dialog.getByLabel(m['burial.date']);
      await expect(field.inputValue()).resolves.toBe('١٥/٣/٢٠٢٤');
      const helper = await field.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      );
      // The field's line keeps «هـ» on its year's line (a no-break space).
      expect(helper).toBe(keepHijriMark(HIJRI_FIRST));
      // The calendar opens on the Hijri month.
      await dialog.getByRole('button', { name: m['dateInput.openCalendar'] }).click();
      const calendar = page.getByRole('dialog', { name: m['dateInput.calendar'] });
      await calendar.getByText('رمضان ١٤٤٥ هـ', { exact: true }).waitFor();
      await expect(
        calendar.getByRole('button', { name: m['dateInput.hijri'] }).getAttribute('aria-pressed'),
      ).resolves.toBe('true');
      await animationsFinished(page); // MUI's opening transition, before the picture
      await screenshot(page, 'calendar-first-hijri-console');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
