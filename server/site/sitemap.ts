// /sitemap.xml and /robots.txt, every address absolute on the committee's site address
// (siteAddress.ts). While it is not set, /sitemap.xml answers 404 saying so and robots.txt names no sitemap: the
// protocol wants every <loc> absolute, on the sitemap's own host, and a host taken from the request would be one a
// client chose, kept an hour by shared caches. A 404 is what a crawler reads as "no sitemap here" and asks again
// later; robots.txt still keeps the staff's addresses out.
// The sitemap lists the public pages without parameters (not the login nor the first start), the current notices,
// the articles and the graves that hold someone. Past `sitemapMaxUrls` addresses (the protocol's 50,000) /sitemap.xml
// is an index of /sitemap-1.xml, /sitemap-2.xml …, each written as it is read, a page of rows at a time
// (server/data/sitemap.ts), so its memory does not grow with the register.
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context';
import { t } from '../../src/domain/messages';
import { paths } from '../../src/api/paths';
import { CONSOLE_BASE } from '../../src/domain/paths/consolePaths';
import { PUBLIC_PAGES } from '../../src/domain/paths/publicPages';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import { isIndexed } from '../../src/domain/text/pageHead';
import { pageAnswers } from './pageAnswers';
import { siteBase } from './siteAddress';

const notAnOperation = { schema: { hide: true } };
const BATCH = 2000;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The fixed pages of the sitemap: the public screens that take no parameter and are for search engines. */
export const SITEMAP_PAGES: readonly string[] = [
  ...new Set(PUBLIC_PAGES.filter((p) => !p.path.includes(':') && isIndexed(p.path)).map((p) => p.path)),
];

/** The ids of the notices the public sees now, from the API's own answer (a list, or an object holding one). */
function noticeIdsOf(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? (Object.values(value).find(Array.isArray) ?? [])
      : [];
  return list.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string' ? [item.id] : [],
  );
}

interface Segment {
  size: number;
  /** `limit` paths from `offset` of this segment. */
  read: (offset: number, limit: number) => Promise<string[]>;
}

async function* urlsOf(segments: Segment[], start: number, end: number): AsyncGenerator<string> {
  let at = 0;
  for (const segment of segments) {
    const from = Math.max(start - at, 0);
    const to = Math.min(end - at, segment.size);
    for (let offset = from; offset < to; offset += BATCH) {
      for (const path of await segment.read(offset, Math.min(BATCH, to - offset))) yield path;
    }
    at += segment.size;
  }
}

async function sitemap(app: FastifyInstance, options: { ctx: AppContext }): Promise<void> {
  const { ctx } = options;
  const max = ctx.config.sitemapMaxUrls;

  const baseOf = async () => siteBase(await ctx.data.identity.read());
  const answer = pageAnswers(app, ctx);

  /** No sitemap without the site's address; not kept, so it is there as soon as a manager sets the address. */
  const noAddress = (reply: FastifyReply) =>
    reply
      .status(404)
      .header('Cache-Control', 'no-cache')
      .send({ message: t('share.siteUrlMissing') });

  /** What the sitemap lists, in its order: the pages, the notices, the articles, the graves. */
  const segmentsFor = async (request: FastifyRequest): Promise<Segment[]> => {
    const res = await answer(request, paths.notices());
    const notices = res.status === 200 ? noticeIdsOf(res.value) : [];
    const counts = await ctx.data.sitemap.counts();
    return [
      { size: SITEMAP_PAGES.length, read: async (o, l) => SITEMAP_PAGES.slice(o, o + l) },
      { size: notices.length, read: async (o, l) => notices.slice(o, o + l).map((id) => publicPaths.notice.href(id)) },
      {
        size: counts.articles,
        read: async (o, l) => (await ctx.data.sitemap.articleIds(o, l)).map((id) => publicPaths.article.href(id)),
      },
      {
        size: counts.graves,
        read: async (o, l) => (await ctx.data.sitemap.graveIds(o, l)).map((id) => publicPaths.grave.href(id)),
      },
    ];
  };

  const sendXml = (reply: FastifyReply, body: string | Readable) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(body);

  const urlset = (base: string, segments: Segment[], start: number, end: number) =>
    Readable.from(
      (async function* () {
        yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
        for await (const path of urlsOf(segments, start, end))
          yield `<url><loc>${escapeXml(base + path)}</loc></url>\n`;
        yield '</urlset>\n';
      })(),
    );

  app.get('/sitemap.xml', notAnOperation, async (request, reply) => {
    const base = await baseOf();
    if (base === null) return noAddress(reply);
    const segments = await segmentsFor(request);
    const total = segments.reduce((sum, segment) => sum + segment.size, 0);
    if (total <= max) return sendXml(reply, urlset(base, segments, 0, total));
    const pieces = Math.ceil(total / max);
    const entries = Array.from(
      { length: pieces },
      (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return sendXml(
      reply,
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `${entries.join('')}</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { piece: string } }>('/sitemap-:piece.xml', notAnOperation, async (request, reply) => {
    const piece = /^[1-9]\d{0,5}$/.test(request.params.piece) ? Number(request.params.piece) : 0;
    const base = await baseOf();
    if (base === null) return noAddress(reply);
    const segments = await segmentsFor(request);
    const total = segments.reduce((sum, segment) => sum + segment.size, 0);
    // Pieces exist only when the sitemap is an index, and only as many as it names.
    if (total <= max || piece < 1 || (piece - 1) * max >= total) {
      return reply.status(404).send({ message: t('common.notFound') });
    }
    return sendXml(reply, urlset(base, segments, (piece - 1) * max, Math.min(piece * max, total)));
  });

  app.get('/robots.txt', notAnOperation, async (_request, reply) => {
    const base = await baseOf();
    const lines = [
      'User-agent: *',
      `Disallow: ${CONSOLE_BASE}`,
      `Disallow: ${publicPaths.login.path}`,
      `Disallow: ${publicPaths.setup.path}`,
      'Disallow: /api',
      ...(base === null ? [] : [`Sitemap: ${base}/sitemap.xml`]),
    ];
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });
}

export default fp(sitemap, { name: 'sitemap' });
