// What a visitor's browser does with a photo of a grave before sending it. A phone camera's photo is 12
// megapixels and 3 to 6 MB; on a slow phone's network that would run past the request's time limit. So the page
// shrinks it to at most 2560 px on its long side (JPEG, quality 0.85: about a megabyte), which is still more than the
// server keeps (1600 px, docs/corrections-and-photos.md). The arithmetic lives here, pure, so a test reads it; the
// drawing is the browser's (src/shared/photoShrink.ts).

/** The long side a photo is sent at, at most. */
export const PHOTO_SEND_MAX_SIDE = 2560;
/** A photo already within the size and at most this heavy is sent as it was chosen (no loss, no work). */
export const PHOTO_SEND_AS_IS_BYTES = 2 * 1024 * 1024;
/** The server's ceiling for one photo (413 photo.tooLarge beyond it). */
export const PHOTO_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** The JPEG quality of a shrunk photo. */
export const PHOTO_SEND_QUALITY = 0.85;
/** The kinds of file the server takes (it reads the bytes; the type only guides the file picker). */
export const PHOTO_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface PhotoSize {
  width: number;
  height: number;
}

/**
 * The size a photo of `width` × `height` is drawn at so that its long side is at most `max`, keeping its shape
 * (each side rounded, never below 1 px). A photo already within it keeps its size.
 */
export function fitWithin(width: number, height: number, max: number = PHOTO_SEND_MAX_SIDE): PhotoSize {
  if (!(width > 0) || !(height > 0)) throw new RangeError(`not a size: ${width} × ${height}`);
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return {
    width: Math.max(1, Math.min(max, Math.round(width * scale))),
    height: Math.max(1, Math.min(max, Math.round(height * scale))),
  };
}

/** What the browser does with a photo: send the file as chosen, or draw it again at `size` as a JPEG. */
export type SendPlan = { kind: 'asIs' } | { kind: 'redraw'; size: PhotoSize };

/**
 * `width` × `height`: the photo as it shows (upright, EXIF orientation applied); `bytes`: the file's size; `type`:
 * its MIME type. A photo of a kind the server takes, within the long side and at most PHOTO_SEND_AS_IS_BYTES, goes as
 * it is; anything else is drawn again as a JPEG (a heavy PNG within the size becomes a JPEG of the same size).
 */
export function sendPlan(width: number, height: number, bytes: number, type: string): SendPlan {
  const size = fitWithin(width, height);
  const within = size.width === width && size.height === height;
  if (within && bytes <= PHOTO_SEND_AS_IS_BYTES && (PHOTO_ACCEPTED_TYPES as readonly string[]).includes(type))
    return { kind: 'asIs' };
  return { kind: 'redraw', size };
}

/** Whether a file named and typed so is a HEIC/HEIF photo (an iPhone's), which few browsers can draw. */
export function isHeic(name: string, type: string): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(type) || /\.(heic|heif)$/i.test(name);
}
