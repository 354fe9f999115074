// In Chromium against the real server, at 360 px: a manager disables an account and changes a role from
// the accounts page (which shows each account's status and last sign-in); a staff member changing their own
// password stays signed in; "sign out everywhere" ends every session and lands on the login page saying so.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectErrors, describeBrowser } from '../support/browser';
import { consoleSuite } from '../support/console';
import { documentWidth } from '../support/layout';
import { DEMO_ACCOUNTS } from '../support/server';
import { messages as m, t } from '../../src/domain/messages';
import type { Account } from '../../src/domain/types';
import { raArabic } from '../../src/admin/i18n/raArabic';

const PHONE = { width: 360, height: 780 };
const NEW_ADMIN = { name: 'مشرف الاختبار', email: 'control.admin@example.com', password: 'control-admin-2026' };
const NEVER = { name: 'مشرف لم يدخل', email: 'never.admin@example.com', password: 'never-admin-2026' };

describeBrowser('staff console: account control at 360 px', () => {
  const suite = consoleSuite();

  async function api<T>(method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${suite.server.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  const managerToken = () => suite.server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);

  async function account(email: string): Promise<Account> {
    const { body } = await api<Account[]>('GET', '/users', await managerToken());
    return body.find((a) => a.email === email)!;
  }

  /** The card of one account on the accounts page (cards at a phone's width). */
  const card = (page: Page, email: string) => page.locator('li').filter({ hasText: email });

  async function confirm(page: Page) {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: (raArabic.ra as { action: { confirm: string } }).action.confirm }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('a manager disables an account and changes a role from the accounts page', async () => {
    const manager = await managerToken();
    const created = await api<{ _id: string }>('POST', '/auth/register', manager, NEW_ADMIN);
    expect(created.status).toBe(201);
    expect((await api('POST', '/auth/register', manager, NEVER)).status).toBe(201);
    const adminSession = await suite.server.login(NEW_ADMIN.email, NEW_ADMIN.password);

    const { page, errors } = await suite.staffPage('manager', { path: '/admin/users', viewport: PHONE });
    const target = card(page, NEW_ADMIN.email);
    await target.waitFor();
    // Each card says whether the account may sign in and when it last did (ar-EG date and time, Cairo time).
    await expect.poll(() => target.textContent()).toContain(m['accounts.active']);
    // An account that signed in shows when, in ar-EG digits; one that never did says so.
    await expect.poll(() => target.textContent()).toMatch(/[٠-٩]{4}/);
    expect(await target.textContent()).not.toContain(m['accounts.neverLoggedIn']);
    await expect.poll(() => card(page, NEVER.email).textContent()).toContain(m['accounts.neverLoggedIn']);

    // Disable: asked first, then done; the card says so and the account's open session has ended.
    await target.getByRole('button', { name: m['accounts.disable'] }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(NEW_ADMIN.name);
    await confirm(page);
    await page.getByText(m['accounts.disabledDone']).waitFor();
    await expect.poll(() => target.textContent()).toContain(m['accounts.disabled']);
    expect((await account(NEW_ADMIN.email)).disabled).toBe(true);
    const refused = await api<{ message: string }>('GET', '/graves', adminSession);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(t('errors.sessionEnded'));

    // Role: the admin becomes a manager.
    await target.getByRole('button', { name: m['accounts.makeManager'] }).click();
    await confirm(page);
    await page.getByText(m['accounts.roleChanged']).waitFor();
    await expect.poll(async () => (await account(NEW_ADMIN.email)).role).toBe('manager');
    await expect.poll(() => target.textContent()).toContain(m['role.manager']);

    // Nothing wider than the phone; a screenshot to look at.
    const width = await documentWidth(page);
    expect(width.document).toBe(width.viewport);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/accounts-360.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it('the last active manager is refused with the Arabic reason, and stays', async () => {
    // The account made a manager above is disabled: the demo manager is the only active one.
    const { page } = await suite.staffPage('manager', { path: '/admin/users', viewport: PHONE });
    const own = card(page, DEMO_ACCOUNTS.manager.email);
    await own.getByRole('button', { name: m['accounts.disable'] }).click();
    await confirm(page);
    await page.getByText(m['accounts.lastManager']).waitFor();
    expect((await account(DEMO_ACCOUNTS.manager.email)).disabled).toBe(false);
  });

  it("one's own password change keeps the console signed in; sign out everywhere lands on the login page", async () => {
    // Signed in through the login form (suite.staffPage would put its token back on every navigation).
    const context = await suite.browser.newContext({ viewport: PHONE, locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/login?next=${encodeURIComponent('/admin/password')}`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNTS.admin.email);
    await page.locator('input[name="password"]').fill(DEMO_ACCOUNTS.admin.password);
    await page.getByRole('button', { name: m['auth.loginButton'] }).click();
    await page.waitForURL(/\/admin\/password/);
    const otherSession = await suite.server.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.locator('#password-current').fill(DEMO_ACCOUNTS.admin.password);
    await page.locator('#password-new').fill(DEMO_ACCOUNTS.admin.password);
    await page.getByRole('button', { name: m['password.update'] }).click();
    await page.getByText(m['password.success']).waitFor();
    // The other session ended with the change; this console's goes on (the answer's new token).
    expect((await api('GET', '/graves', otherSession)).status).toBe(401);
    await page.goto(`${suite.server.url}/admin/graves`);
    await page.waitForURL(/\/admin\/graves/);
    await page.waitForLoadState('networkidle');
    expect(page.url()).toContain('/admin/graves');
    const stored = await page.evaluate(() => localStorage.getItem('userToken'));
    expect((await api('GET', '/graves', stored!)).status).toBe(200);

    await page.goto(`${suite.server.url}/admin/password`);
    await page.getByRole('button', { name: m['accounts.signOutEverywhere'] }).click();
    await confirm(page);
    await page.waitForURL(/\/login\?session=ended/);
    await page.getByText(m['errors.sessionEnded']).waitFor();
    expect((await api('GET', '/graves', stored!)).status).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    // The console's own calls refused after the sign-out are the browser's lines about 401s, nothing else.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it('a tab whose session was ended elsewhere goes to the login page when shown again', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.server.url}/login?next=${encodeURIComponent('/admin/graves')}`);
    await page.locator('input[name="email"]').fill(DEMO_ACCOUNTS.admin.email);
    await page.locator('input[name="password"]').fill(DEMO_ACCOUNTS.admin.password);
    await page.getByRole('button', { name: m['auth.loginButton'] }).click();
    await page.waitForURL(/\/admin\/graves/);
    await page.waitForLoadState('networkidle');
    // Another device ends every session of the account while this tab sits in the background.
    const stored = await page.evaluate(() => localStorage.getItem('userToken'));
    expect((await api('POST', '/auth/sign-out-everywhere', stored!)).status).toBe(200);
    // The tab is shown again: it asks whether its session holds, and goes to the login page saying it ended.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL(/\/login\?.*session=ended/);
    await page.getByText(m['errors.sessionEnded']).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await context.close();
  });
});
