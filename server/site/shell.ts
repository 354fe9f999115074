// The page a public address receives: the built index.html with, for a public screen,
// - its first screen drawn on the server by the site's own components (src/ssr/entry-server.tsx), so a phone
//   paints the heading, the search box or a grave's number from the HTML and the style sheet alone, before the
//   main script (React and the site, about 80 KB) has even arrived; the browser then hydrates that markup;
// - the answer that screen was drawn with (a grave, an article), so the browser does not ask for it again;
// - its style sheets in <head>, and its chunks listed for the first script (src/ssr/boot.ts), which asks for them
//   beside the main script once the page has been painted;
// - the calendar-first setting on <html data-calendar-first>, on every page the site sends (the console's too), so
//   the browser names dates in the order the server drew them without asking for the setting;
// - its own head: title, description, canonical address, Open Graph and Twitter tags, a preview image and
//   schema.org JSON-LD (src/domain/text/pageHead.ts), every address absolute on the committee's site address, and
//   no canonical link while it is not set (siteAddress.ts).
// Should the renderer be missing (a site built elsewhere) or fail, the page goes out as before: the browser draws
// it, with the chunk hints and a preload of the answer.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstDataOf } from '../../src/api/firstData';
import { setCalendarFirst, type CalendarFirst } from '../../src/domain/dates/dateText';
import { publicPageOf } from '../../src/domain/paths/publicPages';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../src/domain/text/pageHead';
import { pageHead, type PageHead } from '../../src/domain/text/pageHead';
import { paths } from '../../src/api/paths';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { siteBase } from './siteAddress';
import { identityWords, logoAddress, readIdentity, type SiteIdentity } from '../../src/domain/identity/siteIdentity';
import {
  FIRST_DATA_ELEMENT_ID,
  IDENTITY_ELEMENT_ID,
  PAGE_SCRIPTS_ELEMENT_ID,
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

/** The API's answer to a GET of this path (relative to the API base), or undefined when it is not a success. */
export type Answer = (apiPath: string) => Promise<unknown>;

/** The settings the pages are drawn with (server/start/config.ts). */
export interface ShellSettings {
  calendarFirst: CalendarFirst;
}

export interface SiteShell {
  /** The page for this path and query. */
  page(href: string, answer: Answer): Promise<string>;
  /** The built site's version (index.html's time), read again now: a rebuild while the server runs changes it. */
  build(): number;
  /** Loads the pages' renderer now (before listening), so the first page asked for after a start does not. */
  prepare(): Promise<void>;
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

/** The API path of the record a page's head names (its title, description and preview), or null. */
function headPathOf(pattern: string, params: Record<string, string>): string | null {
  if (pattern === publicPaths.grave.path) return paths.grave(params.graveId ?? '');
  if (pattern === publicPaths.article.path) return paths.articleDetail(params.id ?? '');
  if (pattern === publicPaths.notice.path) return paths.notice(params.id ?? '');
  return null;
}

/** The head's own tags, in the same order on every page. */
export function headTags(head: PageHead): string {
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeAttribute(content)}">`;
  return [
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    // Only an absolute address is canonical: without the site's address the page names none, and a crawler keeps
    // the address it fetched.
    ...(head.canonical ? [`<link rel="canonical" href="${escapeAttribute(head.canonical)}">`] : []),
    meta('property', 'og:type', head.type),
    meta('property', 'og:locale', 'ar_EG'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    // og:url is the object's permanent absolute address (the Open Graph protocol): left out with the canonical, so a
    // message app keeps the link that was shared. The image may be a path, read against the page's address.
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...head.jsonLd.map((value) => `<script type="application/ld+json">${jsonForScript(value)}</script>`),
  ].join('');
}

/** The site-wide description and share tags of index.html (withIdentity), which a page's own head replaces. */
const SITE_HEAD_TAGS = /<meta\s+(?:name="description"|property="og:[^"]*")\s+content="[^"]*"\s*\/?>\s*/g;

/** The page with its own head: its title, and its tags in place of the site-wide ones. */
function withPageHead(html: string, head: PageHead): string {
  const page = html
    .replace(SITE_HEAD_TAGS, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title)}</title>`);
  const headEnd = page.indexOf('</head>');
  return headEnd < 0 ? page : page.slice(0, headEnd) + headTags(head) + page.slice(headEnd);
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
  // The browser tab shows the committee's logo once there is one, as the manifest and the previews do.
  if (identity.logo) {
    page = page.replace(
      /<link rel="icon"[^>]*>/,
      () => `<link rel="icon" href="${escapeAttribute(logoAddress(identity, 32))}" type="image/png" sizes="32x32" />`,
    );
  }
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
  // Loaded by prepare() before the server listens (about 15 ms; the first page after a start took that much longer),
  // or at the first page asked for after a rebuild. The query string makes a rebuilt renderer a new module.
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
  // The heads and the preview images name dates in this process, not in the renderer: the same order as the pages
  // (DATE_CALENDAR_FIRST), or a grave's description would say Gregorian first on a Hijri-first site.
  setCalendarFirst(settings.calendarFirst);
  const indexFile = join(staticRoot, 'index.html');
  let version = statSync(indexFile).mtimeMs;
  let site = load(staticRoot, version, warn, settings);

  // A rebuild while the server runs replaces index.html and the hashed files it names: follow it.
  const build = () => {
    const modified = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? version;
    if (modified !== version) {
      version = modified;
      site = load(staticRoot, version, warn, settings);
    }
    return version;
  };
  return {
    build,
    async prepare() {
      await site.renderer;
    },
    async page(href, answer) {
      build();
      // The identity, as the API answers it (a page kept as drawn is drawn again once a manager changes it, here or
      // in another process sharing the database: server/site/index.ts).
      const identity = readIdentity(await answer(paths.settings()));
      const identityKey = JSON.stringify(identity);
      if (site.drawnFor !== identityKey) {
        site.drawn.clear();
        site.drawnFor = identityKey;
        site.shell = withIdentity(site.html, identity);
      }
      const { shell: html, chunks, drawn } = site;
      const found = publicPageOf(href.split('?')[0] ?? '/');
      if (!found) return html;
      // Absolute addresses name the committee's site address, part of the identity the drawn pages are kept for.
      const base = siteBase(identity) ?? '';
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
      const head = (files?.css ?? []).map(cssLink);
      const scriptHints = (files?.js ?? []).map(
        (file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`,
      );
      // The answer is read here only for a page drawn here; otherwise the browser's own request fetches it.
      const firstData: Record<string, unknown> = {};
      // The record the head names (a grave, an article, a notice) is read for every page that names one, drawn here
      // or not: a link's preview is read by a crawler that runs no script.
      const headPath = headPathOf(found.path, found.params);
      const asked = [...new Set([...(render ? firstPaths : []), ...(headPath ? [headPath] : [])])];
      const values = await Promise.all(asked.map((path) => answer(path)));
      const answered = new Map(asked.map((path, i) => [path, values[i]]));
      if (render)
        firstPaths.forEach((path) => answered.get(path) !== undefined && (firstData[path] = answered.get(path)));
      const headAnswer = headPath ? answered.get(headPath) : undefined;

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
        // The screen's scripts are asked for after the first paint, with the main one (src/ssr/boot.ts): named
        // here, not hinted in <head>, where the browser would fetch them at once, sharing a slow line with the
        // style sheets and fonts the first paint waits for.
        if (files?.js.length) {
          body += `<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${jsonForScript(files.js)}</script>`;
        }
      } else {
        head.push(...scriptHints);
        // Drawn in the browser: its own fetch (same address, same-origin credentials) takes these answers over.
        for (const path of firstPaths) {
          head.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(`/api${path}`)}">`);
        }
      }

      const ownHead = pageHead({ pattern: found.path, params: found.params, answer: headAnswer, identity, base });
      const withHead = withPageHead(html, ownHead);
      const headEnd = withHead.indexOf('</head>');
      let page = headEnd < 0 ? withHead : withHead.slice(0, headEnd) + head.join('') + withHead.slice(headEnd);
      page = page.replace(ROOT_ELEMENT, () => body);
      // Kept unless drawing failed this time (the next visitor gets another try).
      if (
        (markup || !render) &&
        firstPaths.length === 0 &&
        headPath === null &&
        !href.includes('?') &&
        drawn.size < 64 &&
        site.drawnFor === identityKey
      )
        drawn.set(href, page);
      return page;
    },
  };
}
