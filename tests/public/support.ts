// Helpers of the public-site browser suites: accessibility, no sideways scrolling, no Latin text, touch targets.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from '../support/layout';

/**
 * axe-core on the current page: no serious or critical violation (the bar). `exclude` leaves out parts that
 * repeat what is read elsewhere on the page (the plan's later blocks of cells, drawn by the same function).
 */
export async function expectAccessible(page: Page, label: string, exclude?: string): Promise<void> {
  const bad = (await axeViolations(page, exclude))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(bad, label).toEqual([]);
}

/** Nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, label).toBeLessThanOrEqual(client);
}

/** No Latin word visible to a visitor, except e-mail addresses. */
export async function expectNoLatinText(page: Page, label: string): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const withoutEmails = text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '')
    // A grave's short address (example.org/g/m317) is an address to type, like an e-mail.
    .replace(/(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/[\w-]+)*\/g\/\S+/gi, '');
  expect(withoutEmails.match(/[A-Za-z]{2,}[A-Za-z]*/g) ?? [], label).toEqual([]);
}

/** Every visible control (link, button, field) is at least 24 × 24 CSS pixels (WCAG 2.5.8). */
export async function expectTouchTargets(page: Page, label: string): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) return false;
        if (el.closest('.visually-hidden') || el.classList.contains('skip-link')) return false;
        return box.width < 24 || box.height < 24;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`),
  );
  expect(small, label).toEqual([]);
}

/** The Arabic-Indic digits of a number as the site shows it (ar-EG). */
export const arabicNumber = (n: number) => new Intl.NumberFormat('ar-EG').format(n);

/** A page in its own context (its own storage, cache and service workers); close it with closePage. */
export async function newPageIn(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

export const closePage = (page: Page) => page.context().close();
