// An answer too large to keep (a whole section of a city's register: 27 MB at 300,000 burials), written as it is read
// and revalidated by its ETag: a client that holds the current answer gets a 304 without a row of the register read.
// Compressed with gzip as it streams (zlib works in the thread pool, so it never holds the event loop), even for a
// client that also takes brotli: at 300,000 burials the men's section streamed through brotli (quality 4) took 13 s
// against 7.5 s, came out 4 % larger (7.6 MB against 7.3 MB), and its encoder's buffers raised the process's memory
// by about 35 MB (measured). A client that takes neither gets the JSON as it is.
//
// A copy of the bytes sent is kept when the answer is small enough (KeptStreams): a town's men's section is 600 KB
// compressed, and streamed again for each visitor it cost a tenth of a second of the process each time (200 clients
// reading it waited seconds). The copy is the answer for its ETag alone, which names the section's counter and the
// day: a write or a new day makes another tag, and the copy is no longer served.
import { pipeline, Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** zlib's default: 9 costs twice the time for 1 % less. */
const GZIP_LEVEL = 6;

/** If-None-Match names this tag (alone, in a list, or as `*`). */
function holds(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** A copy is kept only for an answer of at most this many bytes as sent (a city's sections stream every time). */
const KEPT_ANSWER_MAX_BYTES = 2 * 1024 * 1024;
/** And the copies of one KeptStreams take at most this many bytes together (the oldest kept leave first). */
const KEPT_TOTAL_MAX_BYTES = 6 * 1024 * 1024;

/** The copies of streamed answers one server keeps: by address and encoding, each for one ETag. */
export class KeptStreams {
  private readonly copies = new Map<string, { etag: string; body: Buffer }>();
  private bytes = 0;
  private served = 0;

  /** How many answers were sent from a kept copy (the tests read it). */
  hits(): number {
    return this.served;
  }

  take(key: string, etag: string): Buffer | null {
    const copy = this.copies.get(key);
    if (!copy || copy.etag !== etag) return null;
    this.served++;
    return copy.body;
  }

  keep(key: string, etag: string, body: Buffer): void {
    this.drop(key);
    while (this.copies.size > 0 && this.bytes + body.length > KEPT_TOTAL_MAX_BYTES) {
      this.drop(this.copies.keys().next().value!);
    }
    this.copies.set(key, { etag, body });
    this.bytes += body.length;
  }

  private drop(key: string): void {
    const gone = this.copies.get(key);
    if (!gone) return;
    this.bytes -= gone.body.length;
    this.copies.delete(key);
  }
}

/** Passes the bytes on, and keeps them once they all passed, unless there were more than KEPT_ANSWER_MAX_BYTES. */
function copying(keep: (body: Buffer) => void): Transform {
  let parts: Buffer[] | null = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (parts) {
        size += chunk.length;
        if (size > KEPT_ANSWER_MAX_BYTES) parts = null;
        else parts.push(chunk);
      }
      done(null, chunk);
    },
    flush(done) {
      if (parts) keep(Buffer.concat(parts));
      done();
    },
  });
}

/** `kept`: where copies of this answer are kept, and under which address (one answer, whatever its ETag). */
export function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    etag,
    cacheControl = 'no-cache',
    kept,
  }: { etag: string; cacheControl?: string; kept?: { streams: KeptStreams; key: string } },
  text: () => AsyncIterable<string>,
): FastifyReply {
  reply.header('ETag', etag);
  reply.header('Cache-Control', cacheControl);
  reply.header('Vary', 'Accept-Encoding');
  if (holds(request, etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  const key = kept && `${kept.key} ${gzip ? 'gzip' : 'identity'}`;
  const copy = kept && key ? kept.streams.take(key, etag) : null;
  // The compression plugin leaves an answer that says its encoding as it is.
  if (gzip) reply.header('Content-Encoding', 'gzip');
  if (copy) return reply.send(copy);
  // Readable.from reads one chunk (a page) ahead of what the client has taken: a slow client holds one page here.
  async function* bytes() {
    for await (const chunk of text()) yield Buffer.from(chunk);
  }
  const json = Readable.from(bytes(), { objectMode: false });
  const stages: NodeJS.ReadWriteStream[] = gzip ? [createGzip({ level: GZIP_LEVEL })] : [];
  if (kept && key) stages.push(copying((body) => kept.streams.keep(key, etag, body)));
  if (stages.length === 0) return reply.send(json);
  // A failure while reading ends the stream with its error: the answer is cut (and no copy kept), and the server
  // logs it.
  return reply.send(pipeline([json, ...stages], () => {}));
}
