// A browser context signed in as a staff member, the way the public /login form leaves it (the token and the role
// in localStorage); the login form itself is tested in tests/e2e/admin.test.ts and public-forms.test.ts.
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { messages } from '../../src/domain/messages';
import { collectErrors, launchBrowser, requestsSettled, watchRequests } from './browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from './server';

export async function signedInContext(
  browser: Browser,
  server: TestServer,
  role: 'manager' | 'admin',
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const token = await server.login(DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addInitScript(
    ([t, r]) => {
      localStorage.setItem('userToken', t!);
      localStorage.setItem('userRole', r!);
    },
    [token, role],
  );
  return context;
}

/**
 * A describe block's console browser suite: the real server on the demo village with the built site, one Chromium,
 * and pages opened on the console's home as a signed-in staff member (ar-EG, Cairo time, 1280 px), with the page's
 * errors collected from then on. Everything is closed after the block.
 */
export function consoleSuite(): {
  readonly server: TestServer;
  /** The suite's Chromium, for a context of one's own (e.g. signed in through the login form). */
  readonly browser: Browser;
  /**
   * A page of the console opened as `role`: its home (once its menu shows), or the page at `path`, loaded directly
   * (the test waits for what it reads); at `viewport` when given, 1280 × 900 otherwise.
   */
  staffPage(
    role: 'manager' | 'admin',
    open?: { path?: string; viewport?: { width: number; height: number } },
  ): Promise<{ page: Page; errors: string[] }>;
} {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    async staffPage(role, { path, viewport } = {}) {
      const context = await signedInContext(browser, server, role, {
        locale: 'ar-EG',
        timezoneId: 'Africa/Cairo',
        ...(viewport ? { viewport } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors = collectErrors(page);
      await page.goto(`${server.url}${path ?? '/admin'}`);
      if (!path) await page.getByRole('menuitem', { name: messages['admin.dashboard'] }).waitFor();
      return { page, errors };
    },
  };
}

/**
 * Opens a console address in `page` as a click on one of the console's links does, once the console is loaded: the
 * address is pushed to the history and react-router told of it (it follows popstate). The console's scripts are not
 * loaded and run again for each page, which on two cores costs about a second a page. A page not yet in the console
 * is loaded, and so is the address already shown, so that it reads its data again. Resolves once its requests have
 * settled.
 */
export async function openInConsole(page: Page, origin: string, path: string): Promise<void> {
  watchRequests(page);
  const current = page.url();
  if (!current.startsWith(`${origin}/admin`) || current === `${origin}${path}`) {
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await requestsSettled(page);
}
