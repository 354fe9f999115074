// The page the server sends for a public address names what that screen needs (server/siteShell.ts): its chunk
// and style sheet, and for a grave or an article the API answer its heading waits for. These tests check the
// names are right and safe, and that Chromium really uses each download once: a hint that does not match what the
// page asks for later would cost a second download instead of saving a round trip.
import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PageChunks } from '../../src/domain/publicPages';
import type { Grave } from '../../src/domain/types';
import { collectErrors, describeBrowser, launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { closePage, newPageIn } from '../public/support';

let server: TestServer;
let grave: Grave;
let chunks: PageChunks;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', staticDir: inject('siteDir') });
  grave = ((await (await fetch(`${server.api}/graves/male`)).json()) as Grave[]).find((g) => g.buriedPersons.length > 0)!;
  chunks = JSON.parse(readFileSync(join(inject('siteDir'), 'page-chunks.json'), 'utf8'));
});
afterAll(async () => server?.close());

const shell = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
};

describe('the page sent for each address', () => {
  it('/man names the men page chunk and its style sheet, and not the 500 KB section data', async () => {
    const html = await shell('/man');
    expect(chunks.MenPage?.js.length).toBeGreaterThan(0);
    for (const file of chunks.MenPage!.js) expect(html).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
    for (const file of chunks.MenPage!.css) expect(html).toContain(`<link rel="preload" as="style" crossorigin href="${file}">`);
    expect(html).not.toContain('as="fetch"');
    // Every named file exists and is served.
    for (const file of [...chunks.MenPage!.js, ...chunks.MenPage!.css]) expect((await fetch(`${server.url}${file}`)).status).toBe(200);
  });

  it('a grave page names the grave chunk and the grave answer; an article page its article', async () => {
    const html = await shell(`/grave-details-user/${grave._id}`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${chunks.GraveDetailsPage!.js[0]}">`);
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/graves/graves/${grave._id}">`);
    const article = ((await (await fetch(`${server.api}/articles`)).json()) as Array<{ _id: string }>)[0]!;
    expect(await shell(`/ArticleDetail/${article._id}`)).toContain(`href="/api/articles/ArticleDetail/${article._id}"`);
  });

  it('an id made of markup is escaped, never written into the page as markup', async () => {
    const html = await shell(`/grave-details-user/${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('href="/api/graves/graves/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"');
  });

  it('unknown addresses, redirects and the console get the plain page', async () => {
    for (const path of ['/no-such-page', '/graves/abc', '/admin/graves']) {
      const html = await shell(path);
      expect(html).not.toContain('modulepreload" crossorigin href="/assets/MenPage');
      expect(html).not.toContain('as="fetch"');
    }
  });
});

describeBrowser('Chromium uses each named download once', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('the grave page: one request each for its chunk, its style sheet and the grave, no unused preload', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 } });
    const errors = collectErrors(page);
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    try {
      await page.goto(`${server.url}/grave-details-user/${grave._id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Chromium reports a preload that nothing used after about three seconds.
      await page.waitForTimeout(3500);
      const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
      const times = (path: string) => requested.filter((p) => p === path).length;
      expect(times(`/api/graves/graves/${grave._id}`)).toBe(1);
      for (const file of [...chunks.GraveDetailsPage!.js, ...chunks.GraveDetailsPage!.css]) expect(times(file)).toBe(1);
      expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });
});
