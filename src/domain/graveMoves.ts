// How a move of remains to the ossuary reads (issue 13): «نُقلت رفاته من مقبرة رجال رقم ١٢ في …» beside a person in
// a bone section, «نُقل إلى المرحلة الأولى في …» in the history of the grave they left.
import { formatGraveNumber } from './format';
import { formatBurialDate } from './dateText';
import { fill } from './messages/fill';
import { graveLifePublicText as text } from './messages/graveLifePublic';
import type { GraveMove } from './types';

/** A grave named as a sentence names it: «مقبرة رجال رقم ١٢», or a bone section by its label. */
export function gravePlace(grave: Pick<GraveMove, 'gender' | 'number'>): string {
  if (grave.gender === 'bones') return formatGraveNumber(grave.number);
  const place = grave.gender === 'men' ? text['transfer.placeMen'] : text['transfer.placeWomen'];
  return fill(place, { number: formatGraveNumber(grave.number) });
}

// The public site reads these tables by static keys (src/public/text.ts): only these strings reach a visitor.
export const movedFromText = (move: GraveMove) =>
  fill(text['transfer.movedFrom'], { place: gravePlace(move), date: formatBurialDate(move.date) });

export const movedToText = (move: GraveMove) =>
  fill(text['transfer.movedTo'], { place: gravePlace(move), date: formatBurialDate(move.date) });

export const MOVED_HEADING = text['transfer.movedHeading'];

export const DIRECTIONS = text['position.directions'];

/** Where a grave stands on the plan: «الصف ب، الخانة ٤». */
export const placeText = (place: { row: string; place: number }) =>
  fill(text['position.place'], { row: place.row, place: formatGraveNumber(place.place) });
