// The committee's logo: an uploaded PNG, JPEG, WebP or SVG made into the square PNGs of LOGO_SIZES.
// The file's kind is read from its bytes (never its name or Content-Type), and sharp (libvips, in libuv's thread
// pool, so the event loop stays free) reads and draws it with a ceiling on the pixels it may decode, so a small
// file that would unpack to a huge image is refused before it is decoded; the work is bounded by a timeout too.
//
// An SVG is never served as SVG: it is drawn by librsvg into the same PNGs, so none of its text reaches a browser.
// librsvg runs no scripts, and an SVG read from memory (no base file, as sharp reads it) may load no external file:
// every reference but a data: URL is refused (librsvg's url_resolver.rs). An SVG that asks for any of it anyway —
// a DOCTYPE or entity, a script or event handler, a reference outside itself — is refused before it is drawn, so
// what is accepted is plainly a drawing.
import { createHash } from 'node:crypto';
import { LOGO_SIZES } from '../../src/domain/identity/siteIdentity';
import type { MessageKey } from '../../src/domain/messages';
import { sniffImage } from './sniff';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** 8000 × 8000: far above a logo, far below what would tie up the memory of a small machine. */
export const LOGO_MAX_PIXELS = 8000 * 8000;
/** The longest the drawing of one logo may take. */
export const LOGO_TIMEOUT_SECONDS = 10;

export class LogoRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status = 400,
  ) {
    super(key);
  }
}

/** Whether an SVG's text asks for anything beyond drawing itself (see the top of this module). */
export function svgIsUnsafe(text: string): boolean {
  if (/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet|<script|<foreignObject|<iframe|<embed|<object/i.test(text)) return true;
  // Event handlers (onload=, onclick= …) on any element, and javascript: anywhere.
  if (/\son[a-z]+\s*=/i.test(text) || /javascript:/i.test(text)) return true;
  if (/@import/i.test(text) || /xi:include|XInclude/i.test(text)) return true;
  // References: to itself (#id) or an embedded image (data:image/…) only.
  const allowed = (value: string) => value.startsWith('#') || /^data:image\//i.test(value);
  for (const m of text.matchAll(/(?:^|[\s"'])(?:xlink:)?href\s*=\s*(["'])([\s\S]*?)\1/gi)) {
    if (!allowed((m[2] ?? '').trim())) return true;
  }
  for (const m of text.matchAll(/url\(\s*(["']?)([\s\S]*?)\1\s*\)/gi)) {
    if (!allowed((m[2] ?? '').trim())) return true;
  }
  return false;
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

/** The logo's PNGs, or a LogoRefused with the Arabic reason. */
export async function makeLogoImages(bytes: Buffer): Promise<LogoImages> {
  if (bytes.length === 0) throw new LogoRefused('logo.missing');
  if (bytes.length > LOGO_MAX_BYTES) throw new LogoRefused('logo.tooLarge', 413);
  const kind = sniffImage(bytes);
  // A HEIF file (a phone's HEIC, an AVIF) is not among the logo's formats.
  if (!kind || kind === 'heic' || kind === 'avif') throw new LogoRefused('logo.notImage');
  if (kind === 'svg' && svgIsUnsafe(bytes.toString('utf8'))) throw new LogoRefused('logo.svgUnsafe');

  // Loaded on the first upload only: libvips is not needed to start serving.
  const { default: sharp } = await import('sharp');
  const open = () => sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error', animated: false });
  let format: string | undefined;
  try {
    const metadata = await withTimeout(open().metadata());
    format = metadata.format;
    if (!metadata.width || !metadata.height) throw new LogoRefused('logo.notImage');
    if (metadata.width * metadata.height > LOGO_MAX_PIXELS) throw new LogoRefused('logo.tooManyPixels');
  } catch (error) {
    if (error instanceof LogoRefused) throw error;
    if (/pixel limit/i.test(String(error))) throw new LogoRefused('logo.tooManyPixels');
    throw new LogoRefused('logo.notImage');
  }
  // What the signature said is what libvips read: a PNG header glued on anything else is not a PNG.
  if (format !== kind) throw new LogoRefused('logo.notImage');

  const files: LogoImages['files'] = [];
  try {
    for (const size of LOGO_SIZES) {
      const png = await withTimeout(
        open()
          .rotate()
          .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      );
      files.push({ size, bytes: png });
    }
  } catch (error) {
    if (error instanceof LogoRefused) throw error;
    if (/pixel limit/i.test(String(error))) throw new LogoRefused('logo.tooManyPixels');
    throw new LogoRefused('logo.notImage');
  }
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.bytes);
  return { token: hash.digest('base64url').slice(0, 12), files };
}
