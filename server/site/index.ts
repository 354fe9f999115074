// The public site: the built files (hashed assets cached for a year), every other address answered with the page
// drawn on the server (src/ssr), and the Arabic JSON 404 for unknown API addresses and non-GET requests.
import { existsSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../src/domain/messages';
import { SERVER_RENDER_DIR } from '../../src/ssr/buildFiles';
import { loadSiteShell, type ShellSettings } from './shell';
import { PageMemo, type KeptPage } from './pageMemo';
import { pageAnswers } from './pageAnswers';
import type { AppContext } from '../http/context';
import type { Reading, Shown } from '../plugins/answerCache';
import { isGraveAnswer } from '../../src/domain/text/pageHead';
import { COMPRESS_FROM, pickEncoding } from '../http/compressed';
import { isApiRequest } from '../http/routedPath';
import { paths } from '../../src/api/paths';
import { namesNothing } from '../../src/api/firstData';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { isSiteAddress, PUBLIC_PAGES } from '../../src/domain/paths/publicPages';
import type { Gender } from '../../src/domain/types';
import { isGender } from '../../src/domain/rules/validation';
import { GRAVE_ADDRESS_PREFIX, readGraveShortCode } from '../../src/domain/paths/graveAddress';

/**
 * Whether an address, as the static files' route gets it, leads into the renderer's folder: decoded, with backslashes
 * read as slashes, dot-segments resolved and letters of either case (`/%2essr/`, `/a/../.ssr/`, `/./.SSR\render.mjs`). An
 * address that cannot be decoded leads nowhere the site serves.
 */
export function reachesServerRenderer(pathName: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  const segments = posix
    .normalize(`/${decoded.replaceAll('\\', '/')}`)
    .toLowerCase()
    .split('/');
  return segments.includes(SERVER_RENDER_DIR.toLowerCase()) || segments.includes('..');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public pages kept as drawn (pageMemo.ts); absent when there is no built site. */
    keptPages?: PageMemo;
  }
}

/** A page as drawn: kept (with its compressed forms to come) or, when it cannot be kept, its text. */
interface Drawn {
  page: string;
  status: number;
  kept: KeptPage | null;
}

interface GraveNamed {
  gender: Gender;
  number: string;
}

async function site(
  app: FastifyInstance,
  options: { ctx: AppContext; staticDir: string | null; today?: () => string } & ShellSettings,
): Promise<void> {
  const staticRoot = options.staticDir ? resolve(options.staticDir) : null;
  const shell =
    staticRoot !== null && existsSync(resolve(staticRoot, 'index.html'))
      ? loadSiteShell(staticRoot, (message) => app.log.warn(message), { calendarFirst: options.calendarFirst })
      : null;

  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: t('common.notFound') });
  if (!shell || !staticRoot) {
    app.setNotFoundHandler(async (_request, reply) => notFound(reply));
    return;
  }

  app.addHook('onReady', () => shell.prepare());

  await app.register(fastifyStatic, {
    root: staticRoot,
    // `/` and every other address of the site get the page drawn on the server below.
    index: false,
    // The server's renderer lives in the site's folder but is not for browsers, in any spelling of its address.
    allowedPath: (pathName) => !reachesServerRenderer(pathName),
    // And whatever the spelling, send never serves a file under a folder whose name starts with a dot.
    dotfiles: 'ignore',
    preCompressed: true,
    // Our setHeaders decides: a year for hashed assets, revalidation for the rest.
    cacheControl: false,
    setHeaders(res, path) {
      // Vite's hashed file names never change content: cache them for a year; everything else revalidates.
      res.setHeader(
        'Cache-Control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const memo = new PageMemo();
  const drawing = new Map<string, { generation: number; drawn: Promise<Drawn> }>();
  app.decorate('keptPages', memo);
  const answer = pageAnswers(app, options.ctx);
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const sitePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    // The page as drawn before, while nothing it was drawn from has changed (pageMemo.ts).
    // Not the Host the request names: a page's absolute addresses are the settings' alone (siteAddress.ts), and the
    // settings are among the answers a page is drawn from.
    const key = `${shell.build()} ${today()} ${request.url}`;
    const sendDrawn = ({ kept, status, page }: Drawn) => (kept ? sendKept(kept) : reply.status(status).send(page));
    const sendKept = (kept: KeptPage) => {
      reply.status(kept.status);
      reply.header('Vary', 'Accept-Encoding');
      const encoding = kept.body.length >= COMPRESS_FROM ? pickEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return reply.send(kept.body);
      reply.header('Content-Encoding', encoding);
      return reply.send(memo.form(key, kept, encoding));
    };
    const kept = memo.get(key);
    if (kept) {
      if (await app.answerCache.current(kept.shown)) return sendKept(kept);
      // Drawn again by another visitor meanwhile, from the register as it is now: that one is sent.
      const newer = memo.get(key);
      if (newer && newer !== kept && (await app.answerCache.current(newer.shown))) return sendKept(newer);
    }
    // One drawing of a page at a time: after a write, the visitors asking for the same page at that moment share the
    // drawing under way (begun from the register as it is now) instead of each drawing it (tens of milliseconds
    // apiece for a section's page; twenty of them at once made the scale-out bench's tail).
    const reading = app.answerCache.reading();
    const under = drawing.get(key);
    if (under && under.generation === reading.generation) return sendDrawn(await under.drawn);
    const drawn = draw(request, key, reading);
    const mine = { generation: reading.generation, drawn };
    drawing.set(key, mine);
    try {
      return sendDrawn(await drawn);
    } finally {
      if (drawing.get(key) === mine) drawing.delete(key);
    }
  };
  /** The page drawn from its answers, and kept when it can be (pageMemo.ts). */
  const draw = async (request: FastifyRequest, key: string, reading: Reading): Promise<Drawn> => {
    // When the grave or article the address names is not in the register, the page says so and is a 404 too, as
    // for an address the site does not have.
    let missing = !isSiteAddress(request.url.split('?')[0] ?? '/');
    // What the page shows, answer by answer; null once one of them is not kept (a refusal, a private follow-up).
    let shown: Shown[] | null = [];
    const page = await shell.page(request.url, async (apiPath) => {
      const res = await answer(request, apiPath);
      if (namesNothing(res.status)) missing = true;
      if (res.status === 200 && res.shown) shown?.push(res.shown);
      else shown = null;
      return res.status === 200 ? res.value : undefined;
    });
    const status = missing ? 404 : 200;
    const mark = shown === null ? null : reading.mark(shown);
    if (!mark) {
      memo.forget(key);
      return { page, status, kept: null };
    }
    return { page, status, kept: memo.keep(key, page, status, mark) };
  };
  // The site's pages are not operations of the API: kept out of its OpenAPI document.
  const notAnOperation = { schema: { hide: true } };
  app.get('/', notAnOperation, sitePage);
  // Each public screen's address is a route of its own: otherwise it reached the static files' catch-all first,
  // which looked for a file of that name on disk (about a millisecond a page under load) before the page was drawn.
  for (const { path } of PUBLIC_PAGES) {
    if (!app.hasRoute({ method: 'GET', url: path })) app.get(path, notAnOperation, sitePage);
  }

  /**
   * Sends the visitor on to the page of the grave of that section and number; when the register has none, the
   * site's page with 404, whose not-found screen says that no grave has that address (NotFoundPage).
   */
  const toGrave = async (request: FastifyRequest, reply: FastifyReply, named: GraveNamed | null) => {
    const res = named ? await answer(request, paths.graveByNumber(named.gender, named.number)) : null;
    if (res?.status !== 200 || !isGraveAnswer(res.value)) {
      reply.status(404);
      return sitePage(request, reply);
    }
    return reply.redirect(publicPaths.grave.href(res.value._id), 302);
  };

  // A plan cell (or a printed plan) names a grave by its section and number; the visitor goes on to its page.
  app.get<{ Params: { gender: string; number: string } }>(
    publicPaths.planGrave.path,
    notAnOperation,
    async (request, reply) => {
      const { gender, number } = request.params;
      return toGrave(request, reply, isGender(gender) ? { gender, number } : null);
    },
  );

  // A grave's short address, from its plate (/g/m317), in either case: a QR code holds it in capitals
  // (/G/M317) and the router's paths are case-sensitive.
  for (const prefix of [GRAVE_ADDRESS_PREFIX, GRAVE_ADDRESS_PREFIX.toUpperCase()]) {
    app.get<{ Params: { code: string } }>(`${prefix}:code`, notAnOperation, async (request, reply) =>
      toGrave(request, reply, readGraveShortCode(request.params.code)),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    // The path as the router read it: an API address written percent-encoded is still the API's.
    if (isApiRequest(request) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return notFound(reply);
    }
    // The site's routes live in the browser: every other GET gets the site's page.
    return sitePage(request, reply);
  });
}

export default fp(site, { name: 'site' });
