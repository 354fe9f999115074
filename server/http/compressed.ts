// Kept answers and kept pages compressed once, in the server's thread, at levels that cost milliseconds (the
// answer cache, server/plugins/answerCache.ts, and the kept pages, server/site/pageMemo.ts); the compression plugin
// leaves an answer sent with its Content-Encoding as it is.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { owned } from './ownedBytes';

export type Encoding = 'br' | 'gzip';

/** The encoding to send for this Accept-Encoding: brotli when the client takes it, else gzip, else none. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** As the compression plugin's threshold (app.ts): below it, compressing makes an answer longer, not shorter. */
export const COMPRESS_FROM = 1024;

/**
 * Brotli's quality for a body of this size. These bodies change with the register (a write drops them) and are
 * compressed in the server's only thread, so they use levels that cost milliseconds: the men's section of the
 * town (2.1 MB of JSON) takes 55 ms at quality 4 for 585 KB, 200 ms at 7 for 573 KB, and 3.9 s at 11 for 493 KB
 * (measured): at 11 a write followed by a visit stopped every other answer for seconds. A small one (a search, an
 * article list, a page) takes well under a millisecond at 5.
 */
export const brotliQuality = (bytes: number) => (bytes < 64 * 1024 ? 5 : 4);
/**
 * Brotli's quality for an answer to a visitor's own words (a search): each is asked once or twice and compressed
 * for every new letter typed, so its compression is most of its cost. A town's search answer (13 KB of JSON) takes
 * 0.55 to 0.73 ms at quality 5 for 3.2 to 3.6 KB, and 0.07 to 0.11 ms at quality 1 for 3.7 to 4.2 KB (measured on
 * two cores): a fifth of the server's time for a search, for half a kilobyte more on the wire.
 */
const ONCE_QUALITY = 1;
/** gzip's level for the same answers (1 is about twice as fast as 6 for a tenth more bytes). */
const ONCE_GZIP_LEVEL = 1;
/** gzip's level (for the few clients without brotli): 6 is zlib's default, 9 costs twice for 1 % less. */
const GZIP_LEVEL = 6;

/**
 * Brotli's window for a body of this size: just large enough to hold all of it (2^bits - 16 bytes), so it finds
 * every repeat the default 4 MB window would. The default made each call allocate megabytes that the server's
 * allocator settings (MALLOC_MMAP_THRESHOLD_ in `npm start`) hand back to the system after every answer: a 14 KB
 * search answer took 1.5 to 1.9 ms at quality 5 that way, and 0.3 to 0.7 ms with its own window, to the same bytes
 * within a few (measured on two cores).
 */
const brotliWindowBits = (bytes: number) =>
  Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))),
  );

/** `askedOnce`: an answer to a visitor's typed text, rarely asked again (compressed fast, see ONCE_QUALITY). */
export function compressed(body: Buffer, encoding: Encoding, askedOnce = false): Buffer {
  // Kept: in memory of its own, not a slice of zlib's output slab (ownedBytes.ts).
  if (encoding === 'gzip') return owned(gzipSync(body, { level: askedOnce ? ONCE_GZIP_LEVEL : GZIP_LEVEL }));
  return owned(
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: askedOnce ? ONCE_QUALITY : brotliQuality(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      },
    }),
  );
}
