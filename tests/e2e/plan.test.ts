// In Chromium: the plan of the cemetery at 3,000 graves. /plan is drawn by the server and weighs under
// 100 KB compressed with everything it loads; it fits 360 px and 1280 px with no serious axe finding; a cell leads
// to its grave's page and a search marks the graves of the people it finds; the plan reads in words; it prints on
// A4 with only the plan; and in the console the manager names a section's rows, which the public plan and the grave
// pages then show («الصف ب، الخانة ٤»), while a refused list keeps what was typed.
import { graveName } from '../../src/domain/text/graveLifeText';
import { request as httpRequest } from 'node:http';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatGraveNumber } from '../../src/domain/text/format';
import { planText } from '../../src/domain/messages/plan';
import { planPublicText } from '../../src/domain/messages/planPublic';
import { graveLifePublicText } from '../../src/domain/messages/graveLifePublic';
import type { PlanAnswer } from '../../src/domain/plan/plan';
import type { Grave } from '../../src/domain/types';
import { signedInContext } from '../support/console';
import { collectErrors, describeBrowser, launchBrowser, SCREENSHOT_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { closePage, expectAccessible, expectNoLatinText, expectNoSidewaysScroll, newPageIn } from '../public/support';

/** The bytes an address sends with brotli, as a phone receives them (Node's fetch would decompress). */
function compressedSize(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => done(size));
    });
    req.on('error', fail);
    req.end();
  });
}

/** What the screen shows, not the whole page: the plan of 3,000 graves is some ten thousand pixels tall. */
async function viewShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`) });
}

describeBrowser('the plan of the cemetery', () => {
  let server: TestServer;
  let browser: Browser;
  let plan: PlanAnswer;
  let men: Grave[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({
        seed: 'demo',
        seedOptions: { graves: 3000, burials: 5000, articles: 1, suggestions: 0 },
        staticDir: inject('siteDir'),
      }),
      launchBrowser(),
    ]);
    plan = (await (await fetch(`${server.api}/plan`)).json()) as PlanAnswer;
    men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const gravesOnPlan = () =>
    plan.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.cells.replace(/-/g, '').length, 0), 0);

  // The page is the document the server draws (the drawing and the data it is taken over with). The site's shared
  // script and style sheet come beside it (cached after a first visit); their size is printed, and held by the
  // home page's bundle budget (tests/public/bundle-budget.test.ts); the plan's own chunks are held here.
  it("at 3,000 graves the server draws each section's first rows with the whole plan's data, under 100 KB compressed", async () => {
    expect(gravesOnPlan()).toBe(3000);
    const html = await (await fetch(`${server.url}/plan`)).text();
    // The first block (ten rows) of each section; the browser draws the rest from the data in the page.
    const firstBlocks = plan.sections.reduce(
      (n, s) => n + s.rows.slice(0, 10).reduce((m, r) => m + r.cells.replace(/-/g, '').length, 0),
      0,
    );
    expect(html.match(/<a href="\/plan\/(men|women)\/\d+"/g)?.length).toBe(firstBlocks);
    expect(html).toContain('id="first-data"');
    expect(html).not.toMatch(/<script>/); // nothing inline: the site's policy refuses inline scripts

    const document = await compressedSize(`${server.url}/plan`);
    const assets = [
      ...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g),
      ...html.matchAll(/<link rel="(?:modulepreload|stylesheet|preload)"[^>]* href="([^"]+\.(?:js|css))"/g),
    ].map((m) => m[1]!);
    const unique = [...new Set(assets)];
    expect(unique.some((a) => a.includes('PlanPage'))).toBe(true);
    const sizes = await Promise.all(unique.map((a) => compressedSize(`${server.url}${a}`)));
    const total = document + sizes.reduce((a, b) => a + b, 0);
    const own = unique.reduce((n, a, i) => n + (/\/(PlanPage|PlanLegend|planPublic)-/.test(a) ? sizes[i]! : 0), 0);
    console.log(
      `/plan at 3,000 graves, brotli: document ${(document / 1024).toFixed(1)} KB; the plan's own chunks ` +
        `${(own / 1024).toFixed(1)} KB; with the site's shared ${unique.length} scripts and style sheets ` +
        `${(total / 1024).toFixed(1)} KB`,
    );
    expect(document).toBeLessThan(100 * 1024);
    expect(own).toBeLessThan(10 * 1024);
  });

  for (const width of [360, 1280]) {
    it(`/plan at ${width} px: drawn, nothing sideways, no error, no serious axe finding, no Latin word`, async () => {
      const page = await newPageIn(browser, { viewport: { width, height: 900 }, locale: 'ar-EG' });
      const errors = collectErrors(page);
      try {
        await page.goto(`${server.url}/plan`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: planPublicText['plan.title'] }).waitFor();
        await expect.poll(() => page.locator('svg.plan-svg a').count()).toBe(3000);
        await expectNoSidewaysScroll(page, `/plan ${width}`);
        await expectNoLatinText(page, `/plan ${width}`);
        // The cells stay large enough to tap on a phone (WCAG 2.5.8: 24 px).
        const cell = await page.locator('svg.plan-svg a rect').first().boundingBox();
        expect(cell!.width).toBeGreaterThanOrEqual(24);
        await viewShot(page, `plan-${width}`);
        // Each section's first block is read whole; the later blocks are the same drawing of other numbers.
        await expectAccessible(page, `/plan ${width}`, '.plan-block ~ .plan-block');
        expect(errors).toEqual([]);
      } finally {
        await closePage(page);
      }
    }, 180_000);
  }

  it('a cell leads to its grave page; the search marks the graves of the people it finds', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/plan`, { waitUntil: 'networkidle' });
      const grave = men.find((g) => g.buriedPersons.length > 0 && typeof g.number === 'number')!;
      const person = grave.buriedPersons[0]!;
      await page.getByRole('searchbox').fill(person.name);
      const marked = page.locator('svg.plan-svg a.hit');
      await expect.poll(() => marked.count()).toBeGreaterThan(0);
      const hrefs = await marked.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain(`/plan/men/${grave.number}`);
      await page
        .getByRole('link', { name: new RegExp(person.name) })
        .first()
        .waitFor();
      await viewShot(page, 'plan-search-360');

      // The cell of that grave, named for a screen reader by its <title>, opens its page.
      await page.locator(`svg.plan-svg a[href="/plan/men/${grave.number}"]`).click();
      await page.waitForURL((u) => u.pathname === `/grave-details-user/${grave._id}`);
      await page.getByRole('heading', { level: 1, name: graveName(grave) }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('the plan in words lists every row with the numbers of each status', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    try {
      await page.goto(`${server.url}/plan`, { waitUntil: 'networkidle' });
      await page.getByText(planPublicText['plan.textTitle']).click();
      const rows = page.locator('.plan-text li');
      await expect.poll(() => rows.count()).toBe(plan.sections.reduce((n, s) => n + s.rows.length, 0));
      const first = plan.sections[0]!.rows[0]!;
      await expect
        .poll(() => rows.first().innerText())
        .toContain(`الصف ${first.label} (من ${formatGraveNumber(first.from)} إلى ${formatGraveNumber(first.to)})`);
    } finally {
      await closePage(page);
    }
  });

  it('prints on A4: the plan alone, in colour, a block of rows never cut by a page', async () => {
    const page = await newPageIn(browser, { viewport: { width: 794, height: 1123 } });
    try {
      await page.goto(`${server.url}/plan`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('svg.plan-svg a').count()).toBe(3000);
      await page.emulateMedia({ media: 'print' });
      const looks = await page.evaluate(() => ({
        header: getComputedStyle(document.querySelector('.site-header')!).display,
        search: getComputedStyle(document.querySelector('.plan-search')!).display,
        block: getComputedStyle(document.querySelector('.plan-block')!).breakInside,
        women: getComputedStyle(document.querySelectorAll('.plan-section')[1]!).breakBefore,
        colour: getComputedStyle(document.querySelector('.plan-page')!).printColorAdjust,
      }));
      expect(looks).toEqual({ header: 'none', search: 'none', block: 'avoid', women: 'page', colour: 'exact' });
      await viewShot(page, 'plan-print-a4');
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
      console.log(`/plan at 3,000 graves prints on ${pages} A4 pages`);
      expect(pages).toBeGreaterThan(2);
    } finally {
      await closePage(page);
    }
  });

  it('the manager names rows in the console at 360 px; a refused list keeps what was typed; the public pages follow', async () => {
    const context = await signedInContext(browser, server, 'manager', { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/admin/plan`);
      const editor = page.getByRole('region', { name: 'صفوف مقابر الرجال' });
      await editor.getByRole('button', { name: planText['plan.addRow'] }).click();
      await editor.getByRole('button', { name: planText['plan.addRow'] }).click();
      const labels = editor.getByRole('textbox', { name: /^اسم الصف/ });
      const froms = editor.getByRole('textbox', { name: planText['plan.rowFrom'] });
      await expect.poll(() => froms.nth(1).inputValue()).toBe('١١'); // a new row continues the last
      await labels.nth(0).fill('أ');
      await labels.nth(1).fill('ب');
      // Overlapping rows are refused before anything is sent, and what was typed stays.
      await froms.nth(1).fill('١٠');
      await editor.getByRole('button', { name: planText['plan.saveRows'] }).click();
      await editor.getByText('الصفان «أ» و«ب» يتداخلان في الأرقام. لكل مقبرة صف واحد.').waitFor();
      expect(await froms.nth(1).inputValue()).toBe('١٠');
      expect((await (await fetch(`${server.api}/plan/rows`)).json()).men).toEqual([]);

      await froms.nth(1).fill('١١');
      await editor.getByRole('button', { name: planText['plan.saveRows'] }).click();
      await editor.getByText('حُفظت صفوف مقابر الرجال.').waitFor();
      await expectNoSidewaysScroll(page, 'console plan 360');
      await editor.screenshot({ path: resolve(SCREENSHOT_DIR, 'plan-console-rows-360.png') });
      expect((await (await fetch(`${server.api}/plan/rows`)).json()).men).toEqual([
        { label: 'أ', from: 1, to: 10 },
        { label: 'ب', from: 11, to: 20 },
      ]);

      // A cell of the console's plan opens the grave's console page.
      const fourteen = men.find((g) => g.number === 14)!;
      await page.locator('svg.plan-svg a[href="/plan/men/14"]').first().click();
      await page.waitForURL((u) => u.pathname === `/admin/graves/${fourteen._id}/show`);
      expect(errors).toEqual([]);

      // The public grave page says where grave 14 stands, and the public plan draws the named rows.
      const visitor = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
      try {
        await visitor.goto(`${server.url}/grave-details-user/${fourteen._id}`);
        const place = graveLifePublicText['position.place'].replace('{row}', 'ب').replace('{place}', '٤');
        await visitor.getByText(place).waitFor();
        await visitor.goto(`${server.url}/plan`);
        const rowLabels = await visitor.locator('.plan-section').first().locator('text.rl').allTextContents();
        expect(rowLabels.slice(0, 2)).toEqual(['أ', 'ب']);
      } finally {
        await closePage(visitor);
      }
    } finally {
      await context.close();
    }
  });

  it('an admin sees the plan in the console but not the rows editor', async () => {
    const context = await signedInContext(browser, server, 'admin', { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/admin/plan`);
      await page.locator('svg.plan-svg').first().waitFor();
      await viewShot(page, 'plan-console-1280');
      expect(await page.getByRole('region', { name: 'صفوف مقابر الرجال' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
