// An answer too large to keep (a whole section of a city's register: 27 MB at 300,000 burials), written as it is read
// and revalidated by its ETag: a client that holds the current answer gets a 304 without a row of the register read.
// Compressed with gzip as it streams (zlib works in the thread pool, so it never holds the event loop), even for a
// client that also takes brotli: at 300,000 burials the men's section streamed through brotli (quality 4) took 13 s
// against 7.5 s, came out 4 % larger (7.6 MB against 7.3 MB), and its encoder's buffers raised the process's memory
// by about 35 MB (measured). A client that takes neither gets the JSON as it is.
//
// A client that takes gzip (every browser) is sent a compressed copy built once for its ETag (KeptStreams): the
// section is read and compressed into memory, whoever asks while it is built waits for that one build, and the copy
// is then sent as it is, as fast as Node sends any buffer. Streamed again for each visitor, a town's men's section
// cost the process a tenth of a second each time and past the old 2 MB ceiling ran at a tenth of bare Node's rate.
// The build is the server's own, not the first client's: a client that reads slowly (or stops) holds only its own
// socket, never the others' answers. The copy is the answer for its ETag alone, which names the section's counter
// and the day: a write or a new day makes another tag, and the copy is no longer served. An answer whose compressed
// form would pass KEPT_ANSWER_MAX_BYTES is streamed to each client as before.
import { pipeline, Readable, Transform, Writable } from 'node:stream';
import { pipeline as pipelineDone } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownedConcat } from './ownedBytes';

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

/** A compressed copy is kept for an answer of at most this many bytes: a city's men's section is 7.3 MB, a town's 2. */
const KEPT_ANSWER_MAX_BYTES = 10 * 1024 * 1024;
/** The JSON sent to a client that takes no compression (rare) is kept only up to this size. */
const KEPT_PLAIN_MAX_BYTES = 2 * 1024 * 1024;
/** And the copies of one KeptStreams take at most this many bytes together (the oldest kept leave first). */
const KEPT_TOTAL_MAX_BYTES = 16 * 1024 * 1024;

/** The copies of streamed answers one server keeps: by address and encoding, each for one ETag. */
export class KeptStreams {
  private readonly copies = new Map<string, { etag: string; body: Buffer }>();
  /** The builds under way: whoever asks for the same answer and ETag waits for that one. */
  private readonly building = new Map<string, { etag: string; body: Promise<Buffer | null> }>();
  /** The ETag of each answer found too large to keep: it is streamed without being built again first. */
  private readonly tooLarge = new Map<string, string>();
  private bytes = 0;
  private served = 0;
  private built = 0;

  /** How many answers were sent from a kept copy (the tests read it). */
  hits(): number {
    return this.served;
  }

  /** How many compressed copies were built (the tests read it). */
  builds(): number {
    return this.built;
  }

  /**
   * The compressed copy of `key` for `etag`: kept, or built once by `make` for everyone who asks meanwhile. Null when
   * `make` gave none (the answer was too large to keep, or its reading failed): each client is then streamed its own.
   */
  async shared(key: string, etag: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const kept = this.take(key, etag);
    if (kept) return kept;
    if (this.tooLarge.get(key) === etag) return null;
    const under = this.building.get(key);
    if (under && under.etag === etag) return under.body;
    this.built++;
    const body = make().then(
      (made) => {
        if (made) this.keep(key, etag, made);
        else this.tooLarge.set(key, etag);
        return made;
      },
      () => null,
    );
    const entry = { etag, body };
    this.building.set(key, entry);
    void body.finally(() => {
      if (this.building.get(key) === entry) this.building.delete(key);
    });
    return body;
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

/** The whole answer gzipped into memory, or null once it passes `max` bytes (the reading is stopped there). */
async function gzipWhole(text: () => AsyncIterable<string>, max: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) {
        tooLarge = true;
        done(new Error('too large to keep'));
        return;
      }
      parts.push(chunk);
      done();
    },
  });
  try {
    await pipelineDone(Readable.from(bytesOf(text)), createGzip({ level: GZIP_LEVEL }), collect);
  } catch (error) {
    if (tooLarge) return null;
    throw error;
  }
  return ownedConcat(parts);
}

async function* bytesOf(text: () => AsyncIterable<string>) {
  for await (const chunk of text()) yield Buffer.from(chunk);
}

/** Passes the bytes on, and keeps them once they all passed, unless there were more than KEPT_PLAIN_MAX_BYTES. */
function copying(keep: (body: Buffer) => void): Transform {
  let parts: Buffer[] | null = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (parts) {
        size += chunk.length;
        if (size > KEPT_PLAIN_MAX_BYTES) parts = null;
        else parts.push(chunk);
      }
      done(null, chunk);
    },
    flush(done) {
      if (parts) keep(ownedConcat(parts));
      done();
    },
  });
}

/**
 * `kept`: where copies of this answer are kept, and under which address (one answer, whatever its ETag); `gzip`
 * makes the compressed copy another way than compressing `text` whole (a section's copy kept patched,
 * server/http/sectionCopies.ts), or says null when it holds no copy that large: `text` is then compressed whole.
 */
export async function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    etag,
    cacheControl = 'no-cache',
    kept,
  }: {
    etag: string;
    cacheControl?: string;
    kept?: { streams: KeptStreams; key: string; gzip?: () => Promise<Buffer | null> };
  },
  text: () => AsyncIterable<string>,
): Promise<FastifyReply> {
  reply.header('ETag', etag);
  reply.header('Cache-Control', cacheControl);
  reply.header('Vary', 'Accept-Encoding');
  if (holds(request, etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  // The compression plugin leaves an answer that says its encoding as it is.
  if (gzip) reply.header('Content-Encoding', 'gzip');
  if (kept && gzip) {
    const whole = () => gzipWhole(text, KEPT_ANSWER_MAX_BYTES);
    const patched = kept.gzip;
    const make = patched ? async () => (await patched()) ?? whole() : whole;
    const copy = await kept.streams.shared(`${kept.key} gzip`, etag, make);
    if (copy) return reply.send(copy);
  }
  const key = kept && !gzip ? `${kept.key} identity` : null;
  const copy = kept && key ? kept.streams.take(key, etag) : null;
  if (copy) return reply.send(copy);
  // Readable.from reads one chunk (a page) ahead of what the client has taken: a slow client holds one page here.
  const json = Readable.from(bytesOf(text), { objectMode: false });
  const stages: NodeJS.ReadWriteStream[] = gzip ? [createGzip({ level: GZIP_LEVEL })] : [];
  if (kept && key) stages.push(copying((body) => kept.streams.keep(key, etag, body)));
  if (stages.length === 0) return reply.send(json);
  // A failure while reading ends the stream with its error: the answer is cut (and no copy kept), and the server
  // logs it.
  return reply.send(pipeline([json, ...stages], () => {}));
}
