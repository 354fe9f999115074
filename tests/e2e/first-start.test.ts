// In Chromium at 360 px: a register started on nothing. The server prints the setup address in its log;
// the page opened there makes the first manager and names the village, the console opens on its empty-register
// screen, graves are made by range from there, and the public pages say plainly, before that, that the register is
// empty, and show the new village's name after.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { fill, messages as m } from '../../src/domain/messages';
import { setupText } from '../../src/domain/messages/setup';
import { emptyRegisterText } from '../../src/domain/messages/emptyRegister';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { formatCount } from '../../src/domain/text/nouns';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startServerProcess, type ServerProcess } from '../support/process';
import { closePage, expectNoSidewaysScroll, newPageIn } from '../public/support';

const VILLAGE = 'كفر النخيل';
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo' } as const;
const SHOTS = '/work/tmp/shots/setup';
const CODE = /(https?:\/\/\S+\/setup\?code=[A-Za-z0-9_-]+)/;

/** A screenshot kept with the test's others and, for the reviewer, under SHOTS. */
async function shot(page: Page, name: string): Promise<void> {
  const path = await screenshot(page, name);
  try {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(path, join(SHOTS, `${name}.png`));
  } catch {
    // Only the test's own copy where /work/tmp is not there.
  }
}

describeBrowser('the first start, in the browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-first-'));
  let server: ServerProcess;
  let browser: Browser;
  let setupAddress: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServerProcess({
        DATABASE_URL: `file:${join(dir, 'village.sqlite')}`,
        STATIC_DIR: inject('siteDir'),
        MANAGER_EMAIL: '',
        MANAGER_PASSWORD: '',
      }),
      launchBrowser(),
    ]);
    const deadline = Date.now() + 10_000;
    while (!CODE.test(server.output()) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    // The address as printed, on the address the test reaches the server at.
    const printed = new URL(CODE.exec(server.output())![1]!);
    setupAddress = `${server.url}${printed.pathname}${printed.search}`;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an empty register says so on the public home and a section page', async () => {
    const page = await newPageIn(browser, PHONE);
    const errors = collectErrors(page);
    try {
      await page.goto(server.url);
      await page.getByText(emptyRegisterText['empty.register'], { exact: true }).waitFor();
      await expectNoSidewaysScroll(page, 'empty home');
      await shot(page, 'empty-home-360');
      await page.goto(`${server.url}${publicPaths.men.href()}`);
      await page.getByText(emptyRegisterText['empty.section'], { exact: true }).waitFor();
      await expect(page.getByText(m['search.noResults']).count()).resolves.toBe(0);
      await shot(page, 'empty-men-360');
      // The search of the home page says the register is empty, not that nothing matched.
      await page.goto(server.url);
      await page.getByPlaceholder(m['search.placeholder']).fill('محمد');
      await page.getByText(emptyRegisterText['empty.search'], { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('the setup page from the log makes the manager; the console starts the register; the site shows its name', async () => {
    const page = await newPageIn(browser, PHONE);
    try {
      // The login page leads to the setup while nobody can sign in.
      await page.goto(`${server.url}${publicPaths.login.href()}`);
      await page.getByRole('link', { name: setupText['setup.loginLeadLink'] }).waitFor();

      await page.goto(setupAddress);
      await page.getByRole('heading', { name: setupText['setup.heading'], level: 1 }).waitFor();
      const code = page.getByLabel(setupText['setup.code']);
      await expect(code.inputValue()).resolves.toBe(new URL(setupAddress).searchParams.get('code'));
      await page.getByLabel(setupText['setup.villageName']).fill(VILLAGE);
      // The site's address, optional: refused on the page by the settings' rule, then a bare name is taken.
      await page.getByLabel(setupText['setup.siteUrl']).fill('kafr-elnakhil.com/?lang=ar');
      await page.getByLabel(m['register.name'], { exact: true }).fill('سعاد عبد الحميد');
      await page.getByLabel(m['auth.email']).fill('souad@kafr-elnakhil.com');
      // A short password is refused on the page, keeping what was typed.
      await page.getByLabel(m['auth.password']).fill('short');
      await page.getByRole('button', { name: setupText['setup.button'] }).click();
      await page.getByText(m['register.passwordShort']).last().waitFor();
      await page.getByText(m['settings.siteUrlQuery']).waitFor();
      await expect(page.getByLabel(setupText['setup.villageName']).inputValue()).resolves.toBe(VILLAGE);
      await page.getByLabel(setupText['setup.siteUrl']).fill('kafr-elnakhil.com');
      await page.getByLabel(m['auth.password']).fill('first-manager-2026');
      await expectNoSidewaysScroll(page, 'setup page');
      await shot(page, 'setup-360');
      await page.getByRole('button', { name: setupText['setup.button'] }).click();

      // The console, signed in, on its empty-register screen with the three ways to start.
      await page.waitForURL((url) => url.pathname.startsWith('/admin'));
      await page.getByText(setupText['empty.consoleHeading'], { exact: true }).waitFor();
      for (const way of ['empty.startRange', 'empty.startImport', 'empty.startUsers'] as const) {
        await page.getByRole('link', { name: setupText[way] }).waitFor();
      }
      await expectNoSidewaysScroll(page, 'console empty register');
      await shot(page, 'console-empty-360');
      await page.getByRole('link', { name: setupText['empty.startRange'] }).click();
      await page.getByRole('heading', { name: m['range.title'], level: 1 }).waitFor();
      await page.locator('#range-from').fill('١');
      await page.locator('#range-to').fill('30');
      await page.getByRole('button', { name: m['range.submit'] }).click();
      await page.getByText(fill(m['range.done'], { created: formatCount(30, 'grave', 'genitive') })).waitFor();
    } finally {
      await closePage(page);
    }

    const settings = (await (await fetch(`${server.api}/settings`)).json()) as { siteUrl: string };
    expect(settings.siteUrl).toBe('https://kafr-elnakhil.com');

    // The public home, as a visitor: the new village's name in the tab, the hero, the footer and the manifest.
    const visitor = await newPageIn(browser, PHONE);
    try {
      await visitor.goto(server.url);
      await visitor.locator('.hero h1').waitFor();
      await shot(visitor, 'home-new-village-360');
      await expect(visitor.getByText(emptyRegisterText['empty.register']).count()).resolves.toBe(0);
      await expect(visitor.title()).resolves.toContain(VILLAGE);
      await expect(visitor.locator('.hero').textContent()).resolves.toContain(VILLAGE);
      await expect(visitor.locator('footer').textContent()).resolves.toContain(VILLAGE);
      const manifestHref = await visitor.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = (await (await fetch(new URL(manifestHref!, server.url))).json()) as { name: string };
      expect(manifest.name).toContain(VILLAGE);
    } finally {
      await closePage(visitor);
    }
  }, 90_000);
});
