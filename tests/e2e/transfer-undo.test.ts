// In Chromium at 360 px: the transfer dialog offers and ticks only the people whose resting period has
// passed (one buried seven months ago is listed with the days left, not tickable); the delete confirmation names
// the person and the grave; a manager undoes the transfer from the audit list, and the people are back.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { fill, messages } from '../../src/domain/messages';
import { formatDays } from '../../src/domain/text/format';
import { daysBetween } from '../../src/domain/rules/graveStatus';
import type { Grave } from '../../src/domain/types';
import { signedInContext } from '../support/console';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';
import { publicPaths } from '../../src/domain/paths/publicPaths';

const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo' };

/** The day `days` before today, YYYY-MM-DD. */
const daysAgo = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describeBrowser('moving remains safely, and undoing it, in the console', () => {
  let server: TestServer;
  let browser: Browser;
  let grave: Grave;
  let recentDate: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const token = await signIn(server, 'admin');
    grave = await makeGrave(server, token, 'men', 12);
    await makeGrave(server, token, 'bones', 'المرحلة الأولى');
    recentDate = daysAgo(server.ctx.today(), 210);
    await bury(server, token, grave._id, 'عبد الرحيم محمود الدسوقي', '1990-05-01');
    await bury(server, token, grave._id, 'فتحي عبد الرحيم الدسوقي', recentDate);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const graveNow = async () => (await call<Grave>(server.api, 'GET', `/graves/graves/${grave._id}`)).body;

  it('the transfer dialog offers and ticks only the rested; the one still resting shows the days left', async () => {
    const context = await signedInContext(browser, server, 'admin', PHONE);
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
      // The delete confirmation: the spec's question, the person, «المقبرة ١٢ — رجال».
      await page.getByRole('button', { name: `${messages['burial.delete']}: فتحي عبد الرحيم الدسوقي` }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(messages['burial.confirmDelete']).waitFor();
      await confirm.getByText('المقبرة ١٢ — رجال').waitFor();
      await confirm.getByText('فتحي عبد الرحيم الدسوقي').waitFor();
      await screenshot(page, 'transfer-undo-delete-confirm-360');
      await confirm.getByRole('button', { name: messages['common.cancel'] }).click();
      await confirm.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: messages['transfer.button'] }).click();
      const dialog = page.getByRole('dialog');
      const rested = dialog.getByRole('checkbox', { name: 'عبد الرحيم محمود الدسوقي' });
      await expect(rested.isChecked()).resolves.toBe(true);
      await expect(rested.isEnabled()).resolves.toBe(true);
      const left = 365 - daysBetween(recentDate, server.ctx.today());
      const resting = dialog.getByRole('checkbox', {
        name: fill(messages['transfer.restingLine'], { name: 'فتحي عبد الرحيم الدسوقي', days: formatDays(left) }),
      });
      await expect(resting.isChecked()).resolves.toBe(false);
      await expect(resting.isDisabled()).resolves.toBe(true);
      // Nothing overflows the phone's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await dialog.locator('#transfer-target').click();
      await page.getByRole('option', { name: 'المرحلة الأولى' }).click();
      await screenshot(page, 'transfer-undo-dialog-360');
      await dialog.getByRole('button', { name: messages['transfer.confirm'] }).click();
      await page.getByText('نُقلت رفات شخص واحد إلى المرحلة الأولى.').waitFor();
      await page.locator('#moved-heading').waitFor();
      expect((await graveNow()).buriedPersons.map((p) => p.name)).toEqual(['فتحي عبد الرحيم الدسوقي']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a manager undoes the transfer from the audit list, after a confirmation', async () => {
    const context = await signedInContext(browser, server, 'manager', PHONE);
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(
        `${server.url}/admin/audit?${new URLSearchParams({ filter: JSON.stringify({ action: 'burial.transfer' }) })}`,
      );
      const card = page
        .locator('li, article, .MuiCard-root', { hasText: messages['audit.action.burial.transfer'] })
        .last();
      await card.getByText('عبد الرحيم محمود الدسوقي').waitFor();
      // The details, not «—»: who moved, to where.
      await card.getByText(/إلى: المرحلة الأولى/).waitFor();
      await screenshot(page, 'transfer-undo-audit-360');
      await card.getByRole('button', { name: messages['undo.button'] }).click();
      const confirm = page.getByRole('dialog');
      await confirm
        .getByText(
          fill(messages['undo.confirmTransfer'], { people: 'عبد الرحيم محمود الدسوقي', place: 'مقبرة رجال رقم ١٢' }),
        )
        .waitFor();
      await screenshot(page, 'transfer-undo-confirm-360');
      await confirm.getByRole('button', { name: messages['undo.button'] }).click();
      await page.getByText('تم التراجع عن النقل: أُعيد شخص واحد إلى مقبرة رجال رقم ١٢.').waitFor();
      await page.getByText(messages['undo.undone']).first().waitFor();
      await screenshot(page, 'transfer-undo-done-360');
      expect((await graveNow()).buriedPersons.map((p) => p.name)).toEqual([
        'فتحي عبد الرحيم الدسوقي',
        'عبد الرحيم محمود الدسوقي',
      ]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a grave emptied by moves says so on the public page, not 'no one buried yet'", async () => {
    const token = await signIn(server, 'manager');
    const ossuary = (await call<Grave[]>(server.api, 'GET', '/graves/bone')).body[0]!;
    const people = (await graveNow()).buriedPersons.map((p) => p._id);
    const moved = await call(server.api, 'POST', `/graves/${grave._id}/transfer`, {
      token,
      body: { bonesGraveId: ossuary._id, date: server.ctx.today(), buriedPersonIds: people, reason: 'قرار اللجنة' },
    });
    expect(moved.status).toBe(200);
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      await page.getByText(messages['transfer.emptiedPublic'], { exact: true }).waitFor();
      await expect(page.getByText(messages['public.graveEmpty']).count()).resolves.toBe(0);
      await screenshot(page, 'transfer-undo-public-emptied-360');
    } finally {
      await page.close();
    }
  });

  it("a manager undoes the same move from the grave's history on its console page", async () => {
    const context = await signedInContext(browser, server, 'manager', PHONE);
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
      const history = page.locator('section[aria-labelledby="undo-heading"]');
      await history.getByText('فتحي عبد الرحيم الدسوقي', { exact: false }).waitFor();
      await screenshot(page, 'transfer-undo-grave-history-360');
      await history.getByRole('button', { name: messages['undo.button'] }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: messages['undo.button'] }).click();
      await page.getByText('تم التراجع عن النقل: أُعيد شخصين إلى مقبرة رجال رقم ١٢.').waitFor();
      await expect.poll(async () => (await graveNow()).buriedPersons.length).toBe(2);
      // Nothing left to undo here: the section goes.
      await history.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: 'فتحي عبد الرحيم الدسوقي', exact: true }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
