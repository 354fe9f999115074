// The console's graves list answers as the clerk types, in Chromium against the real server: a name typed
// letter by letter finds its grave before its last word is finished, the answers are drawn within 300 ms of the
// keystroke at 360 px and 100 ms at 1280 px (the filter's wait included); while the next answer is on its way the
// previous rows stay, a request the next keystroke supersedes is cancelled and never drawn over the newer answer; the
// text goes to the server as typed, a space at its end kept; the page does not scroll sideways and axe finds nothing
// serious with a search typed. Screenshots at 360 px go to /work/tmp/shots/typing-console/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { describeBrowser, launchBrowser, nextFrames } from '../support/browser';
import { bury, logIn, makeGrave, signIn } from '../support/fixtures';
import { documentWidth, seriousViolations } from '../support/layout';
import { startTestServer, type TestServer } from '../support/server';
import { messages as m } from '../../src/domain/messages';
import { formatGraveNumber } from '../../src/domain/text/format';

const SHOTS = '/work/tmp/shots/typing-console';
const CLERK = { name: 'مدخل بيانات البحث', email: 'typing.clerk@village.com', password: 'typing-clerk-2026' };
/** Two people of the same first words (none in the demo village has them), told apart by the last one. */
const FIRST = 'نصحي طلعت';
const PEOPLE = [
  { grave: 9101, name: `${FIRST} دمرداش` },
  { grave: 9102, name: `${FIRST} سنباطي` },
] as const;
/** A person typing: about eight keys a second. */
const KEY_DELAY_MS = 120;

describeBrowser('the console graves search answers as the clerk types', () => {
  let server: TestServer;
  let browser: Browser;
  let clerkToken = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const managerToken = await signIn(server, 'manager');
    const made = await fetch(`${server.api}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ ...CLERK, role: 'clerk' }),
    });
    expect(made.status).toBe(201);
    clerkToken = await logIn(server, CLERK.email, CLERK.password);
    for (const person of PEOPLE) {
      const grave = await makeGrave(server, clerkToken, 'men', person.grave);
      await bury(server, clerkToken, grave._id, person.name, '2024-03-01');
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  /** The graves list as the clerk, at that width, with the search box ready. */
  async function gravesList(width: number): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 740 : 900 },
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      hasTouch: width < 600,
    });
    await context.addInitScript((token) => {
      localStorage.setItem('userToken', token);
      localStorage.setItem('userRole', 'clerk');
    }, clerkToken);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.url}/admin/graves`);
    await searchBox(page).waitFor();
    // The list has drawn its first page.
    await page.locator(`ul[aria-label="${m['nav.showgraves']}"] > li, tbody tr`).first().waitFor();
    return { page, errors };
  }

  const searchBox = (page: Page) => page.getByPlaceholder(m['search.placeholder']);
  /** The list's row (a card at 360 px, a table row wider) of the seeded person `i` (1 or 2). */
  const rowOf = (page: Page, i: 1 | 2) => {
    const person = PEOPLE[i - 1]!;
    return page
      .locator('li, tbody tr')
      .filter({ hasText: person.name })
      .filter({ hasText: formatGraveNumber(person.grave) });
  };

  /**
   * Waits for the row of person `i`; when it does not come, says what the box held and what the list showed, so a
   * letter lost in the box is told apart from an answer that never came.
   */
  async function rowAppears(page: Page, i: 1 | 2): Promise<void> {
    try {
      await rowOf(page, i).waitFor();
    } catch (error) {
      const typed = await searchBox(page).inputValue();
      const shown = (await page.locator('body').innerText()).slice(0, 1500);
      throw new Error(`the box held «${typed}»; the page showed:\n${shown}`, { cause: error });
    }
  }

  async function shot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  /** Every graves-list request's search text, as the server received it. */
  function searchesSent(page: Page): string[] {
    const sent: string[] = [];
    page.on('request', (request) => {
      const q = searchOf(request);
      if (q !== null) sent.push(q);
    });
    return sent;
  }

  it('finds the grave before the last word is finished, each text asked once as typed (360 px)', async () => {
    const { page, errors } = await gravesList(360);
    const sent = searchesSent(page);
    await searchBox(page).click();
    // «نصحي طلعت دمر»: the last word unfinished, no space after it.
    await searchBox(page).pressSequentially(`${FIRST} دمر`, { delay: KEY_DELAY_MS });
    await rowOf(page, 2).waitFor({ state: 'detached' });
    await rowAppears(page, 1);
    expect(await searchBox(page).inputValue()).toBe(`${FIRST} دمر`);
    // The stored word the unfinished one begins is marked, as the whole words are.
    await expect.poll(() => rowOf(page, 1).locator('mark').allInnerTexts()).toEqual(['نصحي', 'طلعت', 'دمرداش']);
    await shot(page, 'graves-typed-unfinished-360');

    // A space after the word says it is finished: the server gets it as typed, its end untrimmed.
    await searchBox(page).pressSequentially('داش ', { delay: KEY_DELAY_MS });
    await expect.poll(() => sent.at(-1)).toBe(`${PEOPLE[0].name} `);
    await rowOf(page, 1).waitFor();
    expect(await rowOf(page, 2).count()).toBe(0);
    // No text was asked for twice: the list's early question (LiveFilters) and its own are one request.
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.filter((q, i) => sent.indexOf(q) !== i)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the table answers as typed too (1280 px)', async () => {
    const { page, errors } = await gravesList(1280);
    await searchBox(page).click();
    await searchBox(page).pressSequentially(`${FIRST} سن`, { delay: KEY_DELAY_MS });
    await rowOf(page, 1).waitFor({ state: 'detached' });
    await rowAppears(page, 2);
    await expect.poll(() => rowOf(page, 2).locator('mark').allInnerTexts()).toEqual(['نصحي', 'طلعت', 'سنباطي']);
    expect(errors).toEqual([]);
  });

  it('keeps the previous rows while the next answer is held, and never draws a superseded one', async () => {
    const { page, errors } = await gravesList(360);
    await searchBox(page).click();
    await searchBox(page).pressSequentially(`${FIRST} `, { delay: KEY_DELAY_MS });
    await rowOf(page, 1).waitFor();
    await rowOf(page, 2).waitFor();

    // From here every graves-list request waits until the test lets it through.
    const held: Array<{ q: string; route: Route; request: Request }> = [];
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      const q = searchOf(request);
      if (q !== null) failed.push(q);
    });
    const listRequests = (url: URL) => url.pathname.endsWith('/api/graves') && url.searchParams.has('filter');
    await page.route(listRequests, (route, request) => {
      held.push({ q: searchOf(request) ?? '', route, request });
    });
    await searchBox(page).pressSequentially('س');
    await expect.poll(() => held.map((h) => h.q)).toContain(`${FIRST} س`);
    // The answer is on its way: the rows of «نصحي طلعت » stay, marked as they were, with no loading line and no
    // 'no results' over them.
    await nextFrames(page, 3);
    await rowOf(page, 1).waitFor();
    await rowOf(page, 2).waitFor();
    expect(await page.getByText(m['common.loading']).count()).toBe(0);
    expect(await page.getByText(m['search.noResults']).count()).toBe(0);
    expect(await rowOf(page, 1).locator('mark').allInnerTexts()).toEqual(['نصحي', 'طلعت']);
    await shot(page, 'graves-held-360');

    // The next keystrokes supersede the held request: the page cancels it.
    await searchBox(page).pressSequentially('نباطي', { delay: KEY_DELAY_MS });
    await expect.poll(() => held.map((h) => h.q)).toContain(PEOPLE[1].name);
    await expect.poll(() => failed).toContain(`${FIRST} س`);
    const newest = held.find((h) => h.q === PEOPLE[1].name)!;
    await newest.route.continue();
    await page.unroute(listRequests);
    await rowOf(page, 1).waitFor({ state: 'detached' });
    await rowOf(page, 2).waitFor();
    // The older requests, let through late (those the browser has not dropped), change nothing on screen.
    for (const h of held.filter((h) => h !== newest)) await h.route.continue().catch(() => {});
    await nextFrames(page, 3);
    expect(await rowOf(page, 1).count()).toBe(0);
    await rowOf(page, 2).waitFor();
    expect(errors).toEqual([]);
  });

  it('with a search typed, the list fits 360 px and axe finds nothing serious', async () => {
    const { page, errors } = await gravesList(360);
    await searchBox(page).click();
    await searchBox(page).pressSequentially(PEOPLE[1].name, { delay: KEY_DELAY_MS });
    await rowOf(page, 2).waitFor();
    const width = await documentWidth(page);
    expect(width.document).toBe(width.viewport);
    expect(await seriousViolations(page, 'graves-typed')).toEqual([]);
    await shot(page, 'graves-typed-360');
    expect(errors).toEqual([]);
  });
});

/** The search text of a graves-list request (its `filter`'s q), or null for any other request. */
function searchOf(request: Request): string | null {
  const url = new URL(request.url());
  if (!url.pathname.endsWith('/api/graves')) return null;
  const filter = url.searchParams.get('filter');
  if (filter === null) return null;
  const q: unknown = (JSON.parse(filter) as Record<string, unknown>).q;
  return typeof q === 'string' ? q : null;
}
