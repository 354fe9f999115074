// Which words of a burial's value a family's correction changes, so that the console marks them. Word by
// word, after trimming and collapsing spaces: an Arabic name is a row of names (محمد عبد الرحمن), and a date is
// compared as the register writes it (formatBurialDate), so a changed day marks the day, not the whole date. Letters
// are compared as written: a hamza or a taa marbuta the family corrects is the difference the committee must see.

export interface DiffWord {
  text: string;
  /** True for a word of this side that the other side does not have at this place. */
  changed: boolean;
}

export interface WordDiff {
  before: DiffWord[];
  after: DiffWord[];
  /** Whether the two texts differ at all (after trimming). */
  differs: boolean;
}

/** The words of a text: split on any run of spaces, none empty; NFC so that one letter written two ways is one. */
export function wordsOf(text: string): string[] {
  const trimmed = text.normalize('NFC').trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/u);
}

/**
 * The words of `before` and `after`, each marked when it is not part of their longest common run of words (the
 * longest common subsequence, so an added or removed middle name marks that name alone).
 */
export function wordDiff(before: string, after: string): WordDiff {
  const a = wordsOf(before);
  const b = wordsOf(after);
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..]. Names and dates are a few words long.
  const lengths: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const keptA = new Array<boolean>(a.length).fill(false);
  const keptB = new Array<boolean>(b.length).fill(false);
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      keptA[i] = true;
      keptB[j] = true;
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  const beforeWords = a.map((text, i) => ({ text, changed: !keptA[i] }));
  const afterWords = b.map((text, j) => ({ text, changed: !keptB[j] }));
  const differs = a.length !== b.length || beforeWords.some((w) => w.changed) || afterWords.some((w) => w.changed);
  return { before: beforeWords, after: afterWords, differs };
}
