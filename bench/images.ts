// What decoding a sent photo costs the server, measured (BENCH_SECTIONS=images, and in every full run): each photo is
// sent alone, as a visitor's, to a production server started for it (what `npm start` runs, its heap and allocator
// settings), after one small photo has loaded libvips; the figures are the time to the answer and the server's peak
// resident memory (VmHWM from /proc), beside the same server at rest. The photos: an ordinary phone photo (12
// megapixels, a baseline JPEG with the detail of a real one), the worst within the decode budget (the largest
// progressive JPEG and interlaced 16-bit PNG with alpha: held whole while decoded), and an 8192² progressive JPEG of
// under a megabyte, refused from its header. Last, four of the worst within the budget sent at once to one server.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { hostileImages } from '../tests/support/hostileImages';
import { startBenchServer } from './measure';
import type { RecordFigure } from './recordFigure';

const MANAGER = { email: 'bench-images@example.com', password: 'bench-images-1' };
const PEAK_TARGET_MB = 300;

const megabytes = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A production server of its own, a grave, libvips loaded by a first small photo; `send` posts a visitor's photo. */
async function imageServer(dir: string, name: string) {
  const server = await startBenchServer({
    DATABASE_URL: `file:${join(dir, `${name}.sqlite`)}`,
    PHOTOS_DIR: join(dir, `${name}-photos`),
    MANAGER_EMAIL: MANAGER.email,
    MANAGER_PASSWORD: MANAGER.password,
    STATIC_DIR: 'none',
    LOG_LEVEL: 'warn',
    SEARCH_INDEX_FILE: 'none',
  });
  const api = `${server.url}/api`;
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  const { token } = (await login.json()) as { token: string };
  const made = await fetch(`${api}/graves`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ gender: 'men', number: 1 }),
  });
  const grave = (await made.json()) as { _id: string };
  const send = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const t0 = performance.now();
    const res = await fetch(`${api}/graves/${grave._id}/photos`, { method: 'POST', body: form });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  };
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f5d50' } })
    .jpeg()
    .toBuffer();
  if ((await send(small)).status !== 201) throw new Error('the first small photo was not taken');
  const pid = server.child.pid!;
  return { server, send, rss: () => megabytes(pid, 'VmRSS'), peak: () => megabytes(pid, 'VmHWM') };
}

export async function imagesSection(record: RecordFigure): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-bench-images-'));
  try {
    execFileSync(process.execPath, ['scripts/start.mjs', 'build'], { stdio: 'inherit' });
    const images = await hostileImages();
    const ordinary = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#7a4a2a',
        noise: { type: 'gaussian', mean: 110, sigma: 30 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const size = async (bytes: Buffer) => {
      const m = await sharp(bytes).metadata();
      return `${m.width} × ${m.height}, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`;
    };
    const photos: Array<{ what: string; bytes: Buffer; status: number }> = [
      { what: `an ordinary phone photo (JPEG ${await size(ordinary)})`, bytes: ordinary, status: 201 },
      {
        what: `the worst within the budget: a progressive JPEG (${await size(images.progressiveWithin)})`,
        bytes: images.progressiveWithin,
        status: 201,
      },
      {
        what: `the worst within the budget: an interlaced 16-bit PNG with alpha (${await size(images.interlacedWithin)})`,
        bytes: images.interlacedWithin,
        status: 201,
      },
      {
        what: `an 8192² progressive JPEG (${await size(images.progressive8192)}), refused from its header`,
        bytes: images.progressive8192,
        status: 400,
      },
    ];
    for (const [i, photo] of photos.entries()) {
      const at = await imageServer(dir, `alone-${i}`);
      try {
        const rest = at.rss();
        const answer = await at.send(photo.bytes);
        const ok = answer.status === photo.status;
        record('images', `${photo.what}: answered ${answer.status} in`, answer.ms, 'ms', '', ok);
        record('images', `${photo.what}: the server's peak memory (at rest ${rest.toFixed(0)} MB)`, at.peak(), 'MB');
      } finally {
        await at.server.stop();
      }
    }

    const at = await imageServer(dir, 'four');
    try {
      const t0 = performance.now();
      const answers = await Promise.all(
        [images.progressiveWithin, images.interlacedWithin, images.progressiveWithin, images.interlacedWithin].map(
          (bytes) => at.send(bytes),
        ),
      );
      const ms = performance.now() - t0;
      const statuses = answers.map((answer) => answer.status).join(' ');
      record('images', `four of the worst within the budget at once (${statuses}): all answered in`, ms, 'ms');
      const peak = at.peak();
      record(
        'images',
        "four of the worst within the budget at once: the server's peak memory",
        peak,
        'MB',
        `< ${PEAK_TARGET_MB} MB`,
        peak < PEAK_TARGET_MB,
      );
    } finally {
      await at.server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
