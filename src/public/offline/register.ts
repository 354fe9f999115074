/// <reference types="vite-plugin-pwa/client" />
// The page's side of the offline site, loaded lazily by src/ssr/entry-client.tsx once the first screen
// is shown and the page has loaded, so none of it (nor workbox-window) weighs on the first paint:
// - registers the service worker (sw.ts) through vite-plugin-pwa's register module (workbox-window);
// - asks the worker to refresh what the offline site needs at every visit (a 304 when the register is unchanged);
// - without a network, a line above the page says so and when the data was last updated;
// - when a new version of the site is waiting, an Arabic prompt offers to update (the page reloads on it).
// Plain DOM outside the React root: both lines belong to no screen, and hydration must not meet them.
import { registerSW } from 'virtual:pwa-register';
import { fill } from '../../domain/messages/fill';
import { offlineText } from '../../domain/messages/offline';
import { reachable } from './reachable';
import { CACHE_NAMES, INDEX_URL } from './rules';

const dateTime = new Intl.DateTimeFormat('ar-EG', { dateStyle: 'long', timeStyle: 'short' });

/** When the kept index was read from the register, or null when the device holds none. */
async function lastUpdated(): Promise<Date | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const kept = await (await caches.open(CACHE_NAMES.index)).match(INDEX_URL);
    if (!kept) return null;
    const updatedAt = ((await kept.json()) as { updatedAt?: unknown }).updatedAt;
    const time = typeof updatedAt === 'string' ? Date.parse(updatedAt) : NaN;
    return Number.isNaN(time) ? null : new Date(time);
  } catch {
    return null;
  }
}

function banner(id: string, className: string): HTMLElement {
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    element.className = className;
    element.setAttribute('role', 'status');
    document.body.prepend(element);
  }
  return element;
}

async function showOffline(): Promise<void> {
  const updated = await lastUpdated();
  const line = banner('offline-line', 'offline-line');
  line.replaceChildren(offlineText['offline.noConnection']);
  if (updated) {
    const date = document.createElement('span');
    date.className = 'offline-updated';
    date.textContent = fill(offlineText['offline.updated'], { date: dateTime.format(updated) });
    line.append(' ', date);
  }
}

function followConnection(): void {
  const check = async () => {
    if (await reachable()) document.getElementById('offline-line')?.remove();
    else await showOffline();
  };
  window.addEventListener('offline', () => void check());
  window.addEventListener('online', () => void check());
  void check();
}

function showUpdatePrompt(update: () => Promise<void>): void {
  const prompt = banner('update-prompt', 'update-prompt');
  const text = document.createElement('span');
  text.textContent = offlineText['offline.newVersion'];
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-small';
  button.textContent = offlineText['offline.update'];
  button.addEventListener('click', () => {
    button.disabled = true;
    void update();
  });
  prompt.replaceChildren(text, ' ', button);
}

export function startOfflineSite(): void {
  followConnection();
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => showUpdatePrompt(() => updateSW(true)),
    onRegisteredSW: () => {
      // A returning visitor's worker is in charge already: it refreshes the register's index for next time.
      navigator.serviceWorker.controller?.postMessage({ type: 'REFRESH_OFFLINE_DATA' });
    },
  });
}
