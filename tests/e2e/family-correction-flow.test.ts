// A family's correction, the whole journey in Chromium at 360 px, each step through the screen its person uses: a family opens a
// grave's public page, proposes a corrected name and burial date with «اقترح تصحيحًا» and keeps the follow-up
// address; a manager opens the console's queue on a phone and applies it; the grave's public page then shows the new
// name and date, and the family's follow-up page says the correction was applied. (The parts are tested in depth by
// public-corrections, console-corrections and tests/server/corrections.test.ts; this one ties the doors together.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { t } from '../../src/domain/messages';
import { correctionsPublicText as ct } from '../../src/domain/messages/correctionsPublic';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { graveName } from '../../src/domain/text/graveLifeText';
import type { Grave } from '../../src/domain/types';
import { describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { closePage, expectNoSidewaysScroll, newPageIn } from '../public/support';

const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const WAS = { name: 'زينب عبد الحميد قنديل', date: '2016-09-03' };
const NOW = { name: 'زينب عبد الحميد محمد قنديل', typedDate: '٤/٩/٢٠١٦', date: '2016-09-04' };

describeBrowser('a family’s correction from the grave page to the register and back (360 px)', () => {
  let server: TestServer;
  let browser: Browser;
  let grave: Grave;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const manager = await signIn(server, 'manager');
    grave = await makeGrave(server, manager, 'women', 77);
    grave = await bury(server, manager, grave._id, WAS.name, WAS.date);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a family sends it from the grave page, a manager applies it from the console, the page shows it', async () => {
    // 1. The family, on the grave's public page.
    const family = await newPageIn(browser, PHONE);
    let follow: string;
    try {
      await family.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      await family.getByRole('link', { name: `${ct['correctionsPublic.link']} لسجل ${WAS.name}` }).click();
      await family.getByRole('heading', { level: 1, name: ct['correctionsPublic.heading'] }).waitFor();
      await family.getByLabel(ct['correctionsPublic.newName']).fill(NOW.name);
      await family.getByLabel(ct['correctionsPublic.newDate']).fill(NOW.typedDate);
      await family.getByLabel(ct['correctionsPublic.senderName'], { exact: true }).fill('عبد الحميد قنديل');
      await family.getByLabel(ct['correctionsPublic.senderPhone'], { exact: true }).fill('٠١١٢٣٤٥٦٧٨٩');
      await family.getByRole('button', { name: ct['correctionsPublic.submit'] }).click();
      await family.getByText(t('correction.sent')).waitFor();
      follow = (await family.locator('.follow-address a').getAttribute('href'))!;
      expect(follow).toMatch(/^\/correction\/[\w-]{20,}$/);
    } finally {
      await closePage(family);
    }

    // 2. The manager, in the console on a phone: the queue shows it; «تطبيق» writes it.
    const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const context = await browser.newContext({ ...PHONE, locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    await context.addInitScript((tok) => {
      localStorage.setItem('userToken', tok);
      localStorage.setItem('userRole', 'manager');
    }, token);
    try {
      const console = await context.newPage();
      await console.goto(`${server.url}/admin/corrections`);
      const card = console.locator('li.MuiCard-root', { hasText: graveName(grave) });
      await card.waitFor();
      // The proposed words beside the register's, the new one marked.
      expect(await card.locator('mark').allInnerTexts()).toContain('محمد');
      await screenshot(console, 'issue28-flow-queue-360');
      await card.getByRole('button', { name: t('correctionsConsole.applyOf', { name: WAS.name }) }).click();
      await console
        .locator('.MuiSnackbar-root')
        .filter({ hasText: t('correction.applied') })
        .first()
        .waitFor();
      await expectNoSidewaysScroll(console, 'the queue after applying');
    } finally {
      await context.close();
    }

    // 3. The grave's public page shows the new name and date; the follow-up page says it was applied.
    const visitor = await newPageIn(browser, PHONE);
    try {
      await visitor.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      const row = visitor.locator('table.burials tbody tr').first();
      await row.getByText(NOW.name).waitFor();
      await row.getByText(formatBurialDate(NOW.date)).waitFor();
      expect(await visitor.getByText(WAS.name, { exact: true }).count()).toBe(0);
      await screenshot(visitor, 'issue28-flow-grave-page-360');
      await visitor.goto(`${server.url}${follow}`, { waitUntil: 'networkidle' });
      await visitor.getByText(ct['correctionsPublic.status.applied']).first().waitFor();
      await screenshot(visitor, 'issue28-flow-follow-360');
    } finally {
      await closePage(visitor);
    }
  });
});
