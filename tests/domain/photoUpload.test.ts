// The size a photo is sent at from a phone (src/domain/rules/photoUpload.ts): at most 2560 px on its long
// side, its shape kept; a photo already small and light goes as it was chosen.
import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  isHeic,
  PHOTO_SEND_AS_IS_BYTES,
  PHOTO_SEND_MAX_SIDE,
  sendPlan,
} from '../../src/domain/rules/photoUpload';

describe('fitWithin', () => {
  it('brings the long side down to the limit, keeping the shape', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(6000, 6000)).toEqual({ width: 2560, height: 2560 });
    // A panorama: the short side rounded, never below one pixel.
    expect(fitWithin(12000, 2000)).toEqual({ width: 2560, height: 427 });
    expect(fitWithin(100000, 10)).toEqual({ width: 2560, height: 1 });
  });

  it('leaves a photo within the limit as it is', () => {
    expect(fitWithin(2560, 1440)).toEqual({ width: 2560, height: 1440 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1000, 500, 400)).toEqual({ width: 400, height: 200 });
  });

  it('never answers a side above the limit, whatever the rounding', () => {
    for (let w = 2561; w < 2700; w += 7) {
      for (const h of [1, 3, 1919, 2561, 2699]) {
        const size = fitWithin(w, h);
        expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(PHOTO_SEND_MAX_SIDE);
        expect(Math.max(size.width, size.height)).toBe(PHOTO_SEND_MAX_SIDE);
      }
    }
  });

  it('refuses what is not a size', () => {
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe('sendPlan', () => {
  it('sends a small, light photo of an accepted kind as chosen', () => {
    expect(sendPlan(1600, 1200, 500_000, 'image/jpeg')).toEqual({ kind: 'asIs' });
    expect(sendPlan(2560, 1920, PHOTO_SEND_AS_IS_BYTES, 'image/webp')).toEqual({ kind: 'asIs' });
    expect(sendPlan(1000, 800, 900_000, 'image/png')).toEqual({ kind: 'asIs' });
  });

  it('draws a large or heavy photo again', () => {
    expect(sendPlan(4000, 3000, 4_000_000, 'image/jpeg')).toEqual({
      kind: 'redraw',
      size: { width: 2560, height: 1920 },
    });
    // Within the size but heavy (a PNG screenshot): a JPEG of the same size.
    expect(sendPlan(2000, 1500, PHOTO_SEND_AS_IS_BYTES + 1, 'image/png')).toEqual({
      kind: 'redraw',
      size: { width: 2000, height: 1500 },
    });
    // A kind the server does not take but the browser could draw (a GIF, a BMP): a JPEG.
    expect(sendPlan(800, 600, 100_000, 'image/bmp')).toEqual({ kind: 'redraw', size: { width: 800, height: 600 } });
  });
});

describe('isHeic', () => {
  it('knows an iPhone photo by its type or its name', () => {
    expect(isHeic('IMG_0001.HEIC', '')).toBe(true);
    expect(isHeic('photo.heif', 'application/octet-stream')).toBe(true);
    expect(isHeic('x', 'image/heic')).toBe(true);
    expect(isHeic('x', 'image/heif-sequence')).toBe(true);
    expect(isHeic('grave.jpg', 'image/jpeg')).toBe(false);
  });
});
