// The page a public address receives: the built index.html with, for a public screen,
// - its first screen drawn on the server by the site's own components (src/ssr/entry-server.tsx), so a phone
//   paints the heading, the search box or a grave's number from the HTML and the style sheet alone, before the
//   main script (React and the site, about 80 KB) has even arrived; the browser then hydrates that markup;
// - the answer that screen was drawn with (a grave, an article), so the browser does not ask for it again;
// - its chunk and style sheet named in <head> (modulepreload / preload), so they download beside the main script.
// - the calendar-first setting on <html data-calendar-first>, on every page the site sends (the console's too), so
//   the browser names dates in the order the server drew them without asking for the setting;
// Should the renderer be missing (a site built elsewhere) or fail, the page goes out as before: the browser draws
// it, with the chunk hints and a preload of the answer.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstDataOf } from '../../src/api/firstData';
import type { CalendarFirst } from '../../src/domain/dates/dateText';
import { publicPageOf } from '../../src/domain/paths/publicPages';
import { gravePageTitle, type NamedGrave } from '../../src/domain/text/graveLifeText';
import { identityWords, readIdentity, type SiteIdentity } from '../../src/domain/identity/siteIdentity';
import {
  FIRST_DATA_ELEMENT_ID,
  IDENTITY_ELEMENT_ID,
  PAGE_CHUNKS_FILE,
  SERVER_RENDER_DIR,
  SERVER_RENDER_FILE,
  type PageChunks,
} from '../../src/ssr/buildFiles';

type RenderPublicPage = (
  href: string,
  firstData: Record<string, unknown>,
  settings: { calendarFirst: CalendarFirst; identity: SiteIdentity },
) => Promise<string>;

/** The API's answer to a GET of this /api path, or undefined when it is not a success. */
export type Answer = (apiPath: string) => Promise<unknown>;

/** The settings the pages are drawn with (server/start/config.ts). */
export interface ShellSettings {
  calendarFirst: CalendarFirst;
}

export interface SiteShell {
  /** The page for this path and query. */
  page(href: string, answer: Answer): Promise<string>;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: no `</script>` or `<!--` can close or bend the element; the parser reads it back as is. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const ROOT_ELEMENT = '<div id="root"></div>';

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isNamedGrave = (value: unknown): value is NamedGrave =>
  typeof value === 'object' &&
  value !== null &&
  'gender' in value &&
  (value.gender === 'men' || value.gender === 'women' || value.gender === 'bones') &&
  'number' in value &&
  (typeof value.number === 'number' || typeof value.number === 'string');

/** A grave's page names the grave with its section in the tab, as its heading does (numbers repeat by section). */
function pageTitle(page: string, answer: unknown, siteTitle: string): string | null {
  if (page !== 'GraveDetailsPage' || !isNamedGrave(answer)) return null;
  return gravePageTitle(answer, siteTitle);
}

/** Replaces the content of the first <meta> whose attribute `key` is `name`, or adds one before </head>. */
function setMeta(html: string, key: 'name' | 'property', name: string, content: string): string {
  const tag = new RegExp(`<meta\\s+${key}="${name}"\\s+content="[^"]*"\\s*/?>`);
  const meta = `<meta ${key}="${name}" content="${escapeAttribute(content)}" />`;
  return tag.test(html) ? html.replace(tag, () => meta) : html.replace('</head>', () => `${meta}</head>`);
}

/**
 * index.html as this identity shows it: the title, the description and the share previews, the theme colour (the
 * bar of a phone's browser, and the site's brand colour), the public address when known, and the identity itself
 * for the browser (src/public/identity.tsx), so that hydration draws the same words.
 */
export function withIdentity(html: string, identity: SiteIdentity): string {
  const words = identityWords(identity);
  let page = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(words.siteTitle)}</title>`);
  page = setMeta(page, 'name', 'description', words.metaDescription);
  page = setMeta(page, 'property', 'og:title', words.siteTitle);
  page = setMeta(page, 'property', 'og:description', words.metaDescription);
  page = setMeta(page, 'name', 'theme-color', identity.themeColor);
  const head = [
    `<style>:root{--green:${identity.themeColor}}</style>`,
    `<script type="application/json" id="${IDENTITY_ELEMENT_ID}">${jsonForScript(identity)}</script>`,
  ];
  const headEnd = page.indexOf('</head>');
  return headEnd < 0 ? page : page.slice(0, headEnd) + head.join('') + page.slice(headEnd);
}

interface Site {
  html: string;
  chunks: PageChunks;
  renderer: Promise<RenderPublicPage | null>;
  /**
   * Pages drawn without data and without a query are the same for every visitor until the next build or the next
   * change of the identity: kept for the identity they were drawn with (`drawnFor`, its JSON), emptied on a change.
   */
  drawn: Map<string, string>;
  drawnFor: string;
  /** index.html with the identity of `drawnFor`. */
  shell: string;
}

function load(staticRoot: string, version: number, warn: (message: string) => void, settings: ShellSettings): Site {
  const html = readFileSync(join(staticRoot, 'index.html'), 'utf8').replace(
    /<html\b([^>]*)>/,
    (_tag, attributes: string) =>
      `<html${attributes} data-calendar-first="${escapeAttribute(settings.calendarFirst)}">`,
  );
  const chunksFile = join(staticRoot, PAGE_CHUNKS_FILE);
  const chunks: PageChunks = existsSync(chunksFile) ? JSON.parse(readFileSync(chunksFile, 'utf8')) : {};
  const rendererFile = join(staticRoot, SERVER_RENDER_DIR, SERVER_RENDER_FILE);
  // Loaded at the first page asked for, not at start-up: the API answers sooner, and a server used only through
  // its API never loads React. The query string makes a rebuilt renderer a new module.
  let renderer: Promise<RenderPublicPage | null> | null = null;
  const site: Site = {
    html,
    chunks,
    drawn: new Map(),
    drawnFor: '',
    shell: html,
    get renderer() {
      renderer ??= existsSync(rendererFile)
        ? import(`${pathToFileURL(rendererFile).href}?v=${version}`).then(
            (module: { renderPublicPage: RenderPublicPage }) => module.renderPublicPage,
            (error: Error) => {
              warn(`the public pages will be drawn in the browser only: ${error.message}`);
              return null;
            },
          )
        : Promise.resolve(null);
      return renderer;
    },
  };
  return site;
}

export function loadSiteShell(staticRoot: string, warn: (message: string) => void, settings: ShellSettings): SiteShell {
  const indexFile = join(staticRoot, 'index.html');
  let version = statSync(indexFile).mtimeMs;
  let site = load(staticRoot, version, warn, settings);

  return {
    async page(href, answer) {
      // A rebuild while the server runs replaces index.html and the hashed files it names: follow it.
      const modified = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? version;
      if (modified !== version) {
        version = modified;
        site = load(staticRoot, version, warn, settings);
      }
      // The identity, as the API answers it (its answer cache drops it when a manager changes it, here or in
      // another process sharing the database).
      const identity = readIdentity(await answer('/api/settings'));
      const identityKey = JSON.stringify(identity);
      if (site.drawnFor !== identityKey) {
        site.drawn.clear();
        site.drawnFor = identityKey;
        site.shell = withIdentity(site.html, identity);
      }
      const { shell: html, chunks, drawn } = site;
      const found = publicPageOf(href.split('?')[0] ?? '/');
      if (!found) return html;
      const cached = drawn.get(href);
      if (cached) return cached;

      const files = chunks[found.page];
      const firstPaths = firstDataOf(found.page, found.params);
      const render = found.form ? null : await site.renderer;
      // A screen drawn here is shown with its own style sheets: applied only once its script arrived, the first
      // paint would be laid out without them and then move (the plan's legend and rows: CLS 0.05). The chunk's
      // loader then finds them in place and adds nothing. A screen left to the browser only preloads them.
      const cssLink = render
        ? (file: string) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(file)}">`
        : (file: string) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(file)}">`;
      const head = [
        // The page's own public address, when the committee gave the site's (share previews, search engines).
        ...(identity.siteUrl
          ? [
              `<link rel="canonical" href="${escapeAttribute(identity.siteUrl + href.split('?')[0])}">`,
              `<meta property="og:url" content="${escapeAttribute(identity.siteUrl + href.split('?')[0])}">`,
            ]
          : []),
        ...(files?.css ?? []).map(cssLink),
        ...(files?.js ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`),
      ];
      // The answer is read here only for a page drawn here; otherwise the browser's own request fetches it.
      const firstData: Record<string, unknown> = {};
      if (render) {
        const values = await Promise.all(firstPaths.map((path) => answer(`/api${path}`)));
        firstPaths.forEach((path, i) => values[i] !== undefined && (firstData[path] = values[i]));
      }

      let markup = '';
      if (render) {
        try {
          markup = await render(href, firstData, { ...settings, identity });
        } catch (error) {
          warn(
            `drawing ${href} on the server failed, the browser draws it: ${(error as Error).stack ?? String(error)}`,
          );
        }
      }
      let body = ROOT_ELEMENT;
      if (markup) {
        body = `<div id="root">${markup}</div>`;
        if (Object.keys(firstData).length > 0) {
          body += `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${jsonForScript(firstData)}</script>`;
        }
      } else {
        // Drawn in the browser: its own fetch (same address, same-origin credentials) takes these answers over.
        for (const path of firstPaths) {
          head.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(`/api${path}`)}">`);
        }
      }

      const headEnd = html.indexOf('</head>');
      let page = headEnd < 0 ? html : html.slice(0, headEnd) + head.join('') + html.slice(headEnd);
      const title = markup
        ? pageTitle(found.page, Object.values(firstData)[0], identityWords(identity).siteTitle)
        : null;
      if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
      page = page.replace(ROOT_ELEMENT, () => body);
      // Kept unless drawing failed this time (the next visitor gets another try).
      if (
        (markup || !render) &&
        firstPaths.length === 0 &&
        !href.includes('?') &&
        drawn.size < 64 &&
        site.drawnFor === identityKey
      )
        drawn.set(href, page);
      return page;
    },
  };
}
