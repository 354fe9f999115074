// The public answers (sections, grave pages, statistics, search, articles, approved suggestions) kept in memory
// as serialized bytes with their compressed forms and an ETag (304 on If-None-Match).
//
// Why it stays correct:
// - one process: any successful write through the API empties the cache before its answer is sent;
// - several processes on one database: every staff write bumps settings.data_version inside its own transaction
//   (see data/audit.ts), and a process compares that version with the one its cache was filled under at most once a
//   second before serving from memory. A write through one process is therefore served by the others within about
//   one second (the scale-out test measures it). Public suggestions are pending until a manager approves them
//   (an audited write), so they never change a cached answer;
// - statuses depend on "today": an entry filled on another day is never served.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';

const CACHEABLE = [
  /^\/api\/graves\/(?:male|female|bone|recentBurials|totalDeaths|maleDeaths|femaleDeaths|available-count|unavailable-count)$/,
  /^\/api\/graves\/graves\/[^/?]+$/,
  /^\/api\/search\?q=[^&]*$/,
  /^\/api\/articles$/,
  /^\/api\/articles\/ArticleDetail\/[^/?]+$/,
  /^\/api\/suggestion\/approved$/,
];

const MAX_ENTRIES = 2000;
const VERSION_CHECK_MS = 1000;

interface Entry {
  body: Buffer;
  etag: string;
  type: string;
  today: string;
  gzip?: Buffer;
  br?: Buffer;
}

export interface PublicCache {
  clear(): void;
  size(): number;
  /**
   * The serialized answer under `key` for the current data version and day, produced once: for answers that need a
   * guard first (the staff's whole list of graves), which the URL-keyed lookup before routing must not serve.
   */
  answer(request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>): Promise<FastifyReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

async function readVersion(ctx: AppContext): Promise<string> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', 'data_version').executeTakeFirst();
  return row?.value ?? '0';
}

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function encoded(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    // Big answers are compressed once per change, so a high quality pays for itself; very big ones stay quicker.
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: entry.body.length > 512 * 1024 ? 7 : 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.body, { level: 9 });
  return entry.gzip;
}

export function registerPublicCache(app: FastifyInstance, ctx: AppContext): PublicCache {
  const entries = new Map<string, Entry>();
  let version: string | null = null;
  let checkedAt = 0;

  const clear = () => {
    entries.clear();
    version = null;
  };

  async function fresh(): Promise<void> {
    const now = Date.now();
    if (now - checkedAt < VERSION_CHECK_MS && version !== null) return;
    checkedAt = now;
    const current = await readVersion(ctx);
    if (current !== version) {
      entries.clear();
      version = current;
    }
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, cacheControl = 'no-cache'): FastifyReply {
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', cacheControl);
    reply.header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    reply.type(entry.type);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) {
      reply.header('Content-Encoding', encoding);
      return reply.send(encoded(entry, encoding));
    }
    return reply.send(entry.body);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    if (!CACHEABLE.some((re) => re.test(request.url))) return;
    await fresh();
    const entry = entries.get(request.url);
    if (entry && entry.today === ctx.today()) return send(request, reply, entry);
    (request as FastifyRequest & { cacheKey?: string }).cacheKey = request.url;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = (request as FastifyRequest & { cacheKey?: string }).cacheKey;
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = Buffer.from(payload);
    const entry: Entry = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      today: ctx.today(),
    };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });

  // Whatever a successful write changed, this process will not serve it stale.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/')) {
      clear();
    }
  });

  const cache: PublicCache = {
    clear,
    size: () => entries.size,
    async answer(request, reply, key, produce) {
      await fresh();
      let entry = entries.get(key);
      if (!entry || entry.today !== ctx.today()) {
        const today = ctx.today();
        const body = Buffer.from(JSON.stringify(await produce()));
        entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, type: 'application/json; charset=utf-8', today };
        entries.set(key, entry);
      }
      // Staff answers are private to the signed-in browser.
      return send(request, reply, entry, 'private, no-cache');
    },
  };
  app.decorate('publicCache', cache);
  return cache;
}
