// In Chromium at a phone's width (360 px): a real import with lines it leaves out. The check's preview
// table scrolls inside its card, not the page; after the real run the report stays, listing what was added, every
// line left out with its Arabic reason and the duplicates; the left-out lines download as a CSV (the file's columns,
// the line's number and the reason, UTF-8 with BOM) to fix and import again; the page never scrolls sideways.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatNumber } from '../../src/domain/text/format';
import { formatCount } from '../../src/domain/text/nouns';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { messages as m, t } from '../../src/domain/messages';
import type { SearchMatch } from '../../src/domain/types';
import { BURIALS } from '../../src/admin/pages/registerNouns';
import { signedInContext } from '../support/console';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { call } from '../server/helpers';
import { signIn } from '../support/fixtures';
import { formatGraveNumber } from '../../src/domain/text/format';
import type { Grave } from '../../src/domain/types';
import { startTestServer, type TestServer } from '../support/server';

const SHOTS = '/work/tmp/shots/D';

describeBrowser('an import that leaves lines out, at 360 px', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const sidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('keeps the real run’s report, lists the left-out lines, and downloads them to fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-left-out-'));
    const file = join(dir, 'دفتر ١٩٩٠.csv');
    const long = 'نُقل من المقبرة القديمة عند توسعة الطريق، بطلب من الأسرة وبحضور لجنة المقابر كاملة';
    writeFileSync(
      file,
      '\uFEFFالقسم,رقم المقبرة,الاسم,تاريخ الدفن,ملاحظات\n' +
        `رجال,801,عبد الستار فهمي الجندي,1990-04-02,${long}\n` +
        'رجال,801,,1991-01-01,\n' +
        'نساء,802,سعاد فهمي الجندي,1/1/2099,\n' +
        `رجال,801,عبد الستار فهمي الجندي,1990-04-02,${long}\n` +
        'نساء,803,رقية فهمي الجندي,1994-08-15,\n' +
        // Day first as the register reads it (8 February); written month-first it would be 2 August.
        'نساء,804,زينب فهمي الجندي,٨/٢/١٩٩٥,\n',
    );
    const context = await signedInContext(browser, server, 'manager', {
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      viewport: { width: 360, height: 740 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors = collectErrors(page);
    await page.goto(`${server.url}/admin/import`);
    await page.getByRole('heading', { name: m['import.title'], level: 1 }).waitFor();

    // The two downloads say what each holds; the template's is there before any file.
    const template = page.getByRole('button', { name: m['importDownload.template'] });
    await template.waitFor();
    const [templateFile] = await Promise.all([page.waitForEvent('download'), template.click()]);
    expect(templateFile.suggestedFilename()).toBe(m['importDownload.templateFile']);
    const templateText = readFileSync((await templateFile.path())!, 'utf8');
    expect(templateText).toBe('\uFEFFالنوع,رقم المقبرة,اسم المتوفى,تاريخ الدفن,ملاحظات\r\n');

    await page.locator('#import-file').setInputFiles(file);
    const check = page.locator('.import-report');
    await check.waitFor();
    await expect(check.locator('[data-figure="import.refused"]').textContent()).resolves.toBe(formatNumber(2));
    // The preview is wider than a phone: it scrolls inside its card, the page does not.
    const scroller = check.locator('.import-preview-scroll');
    await scroller.waitFor();
    // Each row's date as read, in words with its Hijri date, and the other reading where day and month could swap.
    const read = scroller.locator('.import-date-read');
    // Beside the file's own date column, so the cell and its reading are seen together.
    expect(await scroller.locator('th').allTextContents()).toEqual([
      'القسم',
      'رقم المقبرة',
      'الاسم',
      'تاريخ الدفن',
      m['import.dateAsRead'],
      'ملاحظات',
    ]);
    await expect(read.first().textContent()).resolves.toContain(formatBurialDate('1990-04-02'));
    await expect(read.last().textContent()).resolves.toBe(
      formatBurialDate('1995-02-08') + t('import.dateSwapped', { date: formatBurialDate('1995-08-02') }),
    );
    // The columns' legend names the section column as the register does.
    await check.getByText(`${m['import.sectionColumn']}: القسم`).waitFor();
    await page.screenshot({ path: join(SHOTS, 'import-check-360.png'), fullPage: true });
    await screenshot(page, 'import-preview-dates-360');
    const widths = await scroller.evaluate((el) => [
      el.scrollWidth,
      el.clientWidth,
      document.documentElement.scrollWidth,
    ]);
    expect(widths[0]! > widths[1]!, JSON.stringify(widths)).toBe(true);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    await check
      .getByRole('button', { name: t('import.confirm', { burials: formatCount(3, BURIALS, 'genitive') }) })
      .click();
    const done = page.locator('.import-done');
    await done.waitFor();
    await expect(check.count()).resolves.toBe(0);
    await expect(done.locator('[data-figure="importDone.burialsAdded"]').textContent()).resolves.toBe(formatNumber(3));
    await expect(done.locator('[data-figure="importDone.duplicates"]').textContent()).resolves.toBe(formatNumber(1));
    await expect(done.locator('[data-figure="importDone.refused"]').textContent()).resolves.toBe(formatNumber(2));
    // Every line left out, by its number and reason; the duplicate with its own.
    const refused = await done.locator('.import-error li').allTextContents();
    expect(refused).toEqual([
      `${t('import.line', { line: formatNumber(3) })}: ${t('burial.nameInvalid')}`,
      `${t('import.line', { line: formatNumber(4) })}: ${t('burial.dateFuture')}`,
    ]);
    await expect(done.locator('.import-warning li').allTextContents()).resolves.toContain(
      `${t('import.line', { line: formatNumber(5) })}: ${t('import.duplicate')}`,
    );
    // Written: the two valid lines.
    expect(
      (await call<SearchMatch[]>(server.api, 'GET', `/search?q=${encodeURIComponent('رقية فهمي الجندي')}`)).body,
    ).toHaveLength(1);

    const leftOut = done.getByRole('button', { name: m['importDownload.leftOut'] });
    const [download] = await Promise.all([page.waitForEvent('download'), leftOut.click()]);
    expect(download.suggestedFilename()).toBe(m['importDownload.leftOutFile']);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toEqual([
      `القسم,رقم المقبرة,الاسم,تاريخ الدفن,ملاحظات,${m['importDownload.lineColumn']},${m['importDownload.reasonColumn']}`,
      `رجال,801,,1991-01-01,,${formatNumber(3)},${t('burial.nameInvalid')}`,
      `نساء,802,سعاد فهمي الجندي,1/1/2099,,${formatNumber(4)},${t('burial.dateFuture')}`,
      '',
    ]);

    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'import-done-360.png'), fullPage: true });
    await screenshot(page, 'import-left-out-360');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the warnings kept with a grave’s burials on its console page, and filters the graves that have them', async () => {
    const token = await signIn(server, 'admin');
    const saved = await call<{ warnings: unknown[] }>(server.api, 'POST', '/burials/batch?dryRun=false', {
      token,
      body: {
        rows: [
          { gender: 'men', graveNumber: 810, name: 'مرسي عبد الباقي', burialDate: '1/1/2020', createGrave: true },
          { gender: 'men', graveNumber: 810, name: 'حامد مرسي عبد الباقي', burialDate: '1/5/2020' },
        ],
      },
    });
    expect(saved.body.warnings).toHaveLength(1);
    const grave = (await call<Grave[]>(server.api, 'GET', '/graves/male')).body.find((g) => g.number === 810)!;
    const [warning] = (
      await call<Array<{ warning: string }>>(server.api, 'GET', `/graves/${grave._id}/warnings`, { token })
    ).body;

    const context = await signedInContext(browser, server, 'admin', {
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors = collectErrors(page);
    await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
    const box = page.locator('.grave-warnings');
    await box.waitFor();
    await expect(box.textContent()).resolves.toContain(warning!.warning);
    await expect(box.textContent()).resolves.toContain(m['warnings.title']);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'grave-warnings-360.png'), fullPage: true });

    // The list: «مع تنبيهات» leaves only this grave (the import's graves above have none).
    await page.goto(`${server.url}/admin/graves`);
    const title = t('grave.title', { n: formatGraveNumber(801) });
    await page.getByText(title, { exact: true }).first().waitFor();
    // Its two downloads say in words what each holds, on a phone too.
    await page
      .getByRole('button', { name: m['gravesList.downloadShown'] })
      .getByText(m['gravesList.downloadShown'])
      .waitFor();
    await page
      .getByRole('button', { name: m['admin.downloadRegister'] })
      .getByText(m['admin.downloadRegister'])
      .waitFor();
    await page.getByLabel(m['warnings.filter']).check();
    await expect
      .poll(() =>
        page
          .locator('h2')
          .filter({ hasText: /مقبرة رقم/ })
          .allTextContents(),
      )
      .toEqual([t('grave.title', { n: formatGraveNumber(810) })]);
    await page.screenshot({ path: join(SHOTS, 'graves-with-warnings-360.png'), fullPage: true });
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
