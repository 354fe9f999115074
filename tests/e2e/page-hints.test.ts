// The page the server sends for a public address (server/site/shell.ts): its first screen drawn on the server by
// the site's own components, the answer that screen was drawn with, and its chunk and style sheet named in <head>.
// These tests check the markup is the real screen (a browser without JavaScript shows it), that what a visitor
// wrote cannot escape into the page, that Chromium takes the markup over without a hydration error and asks for
// nothing twice, and that a site without the server renderer still works as before.
import { identityWords } from '../../src/domain/identity/siteIdentity';
import { DEMO_IDENTITY } from '../../server/seed/identity';
import { graveName } from '../../src/domain/text/graveLifeText';
import type { Browser } from 'playwright-core';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGE_CHUNKS_FILE, SERVER_RENDER_DIR, SERVER_RENDER_FILE, type PageChunks } from '../../src/ssr/buildFiles';
import { paths } from '../../src/api/paths';
import { SECTION_CARDS } from '../../src/domain/rules/sectionCards';
import type { Grave, GraveCardPage } from '../../src/domain/types';
import { collectErrors, describeBrowser, launchBrowser, nextFrames } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { arabicNumber, closePage, newPageIn } from '../public/support';
import { pt } from '../../src/public/text';

let server: TestServer;
let grave: Grave;
let chunks: PageChunks;
let article: { _id: string; title: string };
// What a committee member may type, made to break out of the page if it were not escaped.
const HOSTILE_TITLE = 'مقال </script><script>alert(1)</script> $& $1 <!--';

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', staticDir: inject('siteDir') });
  grave = ((await (await fetch(`${server.api}/graves/male`)).json()) as Grave[]).find(
    (g) => g.buriedPersons.length > 0,
  )!;
  chunks = JSON.parse(readFileSync(join(inject('siteDir'), PAGE_CHUNKS_FILE), 'utf8'));
  const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const created = await fetch(`${server.api}/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: HOSTILE_TITLE, content: 'نص المقال' }),
  });
  expect(created.status).toBe(201);
  const list = (await (await fetch(`${server.api}/articles`)).json()) as Array<{ _id: string; title: string }>;
  article = list.find((a) => a.title === HOSTILE_TITLE)!;
});
afterAll(async () => server?.close());

const pageOf = async (path: string, base = server.url, status = 200) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
};
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

describe('the page sent for each address', () => {
  it('/man: the screen is drawn (heading, search box, first cards), its chunk and style sheet are named; only the next-grave answer and the first page of cards are embedded, not the 500 KB list', async () => {
    const html = await pageOf('/man');
    expect(rootOf(html)).toContain('<h1 id="section-heading">مقابر الرجال</h1>');
    expect(rootOf(html)).toContain('placeholder="ابحث باسم المتوفى أو رقم المقبرة"');
    // Its scripts are listed for the first script, which asks for them once the page is painted; no hint in <head>
    // has the browser fetch them before.
    expect(chunks.MenPage?.js.length).toBeGreaterThan(0);
    const listed = /<script type="application\/json" id="page-scripts">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(listed!)).toEqual(chunks.MenPage!.js);
    for (const file of chunks.MenPage!.js) expect(html).not.toContain(`href="${file}"`);
    // Drawn here, the screen comes with its own style sheets applied (not only preloaded): no shift when they arrive.
    for (const file of chunks.MenPage!.css)
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="${file}">`);
    expect(html).not.toContain('as="fetch"');
    const data = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(Object.keys(JSON.parse(data!))).toEqual(['/graves/next', paths.sectionCards('men')]);
    const firstCards = (JSON.parse(data!) as Record<string, GraveCardPage>)[paths.sectionCards('men')]!;
    expect(firstCards.cards).toHaveLength(SECTION_CARDS.firstPage);
    expect(firstCards.cards[0]).not.toHaveProperty('buriedPersons');
    expect(data!.length).toBeLessThan(12_000);
    // The cards are in the markup: a phone paints them from the HTML alone.
    expect(rootOf(html).match(/class="card grave-card"/g)).toHaveLength(SECTION_CARDS.firstPage);
    for (const file of [...chunks.MenPage!.js, ...chunks.MenPage!.css])
      expect((await fetch(`${server.url}${file}`)).status).toBe(200);
  });

  it('/ is drawn too, and the renderer itself is not served', async () => {
    expect(rootOf(await pageOf('/'))).toContain('class="site-header"');
    const renderer = await fetch(`${server.url}/${SERVER_RENDER_DIR}/${SERVER_RENDER_FILE}`);
    expect(renderer.headers.get('content-type')).toContain('text/html'); // the site's page, not the module
    expect(await renderer.text()).not.toContain('renderPublicPage');
  });

  it('a grave page carries its number, its burials and the grave answer the browser then uses', async () => {
    const html = await pageOf(`/grave-details-user/${grave._id}`);
    expect(rootOf(html)).toContain(graveName(grave));
    // The tab names the grave with its section too (numbers repeat across sections).
    expect(html).toContain(`<title>${graveName(grave)} | ${identityWords(DEMO_IDENTITY).siteTitle}</title>`);
    expect(rootOf(html)).toContain(grave.buriedPersons[0]!.name);
    expect(html).toContain(`id="page-scripts">${JSON.stringify(chunks.GraveDetailsPage!.js)}<`);
    const data = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(html)?.[1];
    const answer = await (await fetch(`${server.api}/graves/graves/${grave._id}`)).json();
    expect(answer).toMatchObject(grave); // the section's grave, with its place on the plan besides
    expect(JSON.parse(data!)).toEqual({ [`/graves/graves/${grave._id}`]: answer });
  });

  it('what staff typed is text in the page, never markup: an article titled with </script> and $&', async () => {
    const html = await pageOf(`/ArticleDetail/${article._id}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length); // nothing closed early
    expect(rootOf(html)).toContain('مقال &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1 &lt;!--');
    const data = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)[`/articles/ArticleDetail/${article._id}`].title).toBe(HOSTILE_TITLE);
  });

  it('an unknown grave id made of markup is drawn as the loading screen with nothing of the id in it, as a 404', async () => {
    const html = await pageOf(
      `/grave-details-user/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`,
      server.url,
      404,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('id="first-data"');
  });

  it('the login is left to the browser, so no form exists before its handlers', async () => {
    const html = await pageOf('/login');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<form');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${chunks.LoginPage!.js[0]}">`);
  });

  it('the suggestion screens are drawn with their form, every field and the button disabled', async () => {
    for (const [path, page, heading] of [
      ['/suggest', 'SuggestPage', pt['public.suggestHeading']],
      ['/contact', 'ContactPage', pt['public.contactHeading']],
    ] as const) {
      const root = rootOf(await pageOf(path));
      expect(root, path).toContain(heading);
      expect(root, path).toContain('<form');
      const form = root.slice(root.indexOf('<form'), root.indexOf('</form>'));
      const controls = [...form.matchAll(/<(textarea|input|button)\b[^>]*>/g)].map((m) => m[0]);
      expect(controls.length, path).toBe(4);
      for (const control of controls) expect(control, path).toMatch(/\sdisabled=""/);
      expect(await pageOf(path), path).toContain(`id="page-scripts">${JSON.stringify(chunks[page]!.js)}<`);
    }
  });

  it('unknown addresses, redirects and the console get the plain page for the browser to draw', async () => {
    // An unknown address is a 404 (the browser draws the not-found screen); the others are the site's.
    for (const [path, status] of [
      ['/no-such-page', 404],
      ['/graves/abc', 200],
      ['/admin/graves', 200],
    ] as const) {
      const html = await pageOf(path, server.url, status);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('modulepreload" crossorigin href="/assets/MenPage');
    }
  });

  it('a site built without the renderer: pages are drawn in the browser, with the chunk and answer preloaded', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'site-without-renderer-'));
    cpSync(inject('siteDir'), copy, { recursive: true });
    rmSync(join(copy, SERVER_RENDER_DIR), { recursive: true });
    const plain = await startTestServer({ seed: 'demo', staticDir: copy });
    try {
      const g = ((await (await fetch(`${plain.api}/graves/male`)).json()) as Grave[])[0]!;
      const html = await pageOf(`/grave-details-user/${g._id}`, plain.url);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/graves/graves/${g._id}">`,
      );
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${chunks.GraveDetailsPage!.js[0]}">`);
    } finally {
      await plain.close();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describeBrowser('Chromium and the drawn pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('without JavaScript a visitor still sees the men page and a grave with its burials', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    try {
      await page.goto(`${server.url}/man`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('مقابر الرجال');
      await page.goto(`${server.url}/grave-details-user/${grave._id}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(graveName(grave));
      await page.getByRole('cell', { name: grave.buriedPersons[0]!.name, exact: true }).waitFor();
    } finally {
      await closePage(page);
    }
  });

  it('what a visitor types before the script has arrived stays and becomes the search', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 } });
    const errors = collectErrors(page);
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    // The main script is held back until the visitor has typed: the box on screen is the server's.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/man`, { waitUntil: 'commit' });
      const box = page.getByPlaceholder('ابحث باسم المتوفى أو رقم المقبرة');
      await box.fill('محمد');
      release();
      const men = (await (await fetch(`${server.api}/graves/male`)).json()) as Grave[];
      const matching = men.filter((g) => g.buriedPersons.some((p) => p.name.includes('محمد'))).length;
      expect(matching).toBeGreaterThan(0);
      expect(matching).toBeLessThan(men.length);
      await page.getByText(`عدد المقابر: ${arabicNumber(matching)}`).waitFor();
      expect(await box.inputValue()).toBe('محمد');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('the contact screen shows its text before the script; its form is taken over and sends nothing before', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 } });
    const errors = collectErrors(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/contact`, { waitUntil: 'commit' });
      await page.getByRole('heading', { name: pt['public.contactHeading'] }).waitFor();
      const send = page.locator('form button[type="submit"]');
      expect(await send.isDisabled()).toBe(true);
      expect(await page.locator('form textarea').isDisabled()).toBe(true);
      // A tap on the disabled button sends nothing: the address stays as it was.
      await send.click({ force: true });
      expect(new URL(page.url()).search).toBe('');
      release();
      await expect.poll(() => send.isDisabled()).toBe(false);
      const text = page.locator('form textarea');
      await text.fill('اقتراح مكتوب بعد أن صار النموذج للمتصفح');
      expect(await text.inputValue()).toBe('اقتراح مكتوب بعد أن صار النموذج للمتصفح');
      expect(new URL(page.url()).pathname).toBe('/contact');
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('the grave page is taken over without a hydration error, the grave is not asked again, nothing twice', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 740 } });
    const errors = collectErrors(page);
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    try {
      await page.goto(`${server.url}/grave-details-user/${grave._id}`);
      // Interactive once hydrated: the name search filters the burials.
      const other = grave.buriedPersons.length > 1 ? grave.buriedPersons[1]!.name : null;
      await page.getByPlaceholder('ابحث عن اسم المتوفى…').fill(grave.buriedPersons[0]!.name);
      await page.getByRole('cell', { name: grave.buriedPersons[0]!.name, exact: true }).waitFor();
      if (other && other !== grave.buriedPersons[0]!.name) {
        await page.getByRole('cell', { name: other, exact: true }).waitFor({ state: 'detached' });
      }
      // Every preload in <head> was taken by what it was for. Chromium warns of one that nothing used some three
      // seconds after the load; the page is asked directly instead of waiting for that warning: a font preload's
      // file is the source of one of the page's @font-face rules and that face has been loaded, a style sheet
      // preload's file is one of the page's style sheets, and each file was fetched once (a use that does not match
      // its preload, in credentials mode say, fetches the file again and leaves the preload unused).
      await page.evaluate(() => document.fonts.ready);
      const preloads = await page.evaluate(() => {
        const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
        const urlsIn = (src: string, base: string) =>
          [...src.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => new URL(m[1]!, base).href);
        const unquoted = (family: string) => family.replace(/^["']|["']$/g, '');
        const fetched = performance.getEntriesByType('resource').map((e) => e.name);
        return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => {
          let takenBy: string | null = null;
          if (link.as === 'font') {
            const face = rules.find(
              (rule): rule is CSSFontFaceRule =>
                rule instanceof CSSFontFaceRule &&
                urlsIn(rule.style.getPropertyValue('src'), rule.parentStyleSheet?.href ?? document.baseURI).includes(
                  link.href,
                ),
            );
            const loaded =
              face &&
              [...document.fonts].some(
                (font) =>
                  font.status === 'loaded' &&
                  unquoted(font.family) === unquoted(face.style.getPropertyValue('font-family')) &&
                  font.weight === face.style.getPropertyValue('font-weight') &&
                  font.style === (face.style.getPropertyValue('font-style') || 'normal'),
              );
            if (loaded) takenBy = 'a loaded font face';
          } else if (link.as === 'style') {
            if ([...document.styleSheets].some((sheet) => sheet.href === link.href)) takenBy = 'a style sheet';
          }
          const times = fetched.filter((name) => name === link.href).length;
          return { href: link.getAttribute('href'), as: link.as, takenBy, fetched: times };
        });
      });
      // The page's two fonts at least.
      expect(preloads.filter((p) => p.as === 'font').length).toBeGreaterThanOrEqual(2);
      expect(preloads.filter((p) => p.takenBy === null || p.fetched !== 1)).toEqual([]);
      // The screen's scripts are asked for once the page is painted (src/ssr/boot.ts): by now, or a moment later.
      const requestedPaths = () =>
        page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
      const pageFiles = [...chunks.GraveDetailsPage!.js, ...chunks.GraveDetailsPage!.css];
      await expect
        .poll(async () => {
          const now = await requestedPaths();
          return pageFiles.filter((file) => !now.includes(file));
        })
        .toEqual([]);
      await nextFrames(page, 3);
      const requested = await requestedPaths();
      const times = (path: string) => requested.filter((p) => p === path).length;
      expect(times(`/api/graves/graves/${grave._id}`)).toBe(0);
      for (const file of pageFiles) expect(times(file), file).toBe(1);
      expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
    }
  });
});
