// The staff console on a phone: every console page at 360 px for both roles fits the screen, no control
// lies under another, controls are big enough for a finger, axe finds nothing serious, no Latin word shows
// (tests/support/latin.ts); the lists become card lists and the menu a drawer. Each page is also widened to 390
// and 768 px where it stands and must fit there too. Screenshots go to .cache/screenshots/console-360/ for people
// to look at.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsFinished, describeBrowser, launchBrowser } from '../support/browser';
import { signedInContext, openInConsole } from '../support/console';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { coveredControls, documentWidth, phoneScreenshot, seriousViolations, smallTargets } from '../support/layout';
import { messages as m } from '../../src/domain/messages';
import { consolePaths } from '../../src/domain/paths/consolePaths';
import { latinWords } from '../support/latin';

type Role = 'manager' | 'admin';

describeBrowser('the console on a phone', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let graveId = '';
  let articleId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const graves = (await (await fetch(`${server.api}/graves/male`)).json()) as Array<{ _id: string }>;
    graveId = graves[0]!._id;
    const articles = (await (await fetch(`${server.api}/articles`)).json()) as Array<{ _id: string }>;
    articleId = articles[0]!._id;
    // One write, so that the audit trail has an entry to draw as a card.
    const token = await server.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await fetch(`${server.api}/graves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ gender: 'women', number: 9005 }),
    });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  async function phonePage(
    role: Role | null,
    width = 360,
    reducedMotion: 'reduce' | 'no-preference' = 'reduce',
  ): Promise<{ page: Page; errors: string[] }> {
    const options = {
      viewport: { width, height: 780 },
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      hasTouch: true,
      reducedMotion,
    };
    const context = role ? await signedInContext(browser, server, role, options) : await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  /** Opens a console page and waits until it has read what it shows (no request under way, no progress bar). */
  async function open(page: Page, path: string) {
    await openInConsole(page, server.url, path);
    await expect.poll(() => page.locator('[role="progressbar"]:visible').count()).toBe(0);
    await page.locator('h1, [id="react-admin-title"] *').first().waitFor();
    // MUI's transitions (the drawer, the cards' fade) end before anything is measured.
    await animationsFinished(page);
  }

  const pages = (): Record<Role, Array<{ name: string; path: string }>> => {
    const common = [
      { name: 'dashboard', path: '/admin' },
      { name: 'graves', path: '/admin/graves' },
      { name: 'grave-create', path: '/admin/graves/create' },
      { name: 'grave-show', path: `/admin/graves/${graveId}/show` },
      { name: 'bury', path: `/admin/graves/${graveId}/bury` },
      { name: 'password', path: '/admin/password' },
      { name: 'grave-range', path: '/admin/graves-range' },
      { name: 'ledger', path: '/admin/ledger' },
      { name: 'plan', path: '/admin/plan' },
    ];
    return {
      admin: common,
      manager: [
        ...common,
        { name: 'suggestions', path: '/admin/suggestions' },
        { name: 'corrections', path: consolePaths.corrections() },
        { name: 'photos', path: consolePaths.photos() },
        { name: 'notices', path: consolePaths.notices() },
        { name: 'notice-create', path: consolePaths.createNotice() },
        { name: 'plate-sheets', path: consolePaths.plateSheets() },
        { name: 'statistics', path: consolePaths.statistics() },
        { name: 'articles', path: '/admin/articles' },
        { name: 'article-create', path: '/admin/articles/create' },
        { name: 'article-show', path: `/admin/articles/${articleId}/show` },
        { name: 'article-edit', path: `/admin/articles/${articleId}` },
        { name: 'users', path: '/admin/users' },
        { name: 'user-create', path: '/admin/users/create' },
        { name: 'audit', path: '/admin/audit' },
        { name: 'import', path: '/admin/import' },
        { name: 'settings', path: '/admin/settings' },
      ],
    };
  };

  // The manager's pages in two walks, each within its own time on a loaded machine; the admin's in one.
  const walks = [
    { role: 'manager' as const, part: 0 },
    { role: 'manager' as const, part: 1 },
    { role: 'admin' as const, part: null },
  ];
  for (const { role, part } of walks) {
    const which = part === null ? role : `${role}, part ${part + 1} of 2`;
    it(`every console page fits 360 px with nothing covered, big targets, no serious axe finding, no Latin word (${which}); 390 and 768 px fit too`, async () => {
      const { page, errors } = await phonePage(role);
      const problems: string[] = [];
      const all = pages()[role];
      const half = Math.ceil(all.length / 2);
      const walked = part === null ? all : part === 0 ? all.slice(0, half) : all.slice(half);
      for (const { name, path } of walked) {
        await open(page, path);
        const width = await documentWidth(page);
        if (width.document !== width.viewport) problems.push(`${name}: ${width.document} px wide at ${width.viewport}`);
        for (const covered of await coveredControls(page)) problems.push(`${name}: ${covered}`);
        // react-admin's floating create button lies over the last rows: the toolbar's button replaces it.
        if (await page.locator('.MuiFab-root').count()) problems.push(`${name}: a floating button`);
        for (const small of await smallTargets(page)) problems.push(`${name}: small target ${small}`);
        problems.push(...(await seriousViolations(page, name)));
        for (const word of await latinWords(page)) problems.push(`${name}: the Latin word ${word}`);
        await phoneScreenshot(page, `${role}-${name}`);
        // A larger phone and a tablet held upright: the same page widened where it stands (the console's layout
        // follows the width as it changes) fits too.
        for (const wider of [390, 768]) {
          await page.setViewportSize({ width: wider, height: 780 });
          await animationsFinished(page);
          const measured = await documentWidth(page);
          if (measured.document !== measured.viewport)
            problems.push(`${name}: ${measured.document} px wide at ${wider}`);
        }
        await page.setViewportSize({ width: 360, height: 780 });
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      // Thirteen pages, each with axe: about 50 s alone, more beside the other suites.
    }, 180_000);
  }

  it('the login page fits 360 px and axe finds nothing serious', async () => {
    const { page } = await phonePage(null);
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="email"]').waitFor();
    const width = await documentWidth(page);
    expect(width.document).toBe(width.viewport);
    expect(await coveredControls(page)).toEqual([]);
    expect(await seriousViolations(page, 'login')).toEqual([]);
    await phoneScreenshot(page, 'login');
  });

  it('lists are card lists with their actions, the create button covers nothing, the menu is a drawer', async () => {
    const { page } = await phonePage('manager');
    await open(page, '/admin/graves');
    // No table at this width: one card per grave with its number, section, status and actions.
    expect(await page.locator('table').count()).toBe(0);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: m['grave.showMore'] }) });
    await expect.poll(() => card.count()).toBeGreaterThan(0);
    await card.first().getByRole('button', { name: m['grave.fullButton'] }).waitFor();
    expect(await page.locator('.MuiFab-root').count()).toBe(0);
    await page.getByRole('link', { name: m['nav.creategrave'] }).first().waitFor();

    // A burial's edit dialog fits the phone too.
    await open(page, `/admin/graves/${graveId}/show`);
    await page
      .getByRole('button', { name: new RegExp(`^${m['admin.edit']}: `) })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: m['burial.name'] }).waitFor();
    // Measured once the dialog has grown to its place.
    await animationsFinished(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await phoneScreenshot(page, 'manager-edit-burial-dialog');
    await dialog.getByRole('button', { name: m['common.cancel'] }).click();

    // The suggestions: the whole text, the author and the buttons.
    await open(page, '/admin/suggestions');
    const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const pending = (await (
      await fetch(`${server.api}/suggestion/status/pending`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as Array<{ text: string; name: string }>;
    // The first card is the newest pending suggestion (the demo may hold the same text twice: the first one).
    const first = page.getByRole('listitem').filter({ hasText: pending[0]!.text.trim() }).first();
    await first.getByText(pending[0]!.name).first().waitFor();
    await first.getByRole('button', { name: m['suggestion.approve'] }).waitFor();
    await first.getByRole('button', { name: m['suggestion.reject'] }).waitFor();

    // The menu opens as a drawer over the page and closes after a choice.
    const menuButton = page.getByRole('button', { name: /القائمة|فتح القائمة|إغلاق القائمة/ }).first();
    await menuButton.click();
    const item = page.getByRole('menuitem', { name: m['nav.articles'] });
    await item.waitFor();
    // The drawer has slid in before it is read and pictured.
    await animationsFinished(page);
    // Only the page on screen is lit, and the public site's pages are in the drawer too.
    // (The entry's count of what waits is read with its name.)
    expect(await page.locator('[role="menuitem"][aria-current="page"]').allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`${m['nav.suggestions']}$`)),
    ]);
    await page
      .getByRole('navigation', { name: m['admin.publicPages'] })
      .getByRole('link', { name: m['nav.men'] })
      .waitFor();
    await phoneScreenshot(page, 'manager-menu-drawer');
    await item.click();
    await page.waitForURL(/\/admin\/articles$/);
    await expect.poll(() => item.isVisible()).toBe(false);
  });

  it('slides the menu in and ripples a touched button, and shows them at once where less motion is asked for', async () => {
    /** The transitions and animations with an end that start on the page once the menu's button is touched. */
    const motionOnOpeningTheMenu = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { page } = await phonePage('manager', 360, reducedMotion);
      await open(page, '/admin/graves');
      await page.evaluate(() => {
        const started: string[] = [];
        // A progress bar that turns for as long as something loads is not motion to leave out: only what ends.
        const endless = (event: Event) =>
          event instanceof AnimationEvent &&
          getComputedStyle(event.target as Element).animationIterationCount.includes('infinite');
        for (const type of ['transitionstart', 'animationstart'])
          document.addEventListener(
            type,
            (event) =>
              endless(event) ||
              started.push(
                event instanceof AnimationEvent
                  ? `${event.type} ${event.animationName}`
                  : `${event.type} ${(event as TransitionEvent).propertyName}`,
              ),
            true,
          );
        (window as unknown as { motionStarted: string[] }).motionStarted = started;
      });
      await page
        .getByRole('button', { name: /القائمة|فتح القائمة|إغلاق القائمة/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: m['nav.articles'] }).waitFor();
      await animationsFinished(page);
      return page.evaluate(() => (window as unknown as { motionStarted: string[] }).motionStarted);
    };
    const withMotion = await motionOnOpeningTheMenu('no-preference');
    expect(
      withMotion.filter((started) => started.startsWith('transitionstart ')),
      'a slide',
    ).not.toEqual([]);
    expect(
      withMotion.filter((started) => started.startsWith('animationstart ')),
      'a ripple',
    ).not.toEqual([]);
    expect(await motionOnOpeningTheMenu('reduce')).toEqual([]);
  });
});
