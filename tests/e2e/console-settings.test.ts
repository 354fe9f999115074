// The village's settings in the console, in Chromium: a manager at 360 px changes the village's name and
// adds a phone, saves and reloads: kept; a refused e-mail comes back as the API's Arabic reason with what was typed
// kept; a logo uploads with its preview; the page fits 360 px and axe finds nothing serious. An admin has no menu
// entry and gets the access-denied screen at /admin/settings. Screenshots in /work/tmp/shots/settings/.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsFinished, describeBrowser, launchBrowser } from '../support/browser';
import { signedInContext } from '../support/console';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { coveredControls, documentWidth, phoneScreenshot, seriousViolations } from '../support/layout';
import { t } from '../../src/domain/messages';

const SHOTS = process.env.SETTINGS_SHOTS_DIR ?? '/work/tmp/shots/settings';

describeBrowser('the village’s settings in the console', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const res = await fetch(`${server.api}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ villageName: 'القرية التجريبية' }),
    });
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  async function staffPage(role: 'manager' | 'admin', width: number): Promise<{ page: Page; errors: string[] }> {
    const context = await signedInContext(browser, server, role, {
      viewport: { width, height: 780 },
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      hasTouch: width < 600,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  async function openSettings(page: Page) {
    await page.goto(`${server.url}/admin/settings`);
    await page.locator('#settings-village').waitFor();
    await page.waitForLoadState('networkidle');
    await animationsFinished(page);
  }

  it('a manager at 360 px changes the name and a phone, saves, reloads: kept', async () => {
    const { page, errors } = await staffPage('manager', 360);
    await openSettings(page);
    expect(await page.locator('#settings-village').inputValue()).toBe('القرية التجريبية');
    const width = await documentWidth(page);
    expect(width.document).toBeLessThanOrEqual(360);
    expect(await coveredControls(page)).toEqual([]);
    expect(await seriousViolations(page, 'settings')).toEqual([]);
    await phoneScreenshot(page, 'settings-360-before', SHOTS);

    await page.locator('#settings-village').fill('قرية الزيتون');
    await page.getByRole('button', { name: t('settingsPage.addPhone') }).click();
    await page.locator('#settings-phone-0').fill('٠١٢٣٤٥٦٧٨٩٠');
    await page.getByRole('button', { name: t('settingsPage.save') }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: t('settings.saved') })
          .count(),
      )
      .toBe(1);
    await phoneScreenshot(page, 'settings-360-saved', SHOTS);

    await page.reload();
    await page.locator('#settings-village').waitFor();
    await expect.poll(() => page.locator('#settings-village').inputValue()).toBe('قرية الزيتون');
    expect(await page.locator('#settings-phone-0').inputValue()).toBe('01234567890');
    // The public answer says so too.
    const read = (await (await fetch(`${server.api}/settings`)).json()) as { villageName: string };
    expect(read.villageName).toBe('قرية الزيتون');
    expect((await documentWidth(page)).document).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });

  it('a refused e-mail comes back in Arabic and what was typed stays', async () => {
    const { page } = await staffPage('manager', 360);
    await openSettings(page);
    await page.locator('#settings-description').fill('وصف لم يُحفظ بعد');
    await page.getByRole('button', { name: t('settingsPage.addEmail') }).click();
    await page.locator('#settings-email-0').fill('ليس-بريدًا');
    await page.getByRole('button', { name: t('settingsPage.save') }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: t('settings.emailInvalid') })
          .count(),
      )
      .toBe(1);
    expect(await page.locator('#settings-email-0').inputValue()).toBe('ليس-بريدًا');
    expect(await page.locator('#settings-description').inputValue()).toBe('وصف لم يُحفظ بعد');
    await phoneScreenshot(page, 'settings-360-refused', SHOTS);
    const read = (await (await fetch(`${server.api}/settings`)).json()) as { description: string };
    expect(read.description).toBe('');
  });

  it('a logo uploads with its preview, and goes back to the default mark', async () => {
    const { page } = await staffPage('manager', 360);
    await openSettings(page);
    const png = await sharp({ create: { width: 240, height: 160, channels: 4, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"][name="logo"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: t('logo.saved') })
          .count(),
      )
      .toBe(1);
    const preview = page.getByRole('img', { name: t('settingsPage.logoPreview') });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/site\/logo-120\.png\?v=/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await phoneScreenshot(page, 'settings-360-logo', SHOTS);

    // A text file named logo.png: the API's reason, nothing changed.
    await page.locator('input[type="file"][name="logo"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('ليس صورة'),
    });
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: t('logo.notImage') })
          .count(),
      )
      .toBe(1);
    expect(await preview.getAttribute('src')).toMatch(/^\/site\/logo-120\.png\?v=/);

    await page.getByRole('button', { name: t('settingsPage.logoDefault') }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: t('logo.removed') })
          .count(),
      )
      .toBe(1);
    expect(await preview.getAttribute('src')).toBe('/logo.svg');
  });

  it('the manager’s menu has the entry; an admin’s has not, and gets the access-denied screen', async () => {
    const manager = await staffPage('manager', 1280);
    await manager.page.goto(`${server.url}/admin`);
    await manager.page.getByRole('menuitem', { name: t('settingsPage.menu') }).waitFor();

    const { page } = await staffPage('admin', 1280);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('menuitem', { name: t('nav.showgraves') }).waitFor();
    expect(await page.locator('a[href="/admin/settings"]').count()).toBe(0);
    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: t('admin.accessDenied') }).waitFor();
    expect(await page.locator('#settings-village').count()).toBe(0);
    await phoneScreenshot(page, 'settings-admin-denied', SHOTS);
  });
});
