// How a grave is named and when it is free, in words (shared by the cards, the grave page and the home page).
import { formatDays, formatGraveNumber } from '../domain/text/format';
import { GRAVE_STATUS, type Gender, type Grave } from '../domain/types';
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

/**
 * 'في المقبرة رقم ١٢', with its section when given ('في المقبرة رقم ١٢ — رجال': numbers repeat across sections), or
 * 'في المرحلة الأولى (…)' for a bone section. Kept here rather than in domain/text/graveName.ts so that the home
 * page's first download stays within its budget.
 */
export function graveWhere(n: number | string, gender?: Gender): string {
  if (typeof n !== 'number') return fill(pt['public.inSection'], { label: n });
  const where = fill(pt['public.inGrave'], { n: formatGraveNumber(n) });
  if (gender === 'men') return `${where} — ${ui['gender.men']}`;
  return gender === 'women' ? `${where} — ${ui['gender.women']}` : where;
}
