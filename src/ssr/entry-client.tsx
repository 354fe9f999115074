// The site's main script, loaded by boot.ts (the script index.html names): a public address arrives with its first
// screen already drawn by the server (entry-server.tsx), and React takes that markup over (hydrateRoot) instead of
// drawing it again; any other address (the console, or a site served without the renderer, npm run dev) is drawn
// here (createRoot).
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstDataOf } from '../api/firstData';
import { PUBLIC_LOCAL_KEYS } from '../domain/paths/browserKeys';
import { setCalendarFirst } from '../domain/dates/dateText';
import { publicPageOf, type PublicPageName } from '../domain/paths/publicPages';
import { App } from '../main';
import { pageIdentity } from '../public/identity';
import { afterFirstPaint } from '../public/firstPaint';
import { preloadGravePage } from '../public/gravePage';
import { prefetch } from '../public/useApi';
import { FIRST_DATA_ELEMENT_ID } from './buildFiles';

// The server drew the page naming dates in its configured order (server/site/shell.ts): the same order here, before
// anything renders, or hydration would find other text (the console, drawn here, follows it too). The site's shell,
// which the service worker serves for a page it has not kept (no network, or no answer in time), carries no
// setting: there the order the server last said is used, remembered in this browser.
const html = document.documentElement.dataset;
try {
  if (html.calendarFirst) localStorage.setItem(PUBLIC_LOCAL_KEYS.calendarFirst, html.calendarFirst);
  else html.calendarFirst = localStorage.getItem(PUBLIC_LOCAL_KEYS.calendarFirst) ?? '';
} catch {
  // Storage refused (a private window): the page follows what the server said, or the default.
}
setCalendarFirst(html.calendarFirst);

// The answers the server drew the first screen with (a grave page's grave), by API path.
const embedded = document.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent;
const firstData = new Map<string, unknown>(
  Object.entries(embedded ? (JSON.parse(embedded) as Record<string, unknown>) : {}),
);

// Without the server's markup (npm run dev), a grave's or an article's heading waits for its answer: the request
// starts now, not after the page's chunk has loaded and rendered.
const opened = publicPageOf(window.location.pathname);
const SECTION_PAGES = new Set<PublicPageName>(['MenPage', 'WomenPage', 'BonesPage']);
for (const path of opened ? firstDataOf(opened.page, opened.params) : []) if (!firstData.has(path)) prefetch(path);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App firstData={firstData} identity={pageIdentity()} />
  </StrictMode>
);
// Taking the markup over waits until the browser has painted it, so the visitor sees the page at once rather than
// after the work; and, as a transition, it yields to the browser every few milliseconds instead of holding the
// main thread (a tap meanwhile is answered, not queued behind it).
if (root.firstElementChild) void afterFirstPaint().then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);

// A section's cards open graves' pages: that page's chunk travels while React takes the section over (a second or
// more on a phone), so a card tapped as soon as the page answers finds it there.
if (opened && SECTION_PAGES.has(opened.page)) void afterFirstPaint().then(preloadGravePage);

// The offline site (service worker, update prompt, the line shown without a network) once the page has loaded and
// the browser is idle: its chunk and workbox-window never compete with the first screen. Not in `npm run dev`,
// whose server has no built worker.
if (import.meta.env.PROD) {
  const start = () =>
    void import('../public/offline/register').then(
      (offline) => offline.startOfflineSite(),
      () => undefined,
    );
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  void afterFirstPaint().then(() =>
    document.readyState === 'complete' ? whenIdle() : window.addEventListener('load', whenIdle, { once: true }),
  );
}
