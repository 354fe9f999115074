// The data-entry role in the console, in Chromium at 360 px against the real server: a manager makes a
// clerk account from the accounts form, the clerk signs in through /login, the menu offers the graves, the ways to
// add graves and burials (the ledger among them) and its password, never the import, the accounts or the audit; a
// grave's page offers no deletion and no move of remains; a manager's address shows the access-denied page with no
// notification over it, for the clerk and for an admin alike.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser } from '../support/browser';
import { consoleSuite } from '../support/console';
import { DEMO_ACCOUNTS } from '../support/server';
import { messages as m } from '../../src/domain/messages';
import type { Account, Grave } from '../../src/domain/types';

const SHOTS = '/work/tmp/shots/C';
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo' } as const;
const CLERK = { name: 'مدخلة البيانات', email: 'data.entry@village.com', password: 'entry-password-2026' };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Nothing wider than the screen: the page does not scroll sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

describeBrowser('staff console: the data-entry role at 360 px', () => {
  const suite = consoleSuite();

  async function phonePage(): Promise<{ page: Page; errors: string[] }> {
    const context = await suite.browser.newContext(PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  async function signInThroughForm(page: Page, email: string, password: string) {
    await page.goto(`${suite.server.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: m['auth.loginButton'] }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  }

  const openMenu = async (page: Page) => {
    await page
      .getByRole('button', { name: /القائمة/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: m['admin.dashboard'] }).waitFor();
  };
  const menuLabels = (page: Page) => page.getByRole('menuitem').allInnerTexts();
  const notifications = (page: Page) => page.locator('.MuiSnackbar-root').count();

  it('a manager makes the account from the form, choosing the role data entry', async () => {
    const { page, errors } = await suite.staffPage('manager', { path: '/admin/users/create' });
    await page.getByLabel(m['register.name']).fill(CLERK.name);
    await page.getByLabel(m['auth.email']).fill(CLERK.email);
    await page.locator('input[name="password"]').fill(CLERK.password);
    await page.getByRole('combobox', { name: m['admin.role'] }).click();
    await page.getByRole('option', { name: m['role.clerk'] }).click();
    await page.getByText(m['register.roleHint.clerk']).waitFor();
    await page.getByRole('button', { name: m['register.button'] }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.locator('tbody tr', { hasText: CLERK.email }).getByText(m['role.clerk']).waitFor();
    const token = await suite.server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const accounts = (await (
      await fetch(`${suite.server.api}/users`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Account[];
    expect(accounts.find((a) => a.email === CLERK.email)?.role).toBe('clerk');
    expect(errors).toEqual([]);
  });

  it('the clerk signs in: the menu offers the graves and the ledger, not the import, the accounts or the audit', async () => {
    const { page, errors } = await phonePage();
    await signInThroughForm(page, CLERK.email, CLERK.password);
    // The clerk's landing page is the admin's: adding a grave.
    await page.waitForURL((url) => url.pathname === '/admin/graves/create');
    await openMenu(page);
    const labels = await menuLabels(page);
    // The death notices are read by a clerk (publishing them is the manager's and the admin's).
    for (const shown of [
      m['nav.showgraves'],
      m['nav.creategrave'],
      m['range.title'],
      m['entry.title'],
      // The graves' plates, for every role that lists the graves.
      m['plateSheets.title'],
      m['noticesConsole.menu'],
    ]) {
      expect(labels).toContain(shown);
    }
    expect(labels).toContain(m['nav.resetpassword']);
    for (const hidden of [
      m['import.title'],
      m['admin.users'],
      m['nav.register'],
      m['audit.title'],
      m['nav.suggestions'],
      m['settingsPage.menu'],
      // The families' corrections are the manager's and the admin's.
      m['correctionsConsole.menu'],
    ]) {
      expect(labels).not.toContain(hidden);
    }
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'clerk-menu-360');

    // The ledger opens for it.
    await page.getByRole('menuitem', { name: m['entry.title'] }).click();
    await page.waitForURL((url) => url.pathname === '/admin/ledger');
    await page.getByRole('heading', { name: m['entry.title'] }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it("a grave's page offers the clerk correction, not deletion or a move of remains", async () => {
    const men = (await (await fetch(`${suite.server.api}/graves/male`)).json()) as Grave[];
    const grave = men.find((g) => g.buriedPersons.length > 0)!;
    const person = grave.buriedPersons[0]!;
    const { page, errors } = await phonePage();
    await signInThroughForm(page, CLERK.email, CLERK.password);
    await page.goto(`${suite.server.url}/admin/graves/${grave._id}/show`);
    await page.getByRole('button', { name: `${m['admin.edit']}: ${person.name}` }).waitFor();
    expect(await page.getByRole('button', { name: `${m['burial.delete']}: ${person.name}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: m['transfer.button'] }).count()).toBe(0);
    await shot(page, 'clerk-grave-360');
    expect(errors).toEqual([]);
  });

  for (const who of ['clerk', 'admin'] as const) {
    it(`a manager's address shows the ${who} the access-denied page, with no notification over it`, async () => {
      const { page, errors } = await phonePage();
      if (who === 'clerk') await signInThroughForm(page, CLERK.email, CLERK.password);
      else await signInThroughForm(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(new URL(request.url()).pathname);
      });
      const paths = ['/admin/users', '/admin/audit', '/admin/suggestions', '/admin/import'];
      // The corrections' queue is an admin's, never a clerk's.
      if (who === 'clerk') paths.push('/admin/corrections');
      for (const path of paths) {
        await page.goto(`${suite.server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: m['admin.accessDenied'] }).waitFor();
        // The page is drawn and the console has settled (no request under way): nothing came up on top of it.
        await page.waitForLoadState('networkidle');
        expect(await notifications(page), path).toBe(0);
        expect(await page.getByText(m['errors.forbidden']).count(), path).toBe(0);
      }
      // The console did not even ask for what the page would have shown.
      expect(asked.filter((p) => /^\/api\/(users|audit|suggestion|corrections)/.test(p))).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `${who}-access-denied-360`);
      expect(errors).toEqual([]);
    });
  }
});
