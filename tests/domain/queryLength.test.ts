// A search box waits for a second letter: one letter alone asks for another instead of saying nothing was found.
import { describe, expect, it } from 'vitest';
import { waitsForMoreLetters } from '../../src/domain/search/queryLength';

describe('a one-letter search waits for another letter', () => {
  it.each(['م', ' م ', 'مّ', 'ـمـ', 'a', 'أ'])('%j waits', (typed) => expect(waitsForMoreLetters(typed)).toBe(true));
  it.each(['', '  ', 'مح', 'م ح', '٤', '4', 'ab'])('%j does not', (typed) =>
    expect(waitsForMoreLetters(typed)).toBe(false),
  );
});
