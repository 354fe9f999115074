// The staff console in Chromium against the real server (demo village) and the built site: both roles' journeys,
// the login redirects, accessibility (axe: no critical violation) and screenshots at 1280 px.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { axeViolations } from '../support/layout';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { describeBrowser, launchBrowser, nextFrames, screenshot } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { messages as m } from '../../src/domain/messages';
import { formatNumber } from '../../src/domain/text/format';
import { formatBurialDate } from '../../src/domain/dates/burialDate';
import { readFileSync } from 'node:fs';
import { raArabic } from '../../src/admin/i18n/raArabic';

const VIEWPORT = { width: 1280, height: 900 };

describeBrowser('staff console (react-admin) in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', staticDir: inject('siteDir') });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  async function newPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  /** Through the public /login form, as a staff member does. */
  async function logIn(page: Page, email: string, password: string, next?: string) {
    await page.goto(`${server.url}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: m['auth.loginButton'] }).click();
    await page.waitForURL(/\/admin\//);
  }

  async function menuTexts(page: Page): Promise<string[]> {
    await page.getByRole('menuitem', { name: m['admin.dashboard'] }).waitFor();
    // An entry's count of what waits (on its icon) comes before its name: the name is the last line.
    return (await page.getByRole('menuitem').allInnerTexts()).map((s) => s.trim().split(/\n+/).pop()!.trim());
  }

  async function expectNoCriticalViolation(page: Page, name: string) {
    const critical = (await axeViolations(page)).filter((v) => v.impact === 'critical');
    expect(critical.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  const today = () => server.ctx.today();

  /**
   * Opens a console page that sends the visitor to the public login page, waits for that page's form, and answers
   * how many times the browser was sent there. The console's redirect is a full navigation started by the page's
   * script, so a goto or waitForURL waiting on one navigation could see it aborted (net::ERR_ABORTED) by another
   * start of it: wait for the first byte of the console page only, then for where the browser settles.
   */
  async function openSentToLogin(page: Page, path: string): Promise<number> {
    let starts = 0;
    const count = (request: Request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/login') starts += 1;
    };
    page.on('request', count);
    await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/login');
    await page.locator('input[name="email"]').waitFor();
    page.off('request', count);
    return starts;
  }

  /** Types in the list's search box until the list shows one grave (the box debounces and syncs to the URL). */
  async function searchGraves(page: Page, term: string) {
    const box = page.getByPlaceholder(m['search.placeholder']);
    await box.waitFor();
    await expect
      .poll(
        async () => {
          if ((await box.inputValue()) !== term) await box.fill(term);
          const filter = new URL(page.url()).searchParams.get('filter');
          return filter && JSON.parse(filter).q === term ? page.locator('tbody tr').count() : -1;
        },
        { timeout: 15_000, interval: 700 },
      )
      .toBe(1);
  }

  it('sends a visitor without a session, or with an expired token, to /login?next= without a loop', async () => {
    const { page } = await newPage();
    // Sent once: each new start of the navigation aborted the one under way (a busy device never left).
    expect(await openSentToLogin(page, '/admin/graves')).toBe(1);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/graves');

    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
      sub: 'x',
      role: 'admin',
      name: 'x',
      email: 'admin@example.com',
      iat: 1_700_000_000,
      exp: Math.floor(Date.now() / 1000) - 60,
    })}.c2ln`;
    await page.evaluate((token) => {
      localStorage.setItem('userToken', token);
      localStorage.setItem('userRole', 'admin');
    }, expired);
    const documents: string[] = [];
    const navigation = (request: Request) =>
      request.isNavigationRequest() && request.frame() === page.mainFrame() && documents.push(request.url());
    page.on('request', navigation);
    expect(await openSentToLogin(page, '/admin/graves/create')).toBe(1);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/graves/create');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    // Stays on the login page (no loop back and forth). The login page sends a signed-in visitor on from an effect
    // of its first render: once the page has loaded and drawn two frames after its form, it would have left.
    await page.waitForLoadState('load');
    await nextFrames(page);
    page.off('request', navigation);
    expect(documents.map((url) => new URL(url).pathname)).toEqual(['/admin/graves/create', '/login']);
    expect(await page.evaluate(() => location.pathname)).toBe('/login');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('an admin lands on create grave, creates a grave, buries a person, marks it full', async () => {
    const { page, errors } = await newPage();
    await logIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    expect(new URL(page.url()).pathname).toBe('/admin/graves/create');
    expect(await menuTexts(page)).toEqual([
      m['admin.dashboard'],
      m['nav.showgraves'],
      m['nav.creategrave'],
      m['range.title'],
      m['entry.title'],
      m['plan.consoleTitle'],
      m['plateSheets.title'],
      // The corrections and photos families send are an admin's to decide.
      m['correctionsConsole.menu'],
      m['photosConsole.queueMenu'],
      m['noticesConsole.menu'],
      // The committee's planning and the yearly register book.
      m['statisticsPage.menu'],
      m['registerBook.menu'],
      m['nav.resetpassword'],
    ]);
    await expectNoCriticalViolation(page, 'create grave');
    await screenshot(page, 'admin-create-grave');

    // Create grave (spec screen 7): men, number 777.
    const number = page.getByLabel(m['grave.number']);
    await number.fill('777');
    await page.getByRole('button', { name: m['article.addButton'] }).click();
    const created = m['grave.createSuccess'].replace('{number}', formatNumber(777));
    await expect.poll(() => page.getByText(created).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(m['grave.number']).inputValue()).toBe('');
    // The same number again: the server's reason.
    await page.getByLabel(m['grave.number']).fill('777');
    await page.getByRole('button', { name: m['article.addButton'] }).click();
    await expect.poll(() => page.getByText(m['grave.duplicate']).first().isVisible()).toBe(true);

    // Graves list (spec screen 9), titled المقابر, searched by number.
    await page.getByRole('menuitem', { name: m['nav.showgraves'] }).click();
    await page.waitForURL(/\/admin\/graves(\?|$)/);
    await page.getByRole('heading', { name: 'المقابر' }).first().waitFor();
    await expectNoCriticalViolation(page, 'graves list');
    await screenshot(page, 'admin-graves-list');
    // CSV export with a UTF-8 byte-order mark (Excel shows Arabic).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: m['gravesList.downloadShown'] }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(m['grave.number']);
    expect(csv.trim().split('\r\n').length).toBeGreaterThan(270);
    await searchGraves(page, '777');
    await page.locator('tbody tr').first().getByRole('link', { name: m['grave.showMore'] }).click();

    // Grave page (spec screen 10).
    const title = `${m['grave.detailsTitle']} ${m['grave.detailsNumber'].replace('{n}', formatNumber(777))}`;
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(m['grave.empty']).waitFor();
    await expectNoCriticalViolation(page, 'grave show');
    await page.getByRole('button', { name: m['grave.buryButton'] }).click();

    // Bury form (spec screen 12): the number comes from navigation state.
    await page.waitForURL(/\/bury$/);
    await page
      .getByRole('heading', { name: m['burial.heading'].replace('{number}', formatNumber(777)), level: 1 })
      .waitFor();
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await expect.poll(() => page.getByText(m['common.required']).count()).toBe(2);
    await page.getByLabel(m['burial.name']).fill('سعيد عبد الرحيم المتوفى للاختبار');
    await page.getByLabel(m['burial.date']).fill(today());
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.success']).waitFor();
    expect(await page.getByLabel(m['burial.name']).inputValue()).toBe('');
    await screenshot(page, 'admin-bury');
    // A second burial the same day is allowed (the last burial is today).
    await page.getByLabel(m['burial.name']).fill('شخص ثان يحذف بعد قليل');
    await page.getByLabel(m['burial.date']).fill(today());
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await expect.poll(() => page.getByLabel(m['burial.name']).inputValue()).toBe('');
    await page.getByText(m['burial.success']).waitFor();
    // Opened directly, the heading reads the number from the API.
    const buryUrl = page.url();
    await page.goto(buryUrl);
    await page
      .getByRole('heading', { name: m['burial.heading'].replace('{number}', formatNumber(777)), level: 1 })
      .waitFor();

    // Back on the grave: unavailable, the burial listed with its long ar-EG date.
    await page.getByRole('link', { name: m['common.back'] }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('سعيد عبد الرحيم المتوفى للاختبار').waitFor();
    await page.getByText(m['status.unavailable'], { exact: true }).waitFor();
    // Delete a burial behind the confirm; the row leaves after the server's OK.
    await page.getByRole('button', { name: `${m['burial.delete']}: شخص ثان يحذف بعد قليل` }).click();
    await page.getByText(m['burial.confirmDelete']).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: m['burial.delete'] }).click();
    await page.getByText(m['burial.deleted']).waitFor();
    await expect.poll(() => page.getByText('شخص ثان يحذف بعد قليل').count()).toBe(0);
    // Correct a misspelt name.
    await page.getByRole('button', { name: `${m['admin.edit']}: سعيد عبد الرحيم المتوفى للاختبار` }).click();
    await page
      .getByRole('dialog')
      .getByRole('textbox', { name: m['burial.name'] })
      .fill('سعيد عبدالرحيم المتوفى للاختبار');
    await page.getByRole('dialog').getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.updated']).waitFor();
    await page.getByRole('cell', { name: 'سعيد عبدالرحيم المتوفى للاختبار', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: formatBurialDate(today()), exact: true }).count()).toBe(1);
    await screenshot(page, 'admin-grave-show');

    // Mark it full from the list after the confirm.
    await page.getByRole('menuitem', { name: m['nav.showgraves'] }).click();
    await searchGraves(page, '777');
    await page.locator('tbody tr').first().getByRole('button', { name: m['grave.fullButton'] }).click();
    await page.getByText(m['grave.confirmFull']).waitFor();
    await page.getByRole('button', { name: m['common.confirm'] }).click();
    await page.getByText(m['grave.fullSuccess']).waitFor();
    await page.locator('tbody tr').first().locator('.MuiChip-label', { hasText: m['status.full'] }).waitFor();
    // Already full: refused with the spec's message.
    await page.locator('tbody tr').first().getByRole('button', { name: m['grave.fullButton'] }).click();
    await page.getByText(m['grave.cannotUpdateFull']).waitFor();

    // The bury button is gone, even while the grave's page is still being read again: the page kept from the
    // earlier visit is drawn first, and it must already say full (CI once caught it offering the bury button).
    // The read is held until the page has been looked at, and the page is looked at while it is held.
    const slowGrave = /\/api\/graves\/[0-9a-f-]{36}$/;
    let held = 0;
    let release!: () => void;
    const looked = new Promise<void>((resolve) => (release = resolve));
    await page.route(slowGrave, async (route) => {
      held += 1;
      await looked;
      await route.continue();
    });
    await page.locator('tbody tr').first().getByRole('link', { name: m['grave.showMore'] }).click();
    await expect.poll(() => held).toBeGreaterThan(0);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('سعيد عبدالرحيم المتوفى للاختبار').waitFor();
    expect(await page.getByRole('button', { name: m['grave.buryButton'] }).count()).toBe(0);
    release();
    // Let the held read finish first: unrouted mid-wait, Playwright would pass it on itself and the handler's own
    // continue would then throw (CI saw 'Route is already handled!').
    await page.unrouteAll({ behavior: 'wait' });

    // A page the admin may not open: Arabic access denied.
    await page.goto(`${server.url}/admin/suggestions`);
    await page.getByRole('heading', { name: m['admin.accessDenied'], level: 1 }).waitFor();
    expect(errors).toEqual([]);
    // A whole journey through many console pages, each checked with axe: more than the default minute on a busy machine.
  }, 150_000);

  it('a manager approves a suggestion, publishes and deletes an article, registers an admin', async () => {
    const { page, errors } = await newPage();
    await logIn(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    expect(new URL(page.url()).pathname).toBe('/admin/suggestions');
    expect(await menuTexts(page)).toEqual([
      m['admin.dashboard'],
      m['nav.showgraves'],
      m['nav.creategrave'],
      m['range.title'],
      m['entry.title'],
      m['import.title'],
      m['plan.consoleTitle'],
      m['plateSheets.title'],
      m['nav.suggestions'],
      m['correctionsConsole.menu'],
      m['photosConsole.queueMenu'],
      m['nav.articles'],
      m['noticesConsole.menu'],
      m['statisticsPage.menu'],
      m['registerBook.menu'],
      m['admin.users'],
      m['nav.register'],
      m['nav.resetpassword'],
      m['audit.title'],
      m['settingsPage.menu'],
    ]);

    // Suggestions (spec screen 6): pending by default, approve on the first.
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect.poll(() => rows.first().getByText(m['suggestion.pending']).count()).toBe(1);
    await expectNoCriticalViolation(page, 'suggestions list');
    await screenshot(page, 'admin-suggestions');
    // The first row is the newest pending suggestion: the API tells its id.
    const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const pending = (await (
      await fetch(`${server.api}/suggestion/status/pending`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as Array<{ _id: string; text: string }>;
    const newest = pending[0]!;
    expect((await rows.first().locator('td').first().innerText()).trim()).toBe(newest.text.trim());
    await rows.first().getByRole('button', { name: m['suggestion.approve'] }).click();
    await page.getByText(m['suggestion.statusUpdated']).waitFor();
    const approved = (await (await fetch(`${server.api}/suggestion/approved`)).json()) as Array<{ _id: string }>;
    expect(approved.some((s) => s._id === newest._id)).toBe(true);
    // It left the pending list.
    await expect.poll(() => rows.count()).toBe(pending.length - 1);
    // Filtered on approved: no approve/reject buttons.
    await page.goto(
      `${server.url}/admin/suggestions?filter=${encodeURIComponent(JSON.stringify({ status: 'approved' }))}`,
    );
    await expect.poll(() => rows.first().getByText(m['suggestion.approved']).count()).toBe(1);
    expect(await page.getByRole('button', { name: m['suggestion.approve'] }).count()).toBe(0);

    // Articles (spec screens 14 and 16).
    await page.getByRole('menuitem', { name: m['nav.articles'] }).click();
    await page.getByRole('heading', { name: m['articles.heading'] }).first().waitFor();
    await page.getByRole('link', { name: m['articles.add'] }).click();
    await page.waitForURL(/\/admin\/articles\/create$/);
    await page.getByRole('heading', { name: m['article.newHeading'] }).first().waitFor();
    await page.getByRole('textbox', { name: m['article.title'] }).fill('مقال من لوحة التحكم');
    await page.getByRole('textbox', { name: m['article.content'] }).fill('نص المقال المنشور من لوحة التحكم.');
    await page.getByRole('button', { name: m['article.addButton'] }).click();
    await page.getByText(m['article.addSuccess']).waitFor();
    const articleRow = page.locator('tbody tr').filter({ hasText: 'مقال من لوحة التحكم' });
    await articleRow.waitFor();
    await screenshot(page, 'admin-articles');
    await articleRow.getByRole('button', { name: new RegExp(m['burial.delete']) }).click();
    await page.getByText(m['articles.confirmDelete']).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: m['burial.delete'] }).click();
    await page.getByText(m['article.deleted']).waitFor();
    await expect.poll(() => articleRow.count()).toBe(0);

    // Register an admin (spec screen 8).
    await page.getByRole('menuitem', { name: m['nav.register'] }).click();
    await page.waitForURL(/\/admin\/users\/create$/);
    await page.getByRole('textbox', { name: m['register.name'] }).fill('مشرف جديد للاختبار');
    await page.getByRole('textbox', { name: m['auth.email'] }).fill('second-admin@example.com');
    await page.locator('input[name="password"]').fill('second-admin-2026');
    await page.getByRole('button', { name: m['register.button'] }).click();
    await page.getByText(m['register.success']).waitFor();
    await page.locator('tbody tr').filter({ hasText: 'second-admin@example.com' }).waitFor();
    await screenshot(page, 'admin-users');
    expect(errors).toEqual([]);

    // The new admin logs in and sees only the admin menu.
    const other = await newPage();
    await logIn(other.page, 'second-admin@example.com', 'second-admin-2026');
    expect(new URL(other.page.url()).pathname).toBe('/admin/graves/create');
    expect(await menuTexts(other.page)).toEqual([
      m['admin.dashboard'],
      m['nav.showgraves'],
      m['nav.creategrave'],
      m['range.title'],
      m['entry.title'],
      m['plan.consoleTitle'],
      m['plateSheets.title'],
      // The corrections and photos families send are an admin's to decide.
      m['correctionsConsole.menu'],
      m['photosConsole.queueMenu'],
      m['noticesConsole.menu'],
      // The committee's planning and the yearly register book.
      m['statisticsPage.menu'],
      m['registerBook.menu'],
      m['nav.resetpassword'],
    ]);
    // Its own password (the email is fixed to its account); the server's message below the form.
    await other.page.getByRole('menuitem', { name: m['nav.resetpassword'] }).click();
    await expect
      .poll(() => other.page.getByRole('textbox', { name: m['auth.email'] }).inputValue())
      .toBe('second-admin@example.com');
    expect(await other.page.getByRole('textbox', { name: m['auth.email'] }).isDisabled()).toBe(true);
    // One's own password is changed with the current one.
    await other.page.getByLabel(m['password.current']).fill('second-admin-2026');
    await other.page.locator('#password-new').fill('second-admin-2027');
    await other.page.getByRole('button', { name: m['password.update'], exact: true }).click();
    await other.page.getByText(m['password.success']).waitFor();
    // The dashboard: statistics and the latest burials.
    await other.page.getByRole('menuitem', { name: m['admin.dashboard'] }).click();
    await other.page.getByText(m['stats.totalDeaths']).waitFor();
    await other.page.getByRole('heading', { name: m['admin.latestBurials'] }).waitFor();
    await expect.poll(() => other.page.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(other.page, 'admin-dashboard');
    // Logging out goes to /login, says the session ended there, and clears it from the browser.
    await other.page.getByRole('button', { name: raArabic.ra.auth.user_menu }).click();
    await other.page.getByRole('menuitem', { name: m['nav.logout'] }).click();
    await other.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(other.page.url()).search).toBe('?session=signedOut');
    await other.page.getByRole('status').filter({ hasText: m['auth.signedOut'] }).waitFor();
    expect(
      await other.page.evaluate(() => [localStorage.getItem('userToken'), localStorage.getItem('userRole')]),
    ).toEqual([null, null]);
    expect(other.errors).toEqual([]);
    // A whole journey through many console pages, each checked with axe: more than the default minute on a busy machine.
  }, 150_000);
});
