// A per-client ceiling on API requests (RATE_LIMIT_PER_MINUTE per client address, by @fastify/rate-limit in memory).
// It stops one address from hammering the server; the finer throttles (failed logins, suggestions) live in the
// database so that several processes share them. This coarse one is per process: with N processes behind one
// proxy a client gets N times the ceiling, which is still a ceiling.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../http/clientAddress';
import { HttpError } from '../http/errors';
import { isApiRequest } from '../http/routedPath';
import { t } from '../../src/domain/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one answer a site page reads from the register against the visitor's allowance, as if they had asked
     * the API for it; false once past it (the page is then drawn without it, as a visitor's refused request would).
     */
    withinCeiling(request: FastifyRequest): Promise<boolean>;
  }
}

async function requestCeiling(app: FastifyInstance, options: { perMinute: number }): Promise<void> {
  if (options.perMinute <= 0) {
    app.decorate('withinCeiling', async () => true);
    return;
  }
  // The site's requests whose pages read answers: counted by withinCeiling, for the answers only.
  const readsAnswers = new WeakSet<FastifyRequest>();
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    // One client: an IPv4 address, or an IPv6 address's /64 (clientAddress.ts), as every throttle counts it.
    keyGenerator: clientKey,
    // Site pages and assets are not counted: the answers a page drawn on the server reads are, each as one API
    // request of the visitor (withinCeiling). Decided on the routed path: an API address written percent-encoded is
    // still the API's.
    allowList: (request) => !isApiRequest(request) && !readsAnswers.has(request),
    // Only Retry-After on a refusal; no x-ratelimit-* headers on every answer (bytes on each of thousands of calls).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new HttpError(429, t('errors.tooManyRequests')),
  });
  // The same counter as the API's (the plugin's own store), read and moved for the page's request.
  const count = app.createRateLimit();
  app.decorate('withinCeiling', async (request: FastifyRequest) => {
    readsAnswers.add(request);
    const counted = await count(request);
    return counted.isAllowed || !counted.isExceeded;
  });
}

export default fp(requestCeiling, { name: 'request-ceiling' });
