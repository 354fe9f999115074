// How plates of each size are laid out on an A4 page, the pages a list makes and the print's ceiling.
import { describe, expect, it } from 'vitest';
import {
  A4_MM,
  inNumberRange,
  MARK_REACH_MM,
  PLATE_MM,
  PLATE_SIZES,
  platesAlong,
  platesOfPrint,
  PLATES_PER_PRINT,
  readPlateSize,
  SHEET_MM,
  sheetLayout,
  sheetPages,
} from '../../src/domain/plan/plateSheet';

describe('sheetLayout', () => {
  it('puts 15 stickers (3 × 5) on a portrait page and 4 plates (2 × 2) on a landscape one', () => {
    expect(sheetLayout('sticker')).toMatchObject({ orientation: 'portrait', columns: 3, rows: 5, perPage: 15 });
    expect(sheetLayout('plate')).toMatchObject({ orientation: 'landscape', columns: 2, rows: 2, perPage: 4 });
    expect(sheetLayout('plate')).toMatchObject({ pageWidth: A4_MM.height, pageHeight: A4_MM.width });
  });

  it('keeps every plate, its gaps and its crop marks inside the margins, and no further plate would fit', () => {
    for (const size of PLATE_SIZES) {
      const l = sheetLayout(size);
      const used = (n: number, length: number) => n * length + (n - 1) * SHEET_MM.gap + 2 * MARK_REACH_MM;
      expect(used(l.columns, PLATE_MM[size].width)).toBeLessThanOrEqual(l.pageWidth - 2 * SHEET_MM.margin);
      expect(used(l.rows, PLATE_MM[size].height)).toBeLessThanOrEqual(l.pageHeight - 2 * SHEET_MM.margin);
      expect(used(l.columns + 1, PLATE_MM[size].width)).toBeGreaterThan(l.areaWidth);
      expect(used(l.rows + 1, PLATE_MM[size].height)).toBeGreaterThan(l.areaHeight);
    }
  });

  it('leaves room between two plates for both crop marks without them touching', () => {
    expect(SHEET_MM.gap).toBeGreaterThan(2 * MARK_REACH_MM);
    expect(SHEET_MM.markOffset).toBeGreaterThan(0);
  });

  it('counts what fits along a length, never fewer than none', () => {
    expect(platesAlong(198, 50)).toBe(3);
    expect(platesAlong(285, 50)).toBe(5);
    expect(platesAlong(40, 50)).toBe(0);
  });
});

describe('sheetPages', () => {
  it('fills each page before the next, keeps the order, and makes no empty page', () => {
    const graves = Array.from({ length: 31 }, (_, i) => i + 1);
    const pages = sheetPages(graves, 'sticker');
    expect(pages.map((p) => p.length)).toEqual([15, 15, 1]);
    expect(pages.flat()).toEqual(graves);
    expect(sheetPages(graves.slice(0, 4), 'plate')).toEqual([[1, 2, 3, 4]]);
    expect(sheetPages(graves.slice(0, 5), 'plate')).toEqual([[1, 2, 3, 4], [5]]);
    expect(sheetPages([], 'plate')).toEqual([]);
  });
});

describe('platesOfPrint', () => {
  it('keeps the first plates up to the ceiling and says how many were left out', () => {
    const many = Array.from({ length: PLATES_PER_PRINT + 7 }, (_, i) => i);
    expect(platesOfPrint(many)).toEqual({ plates: many.slice(0, PLATES_PER_PRINT), leftOut: 7 });
    expect(platesOfPrint([1, 2])).toEqual({ plates: [1, 2], leftOut: 0 });
  });
});

describe('inNumberRange', () => {
  it('includes both ends, takes the ends in either order, and skips a label that is not a number', () => {
    expect(inNumberRange(10, 10, 20)).toBe(true);
    expect(inNumberRange('20', 10, 20)).toBe(true);
    expect(inNumberRange(21, 10, 20)).toBe(false);
    expect(inNumberRange(15, 20, 10)).toBe(true);
    expect(inNumberRange('ع3', 1, 10)).toBe(false);
    expect(inNumberRange('3', 1, 10)).toBe(true);
  });
});

describe('readPlateSize', () => {
  it('reads a size from an address, the 10×7 cm plate otherwise', () => {
    expect(readPlateSize('sticker')).toBe('sticker');
    expect(readPlateSize('plate')).toBe('plate');
    expect(readPlateSize(null)).toBe('plate');
    expect(readPlateSize('huge')).toBe('plate');
  });
});
