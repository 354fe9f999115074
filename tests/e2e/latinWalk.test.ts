// No Latin word where a visitor or a clerk can see or hear it: every public page and every console page, at 360 px
// and at 1280 px, signed in as a manager for the console. Read on each: the text on screen, the document's title,
// and every aria-label, title, placeholder and alt. Allowed: e-mail addresses, web addresses, a grave's short
// address, the endings and scheme of addresses a hint names, a colour's code, and the formats of files.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { consolePaths } from '../../src/domain/paths/consolePaths';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { describeBrowser, launchBrowser } from '../support/browser';
import { signedInContext } from '../support/console';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';

/** What may be Latin: addresses to type or follow, a colour's code, file names the clerk chose. */
const ALLOWED = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses
  /(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/[^\s]*)?/g, // web addresses (and a grave's short address)
  /https?:\/\//g, // the scheme the site address's hint says is added
  /\.(?:com|net)\b/g, // the e-mail endings the specification's message names
  /#[0-9a-f]{6}\b/gi, // a colour
  /\b(?:PNG|JPEG|WebP|SVG|CSV|PDF|GEDCOM|GeoJSON|QR|A4|A5)\b/g, // formats named as the committee knows them
];

async function latinWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden';
    };
    const out = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (!visible(el) && !el.getAttribute('aria-label')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
  let text = texts.join('\n');
  for (const allowed of ALLOWED) text = text.replace(allowed, ' ');
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

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
  let articleId: string;
  let noticeId: string | null;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const graves = await call<Array<{ _id: string; buriedPersons: unknown[] }>>(server.api, 'GET', '/graves/male');
    graveId = graves.body.find((g) => g.buriedPersons.length > 0)!._id;
    const articles = await call<Array<{ _id: string }>>(server.api, 'GET', '/articles');
    articleId = articles.body[0]!._id;
    const notices = await call<Array<{ _id: string }>>(server.api, 'GET', '/notices?recent=30');
    noticeId = notices.body[0]?._id ?? null;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const publicPages = () => [
    publicPaths.home.href(),
    publicPaths.men.href(),
    publicPaths.women.href(),
    publicPaths.bones.href(),
    publicPaths.plan.href(),
    publicPaths.contact.href(),
    publicPaths.suggest.href(),
    publicPaths.approved.href(),
    publicPaths.team.href(),
    publicPaths.memorial.href(),
    publicPaths.notices.href(),
    ...(noticeId ? [publicPaths.notice.href(noticeId)] : []),
    publicPaths.article.href(articleId),
    publicPaths.grave.href(graveId),
    publicPaths.gravePhoto.href(graveId),
    publicPaths.login.href(),
    '/no-such-page',
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

  async function walk(context: BrowserContext, addresses: string[]): Promise<Record<string, string[]>> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const found: Record<string, string[]> = {};
    for (const address of addresses) {
      await page.goto(`${server.url}${address}`);
      await settled(page);
      const words = await latinWords(page);
      if (words.length > 0) found[address] = words;
    }
    await page.close();
    return found;
  }

  // Each width and each side is its own test, so a slow machine's minute is counted per walk.
  for (const width of [360, 1280]) {
    const viewport = { width, height: 800 };
    it(`reads every public page at ${width} px`, { timeout: 150_000 }, async () => {
      const visitor = await browser.newContext({ viewport, locale: 'ar-EG', serviceWorkers: 'block' });
      try {
        expect(await walk(visitor, publicPages())).toEqual({});
      } finally {
        await visitor.close();
      }
    });
    it(`reads every console page at ${width} px`, { timeout: 150_000 }, async () => {
      const manager = await signedInContext(browser, server, 'manager', { viewport, locale: 'ar-EG' });
      try {
        expect(await walk(manager, consolePages())).toEqual({});
      } finally {
        await manager.close();
      }
    });
  }
});
