// Layout checks of a page at a phone's width: nothing wider than the screen, nothing drawn over a control, controls
// big enough for a finger, and axe's serious and critical findings. Used by the console's phone suites.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type axe from 'axe-core';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** Git-ignored (.cache/): looked at by people, never compared by the tests. */
export const PHONE_SCREENSHOT_DIR = resolve('.cache/screenshots/console-360');

export async function phoneScreenshot(page: Page, name: string, dir = PHONE_SCREENSHOT_DIR): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The document's width and the viewport's: equal when nothing makes the page scroll sideways. */
export function documentWidth(page: Page): Promise<{ document: number; viewport: number }> {
  return page.evaluate(() => ({
    document: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    viewport: document.documentElement.clientWidth,
  }));
}

/**
 * What a finger or a keyboard can reach: links, buttons, fields and the menu's items. react-admin's skip link sits
 * above the screen until a keyboard focuses it (it is not a target for a finger).
 */
const INTERACTIVE = ['a[href]', 'button', 'input', 'select', 'textarea', '[role="button"]', '[role="menuitem"]']
  .map((s) => `${s}:not(.skip-nav-button)`)
  .join(', ');

/**
 * Every visible control whose centre, once scrolled to, is under another element (not itself, not one inside it,
 * not one it sits inside): e.g. a floating button over a row's buttons. Each as a short description.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${(el.getAttribute('aria-label') ?? el.textContent ?? '')
        .trim()
        .slice(0, 40)}]`;
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        style.opacity !== '0' &&
        el.closest('[aria-hidden="true"]') === null
      );
    };
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!visible(el)) continue;
      // An instant scroll moves the page at once, and elementFromPoint lays it out again before it looks: no frame
      // needs to pass (waiting one per control took most of this check's time on a long page).
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      // A control drawn inside another one's label (MUI's outlined fields) is the same control for a finger.
      if (hit.closest('label') && hit.closest('label')?.htmlFor === el.id) continue;
      found.push(`${describe(el)} under ${describe(hit)}`);
    }
    window.scrollTo(0, 0);
    return found;
  }, INTERACTIVE);
}

/**
 * Buttons, menu items and fields smaller than 44 px in height or width (WCAG 2.5.5's target size); links inside
 * running text are exempt, as the rule allows.
 */
export function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const found: string[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0') continue;
        if (el.closest('[aria-hidden="true"]')) continue;
        if (el.tagName === 'A' && style.display === 'inline') continue;
        // The cells of the cemetery plan are a map: their size and place are the information (2.5.5's "essential"
        // exception). They keep WCAG 2.5.8's 24 px, checked in tests/e2e/plan.test.ts.
        if (el.closest('svg.plan-svg')) continue;
        // A native field MUI draws inside its own box: the box is the target.
        const target = el.matches('input, textarea') ? (el.closest('.MuiInputBase-root') ?? el) : el;
        const { width, height } = target.getBoundingClientRect();
        if (el.matches('input[type="hidden"], input[aria-hidden="true"]')) continue;
        if (height + 0.5 < min || width + 0.5 < min) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
          found.push(`${el.tagName.toLowerCase()}[${name}] ${Math.round(width)}×${Math.round(height)}`);
        }
      }
      return found;
    },
    { selector: INTERACTIVE, min },
  );
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it stands, `exclude` (a selector) left out. axe is put into the page once
 * and run there. The console and the site draw no frames, so the one document is the whole page. Playwright's
 * AxeBuilder opened a second page for each run to gather its results: about 1.2 s more per run on two cores (a
 * console page's check took 1.4-2.2 s, and takes 0.4-0.6 s this way). Only violations are gathered: the suites read
 * nothing else.
 */
export async function axeViolations(page: Page, exclude?: string): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ exclude, options }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      const context: ElementContext = exclude ? { exclude: [exclude] } : document;
      return (await inPage.run(context, options)).violations;
    },
    { exclude, options: { resultTypes: ['violations'] } satisfies RunOptions },
  );
}

/** axe's serious and critical findings, each with the elements it names. */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
