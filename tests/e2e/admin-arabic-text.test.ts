// The console speaks Arabic only, in Chromium against the real server (demo village) and the built site, at 1280 px:
// the lists' pagination (rows-per-page choices, page buttons, range) in ar-EG digits, no Latin digit or word on the
// list pages (e-mail addresses aside), suggestions' phone numbers in ar-EG digits, and an article's edit and show
// pages titled naturally whatever its title begins with (it once read 'تعديل مقال مقال…').
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, screenshot } from '../support/browser';
import { DEMO_ACCOUNTS } from '../support/server';
import { consoleSuite } from '../support/console';
import { messages as m, t } from '../../src/domain/messages';
import { formatNumber, toArabicDigits } from '../../src/domain/text/format';
import { createDataProvider } from '../../src/dataProvider';
import { raArabic } from '../../src/admin/i18n/raArabic';
import { consoleDocumentTitle } from '../../src/admin/layout/DocumentTitle';
import { identityWords, readIdentity } from '../../src/domain/identity/siteIdentity';

const IN_APP = { waitUntil: 'commit' } as const;
const ra = raArabic.ra as { action: { edit: string; save: string }; navigation: { page_rows_per_page: string } };
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

describeBrowser('staff console: Arabic digits and words only, natural article titles', () => {
  const suite = consoleSuite();
  /** The site's title as the server's settings name it (the console's tab ends with it). */
  const siteTitle = async () =>
    identityWords(readIdentity(await (await fetch(`${suite.server.api}/settings`)).json())).siteTitle;

  const token = (role: 'manager' | 'admin') =>
    suite.server.login(DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);

  /** The sort each list opens with (the server orders by the fields it knows). */
  const LIST_SORT: Record<string, string> = {
    graves: 'number',
    suggestions: 'createdAt',
    articles: 'createdAt',
    users: 'createdAt',
    audit: 'at',
  };

  /** A page of a resource as the console's list asks for it (the console's own dataProvider, on the real API). */
  async function firstPage(resource: string, filter: Record<string, unknown> = {}, perPage = 1) {
    const session = await token('manager');
    return createDataProvider(suite.server.api, () => session).getList(resource, {
      pagination: { page: 1, perPage },
      sort: { field: LIST_SORT[resource]!, order: 'DESC' },
      filter,
    });
  }

  /** How many records the console's list of a resource counts. */
  const total = async (resource: string, filter: Record<string, unknown> = {}) =>
    (await firstPage(resource, filter)).total!;

  /** What a person sees on the page: its rendered text, without e-mail addresses. */
  async function visibleText(page: Page): Promise<string> {
    return (await page.evaluate(() => document.body.innerText)).replace(EMAIL, '');
  }

  /** No 0-9 digit and no Latin letter in the page's visible text (e-mail addresses aside). */
  async function expectArabicOnly(page: Page, label: string) {
    const text = await visibleText(page);
    expect(text.match(/[0-9]+/g) ?? [], `${label}: Latin digits`).toEqual([]);
    expect(text.match(/[A-Za-z]+/g) ?? [], `${label}: Latin letters`).toEqual([]);
  }

  /** The list's pagination bar, once react-admin has drawn it. */
  async function paginationBar(page: Page, perPage: number, count: number) {
    const bar = page.locator('.MuiTablePagination-root');
    await bar.getByText(ra.navigation.page_rows_per_page).waitFor();
    const range = `${formatNumber(1)}-${formatNumber(Math.min(perPage, count))} من ${formatNumber(count)}`;
    await bar.getByText(range, { exact: true }).waitFor();
    return bar;
  }

  const rowsPerPage = (page: Page) => page.locator('.MuiTablePagination-root').getByRole('combobox');

  it('the graves list: rows-per-page choices, page buttons and range in ar-EG digits, and the choice works', async () => {
    const { page, errors } = await suite.staffPage('manager');
    const graves = await total('graves');
    expect(graves).toBeGreaterThan(100);

    await page.getByRole('menuitem', { name: m['nav.showgraves'] }).click();
    await page.waitForURL(/\/admin\/graves(\?|$)/, IN_APP);
    await page.locator('tbody tr').first().waitFor();
    const bar = await paginationBar(page, 25, graves);

    // The selector shows the list's 25 rows per page as '٢٥'.
    await expect.poll(() => rowsPerPage(page).innerText()).toBe(formatNumber(25));
    // The page buttons: '١', '٢', … and the last page's number, named in Arabic for screen readers.
    const nav = bar.getByRole('navigation', { name: m['admin.pagination'] });
    await nav.waitFor();
    const lastPage = Math.ceil(graves / 25);
    await nav
      .getByRole('button', {
        name: raArabic.ra.navigation.current_page.replace('{page}', formatNumber(1)),
        exact: true,
      })
      .waitFor();
    const buttons = (await nav.getByRole('button').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
    expect(buttons).toContain(formatNumber(2));
    expect(buttons).toContain(formatNumber(lastPage));
    expect(buttons.join(' ')).not.toMatch(/[0-9]/);

    await expectArabicOnly(page, 'graves list');
    await screenshot(page, 'admin-graves-pagination-arabic');

    // The menu of choices: ٥ ١٠ ٢٥ ٥٠, nothing in Latin digits.
    await rowsPerPage(page).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect((await options.allInnerTexts()).map((s) => s.trim())).toEqual([5, 10, 25, 50].map(formatNumber));

    // Choosing '١٠' shows ten rows, and the bar says so in Arabic digits.
    await page
      .getByRole('listbox')
      .getByRole('option', { name: formatNumber(10), exact: true })
      .click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => rowsPerPage(page).innerText()).toBe(formatNumber(10));
    await paginationBar(page, 10, graves);
    await nav
      .getByRole('button', {
        name: raArabic.ra.navigation.page.replace('{page}', formatNumber(Math.ceil(graves / 10))),
        exact: true,
      })
      .waitFor();
    await expectArabicOnly(page, 'graves list, ten per page');

    // The second page: its button is the current one, and the range reads '١١-٢٠ من …'.
    await nav
      .getByRole('button', { name: raArabic.ra.navigation.page.replace('{page}', formatNumber(2)), exact: true })
      .click();
    await bar
      .getByText(`${formatNumber(11)}-${formatNumber(20)} من ${formatNumber(graves)}`, { exact: true })
      .waitFor();
    await expectArabicOnly(page, 'graves list, second page');
    expect(errors).toEqual([]);
  });

  it('the suggestions and articles lists (and the other lists) show no Latin digit or word; phones in ar-EG digits', async () => {
    // One more article, so that the audit trail has an entry to show too.
    const session = await token('manager');
    const created = await fetch(`${suite.server.api}/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'مقال عن نظافة المقابر', content: 'نص المقال عن نظافة المقابر وصيانتها.' }),
    });
    expect(created.status).toBe(201);
    const { page, errors } = await suite.staffPage('manager');

    // Suggestions, pending (the default filter) and approved: phones in ar-EG digits, pagination too.
    const pendingCount = await total('suggestions', { status: 'pending' });
    expect(pendingCount).toBeGreaterThan(0);
    await page.getByRole('menuitem', { name: m['nav.suggestions'] }).click();
    await page.waitForURL(/\/admin\/suggestions(\?|$)/, IN_APP);
    await page.locator('tbody tr').first().waitFor();
    await paginationBar(page, 25, pendingCount);
    await expect.poll(() => rowsPerPage(page).innerText()).toBe(formatNumber(25));
    // The newest one's phone, as the server stores it (Latin digits), shows in ar-EG digits.
    const phone = (await firstPage('suggestions', { status: 'pending' })).data[0]!.phone as string;
    expect(phone).toMatch(/[0-9]/);
    await page.locator('tbody').getByText(toArabicDigits(phone), { exact: true }).first().waitFor();
    await expectArabicOnly(page, 'suggestions, pending');
    await screenshot(page, 'admin-suggestions-arabic-digits');

    const approvedCount = await total('suggestions', { status: 'approved' });
    await page.goto(
      `${suite.server.url}/admin/suggestions?filter=${encodeURIComponent(JSON.stringify({ status: 'approved' }))}`,
    );
    await page.locator('tbody tr').first().waitFor();
    await paginationBar(page, 25, approvedCount);
    await expectArabicOnly(page, 'suggestions, approved');

    // Articles: react-admin's default ten per page, as '١٠'.
    const articles = await total('articles');
    await page.getByRole('menuitem', { name: m['nav.articles'] }).click();
    await page.waitForURL(/\/admin\/articles(\?|$)/, IN_APP);
    await page.locator('tbody tr').filter({ hasText: 'مقال عن نظافة المقابر' }).waitFor();
    await paginationBar(page, 10, articles);
    await expect.poll(() => rowsPerPage(page).innerText()).toBe(formatNumber(10));
    await expectArabicOnly(page, 'articles list');
    await screenshot(page, 'admin-articles-arabic-digits');

    // The accounts (e-mail addresses are the one Latin text allowed) and the audit trail, which now holds the
    // article above.
    await page.getByRole('menuitem', { name: m['admin.users'] }).click();
    await page.waitForURL(/\/admin\/users(\?|$)/, IN_APP);
    await page.locator('tbody tr').filter({ hasText: DEMO_ACCOUNTS.manager.email }).waitFor();
    await paginationBar(page, 10, await total('users'));
    await expectArabicOnly(page, 'accounts list');
    await page.getByRole('menuitem', { name: m['audit.title'] }).click();
    await page.waitForURL(/\/admin\/audit(\?|$)/, IN_APP);
    await page.locator('tbody tr').filter({ hasText: 'مقال عن نظافة المقابر' }).first().waitFor();
    await paginationBar(page, 50, await total('audit'));
    await expect.poll(() => rowsPerPage(page).innerText()).toBe(formatNumber(50));
    await expectArabicOnly(page, 'audit trail');

    // The dashboard.
    await page.getByRole('menuitem', { name: m['admin.dashboard'] }).click();
    await page.getByText(m['home.stats']).waitFor();
    await expect.poll(() => page.getByText('…', { exact: true }).count()).toBe(0);
    await expectArabicOnly(page, 'dashboard');
    expect(errors).toEqual([]);
  });

  it("an article whose title begins with 'مقال' is titled 'تعديل المقال: …' and 'المقال: …', never 'مقال مقال'", async () => {
    const title = 'مقال في فضل زيارة القبور';
    const session = await token('manager');
    const created = await fetch(`${suite.server.api}/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, content: 'نص المقال في فضل زيارة القبور.' }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { _id: string })._id;
    const { page, errors } = await suite.staffPage('manager');
    const appBarTitle = page.locator('#react-admin-title');

    // Its page in the console.
    await page.getByRole('menuitem', { name: m['nav.articles'] }).click();
    await page.locator('tbody tr').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await page.waitForURL(new RegExp(`/admin/articles/${id}/show$`), IN_APP);
    const showTitle = t('admin.articleShowTitle', { title });
    expect(showTitle).toBe('المقال: مقال في فضل زيارة القبور');
    await expect.poll(() => appBarTitle.innerText()).toBe(showTitle);
    await expect.poll(() => page.title()).toBe(consoleDocumentTitle(showTitle, await siteTitle()));

    // Its edit form.
    await page.getByRole('link', { name: ra.action.edit }).click();
    await page.waitForURL(new RegExp(`/admin/articles/${id}$`), IN_APP);
    const editTitle = t('admin.articleEditTitle', { title });
    expect(editTitle).toBe('تعديل المقال: مقال في فضل زيارة القبور');
    await expect.poll(() => appBarTitle.innerText()).toBe(editTitle);
    await expect.poll(() => page.title()).toBe(consoleDocumentTitle(editTitle, await siteTitle()));
    expect(await appBarTitle.innerText()).not.toContain('مقال مقال');
    await screenshot(page, 'admin-article-edit-title');

    // The form's delete button asks about 'المقال' by its title too, in the list's words; cancelled here.
    await page.getByRole('button', { name: raArabic.ra.action.delete, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t('admin.articleDeleteTitle', { title }), { exact: true }).waitFor();
    await dialog.getByText(m['articles.confirmDelete'], { exact: true }).waitFor();
    expect(await dialog.innerText()).not.toContain('مقال مقال');
    await screenshot(page, 'admin-article-edit-delete-confirm');
    await dialog.getByRole('button', { name: raArabic.ra.action.cancel, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Renamed in the form: the title follows the saved record, on the show page it returns to.
    const renamed = 'مقال معدل في فضل زيارة القبور';
    await page.getByRole('textbox', { name: m['article.title'] }).fill(renamed);
    await page.getByRole('button', { name: ra.action.save }).click();
    await page.waitForURL(new RegExp(`/admin/articles/${id}/show$`), IN_APP);
    await expect.poll(() => appBarTitle.innerText()).toBe(t('admin.articleShowTitle', { title: renamed }));
    await expectArabicOnly(page, 'article page');
    expect(errors).toEqual([]);
  });
});
