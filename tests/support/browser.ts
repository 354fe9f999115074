// Debian's Chromium driven by playwright-core. Suites use describeBrowser so that a machine without Chromium
// skips them with a clear line instead of failing (.ci/run installs Chromium, so CI always runs them).
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe } from 'vitest';

/** The whole browser: what the bench measures, as a phone's browser would draw the pages. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

/**
 * What the suites drive: Debian's headless shell of the same Chromium when it is installed (.ci/run installs it).
 * It draws pages with the same engine without the browser's own window layer, and the suites ran about a quarter
 * faster on it on two cores. CHROMIUM_PATH chooses another browser for the suites too.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
const hasTestBrowser = existsSync(TEST_BROWSER_PATH);

if (!hasTestBrowser) {
  console.warn(
    `Chromium not found at ${TEST_BROWSER_PATH}: browser tests skipped (apt-get install -y chromium chromium-headless-shell).`,
  );
}

export const describeBrowser = hasTestBrowser ? describe : describe.skip;

/** Headless, and quiet: this machine has no network beyond loopback, so Chromium must not try to call out. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The suites' browser. Its pages are drawn without motion (prefers-reduced-motion, which the console and the site
 * honour) unless a context asks for it with `reducedMotion: 'no-preference'`: a check then never waits for a slide or
 * a fade to end, and two cores do not draw them. The bench passes the whole browser's path and `withMotion`, and
 * gets the browser as a phone has it.
 */
export async function launchBrowser(
  executablePath = TEST_BROWSER_PATH,
  { withMotion = false }: { withMotion?: boolean } = {},
): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  if (withMotion) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Screenshots are test artifacts under test-results/screenshots/. */
export const SCREENSHOT_DIR = resolve('test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Collects console errors and page errors, so a suite can assert there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/**
 * Resolves once the page has drawn `count` more frames: what the last change set going (React's effects and the
 * renders they start, a notification, a redirect) has run and been painted. A check that something did not happen
 * comes after this and after the answer it would have followed, never after a fixed time.
 */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(frames);
      }),
    count,
  );
}

/**
 * Resolves once no finite animation or transition runs on the page (MUI's opening transitions, a drawer sliding in,
 * a fade, a ripple), looking again two frames after the last one ended in case another has just started. Endless
 * ones (a spinner, a progress bar) are not waited for: they never end.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
    for (let quiet = 0; quiet < 2;) {
      const now = running();
      if (now.length === 0) {
        quiet += 1;
        await frame();
      } else {
        quiet = 0;
        // A transition taken back (its element removed, its property set again) rejects: it has ended all the same.
        await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
      }
    }
  });
}

/** Requests a page has under way, and when the last one started or ended: counted from the first look. */
const requestsOf = new WeakMap<Page, { underWay: number; lastChange: number }>();

export function watchRequests(page: Page): { underWay: number; lastChange: number } {
  const watched = requestsOf.get(page);
  if (watched) return watched;
  const state = { underWay: 0, lastChange: Date.now() };
  page.on('request', () => {
    state.underWay += 1;
    state.lastChange = Date.now();
  });
  const ended = () => {
    // A request that began before the first look ends without having been counted.
    state.underWay = Math.max(0, state.underWay - 1);
    state.lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  requestsOf.set(page, state);
  return state;
}

/**
 * Resolves once the page has had no request under way for `quietMs` after a drawn frame: what Playwright's
 * 'networkidle' load state says of a page load (500 ms of quiet), for a move inside a page already loaded. A page
 * that asks for a chunk, then for its data once the chunk has run, asks again within a frame or two.
 */
export async function requestsSettled(page: Page, quietMs = 250, limitMs = 15_000): Promise<void> {
  const state = watchRequests(page);
  const until = Date.now() + limitMs;
  for (;;) {
    await nextFrames(page, 1);
    if (state.underWay === 0 && Date.now() - state.lastChange >= quietMs) return;
    if (Date.now() > until) throw new Error(`${state.underWay} requests still under way after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
