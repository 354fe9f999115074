// In Chromium: remains moved to the ossuary are seen where a family looks for them (the bone grave's page
// says where they came from, the grave they left keeps them in its history with a link), and every burial date
// shows its Hijri date beside the Gregorian one, on the public page and in the console.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/burialDate';
import { fill, messages } from '../../src/domain/messages';
import { graveLifePublicText as graveLifeText } from '../../src/domain/messages/graveLifePublic';
import { movedToText } from '../../src/domain/text/graveLifeText';
import { movedFromText } from '../../src/domain/rules/graveMoves';
import type { Grave } from '../../src/domain/types';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { signedInContext } from '../support/console';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { call } from '../server/helpers';
import { closePage, expectAccessible, newPageIn } from '../public/support';

describeBrowser("a grave's life in the pages", () => {
  let server: TestServer;
  let browser: Browser;
  let from: Grave;
  let ossuary: Grave;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'accounts', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    const token = await signIn(server, 'admin');
    from = await makeGrave(server, token, 'men', 12);
    ossuary = await makeGrave(server, token, 'bones', 'المرحلة الأولى');
    await bury(server, token, from._id, 'عبد الرحيم محمود الدسوقي', '1990-05-01');
    await bury(server, token, from._id, 'فتحي عبد الرحيم الدسوقي', '2024-03-15');
    const moved = await call(server.api, 'POST', `/graves/${from._id}/transfer`, {
      token,
      body: { bonesGraveId: ossuary._id, date: '2025-12-01', buriedPersonIds: [] },
    });
    // An empty list is "nobody": move the elder only, by id.
    expect(moved.status).toBe(400);
    const elder = (await call<Grave>(server.api, 'GET', `/graves/graves/${from._id}`)).body.buriedPersons.find(
      (p) => p.name === 'عبد الرحيم محمود الدسوقي',
    )!;
    const done = await call(server.api, 'POST', `/graves/${from._id}/transfer`, {
      token,
      body: { bonesGraveId: ossuary._id, date: '2025-12-01', buriedPersonIds: [elder._id] },
    });
    expect(done.status).toBe(200);
    const placed = await call(server.api, 'PUT', `/graves/${from._id}/position`, {
      token,
      body: { latitude: 30.0444196, longitude: 31.2357116 },
    });
    expect(placed.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the bone grave says where the remains came from; the first grave keeps them, linked', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}${publicPaths.grave.href(ossuary._id)}`, { waitUntil: 'networkidle' });
      const move = { graveId: from._id, number: 12, gender: 'men' as const, date: '2025-12-01' };
      await expect(page.locator('.move-note').first().textContent()).resolves.toBe(movedFromText(move));
      await screenshot(page, 'grave-life-ossuary-360');
      await page.goto(`${server.url}${publicPaths.grave.href(from._id)}`, { waitUntil: 'networkidle' });
      // Hijri beside the Gregorian date: «١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ».
      await expect(page.locator('table.burials td').nth(1).textContent()).resolves.toBe(formatBurialDate('2024-03-15'));
      expect(formatBurialDate('2024-03-15')).toContain('رمضان ١٤٤٥ هـ');
      // The grave has a position: the phone's maps app opens at it.
      await expect(
        page.getByRole('link', { name: graveLifeText['position.directions'] }).getAttribute('href'),
      ).resolves.toBe('geo:30.0444196,31.2357116?q=30.0444196,31.2357116');
      const history = page.locator('.moved-out li');
      await expect(history.count()).resolves.toBe(1);
      const link = history.first().getByRole('link');
      await expect(link.textContent()).resolves.toBe(
        movedToText({ graveId: ossuary._id, number: 'المرحلة الأولى', gender: 'bones', date: '2025-12-01' }),
      );
      await expectAccessible(page, 'grave page with a moved history');
      await screenshot(page, 'grave-life-history-360');
      await link.click();
      await page.waitForURL((url) => url.pathname.endsWith(ossuary._id));
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("the console's grave page shows the Hijri date too", async () => {
    const context = await signedInContext(browser, server, 'admin', { locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/admin/graves/${from._id}/show`);
      await page.getByRole('cell', { name: formatBurialDate('2024-03-15'), exact: true }).waitFor();
      await screenshot(page, 'grave-life-console');
    } finally {
      await context.close();
    }
  });

  it('moves the remains from the console; the person is then found in the ossuary, on /bones and in the home search', async () => {
    const context = await signedInContext(browser, server, 'admin', { locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    try {
      await page.goto(`${server.url}/admin/graves/${from._id}/show`);
      await page.getByRole('button', { name: messages['transfer.button'] }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#transfer-target').click();
      await page.getByRole('option', { name: 'المرحلة الأولى' }).click();
      // The day typed in Hijri: 10 Jumada al-Akhirah 1447 is 1 December 2025.
      await dialog.locator('#transfer-date').fill('١٠ جمادى الآخرة ١٤٤٧ هـ');
      await screenshot(page, 'grave-life-console-transfer');
      await dialog.getByRole('button', { name: messages['transfer.confirm'] }).click();
      await page.getByText(messages['transfer.emptiedPublic']).waitFor();
      await page.locator('#moved-heading').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const visitor = await newPageIn(browser, { viewport: { width: 360, height: 740 }, locale: 'ar-EG' });
    try {
      await visitor.goto(`${server.url}${publicPaths.bones.href()}`, { waitUntil: 'networkidle' });
      await visitor.getByPlaceholder(messages['search.deceasedPlaceholder']).fill('فتحي الدسوقي');
      const cards = visitor.locator('.grave-card');
      await expect.poll(() => cards.count()).toBe(1);
      await expect(cards.first().textContent()).resolves.toContain('المرحلة الأولى');
      await visitor.goto(server.url, { waitUntil: 'networkidle' });
      await visitor.locator('.site-search input').fill('فتحي الدسوقي');
      const result = visitor.locator('.search-result', { hasText: 'فتحي عبد الرحيم الدسوقي' });
      await result.waitFor();
      await expect(result.locator('.move-note').textContent()).resolves.toBe(
        movedFromText({ graveId: from._id, number: 12, gender: 'men', date: '2025-12-01' }),
      );
      await screenshot(visitor, 'grave-life-home-search');
      // Emptied and not full, grave 12 is the men's section's next grave, said under the heading of /man.
      await visitor.goto(`${server.url}${publicPaths.men.href()}`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => visitor.locator('.next-grave a').first().textContent())
        .toBe(fill(graveLifeText['next.publicLine'], { place: 'مقبرة رجال رقم ١٢' }));
    } finally {
      await closePage(visitor);
    }
  });
});
