// How a move of remains to the ossuary reads: «نُقلت رفاته من مقبرة رجال رقم ١٢ في …» beside a person in
// a bone section (the home page's search shows it too); the grave page's other lines are in graveLifeText.ts.
import { formatGraveNumber } from '../text/format';
import { formatBurialDate } from '../dates/dateText';
import { fill } from '../messages/fill';
import { graveMovesPublicText as text } from '../messages/graveMovesPublic';
import type { GraveMove } from '../types';

/** A grave named as a sentence names it: «مقبرة رجال رقم ١٢», or a bone section by its label. */
export function gravePlace(grave: Pick<GraveMove, 'gender' | 'number'>): string {
  if (grave.gender === 'bones') return formatGraveNumber(grave.number);
  const place = grave.gender === 'men' ? text['transfer.placeMen'] : text['transfer.placeWomen'];
  return fill(place, { number: formatGraveNumber(grave.number) });
}

// The public site reads these tables by static keys (src/public/text.ts): only these strings reach a visitor.
export const movedFromText = (move: GraveMove) =>
  fill(text['transfer.movedFrom'], { place: gravePlace(move), date: formatBurialDate(move.date) });
