// Which available grave a section offers next, and why, in the committee's words. The preference, by default: a grave
// never used, so an old burial is not disturbed while fresh ground is left; then the one whose last burial is the
// oldest, the longest rested. A committee that numbers its graves in the order it digs them may choose the lowest
// number instead (NEXT_GRAVE_ORDER=lowest). The order is read by the data layer's query; the reason given with the
// grave is this module's.
import { formatBurialDate } from '../dates/dateText';
import { t } from '../messages';

export type NextGraveOrder = 'longest' | 'lowest';
export const NEXT_GRAVE_ORDERS: readonly NextGraveOrder[] = ['longest', 'lowest'];
export const DEFAULT_NEXT_GRAVE_ORDER: NextGraveOrder = 'longest';

/** Why this grave is the one offered: never used, the longest rested (since its last burial), or the lowest number. */
export function nextGraveWhy(order: NextGraveOrder, lastBurialDate: string | null): string {
  if (lastBurialDate === null) return t('next.whyNeverUsed');
  if (order === 'lowest') return t('next.whyLowest');
  return t('next.whyLongestRested', { date: formatBurialDate(lastBurialDate) });
}
