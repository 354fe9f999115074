// How the rest of a grave's life reads on its page (issue 13): where the remains of its people went, the heading
// of that list, and where the grave stands on the plan. Apart from graveMoves.ts, which the home page's search
// needs, so that the home page's first download does not carry these lines.
import { formatGraveNumber } from './format';
import { formatBurialDate } from '../dates/dateText';
import { gravePlace } from '../rules/graveMoves';
import { fill } from '../messages/fill';
import { graveLifePublicText as text } from '../messages/graveLifePublic';
import { transferPublicText } from '../messages/transferPublic';
import type { GraveMove } from '../types';

export const movedToText = (move: GraveMove) =>
  fill(text['transfer.movedTo'], { place: gravePlace(move), date: formatBurialDate(move.date) });

export const MOVED_HEADING = text['transfer.movedHeading'];

export const DIRECTIONS = text['position.directions'];

/** Where a grave stands on the plan: «الصف ب، الخانة ٤». */
export const placeText = (place: { row: string; place: number }) =>
  fill(text['position.place'], { row: place.row, place: formatGraveNumber(place.place) });

/** A grave emptied by moves of its remains (issue 23), instead of "no one buried yet". */
export const EMPTIED_BY_TRANSFER = transferPublicText['transfer.emptiedPublic'];
