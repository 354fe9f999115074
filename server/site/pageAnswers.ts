// The answers the public pages are drawn from: each page's first data (src/api/firstData.ts), the settings, the
// record a page's head or preview names, the notices the sitemap lists and the grave a plan cell names. Each is read
// by the function its API route calls (server/routes/publicAnswers.ts), as the public would get it (no session), and
// given with its status as the route answers it (200; 404 for an unknown grave, article, notice or token; 400 for
// what cannot be one) and what it shows (the route's `shows`), so that a page drawn from it is kept while that part
// of the register is unchanged (server/site/index.ts). Each read counts against the visitor's request allowance, as
// the API request it stands for would.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECTION_CARDS } from '../../src/domain/rules/sectionCards';
import { GENDERS } from '../../src/domain/types';
import { SECTION_PATH } from '../../src/api/paths';
import type { AppContext } from '../http/context';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { Shown } from '../plugins/answerCache';
import {
  cemeteryPlan,
  followCorrection,
  graveByNumber,
  nextGraves,
  publicArticle,
  publicGrave,
  publicNotices,
  readNotice,
  RECENT_PATTERN,
  registerSettings,
  sectionCardsPage,
  SHOWS,
} from '../routes/publicAnswers';
import { isIdParam } from '../schemas/common';

export interface PageAnswer {
  /** The status the API route would answer with. */
  status: number;
  /** The answer's JSON value when the status is 200. */
  value: unknown;
  /** What it shows; null when it is not kept (a refusal, a correction's private follow-up). */
  shown: Shown | null;
}

/** The answer to a GET of this API path (relative to the API base, as src/api/paths.ts writes it). */
export type PageAnswers = (request: FastifyRequest, apiPath: string) => Promise<PageAnswer>;

type Read = (params: readonly string[], query: URLSearchParams) => Promise<{ value: unknown; shown: Shown | null }>;

/** Whether the query names only the parameters a read takes (another is not one of the pages' answers). */
const onlyQuery = (query: URLSearchParams, allowed: readonly string[] = []) =>
  [...query.keys()].every((name) => allowed.includes(name));

export function pageAnswers(app: FastifyInstance, ctx: AppContext): PageAnswers {
  const kept = (value: unknown, shows: Shown['shows'], graves?: readonly string[]) => ({
    value,
    shown: graves === undefined ? { shows } : { shows, graves },
  });
  const reads: ReadonlyArray<{ path: RegExp; read: Read; query?: readonly string[] }> = [
    {
      path: /^\/graves\/graves\/([^/]+)$/,
      read: async ([id]) => {
        const { grave, alsoShows } = await publicGrave(ctx, id!);
        return kept(grave, SHOWS.grave, [id!, ...alsoShows]);
      },
    },
    {
      path: /^\/graves\/by-number\/([^/]+)\/([^/]+)$/,
      read: async ([gender, number]) => ({ value: await graveByNumber(ctx, gender!, number!), shown: null }),
    },
    {
      path: /^\/articles\/ArticleDetail\/([^/]+)$/,
      read: async ([id]) => kept(await publicArticle(ctx, id!), SHOWS.article),
    },
    {
      path: /^\/notices$/,
      query: ['recent'],
      read: async (_params, query) => {
        const recent = query.get('recent');
        if (recent !== null && !new RegExp(RECENT_PATTERN).test(recent)) throw badRequest('errors.badQuery');
        return kept(await publicNotices(ctx, recent === null ? null : Number(recent)), SHOWS.notices);
      },
    },
    {
      path: /^\/notices\/([^/]+)$/,
      read: async ([id]) => kept(await readNotice(ctx, id!, async () => false), SHOWS.notices),
    },
    { path: /^\/graves\/next$/, read: async () => kept(await nextGraves(ctx), SHOWS.nextGraves) },
    {
      path: /^\/graves\/cards\/([^/]+)$/,
      read: async ([section]) => {
        const gender = GENDERS.find((g) => SECTION_PATH[g] === section);
        if (!gender) throw notFound();
        return kept(await sectionCardsPage(ctx, gender, 0, SECTION_CARDS.firstPage), SHOWS.sectionCards(gender));
      },
    },
    { path: /^\/plan$/, read: async () => kept(await cemeteryPlan(ctx), SHOWS.plan) },
    {
      path: /^\/corrections\/follow\/([^/]+)$/,
      // Never kept, as its route is not (a decision shows at once).
      read: async ([token]) => ({ value: await followCorrection(ctx, token!), shown: null }),
    },
    { path: /^\/settings$/, read: async () => kept(await registerSettings(ctx), SHOWS.settings) },
  ];

  return async (request, apiPath) => {
    const at = apiPath.indexOf('?');
    const path = at === -1 ? apiPath : apiPath.slice(0, at);
    const query = new URLSearchParams(at === -1 ? '' : apiPath.slice(at + 1));
    const found = reads.find((one) => one.path.test(path) && onlyQuery(query, one.query));
    // Only the paths above are drawn into pages: another is a mistake of the site's code, not of the visitor.
    if (!found) throw new Error(`${apiPath} is not one of the answers a page is drawn from`);
    if (!app.withinCeiling(request)) return { status: 429, value: undefined, shown: null };
    try {
      const params = found.path.exec(path)!.slice(1).map(decodeURIComponent);
      // An id the routes' schemas refuse names nothing (400), before any query.
      if (!params.every(isIdParam)) return { status: 400, value: undefined, shown: null };
      return { status: 200, ...(await found.read(params, query)) };
    } catch (error) {
      if (error instanceof URIError) return { status: 400, value: undefined, shown: null };
      if (error instanceof HttpError) return { status: error.statusCode, value: undefined, shown: null };
      app.log.error(error, `reading ${apiPath} for a page`);
      return { status: 500, value: undefined, shown: null };
    }
  };
}
