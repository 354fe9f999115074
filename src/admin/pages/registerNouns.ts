// The counted nouns of the register pages, with formatCount of src/domain/text/nouns.
import type { CountedNoun } from '../../domain/text/format';

/** حالة دفن: «حُفظت ٣ حالات دفن», «استيراد حالتي دفن». */
export const BURIALS: CountedNoun = {
  one: 'حالة دفن واحدة',
  two: 'حالتا دفن',
  twoGenitive: 'حالتي دفن',
  few: '{n} حالات دفن',
  many: '{n} حالة دفن',
  other: '{n} حالة دفن',
};
