// In Chromium at 360 px: a grave's page gives its code to say on the phone («رجال ٣١٧») and its short
// address, a link that leads back to the page through the server's redirect; an address of no grave is the site's
// not-found page (404) saying in Arabic that no grave has that address; the plan says what a code is; the plate's
// SVG drawn by Chromium. Screenshots in /work/tmp/shots/plates-core.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { platesText } from '../../src/domain/messages/plates';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { staffClient, type StaffClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';
import { closePage, expectNoLatinText, expectNoSidewaysScroll, newPageIn } from '../public/support';

const SHOTS = '/work/tmp/shots/plates-core';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG' } as const;
const SITE = 'https://qarya.eg.org';

describeBrowser('grave codes and plates on the public site', () => {
  let server: TestServer;
  let browser: Browser;
  let manager: StaffClient;
  let grave: Grave;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    manager = await staffClient(server, 'manager');
    const saved = await call(server.api, 'PUT', '/settings', {
      token: manager.token,
      body: { villageName: 'قرية السنابل', siteUrl: SITE },
    });
    expect(saved.status).toBe(200);
    grave = await manager.makeGrave('men', 317);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows a grave's code and short address on its page at 360 px; the address leads back to it", async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    const errors = collectErrors(page);
    try {
      const answer = await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      expect(answer?.status()).toBe(200);
      const line = page.locator('.grave-code');
      await expect.poll(() => line.innerText()).toContain(`${platesText['plate.codeLabel']}: رجال ٣١٧`);
      expect(await line.innerText()).toContain(`${platesText['plate.addressLabel']}: qarya.eg.org/g/m317`);
      await expectNoSidewaysScroll(page, 'grave page with its code');
      await expectNoLatinText(page, 'grave page with its code');
      await shot(page, 'grave-page-code-360');

      // The link is the short address on this server: the server sends it on to the grave's page.
      await line.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === publicPaths.grave.href(grave._id));
      await page.locator('#grave-heading').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('answers an address of no grave with the Arabic not-found page and 404', async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    try {
      for (const path of ['/G/M318', '/plan/women/5']) {
        const answer = await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        expect(answer?.status(), path).toBe(404);
        await page.getByText(platesText['plate.addressUnknown']).waitFor();
      }
      await expectNoLatinText(page, 'a short address of no grave');
      await shot(page, 'grave-address-unknown-360');
    } finally {
      await closePage(page);
    }
  });

  it('says on the plan what a grave code is', async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    try {
      await page.goto(`${server.url}${publicPaths.plan.href()}`, { waitUntil: 'networkidle' });
      const hint = page.locator('.plan-code');
      await hint.waitFor();
      expect(await hint.innerText()).toContain('«رجال ٣١٧»');
      expect(await hint.innerText()).toContain('qarya.eg.org/g/m317');
      await expectNoLatinText(page, 'plan with the code line');
    } finally {
      await closePage(page);
    }
  });

  it('draws the plate in Chromium: Arabic joined, right to left, the code sharp', async () => {
    const page = await newPageIn(browser, { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
    try {
      for (const size of ['plate', 'sticker'] as const) {
        const answer = await page.goto(`${server.api}${paths.gravePlate(grave._id, size)}`);
        expect(answer?.status()).toBe(200);
        expect(answer?.headers()['content-type']).toMatch(/^image\/svg\+xml/);
        await page.locator('svg text').first().waitFor();
        await page
          .locator('svg')
          .first()
          .screenshot({ path: `${SHOTS}/plate-${size}-chromium.png` });
      }
    } finally {
      await closePage(page);
    }
  });
});
