// Bytes kept for long are in memory of their own (server/http/ownedBytes.ts): a kept slice of a shared slab keeps
// the whole slab.
import { describe, expect, it } from 'vitest';
import { compressed } from '../../server/http/compressed';
import { memoryOf, owned, ownedConcat, ownedText } from '../../server/http/ownedBytes';

const ownsItsMemory = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.byteLength;

describe('bytes in memory of their own', () => {
  const text = 'محمد عبد الله الحسيني، ١٩٩٨';

  it('a text, a copy of a slice and a concatenation hold only their bytes, and the same bytes', () => {
    const pooled = Buffer.from(text);
    // The case it is for: Node gives a small buffer as a slice of a larger slab.
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const mine = ownedText(text);
    expect(ownsItsMemory(mine)).toBe(true);
    expect(mine.equals(pooled)).toBe(true);
    const copy = owned(pooled);
    expect(ownsItsMemory(copy)).toBe(true);
    expect(copy.equals(pooled)).toBe(true);
    expect(owned(mine)).toBe(mine); // already its own: not copied again
    const joined = ownedConcat([Buffer.from('['), pooled, Buffer.from(']')]);
    expect(ownsItsMemory(joined)).toBe(true);
    expect(joined.toString()).toBe(`[${text}]`);
  });

  it("a kept answer's compressed forms hold only their bytes", () => {
    const body = ownedText(JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ name: `${text} ${i}` }))));
    for (const encoding of ['br', 'gzip'] as const) {
      for (const once of [false, true]) expect(ownsItsMemory(compressed(body, encoding, once))).toBe(true);
    }
  });

  it('counts each slab once, whole', () => {
    const slab = Buffer.alloc(1000);
    const [a, b] = [slab.subarray(0, 10), slab.subarray(10, 30)];
    expect(memoryOf([a, b, ownedText('abc')])).toEqual({ bytes: 33, memory: 1003 });
  });
});
