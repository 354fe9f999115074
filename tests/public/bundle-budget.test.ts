// The home page's weight over the production build (quality bars): its JavaScript and CSS, gzip, stay at
// most 90 KB, and nothing it loads holds react-admin or MUI code; the console is a separate, lazy chunk.
// "Loads" = the HTML's script and stylesheet/modulepreload tags, the main script the first one asks for after the
// first paint, and, recursively, the static imports of those scripts (other import() chunks are fetched only when
// another screen opens): tests/support/siteFiles.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PAGE_CHUNKS_FILE } from '../../src/ssr/buildFiles';
import { filesLoaded, homePageFiles } from '../support/siteFiles';

// 90 KB as docs/measurements.md's figures and `npm run bench` count them (1 KB = 1024 bytes): the two must read one budget. The
// gzip size moves by some ten bytes from one build to the next with the chunks' content hashes it names.
export const HOME_BUDGET_BYTES = 90 * 1024;

/** Strings only react-admin or MUI code carries (class-name prefixes and package names kept by the minifier). */
const CONSOLE_MARKERS = /Mui[A-Z][A-Za-z]+|\bRa[A-Z][a-z]+[A-Za-z]*-|react-admin|ra-core|@mui\//;

/** react-router's own error text: the console's router (and its data-router code) stays out of the home page. */
const ROUTER_MARKER = /in the context of a <Router>/;

export const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/**
 * The shared test build (tests/support/global-setup.ts) runs `vite build` under vitest's NODE_ENV=test, which gives
 * React's development build (jsxDEV). Sizes mean something only for a production build, so when the shared one is
 * not, this suite builds its own.
 */
function productionSite(): { dir: string; cleanup: () => void } {
  const shared = inject('siteDir');
  const entry = homePageFiles(shared).find((f) => f.endsWith('.js'));
  if (entry && !readFileSync(join(shared, entry), 'utf8').includes('jsxDEV')) return { dir: shared, cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'public-budget-'));
  execFileSync(
    process.execPath,
    [resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('home page bundle', () => {
  const site = productionSite();
  afterAll(site.cleanup);
  const siteDir = site.dir;
  const files = homePageFiles(siteDir);
  const sizes = files.map((file) => ({ file, gzip: gzipBytes(join(siteDir, file)) }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `home page JS+CSS (gzip -9): ${total} bytes = ${(total / 1024).toFixed(1)} KB of ${HOME_BUDGET_BYTES / 1024} KB\n` +
      sizes.map((s) => `  ${s.file}: ${s.gzip} bytes`).join('\n'),
  );

  it('is measured on a production build', () => {
    const code = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(siteDir, f), 'utf8'));
    expect(code.some((c) => c.includes('jsxDEV'))).toBe(false);
  });

  it('counts the main script the first one asks for after the first paint, and what it imports', () => {
    // Found by its file name (tests/support/siteFiles.ts): were it renamed, the count above would be the first
    // script's few kilobytes alone and pass for the wrong reason.
    expect(files.filter((f) => /^assets\/entry-client-[\w-]+\.js$/.test(f))).toHaveLength(1);
    expect(files.some((f) => /^assets\/first-[\w-]+\.js$/.test(f))).toBe(true);
  });

  it('loads one script and one stylesheet from the HTML, with a font in woff2 only', () => {
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    const css = files.filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(siteDir, f), 'utf8')).join('\n');
    const fonts = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!).filter((u) => /\.(woff2?|ttf|otf)/.test(u));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.length).toBeLessThanOrEqual(2); // at most two weights
    for (const font of fonts) expect(font).toMatch(/noto-kufi-arabic-\d00-[\w-]+\.woff2/);
    // Never a late swap that redraws the page under the reader (the faces are preloaded; see styles.css).
    expect(css).toContain('font-display:optional');
    expect(css).not.toContain('font-display:swap');
  });

  it('contains no react-admin or MUI code in anything the home page loads', () => {
    for (const file of files) {
      const text = readFileSync(join(siteDir, file), 'utf8');
      expect(CONSOLE_MARKERS.exec(text)?.[0] ?? null, file).toBeNull();
    }
  });

  it('leaves react-router to the console: the home page does not download it', () => {
    for (const file of files) expect(ROUTER_MARKER.test(readFileSync(join(siteDir, file), 'utf8')), file).toBe(false);
    const assets = readdirSync(join(siteDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.some((f) => ROUTER_MARKER.test(readFileSync(join(siteDir, 'assets', f), 'utf8')))).toBe(true);
  });

  it('keeps the console in a separate chunk that the markers do detect', () => {
    const assets = readdirSync(join(siteDir, 'assets'));
    const admin = assets.filter((f) => /^AdminApp-.*\.js$/.test(f));
    expect(admin).toHaveLength(1);
    expect(files).not.toContain(`assets/${admin[0]}`);
    // The console chunk and its own static imports do hold MUI/react-admin code: the marker test above is not vacuous.
    const adminText = filesLoaded(siteDir, [`assets/${admin[0]!}`])
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(siteDir, f), 'utf8'))
      .join('\n');
    expect(CONSOLE_MARKERS.test(adminText)).toBe(true);
  });

  it(`stays within ${HOME_BUDGET_BYTES / 1024} KB of JavaScript and CSS (gzip)`, () => {
    expect(total).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
  });
});

/**
 * Every other public page: the home page's files (the site's shared script and style sheet) and the page's own chunks
 * with what they import, gzip -9 as above. Each budget is the size measured when it was set, rounded up to the next
 * KB with 2 KB to spare, so a change that adds weight to a page is a decision taken here, not a slip.
 */
const PAGE_BUDGET_KB: Record<string, number> = {
  ApprovedPage: 93,
  ArticlePage: 93,
  BonesPage: 107,
  ContactPage: 96,
  CorrectBurialPage: 129,
  CorrectionFollowPage: 95,
  GraveDetailsPage: 112,
  GravePhotoPage: 100,
  LoginPage: 124,
  MemorialPage: 93,
  MenPage: 110,
  NotFoundPage: 95,
  NoticePage: 99,
  NoticesPage: 93,
  PlanPage: 100,
  SetupPage: 127,
  SuggestPage: 96,
  TeamPage: 93,
  WomenPage: 110,
};

describe('each public page’s bundle', () => {
  const site = productionSite();
  afterAll(site.cleanup);
  // The page modules the build names (the not-found screen among them; the home page is the budget above).
  const chunks = JSON.parse(readFileSync(join(site.dir, PAGE_CHUNKS_FILE), 'utf8')) as Record<
    string,
    { js: string[]; css: string[] }
  >;
  const shared = homePageFiles(site.dir);

  it('has a budget for every page the build names, and no budget for a page that is gone', () => {
    expect(Object.keys(chunks).sort()).toEqual(Object.keys(PAGE_BUDGET_KB).sort());
  });

  it.each(Object.entries(PAGE_BUDGET_KB))('%s stays within its budget (KB, gzip)', (name, budgetKb) => {
    const own = chunks[name]!;
    const files = filesLoaded(site.dir, [...shared, ...[...own.js, ...own.css].map((path) => path.slice(1))]);
    const total = files.reduce((sum, file) => sum + gzipBytes(join(site.dir, file)), 0);
    expect(total, `${name}: ${files.length} files`).toBeLessThanOrEqual(budgetKb * 1024);
  });
});
