// Photos of a grave in the console, in Chromium at 360 px against the real server on the demo village: a
// visitor's photo (sent through the public API) shows on the grave's console page as waiting, its thumbnail fetched
// with the staff's token; a manager approves it and the public grave page then shows it; another is chosen as the first
// photo; one is deleted behind a confirmation; a staff photo added from the console's file chooser (made smaller in
// the browser first) is approved at once; a clerk sees the photos and may add one, never approve, choose or delete.
// Nothing scrolls sideways, nothing is covered, axe finds nothing serious. Screenshots in test-results/screenshots/.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsFinished, describeBrowser, launchBrowser, SCREENSHOT_DIR } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { makeGrave } from '../support/fixtures';
import { coveredControls, documentWidth, phoneScreenshot, seriousViolations } from '../support/layout';
import { messages as m, t } from '../../src/domain/messages';
import { formatNumber } from '../../src/domain/text/format';
import type { Grave, GravePhoto } from '../../src/domain/types';

const PHONE = { viewport: { width: 360, height: 780 }, locale: 'ar-EG', timezoneId: 'Africa/Cairo', hasTouch: true };
const CLERK = { name: 'مدخل بيانات الصور', email: 'photos.clerk@village.com', password: 'clerk-password-2026' };

/** A plain photo-like image: a gradient of the given colours, as JPEG or PNG bytes. */
async function image(width: number, height: number, format: 'jpeg' | 'png', hue: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (hue + (x * 255) / width) % 256;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  const drawn = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? drawn.png().toBuffer() : drawn.jpeg({ quality: 85 }).toBuffer();
}

describeBrowser('photos of a grave in the console at 360 px', () => {
  let server: TestServer;
  let browser: Browser;
  let managerToken = '';
  let grave: Grave;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    managerToken = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const made = await fetch(`${server.api}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ ...CLERK, role: 'clerk' }),
    });
    expect(made.status).toBeLessThan(300);
    grave = await makeGrave(server, managerToken, 'men', 9901);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  /** A visitor's photo through the public API (waits for approval). */
  async function sendPhoto(hue: number, senderName: string): Promise<string> {
    const form = new FormData();
    form.append(
      'photo',
      new Blob([new Uint8Array(await image(1200, 900, 'jpeg', hue))], { type: 'image/jpeg' }),
      'p.jpg',
    );
    form.append('senderName', senderName);
    form.append('senderPhone', '01098765432');
    const res = await fetch(`${server.api}/graves/${grave._id}/photos`, { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** What the public sees: the approved photos, the first one first. */
  const publicPhotos = async (): Promise<GravePhoto[]> =>
    (await (await fetch(`${server.api}/graves/${grave._id}/photos`)).json()) as GravePhoto[];

  async function phonePage(who: 'manager' | 'clerk'): Promise<{ page: Page; errors: string[] }> {
    const account = who === 'clerk' ? CLERK : DEMO_ACCOUNTS[who];
    const token = await server.login(account.email, account.password);
    const context = await browser.newContext(PHONE);
    await context.addInitScript(
      ([tok, role]) => {
        localStorage.setItem('userToken', tok!);
        localStorage.setItem('userRole', role!);
      },
      [token, who],
    );
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  }

  async function openGrave(page: Page) {
    await page.goto(`${server.url}/admin/graves/${grave._id}/show`);
    await page.getByRole('heading', { name: m['photosConsole.heading'] }).waitFor();
    await page.waitForLoadState('networkidle');
    await animationsFinished(page);
  }

  const photoCards = (page: Page) => page.getByRole('list', { name: m['photosConsole.listLabel'] }).locator('li');

  /** Every thumbnail on the page has been drawn (fetched with the token, shown from an object URL). */
  const thumbsDrawn = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('section[aria-labelledby="photos-heading"] img')).map(
        (img) =>
          (img as HTMLImageElement).complete &&
          (img as HTMLImageElement).naturalWidth > 0 &&
          img.getAttribute('src')!.startsWith('blob:'),
      ),
    );

  async function fitsThePhone(page: Page, name: string) {
    const width = await documentWidth(page);
    expect(width.document, `${name}: nothing sideways`).toBeLessThanOrEqual(width.viewport);
    expect(await coveredControls(page), `${name}: nothing covered`).toEqual([]);
    expect(await seriousViolations(page, name), `${name}: axe`).toEqual([]);
  }

  const notified = (page: Page, text: string) =>
    page.locator('.MuiSnackbar-root').filter({ hasText: text }).first().waitFor();

  const shot = (page: Page, name: string) => phoneScreenshot(page, name, SCREENSHOT_DIR);
  const n = (i: number) => formatNumber(i);

  it('a visitor’s photo shows as waiting, with its thumbnail; the manager approves it and the public then has it', async () => {
    await sendPhoto(0, 'سعيد عبد الحميد');
    expect(await publicPhotos()).toEqual([]);
    const { page, errors } = await phonePage('manager');
    await openGrave(page);
    await expect.poll(() => photoCards(page).count()).toBe(1);
    const card = photoCards(page).first();
    await card.getByText(m['photosConsole.pending']).waitFor();
    await card.getByText('سعيد عبد الحميد', { exact: false }).waitFor();
    // The manager sees the family's phone, and the day the photo goes unless approved, from the staff's list.
    await card.locator('a[href^="tel:"]').waitFor();
    const listed = (await (
      await fetch(`${server.api}/graves/${grave._id}/photos`, { headers: { authorization: `Bearer ${managerToken}` } })
    ).json()) as GravePhoto[];
    expect(listed[0]!.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [before, after] = m['photosConsole.expiresAt'].split('{date}');
    const expiry = await card.getByText(m['photosConsole.expiresAt'].slice(0, 4), { exact: false }).textContent();
    expect(expiry!.startsWith(before!) && expiry!.endsWith(after!)).toBe(true);
    expect(expiry).toMatch(/[٠-٩]/);
    await expect.poll(() => thumbsDrawn(page)).toEqual([true]);
    await fitsThePhone(page, 'grave-photos-pending');
    await page.getByRole('heading', { name: m['photosConsole.heading'] }).scrollIntoViewIfNeeded();
    await shot(page, 'photos-pending-360');

    await card.getByRole('button', { name: t('photosConsole.approveOf', { n: n(1) }) }).click();
    await notified(page, m['photo.approved']);
    await card.getByText(m['photosConsole.approvedState']).waitFor();
    const shown = await publicPhotos();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.status).toBe('approved');
    // The public grave page shows it.
    const publicPage = await page.context().newPage();
    await publicPage.goto(`${server.url}/grave-details-user/${grave._id}`);
    const strip = publicPage.locator('.photo-strip img');
    await strip.first().waitFor();
    expect(await strip.count()).toBe(1);
    expect(await strip.first().getAttribute('src')).toBe(shown[0]!.thumbJpegUrl);
    await publicPage.close();
    expect(errors).toEqual([]);
  });

  it('another photo is chosen as the first one; one is deleted behind a confirmation', async () => {
    const secondId = await sendPhoto(120, 'منى السيد');
    const { page, errors } = await phonePage('manager');
    await openGrave(page);
    await expect.poll(() => photoCards(page).count()).toBe(2);
    await expect.poll(() => thumbsDrawn(page)).toEqual([true, true]);
    // Newest first after the cover (none yet): the new, waiting photo is the first card.
    const waiting = photoCards(page).filter({ hasText: 'منى السيد' });
    await waiting.getByText(m['photosConsole.pending']).waitFor();
    await waiting.getByRole('button', { name: m['photosConsole.makeCover'] }).click();
    await notified(page, m['photo.coverSet']);
    await page.getByText(m['photosConsole.isCover']).waitFor();
    const shown = await publicPhotos();
    expect(shown[0]).toMatchObject({ _id: secondId, cover: true, status: 'approved' });
    await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached' });
    await animationsFinished(page);
    await fitsThePhone(page, 'grave-photos-cover');
    await page.getByRole('heading', { name: m['photosConsole.heading'] }).scrollIntoViewIfNeeded();
    await shot(page, 'photos-cover-360');

    // The cover photo is first now; the other (the first visitor's) is second: delete it.
    const other = photoCards(page).filter({ hasText: 'سعيد عبد الحميد' });
    await other.getByRole('button', { name: m['photosConsole.delete'], exact: false }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(m['photosConsole.confirmDelete']).waitFor();
    await animationsFinished(page);
    await shot(page, 'photos-delete-confirm-360');
    await confirm.getByRole('button', { name: m['photosConsole.delete'], exact: true }).click();
    await notified(page, m['photo.deleted']);
    await expect.poll(() => photoCards(page).count()).toBe(1);
    expect((await publicPhotos()).map((p) => p._id)).toEqual([secondId]);
    expect(errors).toEqual([]);
  });

  it('a staff photo added from the file chooser is made smaller and shown at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-photo-'));
    const file = join(dir, 'grave-wide.png');
    writeFileSync(file, await image(3200, 2000, 'png', 60));
    const { page, errors } = await phonePage('manager');
    await openGrave(page);
    // What the page hands to fetch: Chromium does not show a request's file parts to the test.
    await page.evaluate(() => {
      const sent: Array<{ name: string; type: string; width?: number }> = [];
      (window as unknown as { sentPhotos: typeof sent }).sentPhotos = sent;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const photo = init?.body instanceof FormData ? init.body.get('photo') : null;
        if (photo instanceof File) sent.push({ name: photo.name, type: photo.type });
        return original(input, init);
      };
    });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByText(m['photosConsole.add'], { exact: true }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles(file);
    // Drawn again in the browser at most 2560 px wide: sent as a JPEG, not the PNG chosen.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sentPhotos: unknown[] }).sentPhotos))
      .toEqual([{ name: 'grave-wide.jpg', type: 'image/jpeg' }]);
    await notified(page, m['photo.added']);
    await expect.poll(() => photoCards(page).count()).toBe(2);
    const shown = await publicPhotos();
    expect(shown).toHaveLength(2);
    expect(shown.every((p) => p.status === 'approved')).toBe(true);
    expect(shown.find((p) => p.byStaff)?.width).toBeLessThanOrEqual(1600);
    await expect.poll(() => thumbsDrawn(page)).toEqual([true, true]);
    // The notification lies over the page's foot for a few seconds: the layout is checked once it has gone.
    await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached' });
    await fitsThePhone(page, 'grave-photos-added');
    await page.getByRole('heading', { name: m['photosConsole.heading'] }).scrollIntoViewIfNeeded();
    await shot(page, 'photos-added-360');
    expect(errors).toEqual([]);
  });

  it('a clerk sees the photos and may add one, never approve, choose the first or delete', async () => {
    await sendPhoto(200, 'هدى كمال');
    const { page, errors } = await phonePage('clerk');
    await openGrave(page);
    await expect.poll(() => photoCards(page).count()).toBe(3);
    const waiting = photoCards(page).filter({ hasText: 'هدى كمال' });
    await waiting.getByText(m['photosConsole.pending']).waitFor();
    // The family's phone is the managers' and admins', never data entry's; the name is shown.
    expect(await photoCards(page).locator('a[href^="tel:"]').count()).toBe(0);
    expect(await page.locator('section[aria-labelledby="photos-heading"]').textContent()).not.toContain('٠١٠٩٨٧٦٥٤٣٢');
    await page.getByText(m['photosConsole.add'], { exact: true }).waitFor();
    for (const label of [m['photosConsole.approve'], m['photosConsole.makeCover'], m['photosConsole.delete']]) {
      expect(
        await page.locator('section[aria-labelledby="photos-heading"]').getByRole('button', { name: label }).count(),
      ).toBe(0);
    }
    await expect.poll(() => thumbsDrawn(page)).toEqual([true, true, true]);
    await shot(page, 'photos-clerk-360');
    expect(errors).toEqual([]);
  });
});
