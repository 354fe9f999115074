// A grave's plate as an SVG sized in millimetres — a 5×5 cm sticker or a 10×7 cm plate — with its QR code
// (computed by the qrcode package at error correction M, drawn here as one path), the section and number, the short
// address under the code and the village's name. The text is real SVG text in the site's font (Noto Kufi Arabic)
// with a fallback, so a printer, a browser or a cutter's software keeps it as text.
//
// Every line of text fits its place whatever it says (a village's name of 80 letters as one word, a bone section's
// label of 100): its width is measured in the site's font by Pango (sharp), letters joined and shaped as they are
// drawn, and its size lowered until it fits, with room for a substitute font that draws wider (a browser showing
// the plate as an image uses the fonts of its own machine).
import QRCode from 'qrcode';
import { loadSharp } from './decoding';
import { FONTS } from './fonts';

export const PLATE_SIZES = ['sticker', 'plate'] as const;
export type PlateSize = (typeof PLATE_SIZES)[number];

export interface PlateText {
  /** What the QR code holds: the grave's short address, absolute (graveQrText). */
  qrText: string;
  /** The short address as printed under the code, to be typed (shortAddressText). */
  address: string;
  /** «مقبرة الرجال» */
  section: string;
  /** «٣١٧», or a bone section's label. */
  number: string;
  /** The village's name; '' prints no line. */
  village: string;
  /** The plate's title for a screen reader. */
  title: string;
}

export interface Plate {
  svg: string;
  /** The QR code's version (1–40): 3 or lower for a site address of up to 20 characters. */
  qrVersion: number;
}

const ARABIC_FONT = "'Noto Kufi Arabic', 'Noto Sans Arabic', sans-serif";
const ADDRESS_FONT = "'DejaVu Sans Mono', 'Noto Sans Mono', monospace";
const INK = '#1b1b1b';
const QUIET_MODULES = 4;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mm = (value: number) => String(Math.round(value * 100) / 100);

/**
 * How much wider than Noto Kufi Arabic another font may draw the same text: DejaVu Sans Bold, librsvg's substitute
 * on a Debian server, draws Arabic-Indic digits 23% wider, Latin capitals 13% (measured).
 */
const SUBSTITUTE_WIDER = 1.25;
/** A monospaced font draws every Latin character 0.6 em wide; a character beyond it (a wide one) twice that. */
const monoEm = (text: string) => [...text].reduce((sum, c) => sum + (/[\x20-\x7e]/.test(c) ? 0.6 : 1.2), 0);

/** Pango draws at most this many pixels across (cairo's surface), so a long text is measured at a smaller size. */
const MEASURE_MAX_PIXELS = 24_000;
/** The widest a character may be, in em (a ligature of a whole phrase, U+FDFD, is 11.2 in the site's font). */
const WIDEST_EM = 12;
const measured = new Map<string, number>();
const MEASURED_KEPT = 1000;

/** The width of `text` in em in the site's font: Pango's own layout of it, as wide as its ink between two bars. */
async function measureEm(text: string, bold: boolean): Promise<number> {
  const key = `${bold ? 'b' : 'r'}${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  const font = FONTS[bold ? 'bold' : 'regular'];
  const size = Math.max(2, Math.min(100, Math.floor(MEASURE_MAX_PIXELS / (Math.max([...text].length, 1) * WIDEST_EM))));
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let em: number;
  try {
    const sharp = await loadSharp();
    const width = async (markup: string) =>
      (
        await sharp({
          text: { text: markup, font: `${font.family} ${size}`, fontfile: font.file, dpi: 72, wrap: 'none' },
        })
          .png()
          .toBuffer({ resolveWithObject: true })
      ).info.width;
    // The bars keep the spaces at either end in the measure; their own width is taken off.
    em = (await width(`|${escaped}|`)) / size - (await width('||')) / size;
  } catch {
    // Not measured (a text Pango cannot draw): counted at the widest.
    em = [...text].length * WIDEST_EM;
  }
  if (measured.size >= MEASURED_KEPT) measured.delete(measured.keys().next().value!);
  measured.set(key, em);
  return em;
}

interface Line {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold?: boolean;
  address?: boolean;
}

async function textLine({ text, x, y, width, size, bold, address }: Line): Promise<string> {
  if (text.trim() === '') return '';
  // A size (mm) at which the line fits the width, at most `size`.
  const em = address ? monoEm(text) : (await measureEm(text, bold ?? false)) * SUBSTITUTE_WIDER;
  const fontSize = Math.min(size, width / Math.max(em, 0.01));
  const font = address ? ADDRESS_FONT : ARABIC_FONT;
  return (
    `<text x="${mm(x)}" y="${mm(y)}" font-size="${mm(fontSize)}" font-family="${font}"` +
    `${bold ? ' font-weight="700"' : ''} text-anchor="middle" direction="${address ? 'ltr' : 'rtl'}"` +
    ` fill="${INK}">${escapeXml(text)}</text>`
  );
}

/** The code's dark modules as one path, in modules (a run of dark modules in a row is one rectangle). */
function qrPath(modules: QRCode.BitMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_MODULES} ${row + QUIET_MODULES}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}

/** The QR code with its quiet zone, in a square of `side` mm at (x, y). */
function qrCode(code: QRCode.QRCode, x: number, y: number, side: number): string {
  const total = code.modules.size + 2 * QUIET_MODULES;
  return (
    `<svg x="${mm(x)}" y="${mm(y)}" width="${mm(side)}" height="${mm(side)}" viewBox="0 0 ${total} ${total}"` +
    ` shape-rendering="crispEdges"><rect width="${total}" height="${total}" fill="#fff"/>` +
    `<path d="${qrPath(code.modules)}" fill="#000"/></svg>`
  );
}

const LAYOUTS: Record<
  PlateSize,
  { width: number; height: number; draw: (code: QRCode.QRCode, t: PlateText) => Promise<string> }
> = {
  // 5×5 cm: the section and number above the code, the address under it, the village last.
  sticker: {
    width: 50,
    height: 50,
    draw: async (code, t) =>
      (
        await Promise.all([
          textLine({ text: `${t.section} ${t.number}`, x: 25, y: 6.6, width: 44, size: 4.6, bold: true }),
          qrCode(code, 10.5, 8.5, 29),
          textLine({ text: t.address, x: 25, y: 41.6, width: 46, size: 3, address: true }),
          textLine({ text: t.village, x: 25, y: 47, width: 44, size: 3 }),
        ])
      ).join(''),
  },
  // 10×7 cm: the code on the left with the address under it; on the right, where an Arabic reader starts, the
  // village, the section and the number in large digits.
  plate: {
    width: 100,
    height: 70,
    draw: async (code, t) =>
      (
        await Promise.all([
          `<rect x="1.5" y="1.5" width="97" height="67" rx="3" fill="none" stroke="${INK}" stroke-width="0.4"/>`,
          qrCode(code, 5, 5, 50),
          textLine({ text: t.address, x: 30, y: 62, width: 48, size: 3.6, address: true }),
          textLine({ text: t.village, x: 76, y: 15, width: 38, size: 4.2 }),
          textLine({ text: t.section, x: 76, y: 29, width: 38, size: 5.6, bold: true }),
          textLine({ text: t.number, x: 76, y: 51, width: 38, size: 18, bold: true }),
        ])
      ).join(''),
  },
};

/** The plate's SVG document. */
export async function drawPlate(text: PlateText, size: PlateSize): Promise<Plate> {
  const code = QRCode.create(text.qrText, { errorCorrectionLevel: 'M' });
  const { width, height, draw } = LAYOUTS[size];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm"` +
    ` viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(text.title)}">` +
    `<title>${escapeXml(text.title)}</title>` +
    `<rect width="${width}" height="${height}" fill="#fff"/>${await draw(code, text)}</svg>`;
  return { svg, qrVersion: code.version };
}
