// In Chromium at 360 px: the current notices at the top of the home page (an expired one not there), /notices
// reaching back a month, a notice's page (the prayer with its Hijri date, the grave, the condolences), its share
// button (the Web Share API when the phone has it; a WhatsApp link and "copy the link" when not), the prayer as a
// calendar file, the page offline once seen, and a hidden notice as the not-found page at once.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { fill } from '../../src/domain/messages/fill';
import { noticeWordsText } from '../../src/domain/messages/notices';
import { noticesPublicText } from '../../src/domain/messages/noticesPublic';
import { noticePageText } from '../../src/domain/messages/noticesPublicPage';
import { sharedText } from '../../src/domain/messages/shared';
import type { Notice } from '../../src/domain/notices/notice';
import { prayerLineText, prayerWhenText } from '../../src/domain/notices/noticeText';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { graveName } from '../../src/domain/text/graveLifeText';
import type { Grave } from '../../src/domain/types';
import { CACHE_NAMES, INDEX_URL } from '../../src/public/offline/rules';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { staffClient, type StaffClient } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { call, movableClock } from '../server/helpers';
import {
  closePage,
  expectAccessible,
  expectNoLatinText,
  expectNoSidewaysScroll,
  expectTouchTargets,
  newPageIn,
} from '../public/support';

const SHOTS = '/work/tmp/shots/public';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ar-EG' } as const;

describeBrowser('death notices on the public site', () => {
  let server: TestServer;
  let browser: Browser;
  let manager: StaffClient;
  let grave: Grave;
  let elder: Notice;
  let mother: Notice;
  let expired: Notice;
  // Friday 20 November 2026, 10:00 in Cairo; the pages are visited the next morning.
  const clock = movableClock('2026-11-20T08:00:00Z');

  const publish = async (body: Record<string, unknown>): Promise<Notice> => {
    const answer = await call<Notice>(server.api, 'POST', '/notices', { token: manager.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({
        seed: 'accounts',
        staticDir: inject('siteDir'),
        now: clock.now,
        env: { TIMEZONE: 'Africa/Cairo' },
      }),
      launchBrowser(),
    ]);
    manager = await staffClient(server, 'manager');
    grave = await manager.makeGrave('men', 12);
    elder = await publish({
      name: 'الحاج محمود عبد الرحيم الدسوقي',
      relations: 'والد أحمد ومحمد، وشقيق فتحي عبد الرحيم',
      prayerAt: '2026-11-21T15:30',
      mosque: 'مسجد النور الكبير',
      afterPrayer: 'عقب صلاة العصر',
      graveId: grave._id,
      condolences: [
        {
          place: 'دار المناسبات بجوار المسجد',
          for: 'men',
          from: '2026-11-21',
          to: '2026-11-23',
          hours: 'بعد صلاة المغرب',
        },
        { place: 'منزل الأسرة بشارع المدرسة', for: 'women', from: '2026-11-22', to: '2026-11-22' },
      ],
    });
    mother = await publish({ name: 'فاطمة أحمد السيد', prayerAt: '2026-11-21T12:15', mosque: 'مسجد الرحمة' });
    // Its last day on the home page is today: tomorrow it is only on /notices.
    expired = await publish({
      name: 'عبد الله حسن إبراهيم',
      prayerAt: '2026-11-20T13:00',
      mosque: 'مسجد التوبة',
      endsAt: '2026-11-20',
    });
    clock.set('2026-11-21T07:00:00Z');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the current notices under the search box, newest prayer first, and not an expired one', async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    const errors = collectErrors(page);
    try {
      const answer = await page.goto(server.url, { waitUntil: 'networkidle' });
      // Drawn with the page by the server.
      const html = (await answer?.text()) ?? '';
      expect(html).toContain(elder.name);
      const strip = page.locator('.notice-strip');
      await expect(strip.locator('h2').textContent()).resolves.toBe(noticesPublicText['noticesPublic.heading']);
      const items = strip.locator('.notice-list li');
      await expect(items.count()).resolves.toBe(2);
      await expect(items.nth(0).locator('a').textContent()).resolves.toBe(elder.name);
      await expect(items.nth(1).locator('a').textContent()).resolves.toBe(mother.name);
      await expect(items.nth(0).locator('span').textContent()).resolves.toBe(prayerLineText(elder));
      expect(prayerLineText(elder)).toContain('٣:٣٠ مساءً');
      expect(await strip.textContent()).not.toContain(expired.name);
      await shot(page, 'home-notices-360');
      // The search box is above the notices, and goes to the top of the screen as it is focused, so its answers
      // show above a phone's keyboard (about the lower half of the screen).
      const search = page.getByRole('searchbox').first();
      expect((await search.boundingBox())!.y).toBeLessThan((await strip.boundingBox())!.y);
      await search.focus();
      await expect.poll(async () => (await search.boundingBox())!.y).toBeLessThan(PHONE.viewport.height / 4);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSidewaysScroll(page, 'home with two notices');
      await expectNoLatinText(page, 'home with two notices');
      await expectAccessible(page, 'home with two notices');
      await expectTouchTargets(page, 'home with two notices');
      // The strip's own link leads to the month's notices, the expired one there too.
      await strip.getByRole('link', { name: noticesPublicText['noticesPublic.all'] }).click();
      await page.waitForURL((url) => url.pathname === publicPaths.notices.href());
      await page.locator('.notices-page .notice-list li').nth(2).waitFor();
      const names = await page.locator('.notices-page .notice-list li a').allTextContents();
      expect(names).toEqual([elder.name, mother.name, expired.name]);
      await expectNoSidewaysScroll(page, '/notices');
      await expectAccessible(page, '/notices');
      await shot(page, 'notices-360');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("draws a notice's page: the prayer with its Hijri date, the grave, the condolences; the calendar file", async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    const errors = collectErrors(page);
    try {
      const answer = await page.goto(`${server.url}${publicPaths.notice.href(elder.id)}`, { waitUntil: 'networkidle' });
      expect(answer?.status()).toBe(200);
      expect((await answer?.text()) ?? '').toContain(elder.relations!);
      await expect(page.locator('#notice-heading').textContent()).resolves.toBe(elder.name);
      await expect(page.locator('.notice-verse').textContent()).resolves.toBe(sharedText['home.condolence']);
      await expect(page.locator('.notice-relations').textContent()).resolves.toBe(elder.relations);
      const facts = await page.locator('.notice-facts dd').allTextContents();
      expect(facts).toEqual([formatBurialDate('2026-11-21'), '٣:٣٠ مساءً، عقب صلاة العصر', 'مسجد النور الكبير']);
      expect(facts[0]).toMatch(/الموافق .* هـ$/);
      await expect(
        page.getByRole('link', { name: graveName({ gender: 'men', number: 12 }) }).getAttribute('href'),
      ).resolves.toBe(publicPaths.grave.href(grave._id));
      const condolences = page.locator('.notice-condolences li');
      await expect(condolences.count()).resolves.toBe(2);
      const first = (await condolences.nth(0).textContent()) ?? '';
      expect(first).toContain('دار المناسبات بجوار المسجد');
      expect(first).toContain(noticeWordsText['notice.for.men']);
      expect(first).toContain(
        fill(noticePageText['noticePage.condolenceDays'], {
          from: formatBurialDate('2026-11-21'),
          to: formatBurialDate('2026-11-23'),
        }),
      );
      expect(first).toContain('بعد صلاة المغرب');
      const second = (await condolences.nth(1).textContent()) ?? '';
      expect(second).toContain(noticeWordsText['notice.for.women']);
      expect(second).toContain(formatBurialDate('2026-11-22'));
      await expectNoSidewaysScroll(page, 'notice page');
      await expectNoLatinText(page, 'notice page');
      await expectAccessible(page, 'notice page');
      await expectTouchTargets(page, 'notice page');
      await shot(page, 'notice-360');

      // "Add to calendar": the prayer at 15:30 in Cairo is 13:30 UTC.
      const link = page.getByRole('link', { name: noticePageText['noticePage.calendar'] });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const file = await (await fetch(`${server.url}${await link.getAttribute('href')}`)).text();
      expect(file.replace(/\r\n /g, '')).toContain('\r\nDTSTART:20261121T133000Z\r\n');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("shares through the phone's share sheet when it has one, with the notice's title, text and address", async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    try {
      await page.addInitScript(() => {
        const shared: ShareData[] = [];
        Object.defineProperty(window, '__shared', { value: shared });
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: (data: ShareData) => {
            shared.push(data);
            return Promise.resolve();
          },
        });
      });
      const url = `${server.url}${publicPaths.notice.href(elder.id)}`;
      await page.goto(url);
      const button = page.getByRole('button', { name: noticePageText['noticePage.share'] });
      await button.click();
      await page.waitForFunction(() => (window as unknown as { __shared: ShareData[] }).__shared.length === 1);
      const data = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared[0]);
      expect(data).toEqual({
        title: fill(noticePageText['noticePage.shareTitle'], { name: elder.name }),
        text: fill(noticePageText['noticePage.shareText'], {
          name: elder.name,
          when: prayerWhenText(elder.prayerAt),
          mosque: elder.mosque,
        }),
        url,
      });
      // The share sheet replaces the fall-backs.
      await expect(page.getByRole('link', { name: noticePageText['noticePage.whatsapp'] }).count()).resolves.toBe(0);
    } finally {
      await closePage(page);
    }
  });

  it('without the share sheet: a WhatsApp link with the text and address, and "copy the link", said aloud', async () => {
    const page = await newPageIn(browser, { ...PHONE, serviceWorkers: 'block' });
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.addInitScript(() => {
        delete (Navigator.prototype as { share?: unknown }).share;
      });
      const url = `${server.url}${publicPaths.notice.href(elder.id)}`;
      await page.goto(url, { waitUntil: 'networkidle' });
      const whatsapp = page.getByRole('link', { name: noticePageText['noticePage.whatsapp'] });
      const href = (await whatsapp.getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/?text=')).toBe(true);
      const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
      expect(text).toBe(
        `${fill(noticePageText['noticePage.shareText'], {
          name: elder.name,
          when: prayerWhenText(elder.prayerAt),
          mosque: elder.mosque,
        })}\n${url}`,
      );
      await page.getByRole('button', { name: noticePageText['noticePage.copy'] }).click();
      const said = page.getByRole('status').filter({ hasText: noticePageText['noticePage.copied'] });
      await said.waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
      await shot(page, 'notice-share-fallback-360');
    } finally {
      await closePage(page);
    }
  });

  it('opens a notice seen once with the network off', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(server.url);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      await page.waitForFunction(
        async ([cache, url]) => Boolean(await (await caches.open(cache!)).match(url!)),
        [CACHE_NAMES.index, INDEX_URL],
        { timeout: 30_000, polling: 250 },
      );
      // Opened from the home page's strip, in the page: its answer passes the worker, which keeps it.
      await page.locator('.notice-strip .notice-list a').first().click();
      await page.locator('#notice-heading').waitFor();
      const noticeUrl = page.url();
      await page.goto(noticeUrl);
      await page.locator('#notice-heading').waitFor();

      await context.setOffline(true);
      await page.goto(server.url);
      await page.locator('.notice-strip .notice-list li').nth(1).waitFor();
      await page.goto(noticeUrl);
      await expect.poll(() => page.locator('#notice-heading').textContent()).toBe(elder.name);
      await expect
        .poll(() => page.locator('.notice-facts dd').first().textContent())
        .toBe(formatBurialDate('2026-11-21'));
    } finally {
      await context.close();
    }
  });

  it('a hidden notice is the not-found page at once, its home line gone; the worker forgets it', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      const url = `${server.url}${publicPaths.notice.href(mother.id)}`;
      await page.goto(url);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      await page.goto(url);
      await page.locator('#notice-heading').waitFor();

      // Signed in again: the clock moved on a day since the notices were published.
      const fresh = await staffClient(server, 'manager');
      const hidden = await call(server.api, 'PUT', `/notices/${mother.id}`, {
        token: fresh.token,
        body: { hidden: true },
      });
      expect(hidden.status).toBe(200);
      const answer = await page.goto(url);
      expect(answer?.status()).toBe(404);
      await page.locator('.not-found').waitFor();
      await expect(page.locator('.not-found [role="alert"]').textContent()).resolves.toBe(
        noticePageText['noticePage.notFound'],
      );
      await page.goto(server.url);
      await page.locator('.notice-strip').waitFor();
      expect(await page.locator('.notice-strip').textContent()).not.toContain(mother.name);
      // Offline afterwards, the kept copy is gone too: the family asked for it to go.
      await context.setOffline(true);
      await page.goto(url).catch(() => null);
      await expect.poll(() => page.locator('#notice-heading').count()).toBe(0);
      expect(await page.content()).not.toContain(mother.name);
    } finally {
      await context.close();
    }
  });
});
