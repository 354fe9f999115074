// A shared link's preview image, 1200×630 PNG, drawn by sharp (libvips: Pango, HarfBuzz and FriBidi
// shape the Arabic, letters joined and right to left) with the Noto Kufi Arabic TrueType files, on the site's theme
// colour with its logo. What it shows is a card of the pure domain (src/domain/text/pageHead.ts); this module draws a
// card and keeps it:
// - kept by the card's content (its hash is the ETag): a record or identity that changes is a new card, drawn once,
//   and an unchanged one is never drawn again, in memory bounded by count and bytes (the oldest used leaves first);
// - drawing runs in libuv's thread pool (sharp is asynchronous), never on the event loop, at most two at once; a few
//   more wait their turn, and beyond them the request is refused at once (PreviewBusy: 503 with an Arabic message),
//   so a crawler asking for thousands of graves cannot queue work without bound. The same card asked twice while it
//   is drawn is drawn once;
// - any text draws: a word longer than its line (a name written as one word) is broken between letters, a text
//   taller than its room keeps the whole lines that fit, and a layer that would still pass its box is shrunk into it,
//   so no text of any length makes the card fail (sharp refuses a layer larger than the card it is put on).
import { createHash } from 'node:crypto';
import { loadSharp, type Sharp } from './decoding';
import { FONTS } from './fonts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, type PreviewCard } from '../../src/domain/text/pageHead';

/** The product's own mark (public/icons/icon.svg), its ground in the site's theme colour. */
const productMark = (color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="${color}"/>` +
  '<g transform="translate(6.4 6.4) scale(0.8)"><path d="M21 48V29a11 11 0 0 1 22 0v19z" fill="#f7f4ee"/>' +
  `<path d="M35.5 25.5a6 6 0 1 0 0 9 4.8 4.8 0 1 1 0-9z" fill="${color}"/>` +
  '<path d="M13 50h38" stroke="#f7f4ee" stroke-width="3" stroke-linecap="round"/></g></svg>';

const MARGIN = 80;
const LOGO = 120;
const TOP = 56;
const TEXT_WIDTH = PREVIEW_WIDTH - 2 * MARGIN;
const BOTTOM = PREVIEW_HEIGHT - 40;
const CREAM = '#f7f4ee';

const escapeMarkup = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class PreviewBusy extends Error {
  constructor() {
    super('preview images busy');
  }
}

export interface PreviewImage {
  bytes: Buffer;
  /** Quoted, as the ETag header carries it. */
  etag: string;
}

export interface PreviewOptions {
  /** The committee's logo as a PNG (server/data/siteFiles.ts), or null for the product's mark. */
  logo: (token: string) => Promise<Buffer | null>;
  /** At most this many drawn at once. */
  drawing?: number;
  /** At most this many waiting for their turn; beyond them a request is refused. */
  waiting?: number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * The most characters of one text drawn: more than the card's room shows of any of them (a line of the smallest size
 * holds about 70), so a longer text loses only what would fall off the card anyway, and its layer stays small.
 */
const MAX_TEXT_CHARS = 600;

/** The distance between two lines of a text, in pixels, for its font size (Noto Kufi Arabic at 72 dpi; measured). */
const lineHeightOf = (size: number) => Math.round(size * 1.9);

interface Layer {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Whether a text has anything to draw: Pango draws nothing for spaces and invisible marks alone, and sharp refuses
 * a text layer with nothing in it. Such a text is left out of the card, as an empty one is.
 */
const drawable = (text: string) => /[^\s\p{Cf}]/u.test(text);

/** One text as a transparent PNG layer, right-aligned, wrapped at `width`; with its size. */
async function textLayer(
  sharp: Sharp,
  text: string,
  options: { size: number; weight: keyof typeof FONTS; color: string; width?: number },
): Promise<Layer> {
  const font = FONTS[options.weight];
  const width = options.width ?? TEXT_WIDTH;
  const shown = Array.from(text).slice(0, MAX_TEXT_CHARS).join('');
  // U+200F first: the paragraph is right to left even when it begins with a digit or a Latin letter. A word broken
  // between letters takes no hyphen: Arabic writes none.
  const markup = `<span foreground="${options.color}" insert_hyphens="false">\u200f${escapeMarkup(shown)}</span>`;
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `${font.family} ${options.size}`,
      fontfile: font.file,
      rgba: true,
      width,
      // Pango mirrors the alignment of a right-to-left paragraph: its 'left' puts every wrapped line against the
      // right edge ('right' would leave the second line of a long prayer line hanging from the left; looked at).
      align: 'left',
      // Between words, and between the letters of a word longer than the line (a name written as one word).
      wrap: 'word-char',
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  if (info.width <= width) return { data, width: info.width, height: info.height };
  // Pango's width is a wish: a layer wider than its box all the same is shrunk into it.
  const shrunk = await sharp(data).resize({ width, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
  return { data: shrunk.data, width: shrunk.info.width, height: shrunk.info.height };
}

/**
 * The layer within `room` pixels of height: as it is when it fits; else its whole lines that fit, from the first; else
 * (not one line fits) null, and the text is left out.
 */
async function withinHeight(sharp: Sharp, layer: Layer, room: number, size: number): Promise<Layer | null> {
  if (layer.height <= room) return layer;
  const lineHeight = lineHeightOf(size);
  const keep = Math.min(Math.floor(room / lineHeight) * lineHeight, layer.height);
  if (keep < lineHeight) return null;
  const cut = await sharp(layer.data).extract({ left: 0, top: 0, width: layer.width, height: keep }).png().toBuffer();
  return { data: cut, width: layer.width, height: keep };
}

async function logoLayer(sharp: Sharp, card: PreviewCard, logo: PreviewOptions['logo']): Promise<Buffer> {
  const committee = card.logo ? await logo(card.logo) : null;
  if (!committee)
    return sharp(Buffer.from(productMark(card.themeColor)))
      .resize(LOGO, LOGO)
      .png()
      .toBuffer();
  // The committee's logo on a light tile, so that a dark logo shows on a dark theme colour too.
  const inner = await sharp(committee)
    .resize(LOGO - 16, LOGO - 16, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const tile = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO}" height="${LOGO}"><rect width="${LOGO}" height="${LOGO}" rx="16" fill="${CREAM}"/></svg>`,
  );
  return sharp(tile)
    .composite([{ input: inner, top: 8, left: 8 }])
    .png()
    .toBuffer();
}

/** The card drawn: 1200×630, the logo and the site's line at the top right, the lead, the title and the lines below. */
export async function drawPreview(card: PreviewCard, logo: PreviewOptions['logo']): Promise<Buffer> {
  const sharp = await loadSharp();
  const layers: Array<{ input: Buffer; top: number; left: number }> = [];
  layers.push({ input: await logoLayer(sharp, card, logo), top: TOP, left: PREVIEW_WIDTH - MARGIN - LOGO });
  const ruleTop = TOP + LOGO + 36;
  // The site's line beside the logo, above the rule: two lines of it at most.
  const header = drawable(card.header)
    ? await withinHeight(
        sharp,
        await textLayer(sharp, card.header, { size: 36, weight: 'bold', color: CREAM, width: TEXT_WIDTH - LOGO - 32 }),
        ruleTop - 8 - TOP,
        36,
      )
    : null;
  if (header) {
    layers.push({
      input: header.data,
      top: TOP + Math.max(0, Math.round((LOGO - header.height) / 2)),
      left: PREVIEW_WIDTH - MARGIN - LOGO - 32 - header.width,
    });
  }
  layers.push({
    input: await sharp({
      create: { width: TEXT_WIDTH, height: 2, channels: 4, background: { r: 247, g: 244, b: 238, alpha: 0.35 } },
    })
      .png()
      .toBuffer(),
    top: ruleTop,
    left: MARGIN,
  });

  let y = ruleTop + 30;
  const body = [
    ...(card.lead ? [{ text: card.lead, size: 30, weight: 'regular' as const, color: '#e3ebe7', gap: 8 }] : []),
    { text: card.title, size: card.title.length > 34 ? 50 : 62, weight: 'bold' as const, color: '#ffffff', gap: 14 },
    ...card.lines.map((line) => ({ text: line, size: 32, weight: 'regular' as const, color: '#f1ede4', gap: 10 })),
  ].filter((part) => drawable(part.text));
  for (const part of body) {
    const drawn = await textLayer(sharp, part.text, part);
    // What does not fit is cut at its last whole line that does, or left out; nothing is drawn after it.
    const layer = await withinHeight(sharp, drawn, BOTTOM - y, part.size);
    if (layer) layers.push({ input: layer.data, top: y, left: PREVIEW_WIDTH - MARGIN - layer.width });
    if (layer !== drawn) break;
    y += layer.height + part.gap;
  }

  return sharp({
    create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: card.themeColor },
  })
    .composite(layers)
    .png({ compressionLevel: 9, palette: true, colours: 128 })
    .toBuffer();
}

/** The preview images of one server: drawn on demand, kept by content, at most two drawn at once. */
export function createPreviews(options: PreviewOptions) {
  const drawing = options.drawing ?? 2;
  const waiting = options.waiting ?? 8;
  const maxEntries = options.maxEntries ?? 300;
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const kept = new Map<string, PreviewImage>();
  let keptBytes = 0;
  const inFlight = new Map<string, Promise<PreviewImage>>();
  let active = 0;
  const queue: Array<() => void> = [];

  const keep = (key: string, image: PreviewImage) => {
    kept.set(key, image);
    keptBytes += image.bytes.length;
    for (const [oldest, entry] of kept) {
      if (kept.size <= maxEntries && keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= entry.bytes.length;
    }
  };

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (active >= drawing) {
      if (queue.length >= waiting) throw new PreviewBusy();
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      active++;
    }
    try {
      return await work();
    } finally {
      // The slot passes to the next waiting draw, or is freed.
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  }

  return {
    /** The card's image: kept, being drawn, or drawn now. Throws PreviewBusy when too many are being drawn. */
    image(card: PreviewCard): Promise<PreviewImage> {
      const key = createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 27);
      const found = kept.get(key);
      if (found) {
        // Used again: the last to leave.
        kept.delete(key);
        kept.set(key, found);
        return Promise.resolve(found);
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const work = turn(async () => {
        const image = { bytes: await drawPreview(card, options.logo), etag: `"${key}"` };
        keep(key, image);
        return image;
      }).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
    /** How many images are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}

export type Previews = ReturnType<typeof createPreviews>;
