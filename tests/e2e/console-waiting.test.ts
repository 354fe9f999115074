// What waits for the committee, in Chromium at 360 px on the demo village: a family's photo and correction sent from
// the site show on the dashboard's "waiting for you" and on the menu, each linking to its queue; the photos' queue
// lists the waiting photo with its grave, and approving it there takes it off the queue and the count; several
// photos chosen together are approved or deleted at once.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { messages as m, t } from '../../src/domain/messages';
import { formatNumber } from '../../src/domain/text/format';
import { formatCount } from '../../src/domain/text/nouns';
import { graveName } from '../../src/domain/text/graveLifeText';
import type { Gender } from '../../src/domain/types';
import { consolePaths } from '../../src/domain/paths/consolePaths';
import { describeBrowser, screenshot } from '../support/browser';
import { consoleSuite } from '../support/console';
import { documentWidth } from '../support/layout';
import { DEMO_ACCOUNTS } from '../support/server';

describeBrowser('what waits for the committee, at 360 px', () => {
  const suite = consoleSuite();

  it('counts a family’s photo and correction on the dashboard and the menu, and the photo is approved from its queue', async () => {
    const { server } = suite;
    const manager = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const ask = async <T>(path: string, init: RequestInit = {}) =>
      (await (
        await fetch(`${server.api}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${manager}`, ...init.headers },
        })
      ).json()) as T;
    const before = await ask<{ corrections: number; photos: number; suggestions: number }>('/waiting');
    // A family sends a photo of a grave and a correction of a burial from the public site.
    const graves =
      await ask<Array<{ _id: string; number: string; buriedPersons: Array<{ _id: string }> }>>('/graves/male');
    const grave = graves.find((g) => g.buriedPersons.length > 0)!;
    const form = new FormData();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a6f5a' } })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    form.append('senderName', 'ابن المتوفى');
    expect((await fetch(`${server.api}/graves/${grave._id}/photos`, { method: 'POST', body: form })).status).toBe(201);
    const sent = await fetch(`${server.api}/burials/${grave.buriedPersons[0]!._id}/corrections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        note: 'تاريخ الدفن في السجل يخالف ما نعرفه',
        senderName: 'ابن المتوفى',
        senderPhone: '01001234567',
      }),
    });
    expect(sent.status).toBe(201);

    const { page, errors } = await suite.staffPage('manager');
    // The menu counts them, on each queue's entry (the side menu at a desktop's width).
    await expect
      .poll(() => page.locator(`a[href="${consolePaths.photos()}"][role="menuitem"]`).textContent())
      .toContain(formatNumber(before.photos + 1));
    await page.setViewportSize({ width: 360, height: 780 });
    const waiting = page.locator('section[aria-labelledby="waiting-heading"]');
    const photosLine = t('waiting.countOf', { label: m['waiting.photos'], count: formatNumber(before.photos + 1) });
    const correctionsLine = t('waiting.countOf', {
      label: m['waiting.corrections'],
      count: formatNumber(before.corrections + 1),
    });
    await expect.poll(() => waiting.locator(`a[href="${consolePaths.photos()}"]`).textContent()).toBe(photosLine);
    await expect
      .poll(() => waiting.locator(`a[href="${consolePaths.corrections()}"]`).textContent())
      .toBe(correctionsLine);
    {
      const width = await documentWidth(page);
      expect(width.document).toBe(width.viewport);
    }
    await screenshot(page, 'console-dashboard-waiting-360');

    // The photos' queue: the waiting photo with its grave; approving it takes it off the queue and the count.
    await waiting.locator(`a[href="${consolePaths.photos()}"]`).press('Enter');
    await page.waitForURL(/\/admin\/photos/);
    const approve = page.locator(`button[aria-label="${t('photosConsole.approveOf', { n: formatNumber(1) })}"]`);
    await expect.poll(() => approve.count()).toBe(before.photos + 1);
    {
      const width = await documentWidth(page);
      expect(width.document).toBe(width.viewport);
    }
    await screenshot(page, 'console-photos-queue-360');
    // By keyboard, as a clerk tabbing through the queue would.
    await approve.first().press('Enter');
    await page.getByText(m['photo.approved']).waitFor();
    await expect.poll(() => approve.count()).toBe(before.photos);
    expect((await ask<{ photos: number }>('/waiting')).photos).toBe(before.photos);
    expect(errors).toEqual([]);
  });

  it('approves two chosen photos at once and deletes a third behind a confirmation', async () => {
    const { server } = suite;
    const manager = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const staff = { authorization: `Bearer ${manager}` };
    const graves = (await (await fetch(`${server.api}/graves/female`)).json()) as Array<{
      _id: string;
      gender: Gender;
      number: string;
    }>;
    const chosen = graves.slice(0, 3);
    const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#5a6f7a' } })
      .jpeg()
      .toBuffer();
    for (const grave of chosen) {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const sent = await fetch(`${server.api}/graves/${grave._id}/photos`, { method: 'POST', body: form });
      expect(sent.status).toBe(201);
    }
    const photosOf = async (graveId: string) =>
      (await (await fetch(`${server.api}/graves/${graveId}/photos`, { headers: staff })).json()) as Array<{
        status: string;
      }>;

    const { page, errors } = await suite.staffPage('manager', {
      path: consolePaths.photos(),
      viewport: { width: 360, height: 780 },
    });
    const choice = (grave: (typeof chosen)[number]) =>
      page.locator(`input[type="checkbox"][aria-label="${t('photosConsole.selectOf', { grave: graveName(grave) })}"]`);
    await choice(chosen[0]!).check();
    await choice(chosen[1]!).check();
    const status = page.getByRole('status').filter({ hasText: m['photosConsole.selectedCount'].split(':')[0]! });
    await expect
      .poll(() => status.textContent())
      .toBe(t('photosConsole.selectedCount', { count: formatCount(2, 'photo') }));
    {
      const width = await documentWidth(page);
      expect(width.document).toBe(width.viewport);
    }
    // A visitor who gave no name is said to be one, not left as an empty «أرسلها:».
    await page.getByText(m['photosConsole.byUnnamedVisitor']).first().waitFor();
    await screenshot(page, 'console-photos-chosen-360');
    await page.getByRole('button', { name: m['photosConsole.approveSelected'] }).press('Enter');
    await page.getByText(t('photosConsole.approvedMany', { count: formatCount(2, 'photo') })).waitFor();
    expect((await photosOf(chosen[0]!._id)).map((p) => p.status)).toEqual(['approved']);
    expect((await photosOf(chosen[1]!._id)).map((p) => p.status)).toEqual(['approved']);
    expect((await photosOf(chosen[2]!._id)).map((p) => p.status)).toEqual(['pending']);
    // Decided photos leave the waiting queue and the choice is cleared.
    await expect.poll(() => choice(chosen[0]!).count()).toBe(0);
    expect(await status.count()).toBe(0);

    await choice(chosen[2]!).check();
    await page.getByRole('button', { name: m['photosConsole.deleteSelected'] }).press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(t('photosConsole.confirmDeleteMany', { count: formatCount(1, 'photo', 'genitive') }))
      .waitFor();
    await dialog.getByRole('button', { name: m['photosConsole.delete'] }).press('Enter');
    await page.getByText(t('photosConsole.deletedMany', { count: formatCount(1, 'photo') })).waitFor();
    expect(await photosOf(chosen[2]!._id)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
