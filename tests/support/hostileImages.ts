// Images made to hurt a server that decodes what it is sent: files of under a megabyte that unpack to hundreds, files
// cut short, and the worst a server must still take (the largest of the hungriest kinds within the decode budget).
// They are made by sharp in a process of their own, so that making them (an 8192² progressive JPEG is encoded from
// 400 MB of coefficients) never counts in the memory of the process that runs the test, and its server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_DECODE_BUDGET_MB, MEGABYTE } from '../../server/images/decoding';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

export const HOSTILE_IMAGES = {
  /** 8192 × 8192 of one colour, progressive, 4:4:4: under 1 MB; libjpeg holds 400 MB of coefficients to decode it. */
  progressive8192: 'progressive-8192.jpg',
  /** 8192 × 8192, 16 bits a channel, interlaced: about 420 KB; held whole, 400 MB. */
  interlaced16Bit8192: 'interlaced-16bit-8192.png',
  /** A baseline JPEG declaring 8000 × 8000, cut at half its bytes. */
  truncated8000: 'truncated-8000.jpg',
  /** A baseline JPEG of 3000 × 2000 (within the budget), cut at 60% of its bytes. */
  truncatedWithin: 'truncated-3000.jpg',
  /** The same cut, given a forged end marker. */
  forgedEndWithin: 'forged-end-3000.jpg',
  /** The largest progressive 4:4:4 JPEG within the default budget (charged two bytes a sample). */
  progressiveWithin: 'progressive-within.jpg',
  /** The largest interlaced 16-bit PNG with alpha within the default budget (eight bytes a pixel). */
  interlacedWithin: 'interlaced-16bit-alpha-within.png',
} as const;

export type HostileImage = keyof typeof HOSTILE_IMAGES;

/** The side of the largest square of `bytesPerPixel` within the default budget. */
const sideWithin = (bytesPerPixel: number) =>
  Math.floor(Math.sqrt((DEFAULT_DECODE_BUDGET_MB * MEGABYTE) / bytesPerPixel));

let made: Promise<Record<HostileImage, Buffer>> | undefined;

/**
 * The bytes of every image of HOSTILE_IMAGES by name. They are the same each time, and making them takes about ten
 * seconds of both cores here: they are made once in a test process (a worker runs file after file) and shared.
 */
export function hostileImages(): Promise<Record<HostileImage, Buffer>> {
  made ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-hostile-images-'));
    try {
      return await makeHostileImages(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return made;
}

/** Writes every image of HOSTILE_IMAGES into `dir` (in a child process) and answers their bytes by name. */
async function makeHostileImages(dir: string): Promise<Record<HostileImage, Buffer>> {
  const names = HOSTILE_IMAGES;
  const progressiveSide = sideWithin(6);
  const script = `
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = ${JSON.stringify(dir)};
const flat = (width, height, channels = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? { r: 128, g: 110, b: 90, alpha: 0.6 } : '#808080' } });
await flat(8192, 8192).jpeg({ progressive: true, quality: 90, chromaSubsampling: '4:4:4' }).toFile(join(dir, ${JSON.stringify(names.progressive8192)}));
await flat(8192, 8192).png({ progressive: true, compressionLevel: 9 }).toColourspace('rgb16').toFile(join(dir, ${JSON.stringify(names.interlaced16Bit8192)}));
const big = await flat(8000, 8000).jpeg({ quality: 80 }).toBuffer();
writeFileSync(join(dir, ${JSON.stringify(names.truncated8000)}), big.subarray(0, big.length >> 1));
const noisy = await sharp({ create: { width: 3000, height: 2000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 80 }).toBuffer();
const cut = noisy.subarray(0, Math.floor(noisy.length * 0.6));
writeFileSync(join(dir, ${JSON.stringify(names.truncatedWithin)}), cut);
writeFileSync(join(dir, ${JSON.stringify(names.forgedEndWithin)}), Buffer.concat([cut, Buffer.from([0xff, 0xd9])]));
await flat(${progressiveSide}, ${progressiveSide}).jpeg({ progressive: true, quality: 90, chromaSubsampling: '4:4:4' }).toFile(join(dir, ${JSON.stringify(names.progressiveWithin)}));
await flat(4096, ${Math.floor((DEFAULT_DECODE_BUDGET_MB * MEGABYTE) / (4096 * 8))}, 4).png({ progressive: true, compressionLevel: 9 }).toColourspace('rgb16').toFile(join(dir, ${JSON.stringify(names.interlacedWithin)}));
`;
  await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, maxBuffer: 1024 * 1024 });
  const bytes = {} as Record<HostileImage, Buffer>;
  for (const [key, name] of Object.entries(names)) bytes[key as HostileImage] = readFileSync(join(dir, name));
  return bytes;
}
