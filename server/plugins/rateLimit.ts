// A per-client ceiling on API requests (RATE_LIMIT_PER_MINUTE per client address, counted in memory by
// server/http/requestCeiling.ts). It stops one address from hammering the server; the finer throttles (failed logins,
// suggestions) live in the database so that several processes share them. This coarse one is per process: with N
// processes behind one proxy a client gets N times the ceiling, which is still a ceiling.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../http/clientAddress';
import { tooMany } from '../http/errors';
import { isApiRequest } from '../http/routedPath';
import { requestCeiling, type RequestCeiling } from '../http/requestCeiling';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one answer a site page reads from the register against the visitor's allowance, as if they had asked
     * the API for it; false once past it (the page is then drawn without it, as a visitor's refused request would).
     */
    withinCeiling(request: FastifyRequest): boolean;
    /** The counter itself, for the front door (server/http/frontDoor.ts); null when there is no ceiling. */
    ceiling: RequestCeiling | null;
  }
}

async function ceilingPlugin(app: FastifyInstance, options: { perMinute: number }): Promise<void> {
  if (options.perMinute <= 0) {
    app.decorate('ceiling', null);
    app.decorate('withinCeiling', () => true);
    return;
  }
  const ceiling = requestCeiling(options.perMinute);
  app.decorate('ceiling', ceiling);
  // One client: an IPv4 address, or an IPv6 address's /64 (clientAddress.ts), as every throttle counts it.
  app.decorate('withinCeiling', (request: FastifyRequest) => ceiling.take(clientKey(request)) === 0);
  // Every API request, known address or not, however its path is spelt (decided on the routed path). Site pages and
  // assets are not counted: the answers a page drawn on the server reads are, each as one API request of the
  // visitor (withinCeiling).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRequest(request)) return done();
    const wait = ceiling.take(clientKey(request));
    done(wait === 0 ? undefined : tooMany('errors.tooManyRequests', wait));
  });
}

export default fp(ceilingPlugin, { name: 'request-ceiling' });
