// Three console journeys in Chromium against the real server (demo village) and the built site: a manager edits an
// article (a refused edit keeps what was typed; the saved one shows in the list and on the public page), the bury
// form's 'غير معروف' heading when the grave's number cannot be had, and the browser tab's title on console pages.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, screenshot } from '../support/browser';
import { DEMO_ACCOUNTS } from '../support/server';
import { consoleSuite } from '../support/console';
import { messages as m, t } from '../../src/domain/messages';
import { formatBurialDate } from '../../src/domain/dates/burialDate';
import { raArabic } from '../../src/admin/i18n/raArabic';
import { consoleDocumentTitle } from '../../src/admin/layout/DocumentTitle';
import { identityWords, readIdentity } from '../../src/domain/identity/siteIdentity';

/** A move inside the console is a history entry, not a page load: wait for the address only, then for content. */
const IN_APP = { waitUntil: 'commit' } as const;
const ra = raArabic.ra as {
  action: { edit: string; save: string };
  validation: { required: string };
};

describeBrowser('staff console: editing an article, the bury form without a grave number, tab titles', () => {
  const suite = consoleSuite();
  /** The site's title as the server's settings name it (the console's tab ends with it). */
  const siteTitle = async () =>
    identityWords(readIdentity(await (await fetch(`${suite.server.api}/settings`)).json())).siteTitle;

  async function api<T>(
    role: 'manager' | 'admin',
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const account = DEMO_ACCOUNTS[role];
    const token = await suite.server.login(account.email, account.password);
    const res = await fetch(`${suite.server.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, data: (await res.json()) as T };
  }

  const tabTitle = (page: Page) => page.evaluate(() => document.title);

  it('a manager edits an article: a refused edit keeps the text, the saved one shows in the list and on the public page', async () => {
    const created = await api<{ _id: string }>('manager', 'POST', '/articles', {
      title: 'مقال قبل التعديل',
      content: 'النص الأول للمقال قبل أن يعدله المدير.',
    });
    expect(created.status).toBe(201);
    const id = created.data._id;
    const { page, errors } = await suite.staffPage('manager');

    // The articles list; the tab names the page first, then the console and the site.
    await page.getByRole('menuitem', { name: m['nav.articles'] }).click();
    await page.getByRole('heading', { name: m['articles.heading'] }).first().waitFor();
    const site = await siteTitle();
    await expect.poll(() => tabTitle(page)).toBe(`${m['articles.heading']} — لوحة الإدارة — ${site}`);
    expect(await tabTitle(page)).toBe(consoleDocumentTitle(m['articles.heading'], await siteTitle()));

    // Its page in the console, then its edit form.
    await page
      .locator('tbody tr')
      .filter({ hasText: 'مقال قبل التعديل' })
      .getByRole('link', { name: 'مقال قبل التعديل' })
      .click();
    await page.waitForURL(new RegExp(`/admin/articles/${id}/show$`), IN_APP);
    // The show page is drawn (its text is there) before its edit link is used: a click while it is still loading
    // can land on a link that is about to be replaced.
    await page.getByText('النص الأول للمقال قبل أن يعدله المدير.').waitFor();
    await page.getByRole('link', { name: ra.action.edit }).click();
    await page.waitForURL(new RegExp(`/admin/articles/${id}$`), IN_APP);
    const title = page.getByRole('textbox', { name: m['article.title'] });
    const content = page.getByRole('textbox', { name: m['article.content'] });
    await expect.poll(() => title.inputValue()).toBe('مقال قبل التعديل');
    // 'تعديل المقال: مقال قبل التعديل' (react-admin's own phrase read 'تعديل مقال مقال قبل التعديل').
    const editHeading = t('admin.articleEditTitle', { title: 'مقال قبل التعديل' });
    await expect.poll(() => tabTitle(page)).toBe(consoleDocumentTitle(editHeading, await siteTitle()));

    // Refused in the form: an empty title. The Arabic error shows and what was typed stays.
    await title.fill('');
    await content.fill('نص جديد كتبه المدير ولم يحفظ بعد.');
    await page.getByRole('button', { name: ra.action.save }).click();
    await page.getByText(ra.validation.required).first().waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await content.inputValue()).toBe('نص جديد كتبه المدير ولم يحفظ بعد.');
    expect(new URL(page.url()).pathname).toBe(`/admin/articles/${id}`);
    await screenshot(page, 'admin-article-edit-refused');

    // Refused by the server: a title of spaces passes the form's check but not the register's. Its Arabic reason
    // shows, the form keeps what was typed, and nothing changed.
    await title.fill('   ');
    await page.getByRole('button', { name: ra.action.save }).click();
    await page.getByText(m['article.titleInvalid']).waitFor();
    expect(await title.inputValue()).toBe('   ');
    expect(await content.inputValue()).toBe('نص جديد كتبه المدير ولم يحفظ بعد.');
    expect(new URL(page.url()).pathname).toBe(`/admin/articles/${id}`);
    const unchanged = await (await fetch(`${suite.server.api}/articles/${id}`)).json();
    expect(unchanged).toMatchObject({ title: 'مقال قبل التعديل', content: 'النص الأول للمقال قبل أن يعدله المدير.' });

    // Saved: the success message, then the article's page in the console.
    await title.fill('مقال بعد التعديل');
    await content.fill('الفقرة الأولى بعد التعديل.\n\nالفقرة الثانية بعد التعديل.');
    await page.getByRole('button', { name: ra.action.save }).click();
    await page.getByText(m['article.updated']).waitFor();
    await page.waitForURL(new RegExp(`/admin/articles/${id}/show$`), IN_APP);
    await page.getByText('الفقرة الثانية بعد التعديل.').waitFor();
    await screenshot(page, 'admin-article-edited');

    // The list shows the new title, not the old one.
    await page.getByRole('menuitem', { name: m['nav.articles'] }).click();
    await page.locator('tbody tr').filter({ hasText: 'مقال بعد التعديل' }).waitFor();
    expect(await page.locator('tbody tr').filter({ hasText: 'مقال قبل التعديل' }).count()).toBe(0);
    await screenshot(page, 'admin-articles-after-edit');

    // Only the refused request itself is logged (Chromium reports the 400).
    expect(errors.filter((e) => !/Failed to load resource.*400/.test(e))).toEqual([]);

    // The public page (a full page load from the console: the tab is the site's again, not the console's).
    await page.goto(`${suite.server.url}/ArticleDetail/${id}`);
    await page.getByRole('heading', { name: 'مقال بعد التعديل', level: 1 }).waitFor();
    await page.getByText('الفقرة الأولى بعد التعديل.').waitFor();
    await page.getByText('الفقرة الثانية بعد التعديل.').waitFor();
    expect(await page.getByText('النص الأول للمقال').count()).toBe(0);
    expect(await tabTitle(page)).not.toContain('لوحة الإدارة');
    expect(await tabTitle(page)).toContain(await siteTitle());
  });

  it("the bury form says 'غير معروف' when the grave's number cannot be had, and still records the burial", async () => {
    const grave = await api<{ _id: string; number: number }>('admin', 'POST', '/graves', {
      gender: 'men',
      number: 888,
    });
    expect(grave.status).toBe(201);
    const id = grave.data._id;
    const { page, errors } = await suite.staffPage('admin');
    const unknownHeading = t('burial.heading', { number: m['burial.unknownNumber'] });

    // Opened directly (no number in navigation state) while the grave's own request fails on the way: the heading
    // falls back to 'غير معروف'. The register itself is untouched; only this one read is made to fail.
    // (Whichever path of the contract the console reads a grave by: /api/graves/:id or /api/graves/graves/:id.)
    const readsThisGrave = (url: URL) => url.pathname.startsWith('/api/') && url.pathname.endsWith(`/graves/${id}`);
    let aborted = 0;
    await page.route(readsThisGrave, (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      aborted += 1;
      return route.abort('connectionfailed');
    });
    await page.goto(`${suite.server.url}/admin/graves/${id}/bury`);
    await page.getByRole('heading', { name: unknownHeading, level: 1 }).waitFor();
    await expect.poll(() => tabTitle(page)).toBe(consoleDocumentTitle(unknownHeading, await siteTitle()));

    // The form still records the burial in that grave (it is known by its id, not its number).
    await page.getByLabel(m['burial.name']).fill('عبد الله مجهول الرقم للاختبار');
    await page.getByLabel(m['burial.date']).fill(suite.server.ctx.today());
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.success']).waitFor();
    expect(await page.getByLabel(m['burial.name']).inputValue()).toBe('');
    await screenshot(page, 'admin-bury-unknown-number');
    expect(aborted).toBeGreaterThan(0);
    await page.unroute(readsThisGrave);

    // 'رجوع' opens the grave's page in the console (the failed read above must not send it to the list as 'not
    // found'); it lists the burial with its date.
    await page.getByRole('link', { name: m['common.back'] }).click();
    await page.waitForURL(new RegExp(`/admin/graves/${id}/show$`), IN_APP);
    await page.getByRole('cell', { name: 'عبد الله مجهول الرقم للاختبار', exact: true }).waitFor();
    expect(
      await page.getByRole('cell', { name: formatBurialDate(suite.server.ctx.today()), exact: true }).count(),
    ).toBe(1);
    const stored = await api<{ buriedPersons: Array<{ name: string }> }>('admin', 'GET', `/graves/graves/${id}`);
    expect(stored.data.buriedPersons.map((p) => p.name)).toEqual(['عبد الله مجهول الرقم للاختبار']);

    // A grave that is not in the register: the same fallback heading, and saving is refused with the red
    // message and the server's reason; nothing is recorded anywhere.
    const missing = '00000000-0000-4000-8000-000000000000';
    await page.goto(`${suite.server.url}/admin/graves/${missing}/bury`);
    await page.getByRole('heading', { name: unknownHeading, level: 1 }).waitFor();
    await page.getByLabel(m['burial.name']).fill('اسم لا يسجل');
    await page.getByLabel(m['burial.date']).fill(suite.server.ctx.today());
    await page.getByRole('button', { name: m['burial.save'] }).click();
    const alert = page.getByRole('alert').filter({ hasText: m['burial.error'] });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(m['grave.notFound']);
    expect(await page.getByLabel(m['burial.name']).inputValue()).toBe('اسم لا يسجل');
    // The aborted read and the refused requests (404) are the only errors the console logged.
    expect(errors.filter((e) => !/Failed to load resource.*(ERR_|404)/.test(e))).toEqual([]);

    // The visitors' page of the grave lists the burial too.
    await page.goto(`${suite.server.url}/grave-details-user/${id}`);
    await page.getByText('عبد الله مجهول الرقم للاختبار').waitFor();
  });

  it('every console page names itself in the browser tab', async () => {
    const { page, errors } = await suite.staffPage('manager');
    const expectTab = async (heading: string) => {
      await expect.poll(() => tabTitle(page)).toBe(consoleDocumentTitle(heading, await siteTitle()));
    };
    await expectTab(m['admin.dashboard']);
    await page.getByRole('menuitem', { name: m['nav.suggestions'] }).click();
    await expectTab(m['nav.suggestions']);
    await page.getByRole('menuitem', { name: m['nav.showgraves'] }).click();
    await expectTab('المقابر');
    await page.getByRole('menuitem', { name: m['audit.title'] }).click();
    await expectTab(m['audit.title']);
    await page.getByRole('menuitem', { name: m['nav.resetpassword'] }).click();
    await expectTab(m['nav.resetpassword']);
    await page.goto(`${suite.server.url}/admin/articles/create`);
    await expectTab(m['article.newHeading']);
    expect(errors).toEqual([]);
  });
});
