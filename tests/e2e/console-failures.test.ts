// The console when a read fails: a list or a record that could not be loaded says so in Arabic with a
// retry that works, never 'no results' or 'not found', and without pagination; a missing record says it does not
// exist; the grave's page stays where it is. Also the session's end (missing, expired, forged: the login page says
// why and returns to the page asked for) and the menu (one current page, links to the public site).
// Failures are made with Playwright's page.route: an answer 500, or a request aborted at the network level.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { describeBrowser, launchBrowser, nextFrames } from '../support/browser';
import { signedInContext, openInConsole } from '../support/console';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { messages as m } from '../../src/domain/messages';
import { raArabic } from '../../src/admin/i18n/raArabic';
import { formatNumber } from '../../src/domain/text/format';

type Role = 'manager' | 'admin';

describeBrowser('the console when reads fail, sessions end, and in its menu', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let grave: { _id: string; number: number };
  let articleId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    grave = ((await (await fetch(`${server.api}/graves/male`)).json()) as Array<{ _id: string; number: number }>)[0]!;
    articleId = ((await (await fetch(`${server.api}/articles`)).json()) as Array<{ _id: string }>)[0]!._id;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  async function staffPage(role: Role | null, width = 1280): Promise<{ page: Page; errors: string[] }> {
    const options = { viewport: { width, height: 900 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo' };
    const context = role ? await signedInContext(browser, server, role, options) : await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  const api = (path: string) => (url: URL) => url.pathname === `/api${path}`;
  const answer500 = (route: Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom' }) });
  const abort = (route: Route) => route.abort('internetdisconnected');

  /** Nothing of a list that read as empty or as a page of results. */
  async function expectNoResultsOrPages(page: Page) {
    expect(await page.locator('main').getByText('لا توجد').count()).toBe(0);
    expect(await page.getByRole('button', { name: raArabic.ra.navigation.next }).count()).toBe(0);
    expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);
  }

  for (const width of [1280, 360]) {
    it(`a suggestions list answered 500 says so in Arabic, offers no pages, and its retry works (${width} px)`, async () => {
      const { page, errors } = await staffPage('manager', width);
      await page.route(api('/suggestion/status/pending'), answer500);
      await page.goto(`${server.url}/admin/suggestions`);
      const alert = page.getByRole('alert').filter({ hasText: m['suggestion.fetchError'] });
      await alert.waitFor();
      await expectNoResultsOrPages(page);
      await page.unrouteAll({ behavior: 'wait' });
      await alert.getByRole('button', { name: m['action.retry'] }).click();
      await page.getByRole('button', { name: m['suggestion.approve'] }).first().waitFor();
      expect(await alert.count()).toBe(0);
      await page.locator('.MuiTablePagination-root').first().waitFor();
      expect(errors).toEqual([]);
    });
  }

  it('a graves list whose request never reaches the server says the connection failed, then retries', async () => {
    const { page } = await staffPage('admin');
    await page.route(api('/graves'), abort);
    await page.goto(`${server.url}/admin/graves`);
    const alert = page.getByRole('alert').filter({ hasText: m['errors.connection'] });
    await alert.waitFor();
    await alert.getByText(m['admin.connectionHint']).waitFor();
    await expectNoResultsOrPages(page);
    await page.unrouteAll({ behavior: 'wait' });
    await alert.getByRole('button', { name: m['action.retry'] }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it("a grave's page whose read fails stays on the grave with the reason, and its retry shows the grave", async () => {
    const { page, errors } = await staffPage('admin', 360);
    const showPath = `/admin/graves/${grave._id}/show`;
    const title = `${m['grave.detailsTitle']} ${m['grave.detailsNumber'].replace('{n}', formatNumber(grave.number))}`;

    // The network fails: the connection's message, on the grave's own address.
    await page.route(api(`/graves/${grave._id}`), abort);
    await page.goto(`${server.url}${showPath}`);
    const alert = page.getByRole('alert').filter({ hasText: m['errors.connection'] });
    await alert.waitFor();
    // react-admin's own handling of a failed read (to the list, with 'not found') would run in an effect after the
    // render that drew the alert: two frames on, the address would have changed.
    await nextFrames(page);
    expect(await page.evaluate(() => location.pathname)).toBe(showPath);
    expect(new URL(page.url()).pathname).toBe(showPath);
    expect(await page.getByText(raArabic.ra.notification.item_doesnt_exist).count()).toBe(0);
    await page.unrouteAll({ behavior: 'wait' });
    await alert.getByRole('button', { name: m['action.retry'] }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();

    // The server fails (500): the page's own message, still on the grave.
    await page.route(api(`/graves/${grave._id}`), answer500);
    await page.goto(`${server.url}${showPath}`);
    await page.getByRole('alert').filter({ hasText: m['admin.recordLoadError'] }).waitFor();
    expect(new URL(page.url()).pathname).toBe(showPath);
    await page.unrouteAll({ behavior: 'wait' });

    // A grave that does not exist says so (and offers no retry: it would not bring it back).
    const missing = '/admin/graves/00000000-0000-4000-8000-000000000000/show';
    await page.goto(`${server.url}${missing}`);
    const notThere = page.getByRole('alert').filter({ hasText: m['admin.recordMissing'] });
    await notThere.waitFor();
    expect(new URL(page.url()).pathname).toBe(missing);
    expect(await notThere.getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("an article's page whose read fails stays with the reason and a working retry", async () => {
    const { page } = await staffPage('manager');
    const path = `/admin/articles/${articleId}/show`;
    await page.route(api(`/articles/${articleId}`), answer500);
    await page.goto(`${server.url}${path}`);
    const alert = page.getByRole('alert').filter({ hasText: m['admin.recordLoadError'] });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    await page.unrouteAll({ behavior: 'wait' });
    await alert.getByRole('button', { name: m['action.retry'] }).click();
    await page.getByRole('link', { name: m['admin.viewArticle'] }).first().waitFor();
  });

  it('the dashboard says when its figures could not be read, never "no recent burials"', async () => {
    const { page } = await staffPage('admin');
    await page.route(api('/graves/recentBurials'), answer500);
    await page.goto(`${server.url}/admin`);
    const alert = page.getByRole('alert').filter({ hasText: m['admin.listLoadError'] });
    await alert.waitFor();
    expect(await page.getByText(m['home.noRecentBurials']).count()).toBe(0);
    await page.unrouteAll({ behavior: 'wait' });
    await alert.getByRole('button', { name: m['action.retry'] }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  });

  /** Where the console sent the browser, once it has settled on the login form. */
  async function sentToLogin(page: Page, path: string): Promise<URL> {
    await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/login');
    await page.locator('input[name="email"]').waitFor();
    return new URL(page.url());
  }

  async function logIn(page: Page, role: Role) {
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNTS[role].email);
    await page.locator('input[name="password"]').fill(DEMO_ACCOUNTS[role].password);
    await page.getByRole('button', { name: m['auth.loginButton'] }).click();
  }

  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const tokenWith = (exp: number) =>
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
      sub: 'x',
      role: 'manager',
      name: 'x',
      email: DEMO_ACCOUNTS.manager.email,
      iat: 1_700_000_000,
      exp,
    })}.c2ln`;

  it('a missing session opens the login page with the missing-token message and returns to the page asked for', async () => {
    const { page } = await staffPage(null, 360);
    const path = `/admin/graves/${grave._id}/show`;
    const url = await sentToLogin(page, path);
    expect(url.searchParams.get('next')).toBe(path);
    await page.getByRole('alert').filter({ hasText: m['errors.sessionMissing'] }).waitFor();
    await logIn(page, 'admin');
    await page.waitForURL((u) => u.pathname === path);
    await page.getByRole('heading', { level: 1, name: new RegExp(m['grave.detailsTitle']) }).waitFor();
  });

  it('an expired or forged session opens the login page with the invalid-token message', async () => {
    const { page } = await staffPage(null);
    // Stored from an address where none of the site's scripts run: a page's own start-up check removes an expired
    // token, and a drawn page asks for its scripts after its first paint, so that check could come after the token
    // was stored and leave the console no token at all (then it says the session is missing).
    const storeToken = async (token: string) => {
      await page.goto(`${server.url}/robots.txt`);
      await page.evaluate((value) => {
        localStorage.setItem('userToken', value);
        localStorage.setItem('userRole', 'manager');
      }, token);
    };
    // Expired: the console finds it on its own check.
    await storeToken(tokenWith(Math.floor(Date.now() / 1000) - 60));
    let url = await sentToLogin(page, '/admin/articles');
    expect(url.searchParams.get('next')).toBe('/admin/articles');
    await page.getByRole('alert').filter({ hasText: m['errors.sessionInvalid'] }).waitFor();

    // Forged: readable and unexpired, but the server refuses its signature (401).
    await storeToken(tokenWith(Math.floor(Date.now() / 1000) + 3600));
    url = await sentToLogin(page, '/admin/suggestions');
    expect(url.searchParams.get('next')).toBe('/admin/suggestions');
    await page.getByRole('alert').filter({ hasText: m['errors.sessionInvalid'] }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await logIn(page, 'manager');
    await page.waitForURL((u) => u.pathname === '/admin/suggestions');
  });

  it('the login page with a valid session goes on to the landing page of the role, /admin/login too', async () => {
    const { page } = await staffPage('manager');
    await page.goto(`${server.url}/login`);
    await page.waitForURL((u) => u.pathname === '/admin/suggestions');
    const admin = await staffPage('admin');
    await admin.page.goto(`${server.url}/admin/login`);
    await admin.page.waitForURL((u) => u.pathname === '/admin/graves/create');
    await admin.page.goto(`${server.url}/login?next=${encodeURIComponent('/admin/password')}`);
    await admin.page.waitForURL((u) => u.pathname === '/admin/password');
  });

  it('the menu lights the current page only, and links to the public site and the page viewed', async () => {
    // The pages are opened inside the console, as the menu's own links do.
    const { page } = await staffPage('manager');
    const current = () =>
      page
        .locator('[role="menuitem"][aria-current="page"], [role="menuitem"].Mui-selected, .RaMenuItemLink-active')
        .allInnerTexts();
    await openInConsole(page, server.url, '/admin/graves/create');
    await page.getByLabel(m['grave.number']).waitFor();
    await expect.poll(current).toEqual([m['nav.creategrave']]);
    await openInConsole(page, server.url, `/admin/graves/${grave._id}/show`);
    await page.getByRole('heading', { level: 1, name: new RegExp(m['grave.detailsTitle']) }).waitFor();
    await expect.poll(current).toEqual([m['nav.showgraves']]);
    await openInConsole(page, server.url, '/admin/users/create');
    await expect.poll(current).toEqual([m['nav.register']]);
    await openInConsole(page, server.url, '/admin');
    await expect.poll(current).toEqual([m['admin.dashboard']]);

    // The public site's pages of the specification's staff menu, as links out of the console.
    const publicNav = page.getByRole('navigation', { name: m['admin.publicPages'] });
    const hrefs = async () =>
      publicNav
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    await expect.poll(hrefs).toEqual(['/', '/man', '/woman', '/bones', '/contact', '/approved']);
    await openInConsole(page, server.url, `/admin/graves/${grave._id}/show`);
    await expect.poll(async () => (await hrefs())[0]).toBe(`/grave-details-user/${grave._id}`);
    await openInConsole(page, server.url, `/admin/articles/${articleId}/show`);
    await expect.poll(async () => (await hrefs())[0]).toBe(`/ArticleDetail/${articleId}`);
    await publicNav.getByRole('link', { name: m['nav.bones'] }).click();
    await page.waitForURL((u) => u.pathname === '/bones');
  });
});
