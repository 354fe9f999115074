// buildApp(ctx): the whole server as a Fastify instance — what main.ts listens with and what tests start.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { t, type MessageKey } from '../src/domain/messages';
import type { AppContext } from './context';
import { HttpError } from './errors';
import { registerPublicCache } from './cache';
import { registerRateLimit } from './rateLimit';
import { benchCeilingRoutes } from './routes/benchCeiling';
import { apiRoutes } from './routes';
import { loadSiteShell } from './siteShell';
import { SERVER_RENDER_DIR } from '../src/domain/publicPages';

export const BODY_LIMIT = 256 * 1024;

const FIELD_LABEL: Record<string, MessageKey> = {
  gender: 'field.gender',
  number: 'field.number',
  name: 'field.name',
  burialDate: 'field.burialDate',
  buriedPersonId: 'field.buriedPersonId',
  text: 'field.text',
  phone: 'field.phone',
  status: 'field.status',
  title: 'field.title',
  content: 'field.content',
  email: 'field.email',
  password: 'field.password',
  newPassword: 'field.newPassword',
  q: 'field.q',
};

interface AjvError {
  instancePath?: string;
  keyword?: string;
  params?: { missingProperty?: string; limit?: number };
}

/** The Arabic reason for the first schema failure: the route's own reason for that field, or a generic one. */
function validationMessage(error: FastifyError, fieldErrors: Partial<Record<string, MessageKey>> | undefined): string {
  const first = (error.validation?.[0] ?? {}) as AjvError;
  const field = first.params?.missingProperty ?? first.instancePath?.split('/')[1] ?? '';
  const own = fieldErrors?.[field];
  if (own) return t(own);
  const label = FIELD_LABEL[field];
  if (!label) return t(error.validationContext === 'params' ? 'errors.notFound' : 'errors.badRequest');
  if (first.keyword === 'required') return t('errors.fieldRequired', { field: t(label) });
  if (first.keyword === 'maxLength') {
    return t('errors.fieldTooLong', { field: t(label), max: new Intl.NumberFormat('ar-EG').format(first.params?.limit ?? 0) });
  }
  return t('errors.fieldInvalid', { field: t(label) });
}

const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (the console) injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Strict types: a number where text is expected is refused, not quietly converted.
    ajv: { customOptions: { coerceTypes: false, allErrors: false, allowUnionTypes: true } },
    // Malformed URLs and the like get the same Arabic {message} as every other refusal.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).code(status).send({ message: t('errors.badRequest') });
    },
    // An id longer than the router's default 100 characters is still just an unknown id: the params schemas answer
    // 404 for it (the contract's "404 for an unknown id"), instead of the router's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });
  app.decorateRequest('account', null);

  // react-admin's fetchJson (the console) and many other clients send Content-Type: application/json on every
  // PUT and DELETE, also those without a body (PUT /graves/full/{id}, DELETE /articles/{id}); browsers then send
  // Content-Length: 0. An empty JSON body is read as "no body" instead of being refused; routes that need a body
  // still refuse it through their schema. Anything else goes to Fastify's own JSON parser (prototype poisoning
  // refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cemetery register API',
        version: '1.0.0',
        description: 'The register of the western village cemeteries (spec section 7 and its extensions).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  registerRateLimit(app, config.rateLimitPerMinute);
  // Before compression: the cache keeps the plain JSON and compresses it once per change itself.
  registerPublicCache(app, ctx);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    exposedHeaders: ['Content-Range'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (request.url.startsWith('/api/')) {
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    } else {
      reply.header('Content-Security-Policy', SITE_CSP);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    if (error.validation) {
      const status = error.validationContext === 'params' ? 404 : 400;
      return reply.status(status).send({ message: validationMessage(error, request.routeOptions.config?.fieldErrors) });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: t('errors.payloadTooLarge') });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: t('errors.unsupportedMedia') });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: t('errors.badRequest') });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: t('errors.malformedJson') });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: t('errors.tooManyRequests') });
    if (status === 403) return reply.status(403).send({ message: t('errors.forbidden') });
    if (status === 404) return reply.status(404).send({ message: t('common.notFound') });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: t('errors.badRequest') });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: t('errors.internal') });
  });

  await app.register(
    async (api) => {
      await apiRoutes(api, ctx);
      if (process.env.BENCH_CEILING === '1') await benchCeilingRoutes(api);
    },
    { prefix: '/api' },
  );

  const staticRoot = config.staticDir ? resolve(config.staticDir) : null;
  const hasSite = staticRoot !== null && existsSync(resolve(staticRoot, 'index.html'));
  const shell = hasSite ? loadSiteShell(staticRoot!, (message) => app.log.warn(message)) : null;
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      // `/` and every other address of the site get the page of siteShell below (drawn on the server).
      index: false,
      // The server's renderer lives in the site's folder but is not for browsers.
      allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_RENDER_DIR}/`),
      preCompressed: true,
      // Our setHeaders decides: a year for hashed assets, revalidation for the rest.
      cacheControl: false,
      setHeaders(res, path) {
        // Vite's hashed file names never change content: cache them for a year; everything else revalidates.
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** An API answer for the page's first screen, asked as the visitor would have asked it (same rate allowance). */
  const answer = async (request: FastifyRequest, apiPath: string) => {
    const res = await app.inject({ method: 'GET', url: apiPath, remoteAddress: request.ip });
    return res.statusCode === 200 ? res.json() : undefined;
  };
  const sitePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(await shell!.page(request.url, (path) => answer(request, path)));
  };
  if (hasSite) app.get('/', sitePage);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !hasSite || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: t('common.notFound') });
    }
    // The site's routes live in the browser: every other GET gets the site's page.
    return sitePage(request, reply);
  });

  return app;
}
