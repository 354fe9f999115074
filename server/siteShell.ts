// The page every public address receives (the built index.html), with the downloads that address needs named in
// its head: the screen's chunk and style sheet (modulepreload / preload) and the API answer its largest text waits
// for (preload as fetch). Without them the browser learns of the chunk only after the main script has run, and of
// the data only after that: two round trips on a slow phone network before the first screen can show.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_DATA } from '../src/api/firstData';
import { PAGE_CHUNKS_FILE, publicPageOf, type PageChunks } from '../src/domain/publicPages';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SiteShell {
  /** index.html for this path, with the hints of its screen when the path is a public page. */
  htmlFor(pathname: string): string;
}

interface Loaded {
  html: string;
  chunks: PageChunks;
}

function load(staticRoot: string): Loaded {
  const html = readFileSync(join(staticRoot, 'index.html'), 'utf8');
  const chunksFile = join(staticRoot, PAGE_CHUNKS_FILE);
  // A site built without the page table (an older build) still works; it just gets no hints.
  const chunks: PageChunks = existsSync(chunksFile) ? JSON.parse(readFileSync(chunksFile, 'utf8')) : {};
  return { html, chunks };
}

export function loadSiteShell(staticRoot: string): SiteShell {
  const indexFile = join(staticRoot, 'index.html');
  let loadedAt = statSync(indexFile).mtimeMs;
  let site = load(staticRoot);

  return {
    htmlFor(pathname) {
      // A rebuild while the server runs replaces index.html and the hashed files it names: follow it.
      const modified = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? loadedAt;
      if (modified !== loadedAt) {
        loadedAt = modified;
        site = load(staticRoot);
      }
      const { html, chunks } = site;
      const found = publicPageOf(pathname);
      if (!found) return html;
      const files = chunks[found.page];
      const tags = [
        ...(files?.css ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
        ...(files?.js ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
      ];
      const data = FIRST_DATA[found.page];
      // The page's own fetch (same address, same-origin credentials) takes this answer over instead of asking again.
      if (data) tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(`/api${data(found.params)}`)}">`);
      const headEnd = html.indexOf('</head>');
      return tags.length === 0 || headEnd < 0 ? html : html.slice(0, headEnd) + tags.join('') + html.slice(headEnd);
    },
  };
}
