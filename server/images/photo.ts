// A photo of a grave: an uploaded JPEG, PNG or WebP made into the two sizes the pages show, each as WebP
// and as a JPEG fallback. The shape of logo.ts: the kind read from the bytes (sniff.ts), sharp (libvips, in libuv's
// thread pool, so the event loop stays free) reading with a ceiling on the pixels it may decode and a time limit.
//
// What leaves here holds pixels only. The photo is turned upright by its EXIF orientation (`rotate()`), and sharp
// writes no metadata unless asked (keepExif/withMetadata, never called here): no EXIF, so no camera GPS position, no
// ICC profile (the pixels are converted to sRGB first), no XMP. The pixels are decoded once, into the display size,
// and every file is encoded from those raw pixels, which carry no metadata at all. The original is not kept.
//
// Memory and time are bounded per process: at most PHOTO_HELD uploads are in memory at once (read, waiting or being
// worked on; beyond them 503 at once), at most PHOTO_WORKING decoded at once; one waits its turn at most
// PHOTO_WAIT_SECONDS. A photo that takes longer than PHOTO_TIMEOUT_SECONDS is answered 503, and its turn is given
// back only when libvips has really finished with it (a timeout does not stop libvips), so the bound holds.
import type SharpModule from 'sharp';
import type { MessageKey } from '../../src/domain/messages';
import { sniffImage } from './sniff';

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/**
 * 8192 × 8192 (67 megapixels): above a 48- or 50-megapixel phone camera, and a ceiling on what a small file may
 * unpack to (a JPEG is decoded already shrunk, by libjpeg's shrink-on-load, since the display size is far smaller).
 */
export const PHOTO_MAX_PIXELS = 8192 * 8192;
export const DISPLAY_MAX = 1600;
export const THUMB_MAX = 400;
export const PHOTO_TIMEOUT_SECONDS = 30;
export const PHOTO_WORKING = 2;
export const PHOTO_HELD = 6;
export const PHOTO_WAIT_SECONDS = 20;

/** The files a photo keeps, named as its addresses name them (/photos/<id>/<file>). */
export const PHOTO_FILES = ['display.webp', 'display.jpg', 'thumb.webp', 'thumb.jpg'] as const;
export type PhotoFileName = (typeof PHOTO_FILES)[number];

export class PhotoRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status: number,
  ) {
    super(key);
  }
}

const busy = () => new PhotoRefused('photo.busy', 503);

/**
 * The cheap check, from the first bytes only, made before any turn is taken or any throttle counted: a JPEG, PNG
 * or WebP signature, or the reason it is refused (415: a HEIC photo has its own message naming the formats taken).
 */
export function photoKind(bytes: Buffer): 'jpeg' | 'png' | 'webp' {
  if (bytes.length === 0) throw new PhotoRefused('photo.missing', 400);
  if (bytes.length > PHOTO_MAX_BYTES) throw new PhotoRefused('photo.tooLarge', 413);
  const kind = sniffImage(bytes);
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

type Sharp = typeof SharpModule;
let loaded: Promise<Sharp> | null = null;
// Loaded on the first photo only: libvips is not needed to start serving.
const loadSharp = () => (loaded ??= import('sharp').then((m) => m.default));

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

/** The work itself, once a turn is taken; refusals as PhotoRefused. */
async function makeImages(bytes: Buffer, kind: 'jpeg' | 'png' | 'webp'): Promise<PhotoImages> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: false } as const;
  let metadata: SharpModule.Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    // libvips reads the size from the header and refuses past the ceiling before decoding anything.
    if (/pixel limit/i.test(String(error))) throw new PhotoRefused('photo.tooManyPixels', 400);
    throw new PhotoRefused('photo.notImage', 415);
  }
  // What the signature said is what libvips read: a JPEG header glued on anything else is not a JPEG.
  if (metadata.format !== kind || !metadata.width || !metadata.height) throw new PhotoRefused('photo.notImage', 415);
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw new PhotoRefused('photo.tooManyPixels', 400);
  try {
    // Decoded once: upright, at most DISPLAY_MAX on its long side, on white where it was transparent (a JPEG has no
    // transparency), in sRGB, 8 bits a channel; every file is encoded from these pixels.
    const display = await sharp(bytes, options)
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
    throw new PhotoRefused('photo.notImage', 415);
  }
}

/** The photos' workshop of one server: the bounds of the top of this module. */
export function createPhotoWorkshop(
  options: { working?: number; held?: number; waitSeconds?: number; timeoutSeconds?: number } = {},
) {
  const working = options.working ?? PHOTO_WORKING;
  const held = options.held ?? PHOTO_HELD;
  const waitMs = (options.waitSeconds ?? PHOTO_WAIT_SECONDS) * 1000;
  const timeoutMs = (options.timeoutSeconds ?? PHOTO_TIMEOUT_SECONDS) * 1000;
  let inHand = 0;
  let active = 0;
  const queue: Array<() => void> = [];

  /** A turn to decode, waited for at most waitMs. */
  function takeTurn(): Promise<void> {
    if (active < working) {
      active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(start);
        if (at !== -1) queue.splice(at, 1);
        reject(busy());
      }, waitMs);
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
     * Room for one upload's bytes, asked before the file is read: PhotoRefused (503 photo.busy) when `held` uploads
     * are already in memory. The function it answers gives the room back (once, whatever happens).
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
    /** The photo's files, or PhotoRefused with the Arabic reason and the status. */
    async make(bytes: Buffer): Promise<PhotoImages> {
      const kind = photoKind(bytes);
      await takeTurn();
      const work = makeImages(bytes, kind);
      // The turn is given back when libvips is done, not when the answer leaves (see the top of this module).
      void work.then(giveBack, giveBack);
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
    /** Uploads in memory, and photos being decoded (for tests). */
    load: () => ({ held: inHand, working: active, waiting: queue.length }),
  };
}

export type PhotoWorkshop = ReturnType<typeof createPhotoWorkshop>;
