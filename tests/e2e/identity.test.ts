// In Chromium at 360 px: the public site shows the village's identity its manager set — the tab's title,
// the hero, the footer (rights, the committee's contacts), the team's cards — and a new name on the next load. A
// phone that was away keeps its copy (the older name is acceptable without a network), draws a page it never kept
// from the offline shell with the name it remembered, and shows the new name once online again, on a page the
// server draws and on one the shell draws (which asks the server for the identity).
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { identityWords, readIdentity } from '../../src/domain/identity/siteIdentity';
import { identityPagesText } from '../../src/domain/messages/identityPages';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import { signIn } from '../support/fixtures';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { expectAccessible, expectNoSidewaysScroll } from '../public/support';

const SHOTS = '/work/tmp/shots/pages';
const year = new Intl.DateTimeFormat('ar-EG', { year: 'numeric' }).format(new Date());

const IDENTITY = {
  villageName: 'قرية النخيل',
  description: 'سجل مقابر القرية، تحفظه لجنة الأهالي تيسيرًا على من يسأل عن قبر قريب أو مكان دفن.',
  themeColor: '#5b3a29',
  contact: {
    emails: ['lajna@example.org'],
    phones: ['+20 111 222 3333'],
    address: 'دار المناسبات، الشارع الرئيسي',
    social: [{ kind: 'facebook', url: 'https://www.facebook.com/' }],
  },
  team: [
    { name: 'سالم عبد الودود', role: 'أمين السجل', phone: '+20 111 222 3333' },
    { name: 'هدى فتحي', role: 'مراجعة الاقتراحات', email: 'huda@example.org' },
  ],
};

/** Waits until the worker controls the page and has kept the register's index (as the offline suite does). */
async function offlineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  await page.waitForFunction(
    async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
    [CACHE_NAMES.index, INDEX_URL],
    { timeout: 30_000, polling: 250 },
  );
}

describeBrowser('the village’s identity on the public site', () => {
  let server: TestServer;
  let browser: Browser;
  let manager: string;
  const contexts: BrowserContext[] = [];
  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  };
  const setIdentity = async (body: unknown) => {
    const res = await fetch(`${server.api}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  /** The name shown where a visitor sees it: tab, header, hero (on the home page) and footer. */
  const expectName = async (page: Page, villageName: string, { hero = true } = {}) => {
    const words = identityWords(readIdentity({ ...IDENTITY, villageName }));
    // The home page's tab is the site's title. Another page's, drawn by the server, is its own then the site's
    //; drawn by the offline shell or the bare index.html, the site's alone.
    if (hero) await expect.poll(() => page.title()).toBe(words.siteTitle);
    else
      await expect
        .poll(async () => {
          const title = await page.title();
          return title === words.siteTitle || title.endsWith(` | ${words.siteTitle}`);
        })
        .toBe(true);
    await expect.poll(() => page.locator('.brand-title').textContent()).toBe(words.siteTitle);
    await expect.poll(() => page.locator('.site-footer p').first().textContent()).toBe(words.rights(year));
    if (hero) await expect.poll(() => page.locator('.hero h1').textContent()).toBe(words.heroTitle);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    manager = await signIn(server, 'manager');
    await setIdentity(IDENTITY);
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  it('shows the name, description, contacts and team the manager set; a new name on the next load', async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    await page.goto(server.url);
    await expectName(page, 'قرية النخيل');
    await expect.poll(() => page.locator('.hero p').textContent()).toBe(IDENTITY.description);
    const footer = page.locator('.site-footer');
    expect(await footer.locator('a[href="mailto:lajna@example.org"]').count()).toBe(1);
    expect(await footer.locator('a[href="tel:+201112223333"]').textContent()).toContain('٣٣٣٣');
    expect(await footer.getByRole('link', { name: identityPagesText['identityPages.social.facebook'] }).count()).toBe(
      1,
    );
    await footer.getByText(IDENTITY.contact.address).waitFor();
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--green').trim()),
    ).toBe('#5b3a29');
    await expectNoSidewaysScroll(page, 'home');
    await expectAccessible(page, 'home');
    await page.screenshot({ path: `${SHOTS}/home-360.png` });
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `${SHOTS}/footer-360.png` });

    // The team page: the committee's cards.
    await page.goto(`${server.url}/team`);
    await expect.poll(() => page.locator('.team-card').count()).toBe(2);
    await page.locator('.team-card', { hasText: 'سالم عبد الودود' }).getByText('أمين السجل').waitFor();
    await expectName(page, 'قرية النخيل', { hero: false });
    await expectNoSidewaysScroll(page, 'team');
    await expectAccessible(page, 'team');
    await page.screenshot({ path: `${SHOTS}/team-360.png`, fullPage: true });

    // Renamed: the next load says so, without a rebuild or a restart.
    await setIdentity({ villageName: 'قرية الكروم' });
    await page.goto(server.url);
    await expectName(page, 'قرية الكروم');
    expect(errors).toEqual([]);
  });

  it('a phone that was away: its copy offline, the new name once online, on the server’s pages and the shell’s', async () => {
    await setIdentity({ villageName: 'قرية النخيل' });
    const page = await newPage();
    await page.goto(server.url);
    await offlineReady(page);
    await page.goto(`${server.url}/approved`);
    await page.locator('#approved-heading').waitFor();
    await page.goto(server.url);
    await expectName(page, 'قرية النخيل');

    // The phone goes away; meanwhile the committee renames the village.
    await page.context().setOffline(true);
    await setIdentity({ villageName: 'قرية الكروم' });
    // Offline: the kept home page, with the name it was kept with.
    await page.goto(server.url);
    await expectName(page, 'قرية النخيل');
    // A page never kept: the offline shell draws it, with the name this phone remembered (not the bare product's).
    await page.goto(`${server.url}/woman`);
    await expect.poll(() => page.locator('.grave-card').count()).toBeGreaterThan(0);
    await expectName(page, 'قرية النخيل', { hero: false });
    await page.screenshot({ path: `${SHOTS}/offline-shell-360.png` });

    // Online again: the next load shows the new name.
    await page.context().setOffline(false);
    await page.goto(server.url);
    await expectName(page, 'قرية الكروم');
    // And a page the shell draws (the site's index.html, without the identity): it asks the server and shows the
    // newest name, not only the one this phone remembered from the last load.
    await setIdentity({ villageName: 'قرية الرمان' });
    await page.goto(`${server.url}/index.html`);
    expect(await page.locator('#site-identity').count()).toBe(0);
    await expectName(page, 'قرية الرمان', { hero: false });
  });
});
