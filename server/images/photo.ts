// A photo of a grave: an uploaded JPEG, PNG or WebP made into the two sizes the pages show, each as WebP
// and as a JPEG fallback. The shape of logo.ts: the kind read from the bytes (sniff.ts), sharp (libvips, in libuv's
// thread pool, so the event loop stays free) reading with a ceiling on the pixels it may decode and a time limit.
//
// What leaves here holds pixels only. The photo is turned upright by its EXIF orientation (`rotate()`), and sharp
// writes no metadata unless asked (keepExif/withMetadata, never called here): no EXIF, so no camera GPS position, no
// ICC profile (the pixels are converted to sRGB first), no XMP. The pixels are decoded once, into the display size,
// and every file is encoded from those raw pixels, which carry no metadata at all. The original is not kept.
//
// Memory and time are bounded per process. A sent file is written to disk as it arrives (at most PHOTO_MAX_BYTES
// each, PHOTO_RECEIVING_MAX_BYTES for all the files arriving at once), never held in memory: a client that sends
// slowly, or stops, holds a file on disk and nothing else. Only a file read whole takes one of the PHOTO_HELD places
// (waiting or being worked on; beyond them 503 at once). Its header alone is read first: a photo whose decoded size
// (decoding.ts) passes the budget is refused before any pixel is decoded, and the photos decoded at once share that
// budget with every other image of the process; at most PHOTO_WORKING are decoded at once, and one waits its turn at
// most PHOTO_WAIT_SECONDS. A photo that takes longer than PHOTO_TIMEOUT_SECONDS is answered 503, and its turn and
// its share of the budget are given back only when libvips has really finished with it (a timeout does not stop
// libvips), so the bounds hold.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type SharpModule from 'sharp';
import type { MessageKey } from '../../src/domain/messages';
import { formatNumber } from '../../src/domain/text/format';
import { DEFAULT_DECODE_BUDGET_MB, decodedBytes, decodeRoom, loadSharp, MEGABYTE, type Sharp } from './decoding';
import { sniffImage } from './sniff';

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/**
 * 8192 × 8192 (67 megapixels): above a 48- or 50-megapixel phone camera, and a ceiling on what a small file may
 * unpack to (a JPEG is decoded already shrunk, by libjpeg's shrink-on-load, since the display size is far smaller).
 * The decode budget (decoding.ts) is the bound that counts the bytes; this one stays as libvips's own check.
 */
export const PHOTO_MAX_PIXELS = 8192 * 8192;
export const DISPLAY_MAX = 1600;
export const THUMB_MAX = 400;
export const PHOTO_TIMEOUT_SECONDS = 30;
export const PHOTO_WORKING = 2;
export const PHOTO_HELD = 6;
export const PHOTO_WAIT_SECONDS = 20;
/** What the files arriving at once may take on disk together, before they are read whole: eight whole photos. */
export const PHOTO_RECEIVING_MAX_BYTES = 8 * PHOTO_MAX_BYTES;
/** The first bytes of a file kept in memory: its kind is read from them (sniff.ts). */
const HEAD_BYTES = 4096;
/**
 * The folder of the files being received, inside the photos' folder (on disk: a temporary folder may be memory).
 * Its name is no photo's id, so the sweep of photo folders and the backups pass it by.
 */
export const INCOMING_FOLDER = '.incoming';
/** A received file older than this was left by a process that stopped (no request lasts an hour). */
const INCOMING_STALE_MS = 3600_000;

/** The files a photo keeps, named as its addresses name them (/photos/<id>/<file>). */
export const PHOTO_FILES = ['display.webp', 'display.jpg', 'thumb.webp', 'thumb.jpg'] as const;
export type PhotoFileName = (typeof PHOTO_FILES)[number];

export class PhotoRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status: number,
    /** The message's values (the budget it names). */
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

const busy = () => new PhotoRefused('photo.busy', 503);

/**
 * The cheap check, from the first bytes only, made before any turn is taken or any throttle counted: a JPEG, PNG
 * or WebP signature, or the reason it is refused (415: a HEIC photo has its own message naming the formats taken).
 * `size` is the whole file's, when only its first bytes are given.
 */
export function photoKind(head: Buffer, size = head.length): 'jpeg' | 'png' | 'webp' {
  if (size === 0) throw new PhotoRefused('photo.missing', 400);
  if (size > PHOTO_MAX_BYTES) throw new PhotoRefused('photo.tooLarge', 413);
  const kind = sniffImage(head);
  if (kind === 'heic') throw new PhotoRefused('photo.heic', 415);
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp') throw new PhotoRefused('photo.notImage', 415);
  return kind;
}

export interface PhotoSize {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

export interface PhotoImages {
  display: PhotoSize;
  thumb: PhotoSize;
}

/** A sent file, read whole to disk: where it is, its first bytes and its size. `discard` removes it (once). */
export interface ReceivedPhoto {
  path: string;
  head: Buffer;
  size: number;
  discard(): Promise<void>;
}

/**
 * How a sent image is read: a ceiling on its pixels (libvips refuses past it from the header), top to bottom where the
 * format allows, and sharp's own strictness on damaged data ('warning', its default): a JPEG whose picture data stops
 * before its end, even one given a forged end marker, is refused rather than drawn grey where its data is missing.
 */
const READ = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning', animated: false, sequentialRead: true } as const;

const WEBP = { quality: 80, effort: 4 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

async function encode(sharp: Sharp, pixels: { data: Buffer; info: SharpModule.OutputInfo }): Promise<PhotoSize> {
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  const [webp, jpeg] = await Promise.all([
    sharp(pixels.data, raw).webp(WEBP).toBuffer(),
    sharp(pixels.data, raw).jpeg(JPEG).toBuffer(),
  ]);
  return { width: pixels.info.width, height: pixels.info.height, webp, jpeg };
}

/** The header, read before any turn is taken: refusals as PhotoRefused. */
async function readHeader(sharp: Sharp, input: Buffer | string, kind: 'jpeg' | 'png' | 'webp') {
  let metadata: SharpModule.Metadata;
  try {
    metadata = await sharp(input, READ).metadata();
  } catch (error) {
    // libvips reads the size from the header and refuses past the ceiling before decoding anything.
    if (/pixel limit/i.test(String(error))) throw new PhotoRefused('photo.tooManyPixels', 400);
    throw new PhotoRefused('photo.notImage', 415);
  }
  // What the signature said is what libvips read: a JPEG header glued on anything else is not a JPEG.
  if (metadata.format !== kind || !metadata.width || !metadata.height) throw new PhotoRefused('photo.notImage', 415);
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw new PhotoRefused('photo.tooManyPixels', 400);
  return metadata;
}

/** The work itself, once a turn and the room are taken; refusals as PhotoRefused. */
async function makeImages(sharp: Sharp, input: Buffer | string): Promise<PhotoImages> {
  try {
    // Decoded once: upright, at most DISPLAY_MAX on its long side, on white where it was transparent (a JPEG has no
    // transparency), in sRGB, 8 bits a channel; every file is encoded from these pixels.
    const display = await sharp(input, READ)
      .rotate()
      .resize(DISPLAY_MAX, DISPLAY_MAX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(display.data, {
      raw: { width: display.info.width, height: display.info.height, channels: display.info.channels },
    })
      .resize(THUMB_MAX, THUMB_MAX, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { display: await encode(sharp, display), thumb: await encode(sharp, thumb) };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new PhotoRefused('photo.tooManyPixels', 400);
    // The header was read: what failed is the picture's data, cut short or damaged.
    throw new PhotoRefused('photo.damaged', 400);
  }
}

/** The first bytes and the size of a file on disk. */
async function headOf(path: string): Promise<{ head: Buffer; size: number }> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return { head: head.subarray(0, bytesRead), size: (await file.stat()).size };
  } finally {
    await file.close();
  }
}

export interface PhotoWorkshopOptions {
  working?: number;
  held?: number;
  waitSeconds?: number;
  timeoutSeconds?: number;
  /** The decode budget in bytes (IMAGE_DECODE_BUDGET_MB). */
  decodeBudgetBytes?: number;
  /** The photos' folder: received files are written to its INCOMING_FOLDER. */
  photosDir?: string;
  /** What the files being received may take together. */
  receivingMaxBytes?: number;
}

/** The photos' workshop of one server: the bounds of the top of this module. */
export function createPhotoWorkshop(options: PhotoWorkshopOptions = {}) {
  const working = options.working ?? PHOTO_WORKING;
  const held = options.held ?? PHOTO_HELD;
  const waitMs = (options.waitSeconds ?? PHOTO_WAIT_SECONDS) * 1000;
  const timeoutMs = (options.timeoutSeconds ?? PHOTO_TIMEOUT_SECONDS) * 1000;
  const budget = options.decodeBudgetBytes ?? DEFAULT_DECODE_BUDGET_MB * MEGABYTE;
  const receivingMax = options.receivingMaxBytes ?? PHOTO_RECEIVING_MAX_BYTES;
  const incoming = options.photosDir ? join(options.photosDir, INCOMING_FOLDER) : null;
  let inHand = 0;
  let active = 0;
  let receiving = 0;
  const queue: Array<() => void> = [];

  // What a process that stopped mid-upload left behind (every process sharing the folder may do it: only what is old).
  if (incoming) {
    void readdir(incoming)
      .then(async (names) => {
        for (const name of names) {
          const path = join(incoming, name);
          const made = await stat(path).catch(() => null);
          if (made && Date.now() - made.mtimeMs > INCOMING_STALE_MS) await rm(path, { force: true });
        }
      })
      .catch(() => {});
  }

  /** A turn to decode, waited for until `deadline` at most. */
  function takeTurn(deadline: number): Promise<void> {
    if (active < working) {
      active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          const at = queue.indexOf(start);
          if (at !== -1) queue.splice(at, 1);
          reject(busy());
        },
        Math.max(0, deadline - Date.now()),
      );
      queue.push(start);
    });
  }

  /** The turn passes to the next waiting photo, or is freed. */
  function giveBack(): void {
    const next = queue.shift();
    if (next) next();
    else active--;
  }

  return {
    /**
     * The sent file written to disk as it arrives, at most PHOTO_MAX_BYTES + 1 bytes of it (the stream's own limit
     * stops it there: the caller reads the mark) and at most `receivingMax` for every file arriving at once (past it
     * PhotoRefused 503 photo.busy). On any failure nothing is left on disk.
     */
    async receive(stream: Readable): Promise<ReceivedPhoto> {
      if (!incoming) throw new Error('the workshop was made without a photos folder');
      await mkdir(incoming, { recursive: true });
      const path = join(incoming, randomUUID());
      const heads: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      let counted = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (receiving + chunk.length > receivingMax) return done(busy());
          receiving += chunk.length;
          counted += chunk.length;
          size += chunk.length;
          if (headLength < HEAD_BYTES) {
            heads.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += heads[heads.length - 1]!.length;
          }
          done(null, chunk);
        },
      });
      let discarded = false;
      const discard = async () => {
        if (discarded) return;
        discarded = true;
        receiving -= counted;
        counted = 0;
        // A file that cannot be removed now is an old one for the next start's sweep, not a failed answer.
        await rm(path, { force: true }).catch(() => {});
      };
      try {
        await pipeline(stream, count, createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await discard();
        throw error;
      }
      return { path, head: Buffer.concat(heads), size, discard };
    },
    /**
     * A place for one upload read whole, asked after the file is read and before its work: PhotoRefused (503
     * photo.busy) when `held` uploads already wait or are worked on. The function it answers gives the place back
     * (once, whatever happens).
     */
    admit(): () => void {
      if (inHand >= held) throw busy();
      inHand++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inHand--;
      };
    },
    /** The photo's files, from its bytes or a received file's path, or PhotoRefused with the reason and the status. */
    async make(input: Buffer | string): Promise<PhotoImages> {
      const { head, size } = typeof input === 'string' ? await headOf(input) : { head: input, size: input.length };
      const kind = photoKind(head, size);
      const sharp = await loadSharp();
      const charge = decodedBytes(await readHeader(sharp, input, kind));
      if (charge > budget) {
        throw new PhotoRefused('photo.tooBigToOpen', 400, { max: formatNumber(Math.floor(budget / MEGABYTE)) });
      }
      const deadline = Date.now() + waitMs;
      await takeTurn(deadline);
      let room: () => void;
      try {
        room = await decodeRoom.take(charge, budget, Math.max(0, deadline - Date.now()));
      } catch {
        giveBack();
        throw busy();
      }
      const work = makeImages(sharp, input);
      // The turn and the room are given back when libvips is done, not when the answer leaves (see the top).
      const done = () => {
        room();
        giveBack();
      };
      void work.then(done, done);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(busy()), timeoutMs);
      });
      try {
        return await Promise.race([work, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    /** Uploads held, photos being decoded and waiting, bytes being received (tests). */
    load: () => ({ held: inHand, working: active, waiting: queue.length, receiving }),
  };
}

export type PhotoWorkshop = ReturnType<typeof createPhotoWorkshop>;
