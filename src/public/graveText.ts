// How a grave is named and when it is free, in words (shared by the cards, the grave page and the home page).
import { formatDays, formatGraveNumber } from '../domain/text/format';
import { GRAVE_STATUS, type Grave } from '../domain/types';
import { fill, pt, ui } from './text';

/** 'مقبرة رقم ١٢' for a numbered grave; a bone section's own label as it is. */
export function graveTitle(n: number | string): string {
  return typeof n === 'number' ? fill(ui['grave.title'], { n: formatGraveNumber(n) }) : n;
}

export function availabilityText(grave: Pick<Grave, 'status' | 'daysUntilAvailable'>): string | null {
  if (grave.status === GRAVE_STATUS.available) return ui['grave.availableNow'];
  if (grave.daysUntilAvailable !== null && grave.daysUntilAvailable > 0) {
    return fill(ui['grave.availableIn'], { days: formatDays(grave.daysUntilAvailable) });
  }
  return null;
}

/** 'في المقبرة رقم ١٢', or 'في المرحلة الأولى (…)' for a bone section. */
export function graveWhere(n: number | string): string {
  return typeof n === 'number' ? fill(pt['public.inGrave'], { n: formatGraveNumber(n) }) : fill(pt['public.inSection'], { label: n });
}
