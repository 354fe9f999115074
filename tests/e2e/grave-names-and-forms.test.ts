// The small things a visitor meets, in Chromium at 360 px against the real server: grave numbers repeat
// across sections, so the grave page's title and heading, the home page's recent burials and the plan name the
// section («المقبرة ١٢ — رجال»); the suggestion form counts its characters and stops at the limit; offline, a grave
// page never opened is drawn from the kept register, and /login says that signing in needs the network.
import { identityWords } from '../../src/domain/identity/siteIdentity';
import { DEMO_IDENTITY } from '../../server/seed/identity';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { messages as m } from '../../src/domain/messages';
import { offlineText } from '../../src/domain/messages/offline';
import { suggestionRulesText as suggestionLimitText } from '../../src/domain/messages/inputRules';
import { SUGGESTION_LIMITS } from '../../src/domain/text/textRules';
import { graveName } from '../../src/domain/text/graveLifeText';
import { graveWhere } from '../../src/public/graveText';
import { formatNumber } from '../../src/domain/text/format';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import type { Grave } from '../../src/domain/types';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

const SHOTS = '/work/tmp/shots/C';
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG' } as const;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

describeBrowser('grave names with their section, the suggestion counter, offline pages (360 px)', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const phonePage = async () => {
    const context = await browser.newContext(PHONE);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page, errors: collectErrors(page) };
  };
  const section = async (path: string) => (await (await fetch(`${server.api}${path}`)).json()) as Grave[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  it('the same number in both sections: each grave page names its own section in its title and heading', async () => {
    const men = await section('/graves/male');
    const women = await section('/graves/female');
    const number = men.map((g) => g.number).find((n) => women.some((w) => w.number === n))!;
    const pair = [men.find((g) => g.number === number)!, women.find((g) => g.number === number)!];
    const { page, errors } = await phonePage();
    const seen: string[] = [];
    for (const grave of pair) {
      // The page as the server draws it: the tab's title names the section already.
      const html = await (await fetch(`${server.url}/grave-details-user/${grave._id}`)).text();
      expect(html).toContain(`<title>${graveName(grave)} | ${identityWords(DEMO_IDENTITY).siteTitle}</title>`);
      await page.goto(`${server.url}/grave-details-user/${grave._id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe(graveName(grave));
      expect(await page.title()).toBe(`${graveName(grave)} | ${identityWords(DEMO_IDENTITY).siteTitle}`);
      seen.push((await heading.textContent())!);
    }
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]).toContain(m['gender.men']);
    expect(seen[1]).toContain(m['gender.women']);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'grave-page-section-360');
    expect(errors).toEqual([]);
  });

  it("the home page's recent burials and the plan's cells name the section", async () => {
    const recent = (await (await fetch(`${server.api}/graves/recentBurials`)).json()) as Grave[];
    const { page, errors } = await phonePage();
    await page.goto(server.url);
    const cards = page.locator('.recent-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const lines = await cards.locator('p.muted').allTextContents();
    for (const line of lines) expect(recent.map((g) => graveWhere(g.number, g.gender))).toContain(line);
    for (const line of lines) expect(line).toMatch(/ — (رجال|نساء)$|^في /);
    await cards.first().scrollIntoViewIfNeeded();
    await shot(page, 'home-recent-section-360');

    const men = await section('/graves/male');
    await page.goto(`${server.url}/plan`);
    const cell = page.locator(`svg.plan-svg a[href="/plan/men/${men[0]!.number}"] title`).first();
    await expect.poll(() => cell.textContent()).toContain(graveName(men[0]!));
    expect(errors).toEqual([]);
  });

  it('the suggestion form counts the characters in Arabic-Indic digits and stops at the limit', async () => {
    const { page, errors } = await phonePage();
    await page.goto(`${server.url}/contact`);
    const text = page.getByLabel(m['suggest.text']);
    await text.fill('اقتراح قصير');
    const count = page.locator('.field-count');
    await expect
      .poll(() => count.textContent())
      .toBe(
        suggestionLimitText['suggest.counter']
          .replace('{n}', formatNumber('اقتراح قصير'.length))
          .replace('{max}', formatNumber(SUGGESTION_LIMITS.textMax)),
      );
    // Pasting more than the limit keeps only what fits, and the line says the limit is reached.
    await text.fill('ن'.repeat(SUGGESTION_LIMITS.textMax + 50));
    await expect.poll(async () => (await text.inputValue()).length).toBe(SUGGESTION_LIMITS.textMax);
    await expect.poll(() => count.textContent()).toContain(suggestionLimitText['suggest.atLimit']);
    expect(await count.textContent()).toContain(formatNumber(SUGGESTION_LIMITS.textMax));
    expect(await fitsWidth(page)).toBe(true);
    await count.scrollIntoViewIfNeeded();
    await shot(page, 'suggestion-counter-360');
    expect(errors).toEqual([]);
  });

  it('the server says a too-long suggestion is too long, not that it is required; nothing is stored', async () => {
    const res = await fetch(`${server.api}/suggestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ text: 'ن'.repeat(SUGGESTION_LIMITS.textMax + 1), name: 'زائر', phone: '0123456789' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(m['suggest.textTooLong']);
    const name = await fetch(`${server.api}/suggestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'اقتراح', name: 'ن'.repeat(SUGGESTION_LIMITS.nameMax + 1), phone: '0123456789' }),
    });
    expect(((await name.json()) as { message: string }).message).toBe(m['suggest.nameTooLong']);
    const empty = await fetch(`${server.api}/suggestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'زائر', phone: '0123456789' }),
    });
    expect(((await empty.json()) as { message: string }).message).toBe(m['suggest.textInvalid']);
  });

  it('offline: a grave page never opened is drawn from the kept register; /login says it needs the network', async () => {
    const women = await section('/graves/female');
    const grave = women.find((g) => g.buriedPersons.length > 1) ?? women.find((g) => g.buriedPersons.length > 0)!;
    const { context, page, errors } = await phonePage();
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
    await page.waitForFunction(
      async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
      [CACHE_NAMES.index, INDEX_URL],
      { timeout: 30_000, polling: 250 },
    );

    await context.setOffline(true);
    await page.goto(`${server.url}/grave-details-user/${grave._id}`);
    await expect.poll(() => page.locator('#grave-heading').textContent()).toBe(graveName(grave));
    for (const person of grave.buriedPersons) await page.getByRole('cell', { name: person.name }).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'offline-grave-never-visited-360');

    await page.goto(`${server.url}/login`);
    await page.getByText(offlineText['offline.loginNeedsNetwork']).waitFor();
    await shot(page, 'offline-login-360');
    expect(errors.filter((e) => !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
});
