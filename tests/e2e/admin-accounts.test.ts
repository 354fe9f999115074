// The console's account forms in Chromium against the real server: the staff e-mail and password rules shown before
// sending and checked in the browser, a refusal shown once (under its field, no notification beside it), and an
// account's address corrected from the list.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, nextFrames, screenshot } from '../support/browser';
import { consoleSuite } from '../support/console';
import { DEMO_ACCOUNTS } from '../support/server';
import { messages as m } from '../../src/domain/messages';
import { paths } from '../../src/api/paths';
import type { Account } from '../../src/domain/types';

describeBrowser('staff console: account forms', () => {
  const suite = consoleSuite();

  async function accounts(): Promise<Account[]> {
    const token = await suite.server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const res = await fetch(`${suite.server.api}/users`, { headers: { authorization: `Bearer ${token}` } });
    // Without the last sign-in: asking signs the manager in again.
    return ((await res.json()) as Account[]).map(({ lastLoginAt: _signedIn, ...account }) => account as Account);
  }

  /** How many times a text is shown on the page (form helper texts and notifications alike). */
  const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).count();
  const notifications = (page: Page) => page.locator('.MuiSnackbar-root').count();
  /** The page's errors but the browser's own line about the refusal these tests ask for. */
  const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

  it('register: the rules are shown before sending; a .org address and a short password are refused in place', async () => {
    const before = await accounts();
    const { page, errors } = await suite.staffPage('manager', { path: '/admin/users/create' });
    const email = page.getByLabel(m['auth.email']);
    const password = page.locator('input[name="password"]');
    await email.waitFor();
    // Before anything is typed, the form says what it will accept.
    expect(await shown(page, m['auth.emailTld'])).toBe(1);
    expect(await shown(page, m['register.passwordShort'])).toBe(1);
    expect(await email.getAttribute('aria-invalid')).toBe('false');

    await page.getByLabel(m['register.name']).fill('مشرف جديد');
    await email.fill('new.admin@village.org');
    await password.fill('short');
    // Refused in the browser: the form is never sent (were it sent, its request would come before the marks).
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && sent.push(new URL(r.url()).pathname));
    await page.getByRole('button', { name: m['register.button'] }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // Each reason once, under its field; no notification repeats them. react-admin's notice of a refused form
    // would follow the render that marked the fields, in an effect: two frames on, it would be drawn.
    expect(await shown(page, m['auth.emailTld'])).toBe(1);
    expect(await shown(page, m['register.passwordShort'])).toBe(1);
    await nextFrames(page);
    expect(await notifications(page)).toBe(0);
    expect(sent).toEqual([]);
    await screenshot(page, 'admin-user-create-refused');
    expect(await accounts()).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("register: the server's refusal of a taken address is shown once, under the address", async () => {
    const before = await accounts();
    const { page, errors } = await suite.staffPage('manager', { path: '/admin/users/create' });
    await page.getByLabel(m['register.name']).fill('مشرف مكرر');
    await page.getByLabel(m['auth.email']).fill(DEMO_ACCOUNTS.admin.email.toUpperCase());
    await page.locator('input[name="password"]').fill('long-enough-2026');
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api${paths.register()}`,
    );
    await page.getByRole('button', { name: m['register.button'] }).click();
    await expect.poll(() => shown(page, m['register.emailTaken'])).toBe(1);
    expect(await page.getByLabel(m['auth.email']).getAttribute('aria-invalid')).toBe('true');
    // The refusal has arrived whole and two frames have been drawn since: a notification of it would be on screen.
    expect(await (await answer).finished()).toBeNull();
    await nextFrames(page);
    expect(await shown(page, m['register.emailTaken'])).toBe(1);
    expect(await notifications(page)).toBe(0);
    expect(await accounts()).toEqual(before);
    expect(unexpected(errors)).toEqual([]);
  });

  it("an account's address is corrected from the list: a .org one refused in place, a .net one saved", async () => {
    const { page, errors } = await suite.staffPage('manager', { path: '/admin/users' });
    await page.locator('tbody tr').filter({ hasText: DEMO_ACCOUNTS.admin.email }).click();
    await page.waitForURL(/\/admin\/users\/[^/]+$/);
    const email = page.getByLabel(m['auth.email']);
    await expect.poll(() => email.inputValue()).toBe(DEMO_ACCOUNTS.admin.email);

    await email.fill('admin@village.org');
    await page.getByRole('button', { name: /حفظ/ }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await shown(page, m['auth.emailTld'])).toBe(1);
    expect(await notifications(page)).toBe(0);
    expect((await accounts()).some((a) => a.email === DEMO_ACCOUNTS.admin.email)).toBe(true);

    await email.fill('committee.admin@village.net');
    await page.getByRole('button', { name: /حفظ/ }).click();
    await page.waitForURL(/\/admin\/users(\?|$)/);
    await page.locator('tbody tr').filter({ hasText: 'committee.admin@village.net' }).waitFor();
    expect((await accounts()).some((a) => a.email === 'committee.admin@village.net')).toBe(true);
    await suite.server.login('committee.admin@village.net', DEMO_ACCOUNTS.admin.password);
    await screenshot(page, 'admin-user-edited');
    expect(unexpected(errors)).toEqual([]);
  });

  it('create grave: a taken number is said once, under the number', async () => {
    // The manager: the admin's address was changed above.
    const { page, errors } = await suite.staffPage('manager', { path: '/admin/graves/create' });
    const number = page.getByLabel(m['grave.number']);
    await number.fill('5');
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api${paths.graves()}`,
    );
    await page.getByRole('button', { name: m['article.addButton'] }).click();
    await expect.poll(() => shown(page, m['grave.duplicate'])).toBe(1);
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    // The refusal has arrived whole and two frames have been drawn since: a notification of it would be on screen.
    expect(await (await answer).finished()).toBeNull();
    await nextFrames(page);
    expect(await shown(page, m['grave.duplicate'])).toBe(1);
    expect(await notifications(page)).toBe(0);
    expect(unexpected(errors)).toEqual([]);
  });
});
