// Families' corrections in the console, in Chromium at 360 px against the real server on the demo village:
// graves with a burial each are made through the API and families send corrections through the public API; a
// manager opens the queue and sees the burial's values beside the proposed ones with the differing word marked,
// applies one (the public grave page then shows the new name), applies another with edits, rejects a third with a
// reason (the follow-up address shows it); a burial changed since its correction was sent (before the page was read,
// or after) is shown as it stands now before anything is written; the section filter keeps one section; an admin
// sees the queue, a clerk neither in the menu nor at its address. Nothing scrolls sideways, nothing is covered, axe
// finds nothing serious. Screenshots in test-results/screenshots/.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsFinished, describeBrowser, launchBrowser, SCREENSHOT_DIR } from '../support/browser';
import { openInConsole } from '../support/console';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { bury, makeGrave } from '../support/fixtures';
import { coveredControls, documentWidth, phoneScreenshot, seriousViolations } from '../support/layout';
import { messages as m, t } from '../../src/domain/messages';
import { graveName } from '../../src/domain/text/graveLifeText';
import type { CorrectionFollow, Gender, Grave } from '../../src/domain/types';

const PHONE = { viewport: { width: 360, height: 780 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo', hasTouch: true };
const CLERK = {
  name: 'مدخل بيانات التصحيحات',
  email: 'corrections.clerk@village.com',
  password: 'clerk-password-2026',
};
const SENDER = { senderName: 'أحمد محمود', senderPhone: '01012345678' };
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

interface Seeded {
  grave: Grave;
  personId: string;
  label: string;
}

describeBrowser('families’ corrections in the console at 360 px', () => {
  let server: TestServer;
  let browser: Browser;
  let managerToken = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    managerToken = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const made = await fetch(`${server.api}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ ...CLERK, role: 'clerk' }),
    });
    expect(made.status).toBeLessThan(300);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  /** A new grave with one burial, through the API. */
  async function seedBurial(gender: Gender, number: number, name: string, date: string): Promise<Seeded> {
    const grave = await makeGrave(server, managerToken, gender, number);
    const buried = await bury(server, managerToken, grave._id, name, date);
    return { grave: buried, personId: buried.buriedPersons[0]!._id, label: graveName(buried) };
  }

  /** A family's correction through the public API: its follow-up token. */
  async function sendCorrection(personId: string, body: Record<string, string>): Promise<string> {
    const res = await fetch(`${server.api}/burials/${personId}/corrections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...SENDER, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { followToken: string }).followToken;
  }

  async function graveNow(graveId: string): Promise<Grave> {
    return (await (await fetch(`${server.api}/graves/graves/${graveId}`)).json()) as Grave;
  }

  async function phonePage(who: 'manager' | 'admin' | 'clerk'): Promise<{ page: Page; errors: string[] }> {
    const account = who === 'clerk' ? CLERK : DEMO_ACCOUNTS[who];
    const token = await server.login(account.email, account.password);
    const context = await browser.newContext(PHONE);
    await context.addInitScript(
      ([tok, role]) => {
        localStorage.setItem('userToken', tok!);
        localStorage.setItem('userRole', role!);
      },
      [token, who],
    );
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  async function open(page: Page, path: string) {
    await openInConsole(page, server.url, path);
    await expect.poll(() => page.locator('[role="progressbar"]:visible').count()).toBe(0);
    await animationsFinished(page);
  }

  const queue = (filter: Record<string, string> = { status: 'pending' }) =>
    `/admin/corrections?filter=${encodeURIComponent(JSON.stringify(filter))}`;

  async function fitsThePhone(page: Page, name: string) {
    const width = await documentWidth(page);
    expect(width.document, `${name}: nothing sideways`).toBeLessThanOrEqual(width.viewport);
    expect(await coveredControls(page), `${name}: nothing covered`).toEqual([]);
    expect(await seriousViolations(page, name), `${name}: axe`).toEqual([]);
  }

  /** The card of the grave's correction in the queue. */
  const card = (page: Page, label: string) => page.locator('li.MuiCard-root', { hasText: label });

  const notified = (page: Page, text: string) =>
    page.locator('.MuiSnackbar-root').filter({ hasText: text }).first().waitFor();

  const shot = (page: Page, name: string) => phoneScreenshot(page, name, SCREENSHOT_DIR);

  let applied: Seeded;
  let edited: Seeded;
  let rejected: Seeded;
  let rejectedToken = '';

  it('a manager sees the queue: the values beside the proposed ones, the differing word marked; applies one', async () => {
    applied = await seedBurial('men', 9801, 'محمود أحمد السيد', '2012-03-15');
    edited = await seedBurial('men', 9802, 'سعاد النجار', '2013-05-20');
    rejected = await seedBurial('women', 9803, 'فاطمة حسن علي', '2014-07-01');
    await sendCorrection(applied.personId, { name: 'محمد أحمد السيد', note: 'الاسم في شهادة الوفاة محمد.' });
    await sendCorrection(edited.personId, { name: 'سعاد إبراهيم النجار', burialDate: '21/5/2013' });
    rejectedToken = await sendCorrection(rejected.personId, { name: 'فاطمه حسن علي' });

    const { page, errors } = await phonePage('manager');
    await open(page, '/admin/corrections');
    const first = card(page, applied.label);
    await first.waitFor();
    // Side by side: the register's name and the proposed one; only the word that differs is marked, on each side.
    await expect.poll(() => first.locator('mark').allInnerTexts()).toEqual(['محمود', 'محمد']);
    await first.getByText('الاسم في شهادة الوفاة محمد.').waitFor();
    await first.getByText(SENDER.senderName).waitFor();
    expect(await first.locator('a[href^="tel:"]').getAttribute('href')).toBe(`tel:${SENDER.senderPhone}`);
    // The grave is a link to its console page.
    expect(
      await first
        .getByRole('link', { name: t('correctionsConsole.graveOf', { grave: applied.label }) })
        .getAttribute('href'),
    ).toBe(`/admin/graves/${applied.grave._id}/show`);
    // A date proposal is compared as the register writes it: the day differs, in both calendars.
    const second = card(page, edited.label);
    expect((await second.locator('mark').allInnerTexts()).length).toBeGreaterThanOrEqual(3);
    // Arabic only (e-mail addresses aside).
    const text = (await page.evaluate(() => document.body.innerText)).replace(EMAIL, '');
    expect(text.match(/[A-Za-z0-9]+/g) ?? []).toEqual([]);
    await fitsThePhone(page, 'corrections-queue');
    await shot(page, 'corrections-queue-360');

    await first.getByRole('button', { name: t('correctionsConsole.applyOf', { name: 'محمود أحمد السيد' }) }).click();
    await notified(page, m['correction.applied']);
    await expect.poll(() => card(page, applied.label).count()).toBe(0);
    expect((await graveNow(applied.grave._id)).buriedPersons[0]!.name).toBe('محمد أحمد السيد');

    // The public grave page shows the new name.
    const publicPage = await page.context().newPage();
    await publicPage.goto(`${server.url}/grave-details-user/${applied.grave._id}`);
    await publicPage.getByText('محمد أحمد السيد').first().waitFor();
    await publicPage.close();
    expect(errors).toEqual([]);
  });

  it('applies another with edits: the burial fields open filled with the proposal', async () => {
    const { page, errors } = await phonePage('manager');
    await open(page, queue());
    const item = card(page, edited.label);
    await item.getByRole('button', { name: t('correctionsConsole.applyEditedOf', { name: 'سعاد النجار' }) }).click();
    const dialog = page.getByRole('dialog', { name: m['correctionsConsole.editTitle'] });
    const name = dialog.getByLabel(m['burial.name']);
    await expect.poll(() => name.inputValue()).toBe('سعاد إبراهيم النجار');
    await animationsFinished(page);
    await fitsThePhone(page, 'correction-edit');
    await shot(page, 'corrections-edit-360');
    await name.fill('سعاد إبراهيم محمد النجار');
    await dialog.getByRole('button', { name: m['correctionsConsole.applyEdits'] }).click();
    await notified(page, m['correction.applied']);
    const person = (await graveNow(edited.grave._id)).buriedPersons[0]!;
    expect(person.name).toBe('سعاد إبراهيم محمد النجار');
    expect(person.burialDate).toBe('2013-05-21');
    expect(errors).toEqual([]);
  });

  it('rejects a third with a reason, which the follow-up address shows; the decided list says who and why', async () => {
    const { page, errors } = await phonePage('manager');
    await open(page, queue());
    const item = card(page, rejected.label);
    // The hamza-less spelling is the only difference, marked.
    await expect.poll(() => item.locator('mark').allInnerTexts()).toEqual(['فاطمة', 'فاطمه']);
    await item.getByRole('button', { name: t('correctionsConsole.rejectOf', { name: 'فاطمة حسن علي' }) }).click();
    const dialog = page.getByRole('dialog', { name: m['correctionsConsole.rejectTitle'] });
    await dialog.getByLabel(m['correctionsConsole.reasonField']).fill('الاسم مطابق لشهادة الوفاة.');
    await animationsFinished(page);
    await shot(page, 'corrections-reject-360');
    await dialog.getByRole('button', { name: m['correctionsConsole.rejectConfirm'] }).click();
    await notified(page, m['correction.rejected']);
    await expect.poll(() => card(page, rejected.label).count()).toBe(0);

    const follow = (await (
      await fetch(`${server.api}/corrections/follow/${rejectedToken}`)
    ).json()) as CorrectionFollow;
    expect(follow).toMatchObject({ status: 'rejected', reason: 'الاسم مطابق لشهادة الوفاة.' });
    expect((await graveNow(rejected.grave._id)).buriedPersons[0]!.name).toBe('فاطمة حسن علي');

    await open(page, queue({ status: 'rejected' }));
    const decided = card(page, rejected.label);
    await decided.getByText('الاسم مطابق لشهادة الوفاة.').waitFor();
    await decided.getByText(DEMO_ACCOUNTS.manager.name, { exact: false }).waitFor();
    await fitsThePhone(page, 'corrections-rejected');
    await shot(page, 'corrections-rejected-360');
    await open(page, queue({ status: 'applied' }));
    await card(page, applied.label).getByText(m['correctionsConsole.written'], { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a burial changed since its correction was sent: the values now show before anything is written', async () => {
    const before = await seedBurial('men', 9804, 'حسن عبد الله', '2015-01-10');
    await sendCorrection(before.personId, { name: 'حسين عبد الله' });
    // Changed in the register before the queue is read.
    const put = await fetch(`${server.api}/graves/${before.grave._id}/buried/${before.personId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ name: 'حسن عبد الله محمود' }),
    });
    expect(put.status).toBe(200);

    const { page, errors } = await phonePage('manager');
    await open(page, queue());
    const item = card(page, before.label);
    await item.getByText(m['correctionsConsole.changedBadge']).waitFor();
    await item.getByRole('button', { name: t('correctionsConsole.applyOf', { name: 'حسن عبد الله محمود' }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(m['correctionsConsole.changedTitle']).waitFor();
    await dialog.getByText('حسن عبد الله محمود').first().waitFor();
    await animationsFinished(page);
    await fitsThePhone(page, 'correction-changed');
    await shot(page, 'corrections-changed-360');
    // Nothing was written yet.
    expect((await graveNow(before.grave._id)).buriedPersons[0]!.name).toBe('حسن عبد الله محمود');
    await dialog.getByRole('button', { name: m['correctionsConsole.confirmApply'] }).click();
    await notified(page, m['correction.applied']);
    expect((await graveNow(before.grave._id)).buriedPersons[0]!.name).toBe('حسين عبد الله');

    // Changed after the page was read: the server's 409 brings the same warning, with the values now.
    const after = await seedBurial('men', 9805, 'علي إبراهيم', '2016-02-11');
    await sendCorrection(after.personId, { name: 'علي إبراهيم سالم' });
    await open(page, queue());
    const late = card(page, after.label);
    await late.waitFor();
    const changed = await fetch(`${server.api}/graves/${after.grave._id}/buried/${after.personId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ name: 'علي إبراهيم حسن' }),
    });
    expect(changed.status).toBe(200);
    await late.getByRole('button', { name: t('correctionsConsole.applyOf', { name: 'علي إبراهيم' }) }).click();
    const warning = page.getByRole('dialog');
    await warning.getByText(m['correctionsConsole.changedTitle']).waitFor();
    await warning.getByText('علي إبراهيم حسن').first().waitFor();
    expect((await graveNow(after.grave._id)).buriedPersons[0]!.name).toBe('علي إبراهيم حسن');
    await warning.getByRole('button', { name: m['correctionsConsole.confirmApply'] }).click();
    await notified(page, m['correction.applied']);
    expect((await graveNow(after.grave._id)).buriedPersons[0]!.name).toBe('علي إبراهيم سالم');
    expect(errors).toEqual([]);
  });

  it('the section filter keeps one section', async () => {
    const women = await seedBurial('women', 9806, 'زينب محمود', '2017-04-04');
    const men = await seedBurial('men', 9807, 'كريم محمود', '2017-04-05');
    await sendCorrection(women.personId, { name: 'زينب محمود علي' });
    await sendCorrection(men.personId, { name: 'كريم محمود علي' });
    const { page, errors } = await phonePage('manager');
    await open(page, queue({ status: 'pending', gender: 'women' }));
    await card(page, women.label).waitFor();
    expect(await card(page, men.label).count()).toBe(0);
    await open(page, queue({ status: 'pending', gender: 'men' }));
    await card(page, men.label).waitFor();
    expect(await card(page, women.label).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an admin finds the queue in the menu; a clerk neither in the menu nor at its address', async () => {
    const waiting = await seedBurial('men', 9808, 'سالم عبد العزيز', '2018-06-06');
    await sendCorrection(waiting.personId, { name: 'سالم عبد العزيز فرج' });
    const admin = await phonePage('admin');
    await open(admin.page, '/admin');
    await admin.page
      .getByRole('button', { name: /القائمة/ })
      .first()
      .click();
    await admin.page.getByRole('menuitem', { name: m['correctionsConsole.menu'] }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/corrections');
    await card(admin.page, waiting.label).waitFor();
    await shot(admin.page, 'corrections-admin-360');
    expect(admin.errors).toEqual([]);

    const clerk = await phonePage('clerk');
    await open(clerk.page, '/admin');
    await clerk.page
      .getByRole('button', { name: /القائمة/ })
      .first()
      .click();
    await clerk.page.getByRole('menuitem', { name: m['admin.dashboard'] }).waitFor();
    expect(await clerk.page.getByRole('menuitem').allInnerTexts()).not.toContain(m['correctionsConsole.menu']);
    expect(clerk.errors).toEqual([]);

    // At the queue's address (a page of its own: the menu's drawer, left open, would hide the page from a reader).
    const direct = await phonePage('clerk');
    const asked: string[] = [];
    direct.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/corrections')) asked.push(path);
    });
    await open(direct.page, '/admin/corrections');
    await direct.page.getByRole('heading', { level: 1, name: m['admin.accessDenied'] }).waitFor();
    expect(asked).toEqual([]);
    await shot(direct.page, 'corrections-clerk-denied-360');
    expect(direct.errors).toEqual([]);
  });
});
