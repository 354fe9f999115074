// Death notices in the console, in Chromium at 360 px against the real server on the demo village: a
// manager publishes a notice from the phone form (the name focused first, a prayer chip, the mosque, a place of
// condolences) and the public home page then shows it; a prayer time already past is refused in Arabic under its
// field with everything typed kept and nothing saved; hiding a notice answers 404 to the public at once; the burial is
// recorded from a notice and the notice then names its grave; a clerk reads the list but may not publish or edit.
// The list and the form fit 360 px with nothing covered and no serious axe finding. Screenshots in
// /work/tmp/shots/console/.
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsFinished, describeBrowser, launchBrowser } from '../support/browser';
import { openInConsole } from '../support/console';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { coveredControls, documentWidth, phoneScreenshot, seriousViolations } from '../support/layout';
import { messages as m, t } from '../../src/domain/messages';
import { todayIn } from '../../src/domain/rules/graveStatus';
import type { Notice } from '../../src/domain/notices/notice';
import { GRAVE_STATUS, type Grave } from '../../src/domain/types';
import { addDays } from '../../src/admin/components/calendarDates';
import { graveName } from '../../src/domain/text/graveLifeText';

const SHOTS = process.env.NOTICES_CONSOLE_SHOTS_DIR ?? '/work/tmp/shots/console';
const CLERK = { name: 'مدخل بيانات النعي', email: 'notices.clerk@village.com', password: 'clerk-password-2026' };
const PHONE = { viewport: { width: 360, height: 780 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo', hasTouch: true };

/** A day as a clerk types it in the date field: d/m/yyyy. */
const typed = (day: string) => {
  const [y, mo, d] = day.split('-').map(Number);
  return `${d}/${mo}/${y}`;
};

describeBrowser('death notices in the console at 360 px', () => {
  let server: TestServer;
  let browser: Browser;
  let managerToken = '';
  let today = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    managerToken = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    today = todayIn(server.config.timeZone);
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

  async function fitsThePhone(page: Page, name: string) {
    const width = await documentWidth(page);
    expect(width.document, `${name}: nothing sideways`).toBeLessThanOrEqual(width.viewport);
    expect(await coveredControls(page), `${name}: nothing covered`).toEqual([]);
    expect(await seriousViolations(page, name), `${name}: axe`).toEqual([]);
  }

  const staffNotices = async (): Promise<Notice[]> => {
    const res = await fetch(`${server.api}/notices?all=true`, { headers: { authorization: `Bearer ${managerToken}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Notice[];
  };

  const status = (page: Page, text: string) =>
    page.locator('.MuiSnackbar-root').filter({ hasText: text }).first().waitFor();

  /** A new form, opened from the list's button. */
  async function newForm(page: Page) {
    await open(page, '/admin/notices');
    await page.getByRole('link', { name: m['noticesConsole.add'] }).click();
    await page.waitForURL((url) => url.pathname === '/admin/notices/create');
    await page.getByLabel(m['noticesConsole.name']).waitFor();
    await animationsFinished(page);
  }

  it('a manager publishes a notice from the phone form, and the home page shows it', async () => {
    const { page, errors } = await phonePage('manager');
    await open(page, '/admin/notices');
    await page.getByRole('heading', { name: m['noticesConsole.heading'] }).first().waitFor();
    await fitsThePhone(page, 'notices-list');
    await phoneScreenshot(page, 'notices-list-360', SHOTS);

    await newForm(page);
    // The name comes first and has the focus: the clerk starts typing at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await fitsThePhone(page, 'notice-create');
    await phoneScreenshot(page, 'notice-form-360-empty', SHOTS);

    const name = 'الحاج محمود عبد الرحمن الشافعي';
    const tomorrow = addDays(today, 1);
    await page.keyboard.type(name);
    await page.getByLabel(m['noticesConsole.relations']).fill('والد الأستاذ أحمد وشقيق الحاج سعيد');
    const day = page.getByLabel(m['noticesConsole.prayerDay']);
    await day.fill(typed(tomorrow));
    await day.blur();
    // The chip writes the words and a time.
    await page.getByRole('button', { name: m['noticesConsole.prayer.asr'], exact: true }).click();
    await expect
      .poll(() => page.getByLabel(m['noticesConsole.afterPrayerField']).inputValue())
      .toBe(t('noticesConsole.afterPrayer', { prayer: m['noticesConsole.prayer.asr'] }));
    const time = page.getByLabel(m['noticesConsole.time']);
    await expect.poll(() => time.inputValue()).toMatch(/^[٠-٩]{2}:[٠-٩]{2}$/);
    await time.fill('١٥:٤٥');
    await page.getByLabel(m['noticesConsole.mosque']).fill('المسجد الكبير');
    await page.getByRole('button', { name: m['noticesConsole.addCondolence'] }).click();
    const condolence = page.getByRole('group', { name: t('noticesConsole.condolence', { n: 1 }) });
    await condolence.getByRole('textbox', { name: m['noticesConsole.place'] }).fill('دار مناسبات العائلة');
    // The days default from the prayer's day to two days after.
    await expect.poll(() => condolence.getByLabel(m['noticesConsole.from']).inputValue()).not.toBe('');
    await animationsFinished(page);
    await fitsThePhone(page, 'notice-create-filled');
    await phoneScreenshot(page, 'notice-form-360-filled', SHOTS);

    await page.getByRole('button', { name: m['noticesConsole.publish'] }).click();
    await status(page, m['notice.created']);
    await page.waitForURL((url) => url.pathname === '/admin/notices');
    await page.getByRole('link', { name, exact: true }).waitFor();
    await animationsFinished(page);
    await phoneScreenshot(page, 'notices-list-360-published', SHOTS);

    const saved = (await staffNotices()).find((n) => n.name === name);
    expect(saved).toMatchObject({
      prayerAt: `${tomorrow}T15:45`,
      mosque: 'المسجد الكبير',
      afterPrayer: t('noticesConsole.afterPrayer', { prayer: m['noticesConsole.prayer.asr'] }),
      endsAt: addDays(tomorrow, 3),
      hidden: false,
    });
    expect(saved?.condolences).toEqual([
      { place: 'دار مناسبات العائلة', for: 'all', from: tomorrow, to: addDays(tomorrow, 2), hours: null },
    ]);

    // The public home page lists the current notices (part C's strip).
    const home = await page.context().newPage();
    await home.goto(`${server.url}/`);
    await home.getByText(name).first().waitFor();
    await home.close();
    expect(errors).toEqual([]);
  });

  it('a prayer time already past is refused under its field, with everything typed kept and nothing saved', async () => {
    const { page, errors } = await phonePage('manager');
    const before = (await staffNotices()).length;
    await newForm(page);
    await page.keyboard.type('سعاد إبراهيم النجار');
    await page.getByLabel(m['noticesConsole.mosque']).fill('مسجد النور');
    const day = page.getByLabel(m['noticesConsole.prayerDay']);
    await day.fill(typed(addDays(today, -2)));
    await day.blur();
    await page.getByRole('button', { name: m['noticesConsole.publish'] }).click();
    await page.getByText(m['notice.prayerPast']).first().waitFor();
    expect(await page.getByLabel(m['noticesConsole.name']).inputValue()).toBe('سعاد إبراهيم النجار');
    expect(await page.getByLabel(m['noticesConsole.mosque']).inputValue()).toBe('مسجد النور');
    expect(new URL(page.url()).pathname).toBe('/admin/notices/create');
    await phoneScreenshot(page, 'notice-form-360-refused', SHOTS);
    expect((await staffNotices()).length).toBe(before);
    expect(errors).toEqual([]);
  });

  it('hiding a notice answers 404 to the public at once; showing it again brings it back', async () => {
    const notice = (await staffNotices()).find((n) => n.name === 'الحاج محمود عبد الرحمن الشافعي');
    expect(notice).toBeDefined();
    // Read once by the public first, so that a kept answer would show.
    expect((await fetch(`${server.api}/notices/${notice!.id}`)).status).toBe(200);
    const { page, errors } = await phonePage('manager');
    await open(page, '/admin/notices');
    await page.getByRole('button', { name: t('noticesConsole.hideOf', { name: notice!.name }) }).click();
    await status(page, m['noticesConsole.hiddenDone']);
    await page.getByRole('button', { name: t('noticesConsole.unhideOf', { name: notice!.name }) }).waitFor();
    expect((await fetch(`${server.api}/notices/${notice!.id}`)).status).toBe(404);
    const publicList = (await (await fetch(`${server.api}/notices`)).json()) as Notice[];
    expect(publicList.map((n) => n.id)).not.toContain(notice!.id);
    await phoneScreenshot(page, 'notices-list-360-hidden', SHOTS);

    // The state filter finds it among the hidden ones.
    await page.getByRole('combobox', { name: m['noticesConsole.state'] }).click();
    await page.getByRole('option', { name: m['noticesConsole.state.hidden'] }).click();
    await page.getByRole('link', { name: notice!.name, exact: true }).waitFor();

    await page.getByRole('button', { name: t('noticesConsole.unhideOf', { name: notice!.name }) }).click();
    await status(page, m['noticesConsole.shownDone']);
    expect((await fetch(`${server.api}/notices/${notice!.id}`)).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('a notice is edited from its card: the form holds what was published, a change is saved', async () => {
    const notice = (await staffNotices()).find((n) => n.name === 'الحاج محمود عبد الرحمن الشافعي')!;
    const { page, errors } = await phonePage('manager');
    await open(page, '/admin/notices');
    await page.getByRole('link', { name: t('noticesConsole.editOf', { name: notice.name }) }).click();
    await page.waitForURL((url) => url.pathname === `/admin/notices/${notice.id}`);
    const mosque = page.getByLabel(m['noticesConsole.mosque']);
    await expect.poll(() => mosque.inputValue()).toBe('المسجد الكبير');
    expect(await page.getByLabel(m['noticesConsole.time']).inputValue()).toBe('١٥:٤٥');
    expect(await page.getByRole('textbox', { name: m['noticesConsole.place'] }).inputValue()).toBe(
      'دار مناسبات العائلة',
    );
    await animationsFinished(page);
    await fitsThePhone(page, 'notice-edit');
    await phoneScreenshot(page, 'notice-edit-360', SHOTS);
    await mosque.fill('مسجد السلام');
    await page.getByRole('button', { name: m['noticesConsole.save'] }).click();
    await status(page, m['notice.updated']);
    await page.waitForURL((url) => url.pathname === '/admin/notices');
    expect((await staffNotices()).find((n) => n.id === notice.id)?.mosque).toBe('مسجد السلام');
    expect(errors).toEqual([]);
  });

  it('the burial is recorded from a notice, and the notice then names its grave', async () => {
    const notice = (await staffNotices()).find((n) => n.name === 'الحاج محمود عبد الرحمن الشافعي')!;
    const men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
    const grave =
      men.find((g) => g.status === GRAVE_STATUS.available && g.buriedPersons.length === 0) ??
      men.find((g) => g.status === GRAVE_STATUS.available)!;
    expect(grave).toBeDefined();
    const { page, errors } = await phonePage('manager');
    await open(page, '/admin/notices');
    await page.getByRole('button', { name: t('noticesConsole.buryOf', { name: notice.name }) }).click();
    const dialog = page.getByRole('dialog', { name: t('noticesConsole.buryTitle', { name: notice.name }) });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: m['noticesConsole.graveSection'] }).click();
    await page.getByRole('option', { name: m['gender.men'] }).click();
    const graveField = dialog.getByRole('combobox', { name: m['noticesConsole.grave'] });
    await graveField.fill(String(grave.number));
    await page.getByRole('option', { name: graveName({ gender: 'men', number: grave.number }), exact: true }).click();
    // This notice's prayer is tomorrow: the dialog says from when its burial can be recorded, and does not date it
    // today by itself. The burial took place earlier here, so the clerk types its day.
    const early = t('notice.buryFrom', { date: formatBurialDate(notice.prayerAt.slice(0, 10)) });
    expect(notice.prayerAt.slice(0, 10) > server.ctx.today()).toBe(true);
    await dialog.getByText(early).waitFor();
    expect(await dialog.getByLabel(m['burial.date']).inputValue()).toBe('');
    await animationsFinished(page);
    await phoneScreenshot(page, 'notice-bury-360', SHOTS);
    await dialog.getByLabel(m['burial.date']).fill(server.ctx.today());
    await dialog.getByRole('button', { name: m['noticesConsole.bury'] }).click();
    await status(page, m['notice.buried']);
    await page
      .getByText(t('noticesConsole.graveLine', { grave: graveName({ gender: 'men', number: grave.number }) }))
      .waitFor();
    expect(await page.getByRole('button', { name: t('noticesConsole.buryOf', { name: notice.name }) }).count()).toBe(0);

    const linked = (await staffNotices()).find((n) => n.id === notice.id)!;
    expect(linked.graveId).toBe(grave._id);
    expect(linked.burialId).not.toBeNull();
    const after = (await (await fetch(`${server.api}/graves/graves/${grave._id}`)).json()) as Grave;
    expect(after.buriedPersons.map((p) => p.name)).toContain(notice.name);
    expect(errors).toEqual([]);
  });

  it('a clerk reads the list but may neither publish nor edit', async () => {
    const { page, errors } = await phonePage('clerk');
    await open(page, '/admin/notices');
    const name = 'الحاج محمود عبد الرحمن الشافعي';
    await page.getByText(name).first().waitFor();
    expect(await page.getByRole('link', { name: m['noticesConsole.add'] }).count()).toBe(0);
    expect(await page.getByRole('link', { name }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t('noticesConsole.hideOf', { name }) }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t('noticesConsole.deleteOf', { name }) }).count()).toBe(0);
    await fitsThePhone(page, 'notices-list-clerk');
    await phoneScreenshot(page, 'notices-list-360-clerk', SHOTS);
    await open(page, '/admin/notices/create');
    await page.getByRole('heading', { level: 1, name: m['admin.accessDenied'] }).waitFor();
    expect(await page.getByLabel(m['noticesConsole.name']).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a notice is deleted from the list behind a confirmation', async () => {
    const res = await fetch(`${server.api}/notices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ name: 'نعي للحذف', prayerAt: `${addDays(today, 2)}T12:30`, mosque: 'مسجد الرحمة' }),
    });
    expect(res.status).toBe(201);
    const { page, errors } = await phonePage('admin');
    await open(page, '/admin/notices');
    await page.getByRole('button', { name: t('noticesConsole.deleteOf', { name: 'نعي للحذف' }) }).click();
    await page.getByText(m['noticesConsole.confirmDelete']).waitFor();
    await page.getByRole('button', { name: m['noticesConsole.delete'], exact: true }).click();
    await status(page, m['noticesConsole.deleted']);
    await expect.poll(() => page.getByText('نعي للحذف').count()).toBe(0);
    expect((await staffNotices()).map((n) => n.name)).not.toContain('نعي للحذف');
    expect(errors).toEqual([]);
  });
});
