// The console's planning page in Chromium against the real server on the demo village: a manager opens it from
// the menu, reads each section's forecast sentence (the API's), types a what-if that asks the server again, switches
// the years in pictures to the Hijri calendar, and the page fits a phone with every chart's table there for a screen
// reader; the home page's statistics say each section's sentence to everyone. Screenshots at 360 and 1280 px in test-results/screenshots/.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { messages as m } from '../../src/domain/messages';
import type { SectionForecast } from '../../src/domain/statistics/forecast';
import type { YearsInPictures } from '../../src/domain/statistics/yearsInPictures';
import { formatNumber } from '../../src/domain/text/format';
import { consolePaths } from '../../src/domain/paths/consolePaths';
import { collectErrors, describeBrowser, screenshot } from '../support/browser';
import { consoleSuite, signedInContext } from '../support/console';
import { documentWidth, seriousViolations } from '../support/layout';
import { DEMO_ACCOUNTS } from '../support/server';

describeBrowser('the console’s planning page', () => {
  const suite = consoleSuite();

  it('shows each section’s forecast, the what-if and the years in pictures, at 1280 and 360 px', async () => {
    const token = await suite.server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const answer = await fetch(`${suite.server.api}/statistics/forecast`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const forecast = (await answer.json()) as SectionForecast[];
    const { page, errors } = await suite.staffPage('manager');
    await page.getByRole('menuitem', { name: m['statisticsPage.menu'] }).click();
    await page.getByRole('heading', { name: m['statisticsPage.forecastHeading'] }).waitFor();
    for (const entry of forecast) {
      await expect
        .poll(() => page.locator(`[data-forecast="${entry.section}"] [data-sentence]`).textContent())
        .toBe(entry.sentence);
    }
    // Every chart is drawn as SVG and has its table for a screen reader.
    await page.getByRole('heading', { name: m['statisticsPage.yearsHeading'] }).waitFor();
    await expect.poll(() => page.locator('figure svg').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator('figure table').count()).toBe(await page.locator('figure').count());

    // What-if: 500 graves more in the men's section; the server answers a forecast with them.
    await page.locator('[data-what-if="men"]').fill('٥٠٠');
    const whatIf = page.locator('[data-what-if-answer="men"]');
    await whatIf.waitFor();
    const men = forecast.find((e) => e.section === 'men')!;
    const added = await fetch(`${suite.server.api}/statistics/forecast?section=men&add=500`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [after] = (await added.json()) as SectionForecast[];
    expect(after!.availableNow).toBe(men.availableNow + 500);
    await expect.poll(() => whatIf.textContent()).toContain(after!.sentence);

    await page.getByRole('button', { name: m['statisticsPage.hijri'] }).click();
    await expect.poll(() => page.locator('figure table').first().textContent()).toBeTruthy();
    expect(await page.locator('figure').nth(3).textContent()).toContain('هـ');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-statistics-1280');

    expect(errors).toEqual([]);

    // On a phone.
    const phone = await signedInContext(suite.browser, suite.server, 'manager', {
      viewport: { width: 360, height: 780 },
      locale: 'ar-EG',
      timezoneId: 'Africa/Cairo',
      hasTouch: true,
    });
    const small = await phone.newPage();
    const smallErrors = collectErrors(small);
    await small.goto(`${suite.server.url}${consolePaths.statistics()}`);
    await small.locator('[data-forecast="women"] [data-sentence]').waitFor();
    await expect.poll(() => small.locator('figure svg').count()).toBeGreaterThanOrEqual(6);
    await screenshot(small, 'console-statistics-360');
    const width = await documentWidth(small);
    expect(width.document).toBeLessThanOrEqual(width.viewport);
    expect(await seriousViolations(small, 'console-statistics')).toEqual([]);
    expect(smallErrors).toEqual([]);

    // The home page's statistics carry each section's sentence, for everyone.
    await small.goto(suite.server.url);
    await small.locator('#stats-heading').scrollIntoViewIfNeeded();
    for (const entry of forecast) {
      await expect.poll(() => small.locator(`[data-outlook="${entry.section}"]`).textContent()).toBe(entry.sentence);
    }
    await small.locator('#stats-heading').scrollIntoViewIfNeeded();
    await small.screenshot({ path: 'test-results/screenshots/public-home-outlook-360.png' });
    await phone.close();
  });

  it('prints a year’s register book from the console: only the book, its pages numbered', async () => {
    const token = await suite.server.login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const headers = { authorization: `Bearer ${token}` };
    const years = (await (await fetch(`${suite.server.api}/statistics/years`, { headers })).json()) as YearsInPictures;
    const busiest = [...years.gregorian.years].sort((a, b) => b.men + b.women - (a.men + a.women))[0]!;
    const book = (await (
      await fetch(`${suite.server.api}/register-book?year=${busiest.period}`, { headers })
    ).json()) as { lines: unknown[]; totals: string[] };
    expect(book.lines.length).toBeGreaterThan(0);

    const { page, errors } = await suite.staffPage('admin');
    await page.getByRole('menuitem', { name: m['registerBook.menu'] }).click();
    await page.locator('[data-book-year]').fill(busiest.period);
    await page.getByRole('button', { name: m['registerBook.show'] }).click();
    await expect.poll(() => page.locator('[data-book-totals]').textContent()).toBe(book.totals.join(''));
    expect(await page.locator('.register-book tbody tr').count()).toBe(book.lines.length);
    await screenshot(page, 'console-register-book-1280');

    // Printed by Chromium: the book alone, every page saying its number of the pages.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())![1]);
    expect(pages).toBeGreaterThan(1);
    // Read back without poppler's direction marks and spaces (it spaces the glyphs of Chromium's Arabic as it finds them).
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf })
      .toString()
      .replace(/[\u202A-\u202E\s]/g, '');
    for (let n = 1; n <= pages; n++) expect(text).toContain(`صفحة${formatNumber(n)}من${formatNumber(pages)}`);
    expect(text).not.toContain(m['registerBook.show'].replace(/\s/g, ''));
    expect(errors).toEqual([]);
  });
});
