// How the rest of a grave's life reads on its page: where the remains of its people went, the heading
// of that list, and where the grave stands on the plan. Apart from graveMoves.ts, which the home page's search
// needs, so that the home page's first download does not carry these lines.
import { formatGraveNumber } from './format';
import { formatBurialDate } from '../dates/dateText';
import { gravePlace } from '../rules/graveMoves';
import { fill } from '../messages/fill';
import { graveLifePublicText as text } from '../messages/graveLifePublic';
import { transferPublicText } from '../messages/transferPublic';
import type { Gender, GraveMove } from '../types';
import { sharedText } from '../messages/shared';

export const movedToText = (move: GraveMove) =>
  fill(text['transfer.movedTo'], { place: gravePlace(move), date: formatBurialDate(move.date) });

export const MOVED_HEADING = text['transfer.movedHeading'];

export const DIRECTIONS = text['position.directions'];

/** Where a grave stands on the plan: «الصف ب، الخانة ٤». */
export const placeText = (place: { row: string; place: number }) =>
  fill(text['position.place'], { row: place.row, place: formatGraveNumber(place.place) });

/** A grave emptied by moves of its remains, instead of "no one buried yet". */
export const EMPTIED_BY_TRANSFER = transferPublicText['transfer.emptiedPublic'];

// A grave named alone, with its section: grave numbers repeat across the sections, so the public grave
// page's title and heading, the plan and the console's messages say «المقبرة ١٢ — رجال» (a bone section's grave by
// its label: «المرحلة الأولى — عظام»). In a sentence that already says which section (a move of remains),
// graveMoves.ts's gravePlace reads «مقبرة رجال رقم ١٢». (Here, with the grave page's other lines, so that the
// public pages download it in a file they already load.)
export interface NamedGrave {
  gender: Gender;
  number: number | string;
}

/** The section's word as a grave's name carries it. */
export function sectionWord(gender: Exclude<Gender, 'bones'>): string {
  return gender === 'men' ? sharedText['gender.men'] : sharedText['gender.women'];
}

/** «المقبرة ١٢ — رجال», or a bone section's label «… — عظام». */
export function graveName(grave: NamedGrave): string {
  if (grave.gender === 'bones') return fill(text['graveName.bones'], { label: formatGraveNumber(grave.number) });
  return fill(text['graveName.numbered'], {
    number: formatGraveNumber(grave.number),
    section: sectionWord(grave.gender),
  });
}

/** «في المقبرة ١٢ — رجال». */
export const graveNameIn = (grave: NamedGrave): string => fill(text['graveName.in'], { grave: graveName(grave) });

/** The number and section a spec sentence ending in «رقم {number}» takes: «١٢ — رجال». */
export function graveNumberInSection(grave: NamedGrave): string {
  if (grave.gender === 'bones') return formatGraveNumber(grave.number);
  return fill(text['graveName.numberInSection'], {
    number: formatGraveNumber(grave.number),
    section: sectionWord(grave.gender),
  });
}

// A grave's code and short address (graveCode.ts), from here too: the grave page, the plan and the
// not-found page already download this file, so the code's lines add no file of their own to the site.
export {
  isGraveAddressPath,
  planCodeHint,
  shortAddressText,
  spokenGraveCode,
  GRAVE_ADDRESS_UNKNOWN,
} from './graveCode';
export { graveShortPath } from '../paths/graveAddress';
export { platesText } from '../messages/plates';

/** The browser tab's title of a grave's public page. */
export const gravePageTitle = (grave: NamedGrave, siteTitle: string): string =>
  fill(text['graveName.pageTitle'], { grave: graveName(grave), site: siteTitle });
