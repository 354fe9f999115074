// The public site's service worker (built by vite-plugin-pwa, strategy injectManifest): the site at the graveside
// with no signal (target 5). What it keeps is decided by rules.ts; here is how:
// - the site's public files are precached at installation (Workbox precaching; the console's chunks are left out);
// - pages and public answers go to the network first and are kept as they come, so a visitor online always sees
//   the register as it is; without a network the kept copy answers;
// - the register's compact index (GET /api/search/index) is refreshed at every visit (a 304 when unchanged) and,
//   offline, answers the name search and draws a section never visited;
// - the approved photos' lists of the graves it keeps, and their thumbnails (a bounded number, cache first:
//   their addresses never change), so a grave's page at the graveside still shows its photos;
// - a new version waits until the visitor accepts the Arabic prompt (register.ts): then SKIP_WAITING.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  decodeOfflineIndex,
  isOfflineIndex,
  offlineSearch,
  offlineSectionCards,
  sectionOf,
  type OfflineIndex,
} from '../../domain/search/offlineIndex';
import { SECTION_CARDS } from '../../domain/rules/sectionCards';
import type { Grave, SearchMatch } from '../../domain/types';
import {
  CACHE_NAMES,
  CARDS_SECTION_OF_PATH,
  API_PREFIX,
  GRAVE_ANSWER,
  HOME_ANSWERS,
  INDEX_URL,
  OFFLINE_PHOTOS,
  offlineRule,
  SECTION_OF_PATH,
  type OfflineRule,
} from './rules';

// The worker's global scope, as much of it as this file uses (the project's TypeScript library is the DOM's).
interface WorkerScope {
  location: Location;
  registration: { scope: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent & { waitUntil(p: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
}
const sw = self as unknown as WorkerScope;
declare global {
  interface Window {
    /** The precache list, injected by the build. */
    __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  }
}

// Written as Workbox's injection point exactly: the build replaces `self.__WB_MANIFEST` with the file list.
// The precache answers for its own files only: by default it also answers the home address with its index.html
// (and any address with the same name plus .html), which would give every returning visitor the bare shell instead
// of the home page the server draws.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first version takes the open page over at once, so what the visitor opens during this first visit is kept
// (a later version waits for the prompt, then takes over the same way).
clientsClaim();

/**
 * What the server now says is gone (404, 410) is no longer kept either: a notice hidden at the family's request
 *, a grave or an article deleted, is not shown from an old copy once the network has said so.
 */
const forgetGone = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status === 404 || response.status === 410) {
      await Promise.all(
        [CACHE_NAMES.pages, CACHE_NAMES.data, CACHE_NAMES.photos].map(async (name) => (await caches.open(name)).delete(request)),
      );
    }
    return response;
  },
};

/** Copies older than this are still better than nothing at the graveside; the count keeps the storage small. */
const keep = (maxEntries: number) => [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ maxEntries, purgeOnQuotaError: true }),
  forgetGone,
];
// A weak signal that never answers should not keep a visitor waiting for long when a copy is at hand.
const NETWORK_TIMEOUT_S = 6;
/**
 * A page asked for without a network is drawn from its copy, and its visitor's search will be answered here: the
 * kept index is read while the page is drawn, not at the first letter typed (about half a second on a phone).
 */
const readyOffline = {
  fetchDidFail: async ({ event }: { event: Event & { waitUntil(p: Promise<unknown>): void } }) =>
    event.waitUntil(keptSearch().catch(() => undefined)),
};
const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [...keep(60), readyOffline],
});
const answers = new NetworkFirst({
  cacheName: CACHE_NAMES.data,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: keep(300),
});
const index = new NetworkFirst({ cacheName: CACHE_NAMES.index, plugins: keep(1) });

// A thumbnail is kept once seen (its address never changes: cache first), a heavy one never, and only the
// latest OFFLINE_PHOTOS.thumbs of them.
const thumbs = new CacheFirst({
  cacheName: CACHE_NAMES.thumbs,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    {
      cacheWillUpdate: async ({ response }: { response: Response }) => {
        const length = Number(response.headers.get('Content-Length') ?? 0);
        return length > OFFLINE_PHOTOS.thumbBytes ? null : response;
      },
    },
    new ExpirationPlugin({ maxEntries: OFFLINE_PHOTOS.thumbs, purgeOnQuotaError: true }),
  ],
});

/** The thumbnails a kept photos list names (the first few): fetched as the list is kept, into the thumbnails' cache. */
const keepThumbsOfList = {
  cacheDidUpdate: async ({ newResponse, event }: { newResponse: Response; event?: Event }) => {
    const list = (await newResponse.clone().json().catch(() => null)) as unknown;
    if (!Array.isArray(list)) return;
    const urls = list
      .map((photo) => (photo && typeof photo === 'object' ? (photo as { thumbUrl?: unknown }).thumbUrl : null))
      .filter((url): url is string => typeof url === 'string')
      .slice(0, OFFLINE_PHOTOS.perGrave);
    await Promise.all(
      urls.map((url) =>
        thumbs
          .handle({ request: new Request(new URL(url, sw.location.origin).href), event } as Parameters<CacheFirst['handle']>[0])
          .catch(() => undefined),
      ),
    );
  },
};
const photoLists = new NetworkFirst({
  cacheName: CACHE_NAMES.photos,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [...keep(OFFLINE_PHOTOS.lists), keepThumbsOfList],
});

const ruleOf = (request: Request, url: URL): OfflineRule =>
  offlineRule({
    method: request.method,
    url,
    origin: sw.location.origin,
    mode: request.mode,
    authorized: request.headers.has('Authorization'),
  });

const json = (value: unknown) =>
  new Response(JSON.stringify(value), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Offline': '1' },
  });

/** The kept index, decoded once per copy (a search per keystroke reuses it). */
let decoded: {
  updatedAt: string;
  /** The kept answer's tag (its ETag, else its date): the same copy is not read again. */
  tag: string | null;
  graves: Grave[];
  search?: (text: string) => SearchMatch[];
  cards?: ReturnType<typeof offlineSectionCards>;
} | null = null;
async function keptGraves() {
  const kept = await (await caches.open(CACHE_NAMES.index)).match(INDEX_URL);
  if (!kept) return null;
  // Read only when the copy changed: a town's index is 0.9 MB of JSON, which each keystroke used to read again.
  const tag = kept.headers.get('etag') ?? kept.headers.get('date');
  if (decoded && tag !== null && decoded.tag === tag) return decoded;
  const value = (await kept.json()) as unknown;
  if (!isOfflineIndex(value)) return null;
  const read = value as OfflineIndex;
  if (decoded?.updatedAt !== read.updatedAt)
    decoded = { updatedAt: read.updatedAt, tag, graves: decodeOfflineIndex(read) };
  decoded.tag = tag;
  return decoded;
}

/** The kept index's name search, made once per copy; null when nothing is kept. */
async function keptSearch() {
  const kept = await keptGraves();
  return kept && (kept.search ??= offlineSearch(kept.graves));
}

// A page: as last drawn by the server, else the site's shell (index.html, precached), which the browser draws.
registerRoute(
  ({ request, url }) => ruleOf(request, url) === 'page',
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

// The login page is never kept; without a network the shell draws it, and it says signing in needs the network.
registerRoute(
  ({ request, url }) => ruleOf(request, url) === 'login',
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

registerRoute(({ request, url }) => ruleOf(request, url) === 'answer', answers);
registerRoute(({ request, url }) => ruleOf(request, url) === 'index', index);
registerRoute(({ request, url }) => ruleOf(request, url) === 'photos', photoLists);
registerRoute(({ request, url }) => ruleOf(request, url) === 'thumb', thumbs);

/**
 * A public answer as last received (network first), else drawn from the kept index by `fromIndex` (null when the
 * index cannot draw it): the section lists and the sections' card pages.
 */
const answerOrIndex =
  (fromIndex: (kept: NonNullable<typeof decoded>, url: URL) => unknown) =>
  async (options: Parameters<NetworkFirst['handle']>[0] & { url: URL }) => {
    try {
      return await answers.handle(options);
    } catch (error) {
      const kept = await keptGraves();
      const drawn = kept && fromIndex(kept, options.url);
      if (drawn === null || drawn === undefined) throw error;
      return json(drawn);
    }
  };

// A section list: numbers, statuses, names and dates.
registerRoute(
  ({ request, url }) => ruleOf(request, url) === 'section',
  answerOrIndex((kept, url) => {
    const gender = SECTION_OF_PATH[url.pathname];
    return gender ? sectionOf(kept.graves, gender) : null;
  }),
);

/** The grave id of a grave's public answer address, or null. */
function graveIdOfAnswer(pathname: string): string | null {
  const id = pathname.startsWith(`${API_PREFIX}/`) ? GRAVE_ANSWER.exec(pathname.slice(API_PREFIX.length))?.[1] : null;
  return id ? decodeURIComponent(id) : null;
}

/** A grave's row in a section list this device kept (the men's, women's or bones' page), or null. */
async function graveInKeptSections(id: string): Promise<Grave | null> {
  const cache = await caches.open(CACHE_NAMES.data);
  for (const url of Object.keys(SECTION_OF_PATH)) {
    const kept = await cache.match(url);
    if (!kept) continue;
    const rows = (await kept.json().catch(() => null)) as unknown;
    if (!Array.isArray(rows)) continue;
    const found = (rows as Grave[]).find((grave) => grave?._id === id);
    if (found) return found;
  }
  return null;
}

// A grave's page never opened on this device: its row in a kept section list, else in the kept index (the same
// grave: number, section, status, the people and their dates).
registerRoute(
  ({ request, url }) => ruleOf(request, url) === 'grave',
  async (options) => {
    try {
      return await answers.handle(options);
    } catch (error) {
      const id = graveIdOfAnswer(options.url.pathname);
      if (!id) throw error;
      const row = (await graveInKeptSections(id)) ?? (await keptGraves())?.graves.find((grave) => grave._id === id);
      if (!row) throw error;
      return json(row);
    }
  },
);

// A page of a section's cards (a town's sections are scrolled and searched a page at a time), with the same
// order and the same matcher as the server.
registerRoute(
  ({ request, url }) => ruleOf(request, url) === 'cards',
  answerOrIndex((kept, url) => {
    const gender = CARDS_SECTION_OF_PATH[url.pathname];
    if (!gender) return null;
    const asked = url.searchParams;
    const limit = Number(asked.get('limit') ?? SECTION_CARDS.firstPage) || SECTION_CARDS.firstPage;
    kept.cards ??= offlineSectionCards(kept.graves);
    return kept.cards(gender, {
      q: asked.get('q') ?? '',
      offset: Number(asked.get('offset') ?? 0) || 0,
      limit: Math.min(limit, SECTION_CARDS.maxLimit),
    });
  }),
);

// The name search is the server's while there is a network (never kept: every query is another answer), the
// index's without one: the same matcher, the same order.
registerRoute(
  ({ request, url }) => ruleOf(request, url) === 'search',
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const search = await keptSearch();
      if (!search) throw error;
      return json(search(url.searchParams.get('q') ?? ''));
    }
  },
);

/** Asks for the index and the home page's answers, keeping them: the offline site works after one visit. */
async function refresh(event: Event): Promise<void> {
  const ask = (strategy: NetworkFirst, url: string) =>
    strategy
      .handle({ request: new Request(url, { credentials: 'same-origin' }), event } as Parameters<NetworkFirst['handle']>[0])
      .catch(() => undefined);
  await Promise.all([ask(index, INDEX_URL), ...HOME_ANSWERS.map((url) => ask(answers, url))]);
}

sw.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void sw.skipWaiting();
  if (type === 'REFRESH_OFFLINE_DATA') event.waitUntil(refresh(event));
});

sw.addEventListener('activate', (event) => {
  // Pages kept by an older version name its files, which the precache has just let go: the shell draws them now.
  event.waitUntil(caches.delete(CACHE_NAMES.pages).then(() => refresh(event)));
});
