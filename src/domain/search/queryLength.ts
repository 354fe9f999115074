// A search box answers from the second letter on: one letter alone matches too many names to mean anything, and
// «لا توجد نتائج» for it would tell a family their relative is not in the register. A digit alone is a grave number
// and is searched at once.
import { normalizeArabic } from './normalize';

/** Whether the typed text is a single letter (with any spaces, marks or tatweel), so the box asks for another. */
export function waitsForMoreLetters(typed: string): boolean {
  const folded = normalizeArabic(typed).replace(/\s+/g, '');
  return [...folded].length === 1 && /\p{L}/u.test(folded);
}
