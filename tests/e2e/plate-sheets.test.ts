// The console's plate sheets, in Chromium against the real server on the demo village: a manager at 360 px
// chooses the men's section and a range, sees the plates and their count, and the page fits the phone with no
// serious axe finding; in print emulation only the sheet shows, A4 pages at the plates' real size with crop marks,
// and the QR code of one plate taken from the printed sheet as pixels leads to that grave's public page. A grave's
// console page prints its plate alone, the graves list prints its selected graves, and a range past the print's
// ceiling says so in Arabic. Without the site's address the page prints nothing and says where to set it; the
// settings field takes a bare host name and says how it is stored. Screenshots in /work/tmp/shots/plate-sheets/.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { animationsFinished, describeBrowser, launchBrowser } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { documentWidth, phoneScreenshot, seriousViolations } from '../support/layout';
import { messages as m, t } from '../../src/domain/messages';
import { plateNoun, sheetPageNoun } from '../../src/domain/messages/plateSheets';
import { formatCounted, formatGraveNumber } from '../../src/domain/text/format';
import { formatCount } from '../../src/domain/text/nouns';
import { PLATES_PER_PRINT, sheetLayout } from '../../src/domain/plan/plateSheet';
import { graveQrText } from '../../src/domain/paths/graveAddress';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';

const SHOTS = resolve(process.env.PLATE_SHEETS_SHOTS_DIR ?? '/work/tmp/shots/plate-sheets');
const PHONE = { viewport: { width: 360, height: 780 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo', hasTouch: true };

const countText = (plates: number, pages: number) =>
  t('plateSheets.count', {
    plates: formatCounted(plates, plateNoun),
    pages: formatCounted(pages, sheetPageNoun, 'genitive'),
  });

describeBrowser('plate sheets in the console', () => {
  let server: TestServer;
  let browser: Browser;
  let manager = '';
  let men: Grave[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    manager = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    // The QR codes hold the committee's public address: here, the test server's.
    const settings = await fetch(`${server.api}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
      body: JSON.stringify({ siteUrl: server.url }),
    });
    expect(settings.status).toBe(200);
    const section = await fetch(`${server.api}/graves/male`);
    men = ((await section.json()) as Grave[]).sort((a, b) => Number(a.number) - Number(b.number));
    expect(men.length).toBeGreaterThan(20);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  async function staffPage(options: { phone?: boolean; scale?: number } = {}) {
    const context = await browser.newContext({
      ...(options.phone ? PHONE : { viewport: { width: 1280, height: 900 }, locale: 'ar-EG' }),
      deviceScaleFactor: options.scale ?? 1,
    });
    await context.addInitScript(
      ([token]) => {
        localStorage.setItem('userToken', token!);
        localStorage.setItem('userRole', 'manager');
        // The print dialog itself is the browser's: the page's call to it is counted instead.
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      },
      [manager],
    );
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  /** Every plate image of the preview and the print copy has loaded. */
  async function platesLoaded(page: Page, count: number) {
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLImageElement>('.plate-grid img')].filter(
              (img) => img.complete && img.naturalWidth > 0,
            ).length,
        ),
      )
      .toBe(2 * count);
    await animationsFinished(page);
  }

  /**
   * Print emulation as the printer lays the page out: the width of the A4 sheet, turned as the sheet asks (a phone
   * prints on paper, not at its screen's width).
   */
  async function asPrinted(page: Page, orientation: 'portrait' | 'landscape') {
    // A4 at 96 px to the inch.
    const [w, h] = [794, 1123];
    await page.setViewportSize(orientation === 'portrait' ? { width: w, height: h } : { width: h, height: w });
    await page.emulateMedia({ media: 'print' });
  }

  /** The QR code of a grave's plate on the printed sheet, read from the screen's pixels. */
  async function readPrintedPlate(page: Page, graveId: string): Promise<string> {
    const plate = page.locator(`.plate-print [data-grave-id="${graveId}"]`);
    await plate.waitFor();
    const png = await plate.screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code, 'a QR code on the printed plate').not.toBeNull();
    return code!.data;
  }

  /** The decoded address leads, through the short address's redirect, to the grave's public page. */
  async function followsToGrave(page: Page, address: string, grave: Grave) {
    await page.emulateMedia({ media: 'screen' });
    await page.goto(address);
    await page.waitForURL((url) => url.pathname === publicPaths.grave.href(grave._id));
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: formatGraveNumber(grave.number) })
      .first()
      .waitFor();
  }

  it('a manager at 360 px prints the plates of a range of the men’s section; one printed plate leads to its grave', async () => {
    const { page, errors } = await staffPage({ phone: true, scale: 3 });
    const range = men.slice(3, 20);
    const [from, to] = [Number(range[0]!.number), Number(range.at(-1)!.number)];
    const inRange = men.filter((g) => Number(g.number) >= from && Number(g.number) <= to);

    await page.goto(`${server.url}/admin`);
    await page
      .getByRole('button', { name: /القائمة/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: m['plateSheets.title'] }).click();
    await page.waitForURL((url) => url.pathname === '/admin/plate-sheets');
    await page.getByRole('heading', { name: m['plateSheets.title'], level: 1 }).waitFor();
    await animationsFinished(page);

    await page.getByLabel(m['plateSheets.section']).click();
    await page.getByRole('option', { name: m['gender.men'] }).click();
    // Arabic-Indic digits, as a phone's Arabic keyboard types them.
    await page.getByLabel(m['plateSheets.from']).fill(formatGraveNumber(from));
    await page.getByLabel(m['plateSheets.to']).fill(String(to));
    await page.getByRole('button', { name: m['plateSheets.show'] }).click();

    // The 10×7 cm plates first: 4 a page.
    const perPlate = sheetLayout('plate').perPage;
    await page.getByText(countText(inRange.length, Math.ceil(inRange.length / perPlate))).waitFor();
    await platesLoaded(page, inRange.length);
    const width = await documentWidth(page);
    expect(width.document, 'nothing sideways').toBeLessThanOrEqual(width.viewport);
    expect(await seriousViolations(page, 'plate-sheets')).toEqual([]);
    await phoneScreenshot(page, 'plate-sheets-360-plates', SHOTS);

    // The stickers: 15 a page.
    await page.getByLabel(m['plateSheets.sizeSticker']).click();
    await expect.poll(() => page.getByLabel(m['plateSheets.sizeSticker']).isChecked()).toBe(true);
    const perSticker = sheetLayout('sticker').perPage;
    await page.getByText(countText(inRange.length, Math.ceil(inRange.length / perSticker))).waitFor();
    expect(new URL(page.url()).searchParams.get('size')).toBe('sticker');
    await platesLoaded(page, inRange.length);
    expect((await documentWidth(page)).document).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page, 'plate-sheets-stickers')).toEqual([]);
    await phoneScreenshot(page, 'plate-sheets-360-stickers', SHOTS);

    // Print: the button waits for the plates, then asks the browser to print.
    await page.getByRole('button', { name: m['plateSheets.print'] }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // In print only the sheet shows: none of the console's chrome, every plate at its real size (5 cm at 96 px to
    // the inch: 189 px), each page of the print a sheet of its own.
    await asPrinted(page, 'portrait');
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: m['plateSheets.print'] }).isVisible()).toBe(false);
    const sheets = page.locator('.plate-print-page');
    expect(await sheets.count()).toBe(Math.ceil(inRange.length / perSticker));
    const box = await page.locator('.plate-print .plate-cell').first().boundingBox();
    expect(Math.round(box!.width)).toBe(189);
    expect(Math.round(box!.height)).toBe(189);
    expect(await page.locator('.plate-print .plate-marks').count()).toBe(inRange.length);
    await sheets.first().screenshot({ path: resolve(SHOTS, 'sheet-print-stickers.png') });
    // The PDF Chromium prints: A4 pages (595 × 842 points), as many as the sheets.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(Math.ceil(inRange.length / perSticker));
    expect(pdf).toMatch(/\/MediaBox \[0 0 59[45]\.\d+ 84[12]\.\d+\]/);

    // One plate taken from the printed sheet as pixels: its code is the grave's short address, and it leads there.
    const grave = inRange[7]!;
    const address = await readPrintedPlate(page, grave._id);
    expect(address).toBe(graveQrText(server.url, grave.gender, grave.number));
    await followsToGrave(page, address, grave);
    expect(errors).toEqual([]);
  });

  it('the 10×7 cm plates print on landscape A4 pages, 4 a page', async () => {
    const { page, errors } = await staffPage({ scale: 2 });
    const range = men.slice(0, 6);
    await page.goto(
      `${server.url}/admin/plate-sheets?gender=men&from=${range[0]!.number}&to=${range.at(-1)!.number}&size=plate`,
    );
    await page.getByText(countText(6, 2)).waitFor();
    await platesLoaded(page, 6);
    await asPrinted(page, 'landscape');
    const box = await page.locator('.plate-print .plate-cell').first().boundingBox();
    // 10 × 7 cm at 96 px to the inch.
    expect(Math.round(box!.width)).toBe(378);
    expect(Math.round(box!.height)).toBe(265);
    await page
      .locator('.plate-print-page')
      .first()
      .screenshot({ path: resolve(SHOTS, 'sheet-print-plates.png') });
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(2);
    expect(pdf).toMatch(/\/MediaBox \[0 0 84[12]\.\d+ 59[45]\.\d+\]/);
    expect(errors).toEqual([]);
  });

  it('a grave’s console page prints its plate alone, and the printed plate leads back to the grave', async () => {
    const { page, errors } = await staffPage({ phone: true, scale: 4 });
    const grave = men[11]!;
    await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
    await page.getByRole('link', { name: m['plateSheets.printOne'] }).click();
    await page.waitForURL((url) => url.pathname === '/admin/plate-sheets');
    // The chosen grave is named, its section too (numbers repeat across sections).
    await page
      .getByText(
        `${m['plateSheets.chosen']}: ${t('grave.title', { n: formatGraveNumber(grave.number) })} — ${m['gender.men']}`,
      )
      .waitFor();
    await page.getByText(countText(1, 1)).waitFor();
    await platesLoaded(page, 1);
    expect((await documentWidth(page)).document).toBeLessThanOrEqual(360);
    await phoneScreenshot(page, 'plate-single-360', SHOTS);
    await asPrinted(page, 'landscape');
    await page
      .locator('.plate-print-page')
      .first()
      .screenshot({ path: resolve(SHOTS, 'single-plate-print.png') });
    const address = await readPrintedPlate(page, grave._id);
    expect(address).toBe(graveQrText(server.url, 'men', grave.number));
    await followsToGrave(page, address, grave);
    expect(errors).toEqual([]);
  });

  it('the graves list prints the plates of the graves selected in it', async () => {
    const { page, errors } = await staffPage();
    await page.goto(`${server.url}/admin/graves`);
    const rows = page.locator('.RaDatagrid-tbody tr');
    await rows.first().waitFor();
    await rows.nth(0).locator('input[type="checkbox"]').check();
    await rows.nth(1).locator('input[type="checkbox"]').check();
    // Every checkbox of the table has a name (react-admin names the row's on its wrapper alone).
    expect(await seriousViolations(page, 'graves-list-selected')).toEqual([]);
    await page.getByRole('link', { name: m['plateSheets.printPlates'] }).click();
    await page.waitForURL((url) => url.pathname === '/admin/plate-sheets');
    expect(new URL(page.url()).searchParams.getAll('id')).toHaveLength(2);
    await page.getByText(countText(2, 1)).waitFor();
    await platesLoaded(page, 2);
    expect(errors).toEqual([]);
  });

  it('a range past the print’s ceiling prints the first plates and says so', async () => {
    // Enough men's graves for more than one print.
    const made = await fetch(`${server.api}/graves/range?dryRun=false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
      body: JSON.stringify({ gender: 'men', from: 5001, to: 5000 + PLATES_PER_PRINT }),
    });
    expect(made.status).toBeLessThan(300);
    const { page, errors } = await staffPage({ phone: true });
    await page.goto(`${server.url}/admin/plate-sheets?gender=men&from=1&to=99999&size=sticker`);
    const total = men.length + PLATES_PER_PRINT;
    await page
      .getByText(
        t('plateSheets.capped', {
          total: formatCount(total, 'grave'),
          max: formatCounted(PLATES_PER_PRINT, plateNoun),
        }),
      )
      .waitFor();
    await page
      .getByText(countText(PLATES_PER_PRINT, Math.ceil(PLATES_PER_PRINT / sheetLayout('sticker').perPage)))
      .waitFor();
    expect(await page.locator('.plate-preview-page img').count()).toBe(PLATES_PER_PRINT);
    expect(errors).toEqual([]);
  });

  it('without the site’s address no plate is shown: the page says where to set it, and the settings take a bare name', async () => {
    const cleared = await fetch(`${server.api}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
      body: JSON.stringify({ siteUrl: '' }),
    });
    expect(cleared.status).toBe(200);
    const { page, errors } = await staffPage({ phone: true });
    await page.goto(`${server.url}/admin/plate-sheets?gender=men&from=1&to=3&size=sticker`);
    const refusal = page.getByRole('alert').filter({ hasText: t('plate.siteUrlMissing') });
    await refusal.waitFor();
    expect(await page.locator('.plate-grid img').count()).toBe(0);
    expect(await page.getByRole('button', { name: t('plateSheets.print') }).count()).toBe(0);
    expect((await documentWidth(page)).document).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page, 'plate sheets without the site address')).toEqual([]);
    await phoneScreenshot(page, 'plates-no-site-address-360', SHOTS);

    await refusal.getByRole('link', { name: t('plateSheets.toSettings') }).click();
    const field = page.locator('#settings-site-url');
    await field.waitFor();
    await field.fill('kafr-salem.com/');
    const stored = t('settingsPage.siteUrlStoredAs', { url: 'https://kafr-salem.com' });
    await page.getByText(stored).waitFor();
    await phoneScreenshot(page, 'settings-site-address-360', SHOTS);
    await page.getByRole('button', { name: t('settingsPage.save') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: t('settings.savedSiteUrl', { url: 'https://kafr-salem.com' }) })
      .waitFor();
    expect(await field.inputValue()).toBe('https://kafr-salem.com');

    // Back on the plates: drawn, with the committee's address.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/plate-sheets');
    await platesLoaded(page, 3);
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: t('plate.siteUrlMissing') })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });
});
