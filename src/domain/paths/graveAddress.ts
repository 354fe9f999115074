// A grave's short address: printed under the QR code of its plate, typed from the plate, said on the
// phone. It names the section and the number, not the grave's id, so it never changes once printed: a grave made
// again with the same number (after an undone import) answers at the same address. The server sends a visitor on
// to the grave's page (server/site), or answers an Arabic not-found page with 404.
//
// Why a letter and the number ("/g/m317"): with a site address of up to 20 characters the whole URL stays within a
// version 3 QR code at error correction M (42 bytes), and written in capitals it is encoded in the QR's
// alphanumeric mode (61 characters at that size), so the code stays small on a 5 cm sticker.
import type { Gender } from '../types';

const LETTER: Readonly<Record<Gender, string>> = { men: 'm', women: 'w', bones: 'b' };
const GENDER_OF_LETTER: Readonly<Record<string, Gender>> = { m: 'men', w: 'women', b: 'bones' };

/** The path every short address starts with; the server accepts it in either case ("/G/M317" from a QR code). */
export const GRAVE_ADDRESS_PREFIX = '/g/';

/** The grave's short address, as a path: "/g/m317", "/g/b%D8%B93" for the bone section's "ع3". */
export function graveShortPath(gender: Gender, number: number | string): string {
  return `${GRAVE_ADDRESS_PREFIX}${LETTER[gender]}${encodeURIComponent(String(number))}`;
}

/** The section and number a short address's last part names ("m317", "M317"), or null when it names none. */
export function readGraveShortCode(code: string): { gender: Gender; number: string } | null {
  const gender = GENDER_OF_LETTER[code.charAt(0).toLowerCase()];
  if (gender === undefined || code.length < 2) return null;
  let number: string;
  try {
    number = decodeURIComponent(code.slice(1));
  } catch {
    return null;
  }
  return number.trim() === '' ? null : { gender, number };
}

/**
 * The text of a plate's QR code: the site's public address (an absolute URL) and the short path, in capitals where
 * that changes nothing (the scheme, the host, the short path's letters), so the QR code uses its compact
 * alphanumeric mode.
 */
export function graveQrText(siteUrl: string, gender: Gender, number: number | string): string {
  // Only the scheme and host are case-blind: a path the site lives under (one host for several villages) is kept.
  const url = new URL(siteUrl);
  const base = `${url.protocol}//${url.host}`.toUpperCase() + url.pathname.replace(/\/+$/, '');
  const label = encodeURIComponent(String(number));
  // A bone label holding lower-case Latin letters keeps them: its lookup is exact.
  return `${base}${GRAVE_ADDRESS_PREFIX.toUpperCase()}${LETTER[gender].toUpperCase()}${label}`;
}
