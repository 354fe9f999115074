// Issue 28: a photo of a grave made smaller in the browser before it is sent, for the public page's form and the
// console alike: a phone's photo is often 4000 px and 5 MB, and the server keeps at most 1600 px of it anyway. The
// server has the last word on what a file is (it sniffs the bytes): what the browser cannot read (a HEIC photo) is
// sent as it is, and the server's Arabic answer says why it is refused.

const SHRINKABLE = ['image/jpeg', 'image/png', 'image/webp'];

/** The size that fits within `maxSide` on the long side, keeping the proportions (never larger than it was). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxSide || long === 0) return { width, height };
  const scale = maxSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The photo at most `maxSide` px on its long side, as a JPEG (quality 0.9) when it had to be drawn again; the file
 * itself when it is small enough already or the browser cannot read it. Turned upright by its EXIF orientation.
 */
export async function shrinkPhoto(file: File, maxSide = 2560): Promise<Blob> {
  if (!SHRINKABLE.includes(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    if (size.width === bitmap.width && size.height === bitmap.height) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A PNG's transparent parts would turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
