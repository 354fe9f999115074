// What decoding a sent image may cost the process, counted before a single pixel is decoded. A photo or a logo of
// under a megabyte may declare 8192 × 8192 pixels; what libvips must then hold depends on the file's kind, not on its
// size, and the JavaScript heap's bound does not reach it (it is native memory). So every image a visitor or a
// manager sends is charged its decoded size, read from its header alone, and refused past a budget in bytes; and the
// images being decoded at once share that budget, so the process never holds more than one budget's worth of pixels,
// however many arrive together.
//
// libvips itself is set here, once, for every image the server draws or reads (photos, logos, preview cards):
// - one thread per image (sharp.concurrency): the machine's two cores are shared with the requests being answered;
// - no operation cache (sharp.cache(false)): a cached load keeps its decoder alive, and a progressive JPEG's decoder
//   holds every coefficient of the image (400 MB for 8192 × 8192) in memory libvips does not count as its own, so
//   the cache's own memory bound never sees it. Every image here is decoded once; the cache would only keep it;
// - sequential reading (the `sequentialRead` of every sent image's options): a baseline JPEG or a PNG that is not
//   interlaced is read from top to bottom, a strip at a time.
import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

export const MEGABYTE = 1024 * 1024;

/**
 * The default budget (IMAGE_DECODE_BUDGET_MB): room for a 12-megapixel phone photo sent as the camera wrote it (36 MB
 * decoded) or a 20-megapixel one (60 MB), a 4,000 × 4,000 logo with transparency; the public forms send at most 2560
 * px on a side (26 MB). Measured on the production server (`npm start`, two cores): about 150 MB at rest after a
 * first photo, and the worst image within the budget (an interlaced 16-bit PNG, a progressive JPEG) adds up to 1.4
 * times its charge while it is decoded, so four of them sent at once peak under 250 MB.
 */
export const DEFAULT_DECODE_BUDGET_MB = 64;

let loaded: Promise<Sharp> | null = null;

/** sharp with libvips set as the top of this module says; loaded on the first image, not at start. */
export const loadSharp = (): Promise<Sharp> =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));

/** Bytes a decoded sample takes, by libvips's band format (sharp's metadata().depth). */
const SAMPLE_BYTES: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * What decoding the image holds at most, in bytes, from its header (sharp's metadata(), which decodes nothing):
 * width × height × channels (alpha included) × bytes a sample (2 for 16 bits). An interlaced PNG is held whole; a
 * progressive JPEG is held whole as its coefficients, two bytes each whatever its depth, until its last scan arrives;
 * an SVG is drawn into a surface of four bytes a pixel. Anything the header does not say is counted at its largest.
 */
export function decodedBytes(metadata: SharpModule.Metadata): number {
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (metadata.format === 'svg') return width * height * 4;
  const channels = metadata.channels ?? 4;
  const sample = SAMPLE_BYTES[metadata.depth ?? ''] ?? 8;
  const held = metadata.format === 'jpeg' && metadata.isProgressive ? Math.max(sample, 2) : sample;
  return width * height * channels * held;
}

export class NoDecodeRoom extends Error {
  constructor() {
    super('no room to decode within the wait');
  }
}

/**
 * The room of the process's decoders: images are decoded at once only while their charges together stay within the
 * budget (one larger than the room left waits, in order of arrival, so a large one is not passed over for ever).
 * Each image's own charge was checked against the budget first, so an image alone always gets in.
 */
export function createDecodeRoom() {
  let used = 0;
  const queue: Array<{ bytes: number; budget: number; start: () => void }> = [];

  const fits = (bytes: number, budget: number) => used === 0 || used + bytes <= budget;

  function admitWaiting(): void {
    while (queue.length > 0 && fits(queue[0]!.bytes, queue[0]!.budget)) {
      const next = queue.shift()!;
      used += next.bytes;
      next.start();
    }
  }

  function releaser(bytes: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      used -= bytes;
      admitWaiting();
    };
  }

  return {
    /**
     * Room for `bytes` within `budget`, waited for at most `waitMs` (NoDecodeRoom past it). The function it answers
     * gives the room back: call it when libvips is done with the image, not when the answer leaves.
     */
    take(bytes: number, budget: number, waitMs: number): Promise<() => void> {
      if (queue.length === 0 && fits(bytes, budget)) {
        used += bytes;
        return Promise.resolve(releaser(bytes));
      }
      return new Promise((resolve, reject) => {
        const entry = {
          bytes,
          budget,
          start: () => {
            clearTimeout(timer);
            resolve(releaser(bytes));
          },
        };
        const timer = setTimeout(() => {
          const at = queue.indexOf(entry);
          if (at !== -1) queue.splice(at, 1);
          reject(new NoDecodeRoom());
          // The one that gave up may have held back smaller ones behind it.
          admitWaiting();
        }, waitMs);
        queue.push(entry);
      });
    },
    /** Bytes charged to the images being decoded, and how many wait (tests, the bench). */
    load: () => ({ bytes: used, waiting: queue.length }),
  };
}

/** One room for the whole process: libvips's memory is the process's, whichever route decodes. */
export const decodeRoom = createDecodeRoom();
