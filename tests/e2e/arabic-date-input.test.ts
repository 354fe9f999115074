// The console's Arabic date field in Chromium: a burial date typed in Hijri with Arabic digits, or picked
// from the Arabic calendar (by finger and by keyboard, Gregorian and Hijri), is stored as its Gregorian day; the
// field shows Arabic-Indic digits only; what cannot be read stays as typed with its reason; the server's refusal of
// a day after today is shown; the audit list's date filters take the same field. Screenshot at 360 px with the
// calendar open: test-results/screenshots/arabic-date-input-360.png.
import { keepHijriMark } from '../../src/admin/components/calendarDates';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { messages as m } from '../../src/domain/messages';
import type { Grave } from '../../src/domain/types';
import { signedInContext } from '../support/console';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { collectErrors, describeBrowser, launchBrowser, nextFrames, screenshot } from '../support/browser';
import { smallTargets } from '../support/layout';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';
import { expectAccessible } from '../public/support';

const LATIN_DIGIT = /[0-9]/;

describeBrowser('the Arabic date field of the console', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    token = await signIn(server, 'admin');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  async function consolePage(
    width = 1280,
    role: 'admin' | 'manager' = 'admin',
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await signedInContext(browser, server, role, {
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      viewport: { width, height: 900 },
      hasTouch: width < 600,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { page, errors: collectErrors(page) };
  }

  const storedDates = async (graveId: string) =>
    (await call<Grave>(server.api, 'GET', `/graves/graves/${graveId}`)).body.buriedPersons.map((p) => p.burialDate);

  /** The line under a field: the day in full, a hint, or the reason it is refused. */
  const helperOf = (field: Locator) =>
    field.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent);

  async function openBuryForm(page: Page, number: number): Promise<{ grave: Grave; date: Locator }> {
    const grave = await makeGrave(server, token, 'men', number);
    await page.goto(`${server.url}/admin/graves/${grave._id}/bury`);
    await page.getByLabel(m['burial.name']).fill(`متوفى للاختبار رقم ${number}`);
    return { grave, date: page.getByLabel(m['burial.date']) };
  }

  it('takes a Hijri date typed with Arabic digits and stores its Gregorian day', async () => {
    const { page, errors } = await consolePage();
    const { grave, date } = await openBuryForm(page, 501);
    // Before anything is typed, the line under the field says what it takes.
    await expect(helperOf(date)).resolves.toBe(m['burialDate.hint']);
    await date.fill('٥ رمضان ١٤٤٥ هـ');
    await expect.poll(() => helperOf(date)).toBe(keepHijriMark(formatBurialDate('2024-03-15')));
    expect(formatBurialDate('2024-03-15')).toBe('١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ');
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.success']).waitFor();
    await expect(storedDates(grave._id)).resolves.toEqual(['2024-03-15']);

    // Hijri in Western digits, and a Gregorian day in Western digits: the field writes both back in Arabic digits.
    const next = await openBuryForm(page, 502);
    await next.date.fill('5/9/1445 هـ');
    await next.date.press('Tab');
    await expect(next.date.inputValue()).resolves.toBe(keepHijriMark('٥ رمضان ١٤٤٥ هـ'));
    await next.date.fill('2024-03-15');
    await next.date.press('Tab');
    await expect(next.date.inputValue()).resolves.toBe('١٥/٣/٢٠٢٤');
    expect(await next.date.inputValue()).not.toMatch(LATIN_DIGIT);
    await expect(helperOf(next.date)).resolves.toBe(keepHijriMark(formatBurialDate('2024-03-15')));
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.success']).waitFor();
    await expect(storedDates(next.grave._id)).resolves.toEqual(['2024-03-15']);
    expect(errors).toEqual([]);
  });

  it('keeps what cannot be read as typed, with its reason; shows the server refusing a day after today', async () => {
    const { page, errors } = await consolePage();
    const { grave, date } = await openBuryForm(page, 503);
    // Empty: the form's own message, and nothing is sent.
    await date.fill('');
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await expect.poll(() => helperOf(date)).toBe(m['common.required']);
    await date.fill('١٥ مارش ٢٠٢٤');
    await date.press('Tab');
    await expect.poll(() => helperOf(date)).toBe(m['burial.dateUnreadable']);
    await expect(date.inputValue()).resolves.toBe('١٥ مارش ٢٠٢٤');
    await expect(date.getAttribute('aria-invalid')).resolves.toBe('true');
    await date.fill('٣٠ شعبان ١٤٤٥ هـ');
    await date.press('Tab');
    await expect.poll(() => helperOf(date)).toBe(m['burialDate.noSuchDay']);
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await expect(date.inputValue()).resolves.toBe('٣٠ شعبان ١٤٤٥ هـ');
    await expect(storedDates(grave._id)).resolves.toEqual([]);

    // A day after the register's today is a day: the server refuses it with its own words, and the text stays.
    const tomorrow = new Date(Date.parse(`${server.ctx.today()}T00:00:00Z`) + 86_400_000);
    const typed = [tomorrow.getUTCDate(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCFullYear()]
      .join('/')
      .replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    await date.fill(typed);
    await page.getByRole('button', { name: m['burial.save'] }).click();
    const alert = page.getByRole('alert').filter({ hasText: m['burial.error'] });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain(m['burial.dateFuture']);
    await expect(date.inputValue()).resolves.toBe(typed);
    await expect(storedDates(grave._id)).resolves.toEqual([]);
    // The refused request (400) is the only error the console logged.
    expect(errors.filter((e) => !/Failed to load resource.*400/.test(e))).toEqual([]);
  });

  it('picks a day from the Arabic calendar at 360 px, by finger and by keyboard, Gregorian and Hijri', async () => {
    const { page, errors } = await consolePage(360);
    const { grave, date } = await openBuryForm(page, 504);
    const opener = page.getByRole('button', { name: m['dateInput.openCalendar'] });
    await opener.click();
    const calendar = page.getByRole('dialog', { name: m['dateInput.calendar'] });
    await calendar.waitFor();
    // Today's month, in Arabic: month names, digits and the days of the week from Saturday.
    await calendar.getByLabel(m['dateInput.year'], { exact: true }).selectOption({ label: '٢٠٢٣' });
    await calendar.getByLabel(m['dateInput.month'], { exact: true }).selectOption({ label: 'يونيو' });
    await calendar.getByText('يونيو ٢٠٢٣م').waitFor();
    await calendar.getByText('ذو القعدة – ذو الحجة ١٤٤٤ هـ').waitFor();
    expect(await calendar.innerText()).not.toMatch(LATIN_DIGIT);
    await expect(calendar.locator('th').first().getAttribute('abbr')).resolves.toBe('السبت');
    await expectAccessible(page, 'bury form with the calendar open');
    await expect(smallTargets(page)).resolves.toEqual([]);
    const box = await calendar.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'arabic-date-input-360');
    // 28 June 2023 (10 Dhu al-Hijjah 1444) by finger.
    await calendar.getByRole('button', { name: formatBurialDate('2023-06-28'), exact: true }).click();
    await calendar.waitFor({ state: 'detached' });
    await expect(date.inputValue()).resolves.toBe('٢٨/٦/٢٠٢٣');
    await expect(helperOf(date)).resolves.toBe(keepHijriMark(formatBurialDate('2023-06-28')));
    await page.getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.success']).waitFor();
    await expect(storedDates(grave._id)).resolves.toEqual(['2023-06-28']);

    // The burial edit dialog: by keyboard from the day shown (right is the day before in this page), then in Hijri.
    await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
    await page.getByRole('button', { name: `${m['admin.edit']}: متوفى للاختبار رقم 504` }).click();
    const dialog = page.getByRole('dialog', { name: m['admin.editBurial'] });
    const field = dialog.getByLabel(m['burial.date']);
    await expect(field.inputValue()).resolves.toBe('٢٨/٦/٢٠٢٣');
    await dialog.getByRole('button', { name: m['dateInput.openCalendar'] }).click();
    await calendar.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(formatBurialDate('2023-06-28'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    // The day before, then a week on: 4 July 2023.
    await expect(field.inputValue()).resolves.toBe('٤/٧/٢٠٢٣');
    // Escape closes without a change and gives the focus back to the button.
    await dialog.getByRole('button', { name: m['dateInput.openCalendar'] }).click();
    await calendar.waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(m['dateInput.openCalendar']);
    await expect(field.inputValue()).resolves.toBe('٤/٧/٢٠٢٣');
    await dialog.getByRole('button', { name: m['dateInput.openCalendar'] }).click();
    await calendar.getByRole('button', { name: m['dateInput.hijri'] }).click();
    await calendar.getByLabel(m['dateInput.year'], { exact: true }).selectOption({ label: '١٤٤٤' });
    await calendar.getByLabel(m['dateInput.month'], { exact: true }).selectOption({ label: 'ذو الحجة' });
    await calendar.getByText('ذو الحجة ١٤٤٤ هـ', { exact: true }).waitFor();
    await calendar.getByRole('button', { name: formatBurialDate('2023-06-27'), exact: true }).click();
    await expect(field.inputValue()).resolves.toBe(keepHijriMark('٩ ذو الحجة ١٤٤٤ هـ'));
    await dialog.getByRole('button', { name: m['burial.save'] }).click();
    await page.getByText(m['burial.updated']).waitFor();
    await expect(storedDates(grave._id)).resolves.toEqual(['2023-06-27']);
    expect(errors).toEqual([]);
  });

  it('filters the audit trail from a day typed in Arabic digits or Hijri', async () => {
    const grave = await makeGrave(server, token, 'women', 601);
    await bury(server, token, grave._id, 'متوفاة لاختبار السجل', '2024-03-15');
    // The audit trail is the manager's.
    const { page, errors } = await consolePage(1280, 'manager');
    // The page's clock runs as usual, and can be moved on past the filters' pause after typing (below).
    await page.clock.install();
    await page.goto(`${server.url}/admin/audit`);
    const from = page.getByLabel(m['audit.from']);
    await from.fill('١٥/٣/٢٠٢٤');
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"from":"2024-03-15"');
    const to = page.getByLabel(m['audit.to']);
    await to.fill('٥ رمضان ١٤٤٥ هـ');
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"to":"2024-03-15"');
    await to.press('Tab');
    await expect(to.inputValue()).resolves.toBe(keepHijriMark('٥ رمضان ١٤٤٥ هـ'));
    // What cannot be read is not applied: the list keeps the last filter that was a day. The filters are applied
    // once typing has paused (react-admin's 500 ms): the page's clock is moved on past that pause, and past the
    // next tick that writes the address, and two frames are drawn.
    await to.fill('غدا');
    await page.clock.runFor(2000);
    await nextFrames(page);
    expect(decodeURIComponent(await page.evaluate(() => location.href))).toContain('"to":"2024-03-15"');
    expect(decodeURIComponent(page.url())).toContain('"to":"2024-03-15"');
    await expect(to.inputValue()).resolves.toBe('غدا');
    expect(errors).toEqual([]);
  });
});
