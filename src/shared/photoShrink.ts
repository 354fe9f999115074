// A photo made ready to send from a phone (the public page's form and the console's «إضافة صورة») — drawn again at most 2560 px on its long side as a JPEG
// (src/domain/rules/photoUpload.ts says when and at what size), upright as the camera meant it (EXIF orientation
// applied by createImageBitmap; the drawn JPEG carries no metadata, so nothing turns it again). A file the browser
// cannot draw (an iPhone's HEIC in most browsers) is sent as chosen: the server names the formats it takes.
import { PHOTO_SEND_QUALITY, sendPlan, type PhotoSize } from '../domain/rules/photoUpload';

export interface ReadyPhoto {
  /** What is sent. */
  blob: Blob;
  /** Its file name (a shrunk photo is a .jpg). */
  name: string;
  /** The size it shows at, when the browser could read it. */
  size: PhotoSize | null;
  /** Whether it was drawn again. */
  shrunk: boolean;
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

async function drawJpeg(bitmap: ImageBitmap, size: PhotoSize): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    // A transparent PNG's clear pixels would be black in a JPEG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_SEND_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/jpeg', PHOTO_SEND_QUALITY),
  );
}

/** The photo as it will be sent. Never throws for a file the browser cannot read: that one goes as chosen. */
export async function preparePhoto(file: File): Promise<ReadyPhoto> {
  const asChosen: ReadyPhoto = { blob: file, name: file.name, size: null, shrunk: false };
  if (typeof createImageBitmap !== 'function') return asChosen;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return asChosen;
  }
  try {
    const shown = { width: bitmap.width, height: bitmap.height };
    const plan = sendPlan(shown.width, shown.height, file.size, file.type);
    if (plan.kind === 'asIs') return { ...asChosen, size: shown };
    let drawn: ImageBitmap | null = null;
    try {
      // The browser's own resampling (better than one drawImage step from 4000 px down).
      drawn = await createImageBitmap(file, {
        imageOrientation: 'from-image',
        resizeWidth: plan.size.width,
        resizeHeight: plan.size.height,
        resizeQuality: 'high',
      });
    } catch {
      drawn = null;
    }
    try {
      const blob = await drawJpeg(drawn ?? bitmap, plan.size);
      return { blob, name: jpegName(file.name), size: plan.size, shrunk: true };
    } catch {
      return { ...asChosen, size: shown };
    } finally {
      drawn?.close();
    }
  } finally {
    bitmap.close();
  }
}
