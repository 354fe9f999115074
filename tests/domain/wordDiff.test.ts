// The words a correction changes, marked in the console's side-by-side view.
import { describe, expect, it } from 'vitest';
import { wordDiff, wordsOf } from '../../src/domain/text/wordDiff';

const marked = (words: { text: string; changed: boolean }[]) => words.filter((w) => w.changed).map((w) => w.text);

describe('wordDiff', () => {
  it('marks nothing when the texts are the same, spaces aside', () => {
    const diff = wordDiff('  محمد   عبد الرحمن ', 'محمد عبد الرحمن');
    expect(diff.differs).toBe(false);
    expect(marked(diff.before)).toEqual([]);
    expect(marked(diff.after)).toEqual([]);
    expect(diff.after.map((w) => w.text)).toEqual(['محمد', 'عبد', 'الرحمن']);
  });

  it('marks the one word that changed, on both sides', () => {
    const diff = wordDiff('أحمد محمود السيد', 'أحمد محمد السيد');
    expect(diff.differs).toBe(true);
    expect(marked(diff.before)).toEqual(['محمود']);
    expect(marked(diff.after)).toEqual(['محمد']);
  });

  it('compares letters as written: a hamza corrected is a difference', () => {
    expect(marked(wordDiff('احمد علي', 'أحمد علي').after)).toEqual(['أحمد']);
    expect(marked(wordDiff('فاطمه حسن', 'فاطمة حسن').after)).toEqual(['فاطمة']);
  });

  it('marks an added middle name alone, and a removed one on the side that had it', () => {
    const added = wordDiff('سعاد النجار', 'سعاد إبراهيم النجار');
    expect(marked(added.before)).toEqual([]);
    expect(marked(added.after)).toEqual(['إبراهيم']);
    const removed = wordDiff('سعاد إبراهيم النجار', 'سعاد النجار');
    expect(marked(removed.before)).toEqual(['إبراهيم']);
    expect(marked(removed.after)).toEqual([]);
    expect(removed.differs).toBe(true);
  });

  it('compares dates as written, so a changed day marks the day', () => {
    const diff = wordDiff('١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ', '١٦ مارس ٢٠٢٤م الموافق ٦ رمضان ١٤٤٥ هـ');
    expect(marked(diff.before)).toEqual(['١٥', '٥']);
    expect(marked(diff.after)).toEqual(['١٦', '٦']);
  });

  it('handles empty sides: everything on the other side is marked', () => {
    expect(wordDiff('', '').differs).toBe(false);
    const diff = wordDiff('', 'محمد علي');
    expect(diff.before).toEqual([]);
    expect(marked(diff.after)).toEqual(['محمد', 'علي']);
    expect(marked(wordDiff('محمد', '   ').before)).toEqual(['محمد']);
  });

  it('a repeated word keeps its place (عبد … عبد)', () => {
    const diff = wordDiff('عبد الله عبد الرحمن', 'عبد الله عبد الرحيم');
    expect(marked(diff.before)).toEqual(['الرحمن']);
    expect(marked(diff.after)).toEqual(['الرحيم']);
  });

  it('reads one letter written two ways (NFC) as one word', () => {
    const composed = 'آمنة';
    const decomposed = 'ا\u0653منة';
    expect(wordsOf(decomposed)).toEqual([composed]);
    expect(wordDiff(composed, decomposed).differs).toBe(false);
  });
});
