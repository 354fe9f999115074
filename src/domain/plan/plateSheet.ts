// The console's sheets of grave plates: how many plates of a size fit a printed A4 page, with the page's
// margin and the gap between plates that holds their crop marks, and the pages a list of graves makes. The plate
// itself (its QR code, its words) is the server's SVG (GET /api/graves/{id}/plate.svg); this module only lays
// plates out at their real size.

/** The two sizes of plate: a 5×5 cm sticker and a 10×7 cm plate (the SVG's own size, in millimetres). */
export const PLATE_SIZES = ['sticker', 'plate'] as const;
export type PlateSize = (typeof PLATE_SIZES)[number];

export const PLATE_MM: Readonly<Record<PlateSize, { width: number; height: number }>> = {
  sticker: { width: 50, height: 50 },
  plate: { width: 100, height: 70 },
};

/** An A4 sheet, portrait, in millimetres. */
export const A4_MM = { width: 210, height: 297 } as const;

/**
 * The sheet's measures in millimetres. margin: the page's margin (@page), within what most printers can reach.
 * gap: between two plates, wide enough for both plates' crop marks with a clear millimetre between them.
 * A crop mark starts markOffset outside the plate's edge (so it is never on the cut plate) and runs markLength.
 */
export const SHEET_MM = { margin: 6, gap: 7, markOffset: 1, markLength: 2 } as const;

/** How far a plate's crop marks reach outside it: the page keeps that much room around the outer plates. */
export const MARK_REACH_MM = SHEET_MM.markOffset + SHEET_MM.markLength;

/**
 * The most plates asked for in one print. Each plate on the sheet is one request for its SVG, and the server counts
 * a client's requests (600 a minute by default, RATE_LIMIT_PER_MINUTE): 200 leave room for a second print in the
 * same minute and for the console's own calls. 200 plates are 14 pages of stickers or 50 pages of plates.
 */
export const PLATES_PER_PRINT = 200;

export type Orientation = 'portrait' | 'landscape';

export interface SheetLayout {
  size: PlateSize;
  orientation: Orientation;
  /** The paper, as it is turned. */
  pageWidth: number;
  pageHeight: number;
  /** The printable area inside the margins. */
  areaWidth: number;
  areaHeight: number;
  plateWidth: number;
  plateHeight: number;
  columns: number;
  rows: number;
  perPage: number;
}

/** How many plates of `length` fit along `room` mm: n plates, n − 1 gaps and the marks' reach at both ends. */
export function platesAlong(room: number, length: number): number {
  const fit = Math.floor((room - 2 * MARK_REACH_MM + SHEET_MM.gap) / (length + SHEET_MM.gap));
  return Math.max(0, fit);
}

function layoutOf(size: PlateSize, orientation: Orientation): SheetLayout {
  const { width: plateWidth, height: plateHeight } = PLATE_MM[size];
  const pageWidth = orientation === 'portrait' ? A4_MM.width : A4_MM.height;
  const pageHeight = orientation === 'portrait' ? A4_MM.height : A4_MM.width;
  const areaWidth = pageWidth - 2 * SHEET_MM.margin;
  const areaHeight = pageHeight - 2 * SHEET_MM.margin;
  const columns = platesAlong(areaWidth, plateWidth);
  const rows = platesAlong(areaHeight, plateHeight);
  return {
    size,
    orientation,
    pageWidth,
    pageHeight,
    areaWidth,
    areaHeight,
    plateWidth,
    plateHeight,
    columns,
    rows,
    perPage: columns * rows,
  };
}

/**
 * The page for plates of a size: A4 turned the way more plates fit (portrait when it is a tie): 15 stickers
 * (3 × 5) on a portrait page, 4 plates (2 × 2) on a landscape one.
 */
export function sheetLayout(size: PlateSize): SheetLayout {
  const portrait = layoutOf(size, 'portrait');
  const landscape = layoutOf(size, 'landscape');
  return landscape.perPage > portrait.perPage ? landscape : portrait;
}

/** The items in pages of `perPage`, in order; no page is empty, and a plate is never cut across two pages. */
export function sheetPages<T>(items: readonly T[], size: PlateSize): T[][] {
  const { perPage } = sheetLayout(size);
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

/** The plates one print holds: the first PLATES_PER_PRINT of the list, and whether some were left out. */
export function platesOfPrint<T>(items: readonly T[]): { plates: T[]; leftOut: number } {
  return { plates: items.slice(0, PLATES_PER_PRINT), leftOut: Math.max(0, items.length - PLATES_PER_PRINT) };
}

/**
 * Whether a grave's number lies in a range from–to (both included). A bone section's label that is not a whole
 * number ("ع3") lies in no range.
 */
export function inNumberRange(number: number | string, from: number, to: number): boolean {
  const text = String(number).trim();
  if (!/^\d+$/.test(text)) return false;
  const n = Number(text);
  return n >= Math.min(from, to) && n <= Math.max(from, to);
}

/** A size's name in an address (?size=…), or the default (the 10×7 cm plate) for anything else. */
export function readPlateSize(value: string | null | undefined): PlateSize {
  return value === 'sticker' ? 'sticker' : 'plate';
}
