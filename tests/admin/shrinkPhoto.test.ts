// Issue 28: the size a photo is made before it is sent (src/shared/shrinkPhoto.ts); the drawing itself is the
// browser's, exercised by tests/e2e/console-photos.test.ts.
import { describe, expect, it } from 'vitest';
import { fitWithin } from '../../src/shared/shrinkPhoto';

describe('fitWithin', () => {
  it('keeps a photo that already fits', () => {
    expect(fitWithin(1600, 1200, 2560)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(2560, 1000, 2560)).toEqual({ width: 2560, height: 1000 });
  });

  it('brings the long side to the limit, keeping the proportions, portrait or landscape', () => {
    expect(fitWithin(4000, 3000, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000, 2560)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(10000, 10, 2560)).toEqual({ width: 2560, height: 3 });
    expect(fitWithin(100000, 1, 2560)).toEqual({ width: 2560, height: 1 });
  });
});
