// The audit trail in the console: a manager sees who did what, filters by action, and downloads it;
// an admin cannot open it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { signedInContext } from '../support/console';

describeBrowser('audit trail in the console', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const admin = await server.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}` };
    const grave = (await (
      await fetch(`${server.api}/graves`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ gender: 'women', number: 777 }),
      })
    ).json()) as { _id: string };
    await fetch(`${server.api}/graves/${grave._id}/bury`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'نفيسة عبد الرحمن التجريبية', burialDate: server.ctx.today() }),
    });
    await fetch(`${server.api}/graves/full/${grave._id}`, { method: 'PUT', headers });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signedIn = (role: 'manager' | 'admin') => signedInContext(browser, server, role, { acceptDownloads: true });

  it('a manager reads and filters the trail and downloads it', async () => {
    const context = await signedIn('manager');
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/audit`);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000 }).toContain('تحويل مقبرة إلى ممتلئة');
    const text = await page.locator('body').innerText();
    expect(text).toContain('سجل التعديلات');
    expect(text).toContain(DEMO_ACCOUNTS.admin.email);
    expect(text).toContain('نفيسة عبد الرحمن التجريبية');
    expect(text).toContain('إضافة مقبرة');
    await screenshot(page, 'admin-audit-1280');
    // On a phone the trail is a list of cards, read whole, nothing sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(() => page.locator('table').count()).toBe(0);
    await page.getByText('تحويل مقبرة إلى ممتلئة').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-audit-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(
      `${server.url}/admin/audit?${new URLSearchParams({ filter: JSON.stringify({ action: 'burial.create' }) })}`,
    );
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('tbody').innerText()).toContain('تسجيل دفن');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByText('تنزيل سجل التعديلات').click(),
    ]);
    const path = await download.path();
    const csv = (await import('node:fs')).readFileSync(path!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('grave.full');
    await context.close();
  });

  it('an admin is refused the trail and has no menu item for it', async () => {
    const context = await signedIn('admin');
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/audit`);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000 }).toMatch(/صلاحية|غير مسموح/);
    expect(
      await page
        .locator('nav, [role="menu"], .RaMenu-root')
        .first()
        .innerText()
        .catch(() => ''),
    ).not.toContain('سجل التعديلات');
    const res = await fetch(`${server.api}/audit`, {
      headers: {
        authorization: `Bearer ${await server.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)}`,
      },
    });
    expect(res.status).toBe(403);
    await context.close();
  });
});
