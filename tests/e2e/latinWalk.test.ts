// No Latin word where a visitor or a clerk can see or hear it (tests/support/latin.ts), on the pages no other walk
// reads: the console at 1280 px signed in as a manager, and the public pages the public site's walk does not open
// (tests/e2e/public-site.test.ts reads the others at both widths; tests/e2e/console-phone.test.ts the console at
// 360 px).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { consolePaths } from '../../src/domain/paths/consolePaths';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { describeBrowser, launchBrowser } from '../support/browser';
import { signedInContext, openInConsole } from '../support/console';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';
import { latinWords } from '../support/latin';

/** The page drawn: its requests settled and nothing still saying «جارٍ التحميل». */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect
    .poll(() => page.evaluate(() => document.body.innerText.includes('جارٍ التحميل')), { timeout: 10_000 })
    .toBe(false);
}

describeBrowser('no Latin word on any page', () => {
  let server: TestServer;
  let browser: Browser;
  let graveId: string;
  let noticeId: string | null;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const graves = await call<Array<{ _id: string; buriedPersons: unknown[] }>>(server.api, 'GET', '/graves/male');
    graveId = graves.body.find((g) => g.buriedPersons.length > 0)!._id;
    const notices = await call<Array<{ _id: string }>>(server.api, 'GET', '/notices?recent=30');
    noticeId = notices.body[0]?._id ?? null;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // The public site's walk opens the others.
  const publicPages = () => [
    publicPaths.plan.href(),
    publicPaths.notices.href(),
    ...(noticeId ? [publicPaths.notice.href(noticeId)] : []),
    publicPaths.gravePhoto.href(graveId),
  ];
  const consolePages = () => [
    consolePaths.dashboard(),
    consolePaths.graves(),
    consolePaths.createGrave(),
    consolePaths.grave(graveId),
    consolePaths.bury(graveId),
    consolePaths.graveRange(),
    consolePaths.ledgerEntry(),
    consolePaths.importRegister(),
    consolePaths.plan(),
    consolePaths.plateSheets(),
    consolePaths.suggestions(),
    consolePaths.corrections(),
    consolePaths.photos(),
    consolePaths.articles(),
    consolePaths.createArticle(),
    consolePaths.notices(),
    consolePaths.createNotice(),
    consolePaths.statistics(),
    consolePaths.users(),
    consolePaths.createUser(),
    consolePaths.password(),
    consolePaths.audit(),
    consolePaths.settings(),
  ];

  /** The console's pages are opened inside the console, as a click does; the public pages are loaded. */
  async function walk(
    context: BrowserContext,
    addresses: string[],
    open: 'loaded' | 'inConsole',
  ): Promise<Record<string, string[]>> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const found: Record<string, string[]> = {};
    for (const address of addresses) {
      if (open === 'inConsole') await openInConsole(page, server.url, address);
      else await page.goto(`${server.url}${address}`);
      await settled(page);
      const words = await latinWords(page);
      if (words.length > 0) found[address] = words;
    }
    await page.close();
    return found;
  }

  for (const width of [360, 1280]) {
    it(`reads the public pages no other walk opens at ${width} px`, async () => {
      const visitor = await browser.newContext({
        viewport: { width, height: 800 },
        locale: 'ar-EG',
        serviceWorkers: 'block',
      });
      try {
        expect(await walk(visitor, publicPages(), 'loaded')).toEqual({});
      } finally {
        await visitor.close();
      }
    });
  }
  it('reads every console page at 1280 px', { timeout: 150_000 }, async () => {
    const viewport = { width: 1280, height: 800 };
    const manager = await signedInContext(browser, server, 'manager', { viewport, locale: 'ar-EG' });
    try {
      expect(await walk(manager, consolePages(), 'inConsole')).toEqual({});
    } finally {
      await manager.close();
    }
  });
});
