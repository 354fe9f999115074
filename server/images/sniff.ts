// What kind of image a file is, from its first bytes alone (never its name or the Content-Type its sender wrote):
// the logo and the photos of a grave both start here, and libvips must then read the same
// format, so a known signature glued on anything else is still refused.

/**
 * The kinds told apart. `heic` and `avif` are ISO BMFF (HEIF) files: recognised so a phone's HEIC photo gets its own
 * message (sharp's libvips carries no HEVC decoder), never read.
 */
export type ImageKind = 'png' | 'jpeg' | 'webp' | 'svg' | 'heic' | 'avif';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** HEIF's brands (ISO/IEC 23008-12 and the AVIF spec): an image file of that family whatever it holds. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'mif2']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** An ISO BMFF file starts with its `ftyp` box: size (4 bytes), `ftyp`, the major brand, a version, other brands. */
function heifKind(bytes: Buffer): 'heic' | 'avif' | null {
  if (!startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return null;
  const size = bytes.readUInt32BE(0);
  const end = Math.min(bytes.length, size >= 16 && size <= 4096 ? size : 16);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  // The major brand decides (an AVIF may list mif1 among its compatible brands, a HEIC never lists avif first).
  if (AVIF_BRANDS.has(brands[0]!)) return 'avif';
  if (HEIC_BRANDS.has(brands[0]!)) return 'heic';
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return null;
}

/** The kind of image the bytes are, from their signature alone; null for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  const heif = bytes.length >= 12 ? heifKind(bytes) : null;
  if (heif) return heif;
  // SVG: UTF-8 text (a BOM allowed) whose first element, after an XML declaration, comments and a DOCTYPE (which
  // the logo's svgIsUnsafe then refuses), is <svg.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    return null;
  }
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*(<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>))*/i, '')
    .trimStart();
  return /^<svg[\s>]/.test(head) ? 'svg' : null;
}
