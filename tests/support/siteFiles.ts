// The files of the built public site a page loads, read from the build's own output: the HTML's script and style
// tags and what those scripts import (tests/public/bundle-budget.test.ts holds their budgets; `npm run bench`
// reports the same count).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const STATIC_IMPORT = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']\.\/([^"']+?\.(?:js|css))["']/g;

/** The first script's import of the main one (src/ssr/boot.ts: `import('./entry-client')`), as the build writes it. */
const MAIN_SCRIPT = /\bimport\([`"']\.\/(entry-client-[\w-]+\.js)[`"']\)/g;

function htmlAssets(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref="\/([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="(?:stylesheet|modulepreload)"/.test(tag)) found.add(href);
  }
  return [...found];
}

/**
 * The files the home page loads: the HTML's tags, the main script the first one asks for once the page is painted
 * (src/ssr/boot.ts), and the static imports of those scripts, recursively.
 */
export function homePageFiles(siteDir: string): string[] {
  return filesLoaded(siteDir, htmlAssets(readFileSync(join(siteDir, 'index.html'), 'utf8')));
}

/** `start` and, recursively, the static imports of its scripts (and the first script's main one). */
export function filesLoaded(siteDir: string, start: string[]): string[] {
  const queue = [...start];
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(siteDir, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(dir + m[1]!);
    for (const m of code.matchAll(MAIN_SCRIPT)) queue.push(dir + m[1]!);
  }
  return [...seen];
}
