// What the plate sheets' address asks for, and the words that name a plate.
import type { PlateChoice } from '../../queries/asked';
import type { Plate } from '../../queries/plateSheets';
import { t } from '../../../domain/messages';
import type { PlateSize } from '../../../domain/plan/plateSheet';
import { formatGraveNumber } from '../../../domain/text/format';
import { GENDERS, type Gender } from '../../../domain/types';
import { GENDER_LABEL } from '../../resources/graves/labels';

export const SIZE_LABEL: Record<PlateSize, string> = {
  sticker: t('plateSheets.sizeSticker'),
  plate: t('plateSheets.sizePlate'),
};

/** The chosen graves are named above their plates when they are this few. */
export const CHOSEN_NAMED = 6;

export function readGender(value: string | null): Gender | null {
  return GENDERS.find((g) => g === value) ?? null;
}

/** What the address asks for: some graves by id, or a section and a range, or nothing yet. */
export function readChoice(params: URLSearchParams): PlateChoice {
  const ids = params.getAll('id').filter((id) => id !== '');
  if (ids.length > 0) return { kind: 'ids', ids };
  const gender = readGender(params.get('gender'));
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (gender && Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to >= 1) {
    return { kind: 'range', gender, from: Math.min(from, to), to: Math.max(from, to) };
  }
  return { kind: 'none' };
}

/** «مقبرة رقم ١٢ — رجال»: numbers repeat across sections. */
export function graveTitle(plate: Plate): string {
  return `${t('grave.title', { n: formatGraveNumber(plate.number) })} — ${GENDER_LABEL[plate.gender]}`;
}

export function plateAlt(plate: Plate): string {
  return t('plateSheets.plateAlt', { grave: graveTitle(plate) });
}
