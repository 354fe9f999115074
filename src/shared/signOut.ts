// Signing out: the session ends on the server too, and no trace of staff work stays in this browser for
// the next person on the same phone: the ledger's unsent drafts, react-admin's kept lists and filters, and anything
// else in localStorage, sessionStorage or IndexedDB. The public site's own preferences and searches stay
// (src/domain/paths/browserKeys.ts): they are the same for any visitor and hold nothing of the register's staff side.
// The service worker's caches are left too: they hold only public answers (src/public/offline).
import { API_BASE, request } from '../api/client';
import { paths } from '../api/paths';
import { PUBLIC_DATABASES, PUBLIC_LOCAL_KEYS, PUBLIC_SESSION_KEYS } from '../domain/paths/browserKeys';

/** How long the server is given to end the session; offline, signing out must not hang. */
const SERVER_WAIT_MS = 3000;

function storageOf(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

function keepOnly(store: Storage | null, keep: readonly string[]): void {
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k !== null);
  for (const key of keys) if (!keep.includes(key)) store.removeItem(key);
}

/** Every IndexedDB database of this origin goes but the public site's own (the service worker's). */
async function dropIndexedDb(): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve) => {
          if (!name || (PUBLIC_DATABASES as readonly string[]).includes(name)) return resolve();
          const deleting = indexedDB.deleteDatabase(name);
          // A tab still holding it open blocks the deletion until it closes; the sign-out does not wait for it.
          deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
        }),
    ),
  );
}

/** Clears this browser of staff data (the session's token included), keeping the public site's own keys. */
export async function clearStaffTraces(local: Storage | null = storageOf('localStorage')): Promise<void> {
  keepOnly(local, Object.values(PUBLIC_LOCAL_KEYS));
  keepOnly(storageOf('sessionStorage'), Object.values(PUBLIC_SESSION_KEYS));
  try {
    await dropIndexedDb();
  } catch {
    // A browser refusing IndexedDB holds nothing in it.
  }
}

/**
 * Ends `token`'s session on the server, best effort: offline, or with the server slow, the browser is cleared all
 * the same and the token dies at its expiry.
 */
export async function endServerSession(token: string | null, base: string = API_BASE): Promise<void> {
  if (!token) return;
  try {
    await request(paths.signOut(), {
      method: 'POST',
      token,
      base,
      signal: AbortSignal.timeout(SERVER_WAIT_MS),
    });
  } catch {
    // Refused (already ended) or unreachable: nothing more to do here.
  }
}

/** Signing out: the token is read first, the browser cleared at once, then the server asked to end the session. */
export async function signOut(token: string | null, options: { local?: Storage | null; base?: string } = {}) {
  await clearStaffTraces(options.local);
  await endServerSession(token, options.base);
}
