// The committee's logo: an uploaded PNG, JPEG, WebP or SVG made into the square PNGs of LOGO_SIZES.
// The file's kind is read from its bytes (never its name or Content-Type), and sharp (libvips, in libuv's thread
// pool, so the event loop stays free) reads and draws it with a ceiling on the pixels it may decode, so a small
// file that would unpack to a huge image is refused before it is decoded; the work is bounded by a timeout too. Its
// decoded size, read from the header, is charged against the decode budget shared with the photos (decoding.ts):
// past it the logo is refused before a pixel is drawn, and within it the drawing waits for room.
//
// An SVG is never served as SVG: it is drawn by librsvg into the same PNGs, so none of its text reaches a browser.
// librsvg runs no scripts, and an SVG read from memory (no base file, as sharp reads it) may load no external file:
// every reference but a data: URL is refused (librsvg's url_resolver.rs). An SVG that asks for any of it anyway —
// a DOCTYPE or entity, a script or event handler, a reference outside itself — is refused before it is drawn, so
// what is accepted is plainly a drawing. A picture inside it (an <image>, a data: URL) is refused too: its size is
// nowhere in the SVG's header, so no budget could be counted for it (an 8192² PNG inside a small SVG took 1.7 GB).
import { createHash } from 'node:crypto';
import { LOGO_SIZES } from '../../src/domain/identity/siteIdentity';
import type { MessageKey } from '../../src/domain/messages';
import { formatNumber } from '../../src/domain/text/format';
import { DEFAULT_DECODE_BUDGET_MB, decodedBytes, decodeRoom, loadSharp, MEGABYTE } from './decoding';
import { sniffImage } from './sniff';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** 8000 × 8000: far above a logo, far below what would tie up the memory of a small machine. */
export const LOGO_MAX_PIXELS = 8000 * 8000;
/** The longest the drawing of one logo may take. */
export const LOGO_TIMEOUT_SECONDS = 10;
/** The longest a logo waits for room to be decoded (photos being decoded hold it). */
export const LOGO_WAIT_SECONDS = 20;

export class LogoRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status = 400,
    /** The message's values (the budget it names). */
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** A reference an SVG may make: to a part of itself (#id) only. */
const ownPart = (value: string) => value.startsWith('#');

/** Every value an SVG's text gives as a reference: href (whatever its namespace prefix) and CSS url(). */
function references(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s"'])(?:[\w.-]+:)?href\s*=\s*(["'])([\s\S]*?)\1/gi))
    found.push((m[2] ?? '').trim());
  for (const m of text.matchAll(/url\(\s*(["']?)([\s\S]*?)\1\s*\)/gi)) found.push((m[2] ?? '').trim());
  return found;
}

/** Whether an SVG's text asks for anything beyond drawing itself (see the top of this module). */
export function svgIsUnsafe(text: string): boolean {
  if (/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet|<script|<foreignObject|<iframe|<embed|<object/i.test(text)) return true;
  // Event handlers (onload=, onclick= …) on any element, and javascript: anywhere.
  if (/\son[a-z]+\s*=/i.test(text) || /javascript:/i.test(text)) return true;
  if (/@import/i.test(text) || /xi:include|XInclude/i.test(text)) return true;
  return references(text).some((value) => !ownPart(value) && !/^data:/i.test(value));
}

/** Whether an SVG holds a picture: an <image> or <feImage> element, or a data: URL in a reference. */
export function svgHasPicture(text: string): boolean {
  if (/<(?:[\w.-]+:)?(?:image|feImage)[\s/>]/i.test(text)) return true;
  return references(text).some((value) => /^data:/i.test(value));
}

export interface LogoImages {
  /** A short hash of the PNGs: the pages' addresses carry it, so a new logo is a new address. */
  token: string;
  files: Array<{ size: number; bytes: Buffer }>;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LogoRefused('logo.busy', 503)), LOGO_TIMEOUT_SECONDS * 1000);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** How a logo is read: as a photo is (photo.ts), with the logo's own ceiling on its pixels. */
const READ = { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'warning', animated: false, sequentialRead: true } as const;

/**
 * The logo's PNGs, or a LogoRefused with the Arabic reason. `budgetBytes`: the decode budget (IMAGE_DECODE_BUDGET_MB).
 */
export async function makeLogoImages(
  bytes: Buffer,
  budgetBytes = DEFAULT_DECODE_BUDGET_MB * MEGABYTE,
): Promise<LogoImages> {
  if (bytes.length === 0) throw new LogoRefused('logo.missing');
  if (bytes.length > LOGO_MAX_BYTES) throw new LogoRefused('logo.tooLarge', 413);
  const kind = sniffImage(bytes);
  // A HEIF file (a phone's HEIC, an AVIF) is not among the logo's formats.
  if (!kind || kind === 'heic' || kind === 'avif') throw new LogoRefused('logo.notImage');
  if (kind === 'svg') {
    const text = bytes.toString('utf8');
    if (svgIsUnsafe(text)) throw new LogoRefused('logo.svgUnsafe');
    if (svgHasPicture(text)) throw new LogoRefused('logo.svgImage');
  }

  // Loaded on the first upload only: libvips is not needed to start serving.
  const sharp = await loadSharp();
  const open = () => sharp(bytes, READ);
  let charge: number;
  try {
    const metadata = await withTimeout(open().metadata());
    if (!metadata.width || !metadata.height) throw new LogoRefused('logo.notImage');
    if (metadata.width * metadata.height > LOGO_MAX_PIXELS) throw new LogoRefused('logo.tooManyPixels');
    // What the signature said is what libvips read: a PNG header glued on anything else is not a PNG.
    if (metadata.format !== kind) throw new LogoRefused('logo.notImage');
    charge = decodedBytes(metadata);
  } catch (error) {
    if (error instanceof LogoRefused) throw error;
    if (/pixel limit/i.test(String(error))) throw new LogoRefused('logo.tooManyPixels');
    throw new LogoRefused('logo.notImage');
  }
  if (charge > budgetBytes) {
    throw new LogoRefused('logo.tooBigToOpen', 400, { max: formatNumber(Math.floor(budgetBytes / MEGABYTE)) });
  }

  let room: () => void;
  try {
    room = await decodeRoom.take(charge, budgetBytes, LOGO_WAIT_SECONDS * 1000);
  } catch {
    throw new LogoRefused('logo.busy', 503);
  }
  const draw = async () => {
    const files: LogoImages['files'] = [];
    for (const size of LOGO_SIZES) {
      const png = await open()
        .rotate()
        .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      files.push({ size, bytes: png });
    }
    return files;
  };
  const work = draw();
  // The room is given back when libvips is done with the logo, not when the answer leaves (a timeout stops nothing).
  void work.then(room, room);
  let files: LogoImages['files'];
  try {
    files = await withTimeout(work);
  } catch (error) {
    if (error instanceof LogoRefused) throw error;
    if (/pixel limit/i.test(String(error))) throw new LogoRefused('logo.tooManyPixels');
    // The header was read: what failed is the picture's data, cut short or damaged.
    throw new LogoRefused('logo.damaged');
  }
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.bytes);
  return { token: hash.digest('base64url').slice(0, 12), files };
}
