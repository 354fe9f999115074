// The path a request is decided by. Rules that depend on the address (the request ceiling counts API calls, API
// answers are not kept by caches, an unknown API address answers JSON) must see the path the router saw: the router
// decodes percent-escapes, so `/%61pi/users` is the route `/api/users`, and a rule reading the raw URL would let that
// spelling past it.
import type { FastifyRequest } from 'fastify';

/**
 * A URL's path as the router matches it: cut at the query (or a fragment) and percent-decoded as find-my-way
 * decodes it (decodeURI: the escapes of reserved characters such as %2F stay, so `/api%2Fusers` is no API path,
 * to the router or here). A malformed escape leaves the path as written (the router refuses it anyway).
 */
export function routedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Whether the request is one of the API's (a route under /api, or an unknown address there), however it is spelt. */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = routedPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}
