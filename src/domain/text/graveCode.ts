// How a grave's code reads — on its plate, on its page and on the plan. The code is the section and the
// number (a grave made again with the same number keeps it); said on the phone it is «رجال ٣١٧», typed it is the
// short address «example.org/g/m317» (src/domain/paths/graveAddress.ts).
import { fill } from '../messages/fill';
import { platesText as text } from '../messages/plates';
import { GRAVE_ADDRESS_PREFIX, graveShortPath } from '../paths/graveAddress';
import { publicPaths } from '../paths/publicPaths';
import { matchPath } from '../paths/publicPages';
import type { Gender } from '../types';
import { formatGraveNumber } from './format';

interface CodedGrave {
  gender: Gender;
  number: number | string;
}

/** The section as a plate prints it: «مقبرة الرجال». */
export function plateSectionName(gender: Gender): string {
  if (gender === 'men') return text['plate.sectionMen'];
  if (gender === 'women') return text['plate.sectionWomen'];
  return text['plate.sectionBones'];
}

/** The grave's code as said on the phone: «رجال ٣١٧», «عظام ع٣». */
export function spokenGraveCode(grave: CodedGrave): string {
  const number = formatGraveNumber(grave.number);
  if (grave.gender === 'bones') return fill(text['plate.spokenBones'], { label: number });
  return fill(text[grave.gender === 'men' ? 'plate.spokenMen' : 'plate.spokenWomen'], { number });
}

/**
 * The short address as printed and shown, to be typed: the site's host and path without the scheme
 * («example.org/g/m317»), or the path alone («/g/m317») when the site's address is not known.
 */
export function shortAddressText(siteUrl: string, grave: CodedGrave): string {
  // A bone label is printed as written (ع3), not percent-encoded: a browser encodes it again when it is typed.
  const path = decodeURIComponent(graveShortPath(grave.gender, grave.number));
  if (!siteUrl) return path;
  const url = new URL(siteUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}${path}`;
}

/** The plate's title (its <title>, for a screen reader): «لوحة المقبرة ٣١٧ — رجال». */
export const plateTitle = (graveName: string): string => fill(text['plate.title'], { grave: graveName });

/** The plan's line on codes, with one example grave (the men's 317): what is said, and what is typed. */
export function planCodeHint(siteUrl: string): { before: string; address: string; after: string } {
  const example = { gender: 'men', number: 317 } as const;
  const [before = '', after = ''] = fill(text['plate.planHint'], {
    spoken: spokenGraveCode(example),
    address: '\u0000',
  }).split('\u0000');
  return { before, address: shortAddressText(siteUrl, example), after };
}

/**
 * Whether an address names a grave by its section and number — a plate's short address (/g/m317, /G/M317) or a plan
 * cell's (/plan/men/12): the server answers such an address of no grave with 404, and its page says so.
 */
export const isGraveAddressPath = (pathname: string): boolean =>
  matchPath(`${GRAVE_ADDRESS_PREFIX}:code`, pathname) !== null ||
  matchPath(publicPaths.planGrave.path, pathname) !== null;

/** What that page says: no grave in the register has this address. */
export const GRAVE_ADDRESS_UNKNOWN = text['plate.addressUnknown'];
