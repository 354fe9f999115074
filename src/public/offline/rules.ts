// What the service worker (sw.ts) may keep for the offline site, in one place (target 5). The rule is an
// allow-list: the public site's pages and the public GET answers it reads, asked without credentials. Everything
// else goes to the network untouched and is never stored: the console (/admin), the login page, any request
// carrying an Authorization header, the staff's answers, and every POST (a suggestion, a login).
import { API_BASE } from '../../api/client';
import { paths } from '../../api/paths';
import { CONSOLE_BASE } from '../../domain/paths/consolePaths';
import { publicPageOf } from '../../domain/paths/publicPages';

/** The caches the worker fills at run time (the precache of the site's files is Workbox's own). */
export const CACHE_NAMES = {
  /** The pages drawn by the server, as last visited. */
  pages: 'register-pages',
  /** Public answers (statistics, recent burials, a grave, an article, the plan). */
  data: 'register-data',
  /** The register's compact index (GET /api/search/index). */
  index: 'register-index',
  /** The approved photos' lists of the graves visited (GET /api/graves/{id}/photos). */
  photos: 'register-photos',
  /** Those photos' thumbnails (never the display size: a few hundred kilobytes each). */
  thumbs: 'register-thumbs',
} as const;

/**
 * How much of the graves' photos the offline site keeps. A thumbnail is at most 400 px (some 20–60 KB), so
 * the thumbnails take at most about `thumbs` × `thumbBytes` (24 MB at the very worst, some 5 MB as photos are); a
 * list is a few hundred bytes. The thumbnails of a list as it arrives are fetched at once (the first `perGrave`), so
 * a grave page opened with the network keeps its photos even when the visitor did not scroll down to them.
 */
export const OFFLINE_PHOTOS = {
  lists: 60,
  thumbs: 120,
  thumbBytes: 200 * 1024,
  perGrave: 6,
} as const;

/** A grave's photos list, after /api. */
export const PHOTO_LIST = /^\/graves\/[^/]+\/photos$/;
/** An approved photo's thumbnail file (the site's own address, not under /api). */
export const PHOTO_THUMB = /^\/photos\/[^/]+\/thumb\.(?:webp|jpg)$/;

/** The API's base as the site asks for it (a VITE_API_URL on another origin is never kept: see offlineRule). */
export const API_PREFIX = API_BASE;
/** The name search's path, without its query. */
const SEARCH_PATH = paths.search('').split('?')[0];

/** The index's address, as the worker asks for it. */
export const INDEX_URL = `${API_PREFIX}${paths.searchIndex()}`;

/** The section lists the offline site can draw from the index when it never kept them. */
export const SECTION_OF_PATH: Record<string, 'men' | 'women' | 'bones'> = {
  [`${API_PREFIX}${paths.gravesOfSection('men')}`]: 'men',
  [`${API_PREFIX}${paths.gravesOfSection('women')}`]: 'women',
  [`${API_PREFIX}${paths.gravesOfSection('bones')}`]: 'bones',
};

/** The sections' cards, page by page (the paged sections): drawn from the index when the network is gone. */
export const CARDS_SECTION_OF_PATH: Record<string, 'men' | 'women' | 'bones'> = {
  [`${API_PREFIX}${paths.sectionCards('men')}`]: 'men',
  [`${API_PREFIX}${paths.sectionCards('women')}`]: 'women',
  [`${API_PREFIX}${paths.sectionCards('bones')}`]: 'bones',
};
/** The notices' list, current or reaching back (`?recent=30`, the /notices page's): kept as asked. */
const NOTICES_PATH = paths.notices();

/** The only questions a card request may carry to be kept (anything else goes to the network alone). */
const CARD_QUESTIONS = new Set(['q', 'offset', 'limit']);

/** Answers the home page shows (its statistics, recent burials, articles) and the sections' next-grave line. */
export const HOME_ANSWERS: readonly string[] = [
  paths.recentBurials(),
  paths.totalDeaths(),
  paths.maleDeaths(),
  paths.femaleDeaths(),
  paths.availableCount(),
  paths.unavailableCount(),
  paths.articles(),
  paths.approvedSuggestions(),
  paths.nextGraves(),
  paths.plan(),
  paths.notices(),
].map((path) => `${API_PREFIX}${path}`);

/**
 * The public GET answers by path (after /api). Written out rather than "every GET": the spec's /api/graves/{id}
 * and /api/articles/{id} are open to anyone but are the console's reads, and new staff paths must not become
 * cacheable by accident.
 */
const PUBLIC_ANSWERS: readonly RegExp[] = [
  /^\/graves\/(male|female|bone|recentBurials|totalDeaths|maleDeaths|femaleDeaths|available-count|unavailable-count|next)$/,
  /^\/graves\/by-number\/[^/]+\/[^/]+$/,
  /^\/plan$/,
  /^\/plan\/rows(\/[^/]+)?$/,
  /^\/suggestion\/approved$/,
  /^\/articles$/,
  /^\/articles\/ArticleDetail\/[^/]+$/,
  // One public notice (a hidden one answers 404, and the worker then forgets its copy: sw.ts).
  /^\/notices\/[^/]+$/,
  /^\/settings$/,
];

/** A grave's public answer (the grave page's): kept, and drawn from its section's row when never kept (sw.ts). */
export const GRAVE_ANSWER = /^\/graves\/graves\/([^/]+)$/;

/**
 * How the worker treats a request: kept for offline use in one of these ways, or null (the network alone).
 * 'login' is the login page: never kept, but without a network the site's shell draws it, to say that signing in
 * needs the network.
 */
export type OfflineRule =
  | 'page'
  | 'login'
  | 'answer'
  | 'grave'
  | 'section'
  | 'cards'
  | 'search'
  | 'index'
  | 'photos'
  | 'thumb'
  | null;

/**
 * Pages that need the network and are never kept, drawn by the site's shell without one (the 'login' rule): the login
 * and the first start; the correction and photo forms (their grave comes from the kept answers, what is typed
 * is kept by the page itself) and a correction's follow-up page (private: its state is the server's, now).
 */
const NETWORK_PAGES: ReadonlySet<string> = new Set([
  'LoginPage',
  'SetupPage',
  'CorrectBurialPage',
  'GravePhotoPage',
  'CorrectionFollowPage',
]);

export interface RequestFacts {
  method: string;
  url: URL;
  /** The worker's own origin. */
  origin: string;
  /** 'navigate' for a page load. */
  mode: string;
  /** Whether the request carries an Authorization header (a staff member's). */
  authorized: boolean;
}

/** Whether this address is a public page the offline site may keep and open (never the console or the login). */
export function isOfflinePage(pathname: string): boolean {
  if (pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`)) return false;
  const found = publicPageOf(pathname);
  return found !== null && !NETWORK_PAGES.has(found.page);
}

export function offlineRule({ method, url, origin, mode, authorized }: RequestFacts): OfflineRule {
  if (method !== 'GET' || url.origin !== origin || authorized) return null;
  const { pathname } = url;
  if (mode === 'navigate') {
    if (isOfflinePage(pathname)) return 'page';
    // The setup page, like the login, needs the network and is never kept.
    const page = publicPageOf(pathname)?.page;
    return page && NETWORK_PAGES.has(page) ? 'login' : null;
  }
  if (PHOTO_THUMB.test(pathname)) return url.search === '' ? 'thumb' : null;
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  const path = pathname.slice(API_PREFIX.length);
  if (pathname === INDEX_URL) return url.search === '' ? 'index' : null;
  if (path === SEARCH_PATH) return 'search';
  if (pathname in CARDS_SECTION_OF_PATH)
    return [...url.searchParams.keys()].every((key) => CARD_QUESTIONS.has(key)) ? 'cards' : null;
  if (path === NOTICES_PATH) return [...url.searchParams.keys()].every((key) => key === 'recent') ? 'answer' : null;
  if (url.search !== '') return null;
  if (pathname in SECTION_OF_PATH) return 'section';
  if (GRAVE_ANSWER.test(path)) return 'grave';
  if (PHOTO_LIST.test(path)) return 'photos';
  return PUBLIC_ANSWERS.some((pattern) => pattern.test(path)) ? 'answer' : null;
}

/**
 * The site's built files the worker keeps from its installation: the public site's own (src/ssr/entry-client's
 * closure without the console's chunks), its fonts, index.html (the shell of a page never visited) and the icon. `publicFiles` are the build's public chunks and their style sheets and fonts (vite.config.ts).
 */
export function isPrecached(url: string, publicFiles: ReadonlySet<string>): boolean {
  const file = url.replace(/^\//, '');
  // The manifest and its icons are added to the list by vite-plugin-pwa itself, after this filter.
  if (file === 'index.html' || file === 'favicon.svg' || file === 'logo.svg') return true;
  return publicFiles.has(file);
}
