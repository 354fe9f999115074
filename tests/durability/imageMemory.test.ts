// What the worst photos a stranger can send cost the production server (what `npm start` runs, with its heap and
// allocator settings), measured from outside: its resident memory read from /proc/<pid>/status while four of them
// arrive at once, as anonymous photos of one grave. First the files that took a fresh server to 1.4 GB (an 8192²
// progressive JPEG of one colour, an interlaced 16-bit PNG, each under a megabyte): refused from their headers. Then
// the worst it must still take, the largest progressive JPEG and interlaced 16-bit PNG within the decode budget:
// decoded one budget's worth at a time. The peak (VmHWM) stays under 300 MB, and the memory goes back under 250 MB
// within a minute. SQLite only: the database plays no part in what decoding holds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { DEFAULT_DECODE_BUDGET_MB } from '../../server/images/decoding';
import { formatNumber } from '../../src/domain/text/format';
import { logIn, makeGrave } from '../support/fixtures';
import { hostileImages, type HostileImage } from '../support/hostileImages';
import { startServerProcess } from '../support/process';

const MANAGER = { email: 'memory-manager@example.com', password: 'memory-manager-1' };
const PEAK_MAX_MB = 300;
const SETTLED_MAX_MB = 250;

/** The process's resident memory now and at its peak, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

describe('the production server under the worst photos', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-image-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    `four at once: resident memory under ${PEAK_MAX_MB} MB, and under ${SETTLED_MAX_MB} MB within a minute`,
    { timeout: 300_000 },
    async () => {
      const images = await hostileImages();
      const server = await startServerProcess({
        DATABASE_URL: `file:${join(dir, 'register.sqlite')}`,
        MANAGER_EMAIL: MANAGER.email,
        MANAGER_PASSWORD: MANAGER.password,
      });
      try {
        const pid = server.child.pid!;
        const token = await logIn(server, MANAGER.email, MANAGER.password);
        const grave = await makeGrave(server, token, 'men', 1);
        const send = async (bytes: Buffer) => {
          const form = new FormData();
          form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
          const res = await fetch(`${server.api}/graves/${grave._id}/photos`, { method: 'POST', body: form });
          return { status: res.status, message: ((await res.json()) as { message: string }).message };
        };
        const fourAtOnce = (names: HostileImage[]) => Promise.all(names.map((name) => send(images[name])));

        // libvips loaded by a first, ordinary photo: what follows is the worst photos' own cost.
        const ordinary = await sharp({ create: { width: 2560, height: 1920, channels: 3, background: '#7a4a2a' } })
          .jpeg({ quality: 85 })
          .toBuffer();
        expect((await send(ordinary)).status).toBe(201);
        const atRest = memoryOf(pid);

        const refused = await fourAtOnce([
          'progressive8192',
          'interlaced16Bit8192',
          'progressive8192',
          'interlaced16Bit8192',
        ]);
        for (const answer of refused) {
          expect(answer).toEqual({
            status: 400,
            message: t('photo.tooBigToOpen', { max: formatNumber(DEFAULT_DECODE_BUDGET_MB) }),
          });
        }
        const afterRefused = memoryOf(pid);

        const taken = await fourAtOnce([
          'progressiveWithin',
          'interlacedWithin',
          'progressiveWithin',
          'interlacedWithin',
        ]);
        // Each is made, or (its turn not come within the wait) asked to come back: never a failure.
        for (const answer of taken) expect([201, 503], answer.message).toContain(answer.status);
        expect(taken.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);

        const peak = memoryOf(pid).peak;
        console.log(
          `image memory (MB): at rest ${atRest.rss.toFixed(0)}, after four refused ${afterRefused.peak.toFixed(0)} ` +
            `peak, after four of the worst within the budget ${peak.toFixed(0)} peak ` +
            `(${taken.map((answer) => answer.status).join(' ')})`,
        );
        expect(afterRefused.peak).toBeLessThan(PEAK_MAX_MB);
        expect(peak).toBeLessThan(PEAK_MAX_MB);
        await expect.poll(() => memoryOf(pid).rss, { timeout: 60_000, interval: 1000 }).toBeLessThan(SETTLED_MAX_MB);
      } finally {
        await server.stop();
      }
    },
  );
});
