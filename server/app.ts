// buildApp(ctx): the whole server as a Fastify instance (what main.ts listens with and what tests start). It only
// composes: the plugins, the API's routes under /api, and the site.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { AppContext } from './http/context';
import { fastifyTrustProxy } from './http/trustProxy';
import { frontDoor, serverWithFrontDoor, type Door } from './http/frontDoor';
import { lazySchemas, type LazySchemas } from './http/lazySchemas';
import { KeptStreams } from './http/streamedAnswer';
import { SectionCopies } from './http/sectionCopies';
import { idleTurns, type IdleTurns } from './http/idleTurns';
import { loggerOptions, type LogSink } from './start/log';
import answerCache from './plugins/answerCache';
import pendingExpiry from './plugins/pendingExpiry';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import requestCeiling from './plugins/rateLimit';
import requestLog from './plugins/requestLog';
import securityHeaders from './plugins/securityHeaders';
import { apiRoutes } from './routes';
import site from './site';
import identityFiles from './site/identityFiles';
import photoFiles from './site/photoFiles';
import previewFiles from './site/previewFiles';
import sitemap from './site/sitemap';

export const BODY_LIMIT = 256 * 1024;

/** `logTo`: where the log's lines go instead of standard output (the request log's test reads them). */
declare module 'fastify' {
  interface FastifyInstance {
    /** The routes' schemas, compiled on first use; main.ts compiles the rest once the server listens. */
    schemas: LazySchemas;
    /** Quiet moments between requests, for the work the server does for itself after listening. */
    idle: IdleTurns;
    /** Copies of the streamed answers small enough to keep (a town's whole sections: server/http/streamedAnswer.ts). */
    keptStreams: KeptStreams;
    /** The whole sections' compressed copies, patched after a write (server/http/sectionCopies.ts). */
    sectionCopies: SectionCopies;
  }
}

export async function buildApp(ctx: AppContext, options: { logTo?: LogSink } = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const schemas = lazySchemas();
  const trustProxy = fastifyTrustProxy(config.trustProxy);
  // Kept public answers are answered before routing (http/frontDoor.ts) once the routes exist; when every request
  // is logged, none is.
  let door: Door | null = null;
  const app = Fastify({
    serverFactory: (handler, serverOptions) => serverWithFrontDoor(handler, serverOptions, () => door),
    schemaController: schemas.schemaController,
    logger: loggerOptions(config.logLevel, config.logFormat, options.logTo),
    // The request lines are the request log's (plugins/requestLog.ts), at the level they are worth; and no child
    // logger per request (it cost a few percent of a kept answer): a line that needs the request names it.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    bodyLimit: BODY_LIMIT,
    // A plugin's start (the site's renderer loaded, the search index read) may take longer than Fastify's 10 s on a
    // small machine that is busy: that is a slow start, not a failed one.
    pluginTimeout: 120_000,
    trustProxy,
    // Strict types: a number where text is expected is refused, not quietly converted.
    ajv: { customOptions: { coerceTypes: false, allErrors: false, allowUnionTypes: true } },
    frameworkErrors,
    clientErrorHandler,
    // A half-sent request (headers or body trickled in, or nothing at all) must not hold a socket for minutes: Node
    // answers 408 (clientErrorHandler) once HEADERS_TIMEOUT or REQUEST_TIMEOUT has passed, checking every second
    // (its default is every 30 s, which would let a socket outlive the timeout by that much). HEADERS_TIMEOUT also
    // bounds a connection that has sent nothing yet; at 30 s it outlasts the spare connections browsers open ahead
    // of need and close themselves when unused (Chromium after 10 s), so the server does not race them.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: config.headersTimeoutSeconds * 1000,
      requestTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
    // An id longer than the router's default 100 characters is still just an unknown id: the params schemas answer
    // 404 for it (the contract's "404 for an unknown id"), instead of the router's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });
  app.decorate('schemas', schemas);
  app.decorate('idle', idleTurns(app));
  app.decorate('keptStreams', new KeptStreams());
  app.decorate('sectionCopies', new SectionCopies(ctx));
  app.decorateRequest('account', null);

  await app.register(requestLog, { level: config.logLevel });
  await app.register(errors);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cemetery register API',
        version: '1.0.0',
        description: "A village cemetery register: the specification's contract (section 7) and its extensions.",
      },
      // Relative: the API answers on the host that serves the document (VITE_API_URL names another for the site).
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(securityHeaders, { trustProxy: config.trustProxy !== false });
  await app.register(requestCeiling, { perMinute: config.rateLimitPerMinute });
  // Before compression: the cache keeps the plain JSON and compresses it once per change itself.
  await app.register(answerCache, { ctx });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Only with origins to allow: with none (the same origin only) its hook did nothing on every request but cost.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      exposedHeaders: ['Content-Range'],
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
    });
  }

  await app.register(async (api) => apiRoutes(api, ctx), { prefix: '/api' });
  // Visitors' photos left undecided too long go, with their files (at start, then hourly).
  await app.register(pendingExpiry, { ctx });
  await app.register(identityFiles, { ctx });
  // The graves' photos, from the photos folder.
  await app.register(photoFiles, { ctx });
  // Share previews' images, the sitemap and robots.txt, with or without the built site.
  await app.register(previewFiles, { ctx });
  await app.register(sitemap, { ctx });
  await app.register(site, {
    ctx,
    staticDir: config.staticDir,
    calendarFirst: config.calendarFirst,
    today: () => ctx.today(),
  });
  if (config.logLevel !== 'access') door = frontDoor(app, trustProxy);
  return app;
}
