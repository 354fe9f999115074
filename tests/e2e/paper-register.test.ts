// In Chromium: a committee brings its paper register in. Graves by range with the preview line; ten
// ledger rows typed without the mouse (two of them wrong, fixed in place), counting the keystrokes beyond the text;
// the draft that survives a reload; and a spreadsheet from choosing the file to undoing its import.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatNumber } from '../../src/domain/text/format';
import { formatCount } from '../../src/domain/text/nouns';
import { messages as m, t } from '../../src/domain/messages';
import type { Grave, SearchMatch } from '../../src/domain/types';
import { signedInContext } from '../support/console';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { call } from '../server/helpers';
import { makeGrave, signIn } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { BURIALS as BURIALS_FOR_TEST } from '../../src/admin/pages/registerNouns';

describeBrowser('bringing the paper register in', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const token = await signIn(server, 'admin');
    await makeGrave(server, token, 'women', 505);
    for (const n of [1, 2, 3]) await makeGrave(server, token, 'men', n);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function consolePage(role: 'admin' | 'manager', path: string): Promise<{ page: Page; errors: string[] }> {
    const context = await signedInContext(browser, server, role, { locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectErrors(page);
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }
  const section = async (gender: 'male' | 'female') =>
    (await call<Grave[]>(server.api, 'GET', `/graves/${gender}`)).body;

  it('creates a range of graves after saying how many it will add', async () => {
    const { page, errors } = await consolePage('admin', '/admin/graves-range');
    await page.getByRole('heading', { name: m['range.title'], level: 1 }).waitFor();
    await page.locator('#range-gender').click();
    await page.getByRole('option', { name: m['gender.women'] }).click();
    await page.locator('#range-from').fill('٥٠١');
    await page.locator('#range-to').fill('510');
    await expect
      .poll(() => page.locator('.range-preview').textContent())
      .toBe(t('range.preview', { adding: formatCount(9, 'grave'), existing: formatCount(1, 'grave') }));
    await screenshot(page, 'register-range');
    await page.getByRole('button', { name: m['range.submit'] }).click();
    await page
      .getByRole('status')
      .filter({ hasText: formatCount(9, 'grave', 'genitive') })
      .waitFor();
    const numbers = (await section('female')).map((g) => g.number);
    for (let n = 501; n <= 510; n++) expect(numbers).toContain(n);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes ten ledger rows from the keyboard alone, two fixed in place, three keystrokes per row beyond the text', async () => {
    const { page, errors } = await consolePage('admin', '/admin/ledger');
    await page.getByRole('heading', { name: m['entry.title'], level: 1 }).waitFor();
    const rows = Array.from({ length: 10 }, (_, i) => ({
      number: String((i % 3) + 1),
      name: `محمود عبد الحليم الشرقاوي ${['الأول', 'الثاني', 'الثالث', 'الرابع', 'الخامس', 'السادس', 'السابع', 'الثامن', 'التاسع', 'العاشر'][i]}`,
      date: `${i + 1}/${(i % 12) + 1}/19${70 + i}`,
    }));
    // Two mistakes as a tired clerk makes them: a date in the future and a name left out.
    const typed = rows.map((r, i) => (i === 3 ? { ...r, date: '1/1/2099' } : i === 7 ? { ...r, name: '' } : r));
    let overhead = 0;
    // The page opens on the first row's grave number.
    for (const row of typed) {
      await page.keyboard.type(row.number);
      await page.keyboard.press('Enter');
      await page.keyboard.type(row.name);
      await page.keyboard.press('Enter');
      await page.keyboard.type(row.date);
      await page.keyboard.press('Enter');
      overhead += 3;
    }
    console.log(`ledger entry: ${overhead / rows.length} keystrokes per row beyond the text (${rows.length} rows)`);
    expect(overhead / rows.length).toBe(3);
    const ledgerRows = page.locator('li.ledger-row');
    // Ten typed rows and the empty one the last Enter opened.
    await expect.poll(() => ledgerRows.count()).toBe(11);
    await expect(ledgerRows.nth(3).locator('[role="alert"]').textContent()).resolves.toBe(m['burial.dateFuture']);
    await expect(ledgerRows.nth(7).locator('[role="alert"]').textContent()).resolves.toBe(m['burial.nameInvalid']);
    await screenshot(page, 'register-ledger-checked');
    // Fixed in place, still from the keyboard.
    await ledgerRows.nth(3).getByLabel(m['burial.date']).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(rows[3]!.date);
    await ledgerRows.nth(7).getByLabel(m['burial.name']).focus();
    await page.keyboard.type(rows[7]!.name);
    await expect.poll(() => page.locator('li.ledger-row [role="alert"]').count()).toBe(0);
    await page.getByRole('button', { name: m['entry.saveAll'] }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: t('entry.savedAll', { burials: formatCount(10, BURIALS_FOR_TEST) }) })
      .waitFor();
    const found = await call<SearchMatch[]>(server.api, 'GET', `/search?q=${encodeURIComponent('الشرقاوي العاشر')}`);
    expect(found.body.map((f) => f.person.name)).toContain(rows[9]!.name);
    await screenshot(page, 'register-ledger-saved');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a draft through a reload', async () => {
    const { page } = await consolePage('admin', '/admin/ledger');
    await page.getByRole('heading', { name: m['entry.title'], level: 1 }).waitFor();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('سعدية إبراهيم المنياوي');
    await page.reload();
    await page.getByText(m['entry.draftRestored']).waitFor();
    await expect(page.locator('li.ledger-row').first().getByLabel(m['burial.name']).inputValue()).resolves.toBe(
      'سعدية إبراهيم المنياوي',
    );
    await page.getByRole('button', { name: t('entry.removeRow', { n: formatNumber(1) }) }).click();
    await page.context().close();
  });

  it('imports a spreadsheet after its report, lists the import, and undoes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-import-'));
    const file = join(dir, 'ledger.csv');
    writeFileSync(
      file,
      '\uFEFFالقسم,رقم المقبرة,الاسم,تاريخ الدفن\nرجال,701,عطية محمد الزيات,1988-04-02\nرجال,701,سالم عطية الزيات,1995-07-10\nنساء,702,نفيسة عطية الزيات,2001-01-20\n',
    );
    const { page, errors } = await consolePage('manager', '/admin/import');
    await page.getByRole('heading', { name: m['import.title'], level: 1 }).waitFor();
    await page.locator('#import-file').setInputFiles(file);
    const report = page.locator('.import-report');
    await report.waitFor();
    await expect(report.locator('[data-figure="import.burialsAdded"]').textContent()).resolves.toBe(formatNumber(3));
    await expect(report.locator('[data-figure="import.gravesCreated"]').textContent()).resolves.toBe(formatNumber(2));
    await screenshot(page, 'register-import-report');
    // Nothing is written by the check.
    expect(
      (await call<SearchMatch[]>(server.api, 'GET', `/search?q=${encodeURIComponent('نفيسة الزيات')}`)).body,
    ).toEqual([]);
    await report
      .getByRole('button', { name: t('import.confirm', { burials: formatCount(3, BURIALS_FOR_TEST, 'genitive') }) })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: formatCount(3, BURIALS_FOR_TEST) })
      .waitFor();
    expect(
      (await call<SearchMatch[]>(server.api, 'GET', `/search?q=${encodeURIComponent('نفيسة الزيات')}`)).body,
    ).toHaveLength(1);
    // The ledger page's save above is listed too (a typed batch): this file's import is the one named after it.
    const batch = page.locator('.import-batches li', { hasText: 'ledger.csv' });
    await expect.poll(() => batch.count()).toBe(1);
    await batch.getByRole('button', { name: m['import.undo'] }).click();
    await page.getByRole('dialog').getByRole('button', { name: m['import.undo'] }).click();
    await expect
      .poll(
        async () =>
          (await call<SearchMatch[]>(server.api, 'GET', `/search?q=${encodeURIComponent('نفيسة الزيات')}`)).body,
      )
      .toEqual([]);
    await screenshot(page, 'register-import-undone');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an undo the server refuses shows its Arabic reason, naming the person, and keeps the import', async () => {
    const manager = await signIn(server, 'manager');
    const admin = await signIn(server, 'admin');
    const res = await fetch(`${server.api}/import/burials?dryRun=false&fileName=corrected.csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${manager}` },
      body: 'القسم,رقم المقبرة,الاسم,تاريخ الدفن\nرجال,703,حسنين عطية,1990\n',
    });
    expect(res.status).toBe(201);
    const grave = (await section('male')).find((g) => g.number === 703)!;
    const corrected = await call(server.api, 'PUT', `/graves/${grave._id}/buried/${grave.buriedPersons[0]!._id}`, {
      token: admin,
      body: { name: 'حسنين عطية الزيات' },
    });
    expect(corrected.status).toBe(200);
    const { page, errors } = await consolePage('manager', '/admin/import');
    const batch = page.locator('.import-batches li', { hasText: 'corrected.csv' });
    await expect.poll(() => batch.count()).toBe(1);
    await batch.getByRole('button', { name: m['import.undo'] }).click();
    await page.getByRole('dialog').getByRole('button', { name: m['import.undo'] }).click();
    const reason = t('import.undoChangedOne', {
      change: t('import.changeCorrected', { name: 'حسنين عطية الزيات', grave: 'مقبرة رجال رقم ٧٠٣' }),
    });
    await page.getByRole('alert').filter({ hasText: reason }).waitFor();
    await expect(batch.getByRole('button', { name: m['import.undo'] }).count()).resolves.toBe(1);
    expect(
      (await call<SearchMatch[]>(server.api, 'GET', `/search?q=${encodeURIComponent('حسنين عطية الزيات')}`)).body,
    ).toHaveLength(1);
    // The browser logs the refused request itself; nothing else went wrong.
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await page.context().close();
  });
});
