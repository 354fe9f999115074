// Whether the server can be reached now: the offline line above every page (register.ts) and the login page (which
// says it needs the network) ask the same question the same way.
import { API_PREFIX } from './rules';

const HEALTH_URL = `${API_PREFIX}/health`;

/**
 * navigator.onLine is not enough: a phone on a mast without data (or a browser whose network is emulated away) still
 * says it is online, while every request fails. The service worker never answers the health address from its cache.
 */
export async function reachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store' });
    // Read to the end: a body left unread keeps the request open in the browser's eyes (and the network busy).
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
