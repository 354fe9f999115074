// Kept answers' brotli (server/http/compressed.ts) uses a window sized to the body: it must lose nothing against
// the default 4 MB window, whatever the size, and give back the same bytes.
import { describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { brotliQuality, compressed } from '../../server/http/compressed';

/** JSON of the register's shape: names and dates repeating at a distance, as a section's or a search's answer. */
function answerOf(bytes: number): Buffer {
  const people: string[] = [];
  for (let i = 0, length = 0; length < bytes; i++) {
    const person = JSON.stringify({
      _id: `${(i * 7919) % 100_000}`,
      name: `محمد ${i % 97} عبد الله ${i % 13}`,
      burialDate: `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
    });
    people.push(person);
    length += person.length + 1;
  }
  return Buffer.from(`[${people.join(',')}]`.slice(0, bytes));
}

describe('brotli for kept answers', () => {
  it.each([300, 1_500, 14_000, 70_000, 600_000, 2_500_000])(
    'a %i-byte answer: same bytes back, no larger than with the default window',
    (bytes) => {
      const body = answerOf(bytes);
      const ours = compressed(body, 'br');
      expect(brotliDecompressSync(ours).equals(body)).toBe(true);
      const quality = brotliQuality(bytes);
      const reference = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
      expect(ours.length).toBeLessThanOrEqual(Math.ceil(reference.length * 1.01) + 8);
    },
  );
});

describe('an answer to typed words, compressed fast', () => {
  it.each([1_500, 14_000, 70_000])('a %i-byte answer: same bytes back, still well compressed', (bytes) => {
    const body = answerOf(bytes);
    for (const encoding of ['br', 'gzip'] as const) {
      const fast = compressed(body, encoding, true);
      const decoded = encoding === 'br' ? brotliDecompressSync(fast) : gunzipSync(fast);
      expect(decoded.equals(body)).toBe(true);
      // Quality 1 keeps most of the gain: a third of the body at most, and at most twice the kept answers' level
      // (this made-up answer repeats more than a real one: a town's search answer is a sixth larger, not twice).
      expect(fast.length).toBeLessThan(body.length / 3);
      expect(fast.length).toBeLessThanOrEqual(compressed(body, encoding).length * 2);
    }
  });
});
