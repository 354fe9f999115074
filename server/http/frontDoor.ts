// The front door: the HTTP server's first listener, before Fastify's router. A GET of the public API whose answer is
// kept in memory (server/plugins/answerCache.ts) is answered here, straight from the kept bytes; everything else goes
// on to Fastify. A kept answer of a few bytes takes the server microseconds to write, and Fastify's own work per
// request (the router, the request and reply objects, the hook chain) was a fifth of it (the bench's ratio against
// bare Node). What the routes' hooks would have done for such a request is done here too:
// - the per-client ceiling, counted in the same counter (server/http/requestCeiling.ts), with the client read as
//   Fastify reads request.ip under TRUST_PROXY; past it, Fastify's hook refuses the request with its Arabic 429;
// - the security headers, and HSTS when a trusted proxy says the request came over HTTPS;
// - the idle turns (the request counts as in flight until its answer ends).
// Left to Fastify: any other method, a request with a session (Authorization) or from another origin (CORS), one
// while the server is closing, and every request when each one is logged (LOG_LEVEL=access).
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { clientKeyOf } from './clientAddress';
import type { fastifyTrustProxy } from './trustProxy';

/** Answers a request and says so (true), or leaves it to Fastify (false). */
export type Door = (request: IncomingMessage, response: ServerResponse) => boolean;

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** What Fastify hands its server factory, with its defaults filled in: the options it makes its own server with. */
interface FastifyServerSettings {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * The HTTP server Fastify would make from its options (lib/server.js: the same timeouts), whose listener asks the
 * door first; `door()` is null until the routes exist, and then whenever there is none.
 */
export function serverWithFrontDoor(
  fastify: Listener,
  settings: Record<string, unknown>,
  door: () => Door | null,
): Server {
  const options = settings as FastifyServerSettings;
  const server = createServer(options.http ?? {}, (request, response) => {
    if (!door()?.(request, response)) fastify(request, response);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0) {
    server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  }
  return server;
}

/** The last entry of a header a proxy may have appended to (Fastify reads X-Forwarded-Proto that way). */
const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();

/** The front door of this app, with TRUST_PROXY as Fastify was given it. */
export function frontDoor(app: FastifyInstance, trust: ReturnType<typeof fastifyTrustProxy>): Door {
  const trusted = trust === false ? null : typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  // request.ip: the socket's peer, or with trusted proxies the first address they did not vouch for.
  const clientOf = (request: IncomingMessage) =>
    trusted === null ? (request.socket.remoteAddress ?? '') : proxyAddr(request, trusted);
  // request.protocol: X-Forwarded-Proto only from a trusted peer (this server itself never speaks TLS).
  const overTls = (request: IncomingMessage) => {
    const proto = request.headers['x-forwarded-proto'];
    const peer = request.socket.remoteAddress;
    return (
      trusted !== null &&
      typeof proto === 'string' &&
      peer !== undefined &&
      trusted(peer, 0) &&
      lastEntry(proto) === 'https'
    );
  };
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const { ceiling } = app;
  return (request, response) => {
    const headers = request.headers;
    if (closing || request.method !== 'GET' || headers.authorization !== undefined || headers.origin !== undefined) {
      return false;
    }
    const admit = () => {
      if (ceiling !== null && ceiling.take(clientKeyOf(clientOf(request))) !== 0) return false;
      app.idle.track(response);
      return true;
    };
    return app.answerCache.serveBeforeRouting(request, response, overTls(request), admit);
  };
}
