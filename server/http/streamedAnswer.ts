// An answer too large to keep (a whole section of a city's register: 27 MB at 300,000 burials), written as it is read
// and revalidated by its ETag: a client that holds the current answer gets a 304 without a row of the register read.
// Compression is the compression plugin's (app.ts): it pipes a stream through zlib's streams, which work in the
// thread pool (brotli at quality 4, gzip at 6), so neither the reading nor the compressing holds the event loop.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** If-None-Match names this tag (alone, in a list, or as `*`). */
function holds(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  { etag, cacheControl = 'no-cache' }: { etag: string; cacheControl?: string },
  text: () => AsyncIterable<string>,
): FastifyReply {
  reply.header('ETag', etag);
  reply.header('Cache-Control', cacheControl);
  reply.header('Vary', 'Accept-Encoding');
  if (holds(request, etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // Readable.from reads one chunk (a page) ahead of what the client has taken: a slow client holds one page here.
  async function* bytes() {
    for await (const chunk of text()) yield Buffer.from(chunk);
  }
  return reply.send(Readable.from(bytes(), { objectMode: false }));
}
