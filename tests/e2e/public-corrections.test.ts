// In Chromium at 360 px: a family corrects a burial from the grave's public page — the register's values
// beside what they type, nothing typed lost when the network fails (the first send is cut off), sent again, and the
// private follow-up address shown; the follow-up page says «قيد المراجعة», then, once a manager rejected it through
// the API, the rejection and its reason. Nothing scrolls sideways; axe finds nothing serious.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { t } from '../../src/domain/messages';
import { correctionsPublicText as ct } from '../../src/domain/messages/correctionsPublic';
import { correctionDraftKey } from '../../src/domain/paths/browserKeys';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Correction, Grave } from '../../src/domain/types';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';
import { closePage, expectAccessible, expectNoLatinText, newPageIn } from '../public/support';

const ELDER = 'عبد الرحيم محمود الدسوقي';
const ELDER_DATE = '2019-04-10';

describeBrowser('a family corrects a burial from the grave page (360 px)', () => {
  let server: TestServer;
  let browser: Browser;
  let manager: string;
  let grave: Grave;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    manager = await signIn(server, 'manager');
    grave = await makeGrave(server, manager, 'men', 41);
    await bury(server, manager, grave._id, ELDER, ELDER_DATE);
    grave = await bury(server, manager, grave._id, 'فتحي عبد الرحيم الدسوقي', '2024-03-15');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const phone = () => newPageIn(browser, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const elder = () => grave.buriedPersons.find((p) => p.name === ELDER)!;

  /** Nothing scrolls sideways at 360 px. */
  async function fitsTheScreen(page: Page, label: string) {
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, label).toBeLessThanOrEqual(360);
  }

  const form = (page: Page) => ({
    name: page.getByLabel(ct['correctionsPublic.newName']),
    date: page.getByLabel(ct['correctionsPublic.newDate']),
    note: page.getByLabel(ct['correctionsPublic.note']),
    senderName: page.getByLabel(ct['correctionsPublic.senderName'], { exact: true }),
    senderPhone: page.getByLabel(ct['correctionsPublic.senderPhone'], { exact: true }),
    submit: page.getByRole('button', { name: ct['correctionsPublic.submit'] }),
  });

  const TYPED = {
    name: 'عبد الرحيم محمود الدسوقي الكبير',
    date: '١٢/٤/٢٠١٩',
    note: 'الاسم في شاهد القبر يزيد كلمة «الكبير»، وتاريخ الدفن كان يوم الجمعة.',
    senderName: 'سعيد عبد الرحيم',
    senderPhone: '٠١٠٠١٢٣٤٥٦٧',
  };

  it('sends a correction through a cut network, keeps every field, and follows it to its rejection', async () => {
    const page = await phone();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}${publicPaths.grave.href(grave._id)}`, { waitUntil: 'networkidle' });
      // Each burial has its link, named after whose record it is.
      const link = page.getByRole('link', { name: `${ct['correctionsPublic.link']} لسجل ${ELDER}` });
      expect(await link.textContent()).toBe(ct['correctionsPublic.link']);
      expect(await page.getByRole('link', { name: ct['correctionsPublic.link'] }).count()).toBe(2);
      await fitsTheScreen(page, 'grave page');
      await expectNoLatinText(page, 'grave page');
      await expectAccessible(page, 'grave page');
      await screenshot(page, 'issue28-grave-page-360');

      await link.click();
      await page.getByRole('heading', { level: 1, name: ct['correctionsPublic.heading'] }).waitFor();
      expect(page.url()).toBe(`${server.url}${publicPaths.correctBurial.href(grave._id, elder()._id)}`);
      // What the register says now, beside the fields.
      const now = await page.locator('.field-now').allTextContents();
      expect(now).toEqual([
        `${ct['correctionsPublic.now']} ${ELDER}`,
        `${ct['correctionsPublic.now']} ${formatBurialDate(ELDER_DATE)}`,
      ]);
      await page.locator('.now-values').getByText(formatBurialDate(ELDER_DATE)).waitFor();

      const f = form(page);
      await f.name.fill(TYPED.name);
      await f.date.fill(TYPED.date);
      // The typed date as the register reads it, with its Hijri day.
      await page.getByText(`يُقرأ: ${formatBurialDate('2019-04-12')}`).waitFor();
      await f.note.fill(TYPED.note);
      await f.senderName.fill(TYPED.senderName);
      await f.senderPhone.fill(TYPED.senderPhone);
      await fitsTheScreen(page, 'correction form');
      await expectNoLatinText(page, 'correction form');
      await expectAccessible(page, 'correction form');

      // The first send is cut off by the network.
      let posts = 0;
      await page.route('**/api/burials/*/corrections', async (route) => {
        posts += 1;
        if (posts === 1) await route.abort('internetdisconnected');
        else await route.continue();
      });
      await f.submit.click();
      await page.getByText(ct['correctionsPublic.networkError']).waitFor();
      expect({
        name: await f.name.inputValue(),
        date: await f.date.inputValue(),
        note: await f.note.inputValue(),
        senderName: await f.senderName.inputValue(),
        senderPhone: await f.senderPhone.inputValue(),
      }).toEqual(TYPED);
      // And it is kept in the browser too (a reload or a closed tab would not lose it).
      const draft = await page.evaluate((key) => localStorage.getItem(key), correctionDraftKey(elder()._id));
      const { date, ...rest } = TYPED;
      expect(JSON.parse(draft!).values).toEqual({ ...rest, burialDate: date });
      await fitsTheScreen(page, 'network error');
      await expectAccessible(page, 'network error');
      await screenshot(page, 'issue28-correction-network-error-360');

      await page.getByRole('button', { name: ct['correctionsPublic.retry'] }).click();
      await page.getByRole('heading', { level: 1, name: ct['correctionsPublic.sentHeading'] }).waitFor();
      expect(posts).toBe(2);
      await page.getByText(t('correction.sent')).waitFor();
      await page.getByText(ct['correctionsPublic.keepLink']).waitFor();
      await page.getByRole('button', { name: ct['correctionsPublic.copy'] }).waitFor();
      const follow = page.locator('.follow-address a');
      const href = (await follow.getAttribute('href'))!;
      expect(href).toMatch(/^\/correction\/[\w-]{20,}$/);
      expect(await follow.textContent()).toBe(`${server.url}${href}`);
      expect(await page.evaluate((key) => localStorage.getItem(key), correctionDraftKey(elder()._id))).toBeNull();
      await fitsTheScreen(page, 'sent');
      await expectAccessible(page, 'sent');
      await screenshot(page, 'issue28-correction-sent-360');

      // The committee's queue holds what was typed, read as the register reads it.
      const queue = await call<Correction[]>(
        server.api,
        'GET',
        `/corrections?filter=${encodeURIComponent('{"status":"pending"}')}`,
        {
          token: manager,
        },
      );
      const mine = queue.body.find((c) => c.burialId === elder()._id)!;
      expect(mine).toMatchObject({
        status: 'pending',
        senderName: TYPED.senderName,
        senderPhone: '01001234567',
        proposed: { name: TYPED.name, burialDate: '2019-04-12', note: TYPED.note },
      });

      await follow.click();
      await page.getByRole('heading', { level: 1, name: ct['correctionsPublic.followHeading'] }).waitFor();
      await page.getByText(ct['correctionsPublic.status.pending'], { exact: true }).waitFor();
      await fitsTheScreen(page, 'follow page');
      await expectNoLatinText(page, 'follow page');
      await expectAccessible(page, 'follow page');

      const reason = 'تاريخ الدفن في دفتر اللجنة هو ١٠ أبريل، ونرجو مراجعة اللجنة لتأكيده.';
      const rejected = await call(server.api, 'POST', `/corrections/${mine._id}/reject`, {
        token: manager,
        body: { reason },
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

      // The private address, opened afresh (as the family would, later): drawn by the server, kept out of indexes.
      const res = await page.goto(`${server.url}${href}`, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      await page.getByText(ct['correctionsPublic.status.rejected'], { exact: true }).waitFor();
      await page.getByText(reason).waitFor();
      await page.getByText(ct['correctionsPublic.decidedAt']).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await fitsTheScreen(page, 'follow page rejected');
      await expectNoLatinText(page, 'follow page rejected');
      await expectAccessible(page, 'follow page rejected');
      await screenshot(page, 'issue28-follow-rejected-360');
      // The only console error: the first send's cut connection.
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    } finally {
      await closePage(page);
    }
  }, 120_000);

  it('brings back what was typed after a reload, and names a wrong date and a missing phone under their fields', async () => {
    const page = await phone();
    try {
      const other = grave.buriedPersons.find((p) => p.name !== ELDER)!;
      await page.goto(`${server.url}${publicPaths.correctBurial.href(grave._id, other._id)}`, {
        waitUntil: 'networkidle',
      });
      const f = form(page);
      await f.date.fill('٣١/٢/٢٠٢٤');
      await f.senderName.fill('منى');
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByText(ct['correctionsPublic.draftRestored']).waitFor();
      expect(await f.date.inputValue()).toBe('٣١/٢/٢٠٢٤');
      expect(await f.senderName.inputValue()).toBe('منى');
      const posts: string[] = [];
      page.on('request', (req) => req.method() === 'POST' && posts.push(req.url()));
      await f.submit.click();
      await page.getByText(t('burialDate.noSuchDay')).waitFor();
      await page.getByText('هذا الحقل مطلوب').waitFor();
      expect(await f.date.getAttribute('aria-invalid')).toBe('true');
      expect(await f.senderPhone.getAttribute('aria-invalid')).toBe('true');
      expect(posts).toEqual([]);
      await expectAccessible(page, 'form with errors');
      await fitsTheScreen(page, 'form with errors');
    } finally {
      await closePage(page);
    }
  });

  it('answers an unknown follow-up address with the not-found page (404), never a blank one', async () => {
    const page = await phone();
    try {
      const res = await page.goto(`${server.url}${publicPaths.correctionFollow.href('no-such-token-at-all-here')}`, {
        waitUntil: 'networkidle',
      });
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).waitFor();
      await page.getByText(ct['correctionsPublic.followNotFound']).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    } finally {
      await closePage(page);
    }
  });
});
