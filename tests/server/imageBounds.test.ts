// What decoding a sent image may cost the server, through the real server on both engines. A visitor's photo of
// under a megabyte that unpacks to 400 MB (an 8192² progressive JPEG of one colour, an interlaced 16-bit PNG) is
// refused from its header with an Arabic 400 naming the budget, and the process's peak memory shows nothing was
// decoded; a JPEG cut short (with or without a forged end marker) is refused, not stored grey; the largest within the
// budget is made. A manager's logo is held to the same budget, and an SVG holding a picture is refused. Six clients
// that send the start of a photo and stop hold no place: a seventh photo is made, and what the six left goes with
// their connections. The charge itself (decodedBytes) is checked against sharp's own reading of each kind.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DECODE_BUDGET_MB, decodedBytes, MEGABYTE } from '../../server/images/decoding';
import { svgHasPicture, svgIsUnsafe } from '../../server/images/logo';
import { createPhotoWorkshop, INCOMING_FOLDER } from '../../server/images/photo';
import { t } from '../../src/domain/messages';
import { formatNumber } from '../../src/domain/text/format';
import { makeGrave, signIn } from '../support/fixtures';
import { hostileImages, type HostileImage } from '../support/hostileImages';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, type Answer } from './helpers';

const BUDGET = formatNumber(DEFAULT_DECODE_BUDGET_MB);

/** The process's peak resident memory so far, in MB (the server runs in this process). */
const peakMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a4a2a' } })
    .jpeg({ quality: 85 })
    .toBuffer();

describe.each(ENGINES)('images bounded by what decoding them holds, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let graveId: string;
  let images: Record<HostileImage, Buffer>;

  const uploadPhoto = async (bytes: Buffer, token: string | null = null): Promise<Answer<{ message: string }>> => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${s.api}/graves/${graveId}/photos`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string } };
  };
  const uploadLogo = async (bytes: Buffer, name: string, type: string): Promise<Answer<{ message: string }>> => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${s.api}/settings/logo`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${manager}` },
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string } };
  };
  const photoRows = async () =>
    Number(
      (await s.ctx.db.selectFrom('grave_photos').select(s.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const photoFolders = () => (existsSync(s.config.photosDir) ? readdirSync(s.config.photosDir) : []);
  const incoming = () => {
    const folder = join(s.config.photosDir, INCOMING_FOLDER);
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  /** Nothing of a refused photo is anywhere: no row, no folder, no received file left. */
  const nothingWritten = async (rows: number, folders: string[]) => {
    expect(await photoRows()).toBe(rows);
    expect(photoFolders().filter((name) => name !== INCOMING_FOLDER)).toEqual(folders);
    expect(incoming()).toEqual([]);
  };

  beforeAll(async () => {
    images = await hostileImages();
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    manager = await signIn(s, 'manager');
    graveId = (await makeGrave(s, manager, 'men', 4201))._id;
    // libvips loaded and a first photo made, so the peak measured below is the refusals' own.
    expect((await uploadPhoto(await phonePhoto(), manager)).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses a photo whose decoded size passes the budget from its header alone, naming the budget', async () => {
    const rows = await photoRows();
    const folders = photoFolders().filter((name) => name !== INCOMING_FOLDER);
    const peakBefore = peakMb();
    for (const name of ['progressive8192', 'interlaced16Bit8192'] as const) {
      expect(images[name].length, name).toBeLessThan(1024 * 1024);
      const res = await uploadPhoto(images[name]);
      expectRefusal(res, 400);
      expect(res.body.message, name).toBe(t('photo.tooBigToOpen', { max: BUDGET }));
      expect(res.body.message).toContain(`${BUDGET} ميجابايت`);
    }
    // Decoding either would have held 400 MB; reading two headers holds nothing worth counting.
    expect(peakMb() - peakBefore).toBeLessThan(64);
    await nothingWritten(rows, folders);
  });

  it('refuses a photo cut short, with or without a forged end marker, rather than store it grey', async () => {
    const rows = await photoRows();
    const folders = photoFolders().filter((name) => name !== INCOMING_FOLDER);
    // Declaring 8000 × 8000, it is past the budget before its missing half matters.
    const cut = await uploadPhoto(images.truncated8000);
    expectRefusal(cut, 400);
    expect(cut.body.message).toBe(t('photo.tooBigToOpen', { max: BUDGET }));
    // Within the budget, its pixels are read until they stop: refused as damaged.
    expectRefusal(await uploadPhoto(images.truncatedWithin), 400, 'photo.damaged');
    expectRefusal(await uploadPhoto(images.forgedEndWithin), 400, 'photo.damaged');
    await nothingWritten(rows, folders);
    // The staff's photos are held to the same rules.
    expectRefusal(await uploadPhoto(images.forgedEndWithin, manager), 400, 'photo.damaged');
    await nothingWritten(rows, folders);
  });

  it('makes the largest photos within the budget, of the hungriest kinds', { timeout: 120_000 }, async () => {
    for (const name of ['progressiveWithin', 'interlacedWithin'] as const) {
      const res = await uploadPhoto(images[name], manager);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });

  it('six uploads that stop after their first bytes hold no place: a seventh photo is made', async () => {
    const url = new URL(s.api);
    const photo = await phonePhoto();
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const boundary = `stalled-${i}-${Date.now()}`;
        const start = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n` +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
          photo.subarray(0, 2048),
        ]);
        const socket = connect(Number(url.port), url.hostname);
        socket.on('error', () => {});
        sockets.push(socket);
        // The length promises a whole photo; only its first 2 KB come, and then nothing.
        socket.write(
          `POST /api/graves/${graveId}/photos HTTP/1.1\r\nHost: ${url.host}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${start.length + 500_000}\r\n\r\n`,
        );
        socket.write(start);
      }
      // The server is reading all six: each has its file begun on disk.
      await expect.poll(() => incoming().length).toBe(6);
      const seventh = await uploadPhoto(photo);
      expect(seventh.status, JSON.stringify(seventh.body)).toBe(201);
      expect(seventh.body.message).toBe(t('photo.sentPending'));
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // What the six sent goes with their connections.
    await expect.poll(() => incoming()).toEqual([]);
  });

  it('holds a logo to the same budget, refuses a picture inside an SVG and a damaged logo; nothing changes', async () => {
    const before = (await call(s.api, 'GET', '/settings')).body;
    const served = await fetch(`${s.url}/site/logo-192.png`).then(async (res) => Buffer.from(await res.arrayBuffer()));

    // 4000 × 4000 in 16 bits with alpha: 128 MB decoded, in a file of a few hundred bytes.
    const deep = await sharp({
      create: { width: 4000, height: 4000, channels: 4, background: { r: 30, g: 60, b: 90, alpha: 0.5 } },
    })
      .png({ compressionLevel: 9 })
      .toColourspace('rgb16')
      .toBuffer();
    const refused = await uploadLogo(deep, 'logo.png', 'image/png');
    expectRefusal(refused, 400);
    expect(refused.body.message).toBe(t('logo.tooBigToOpen', { max: BUDGET }));

    const inner = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const pictures = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image href="data:image/png;base64,${inner}" width="8192" height="8192"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink" width="100" height="100"><l:image l:href="#a"/><rect id="a" width="1" height="1"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f"><feImage href="data:image/png;base64,${inner}"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="9" height="9" style="fill: url('data:image/png;base64,${inner}')"/></svg>`,
    ];
    for (const svg of pictures)
      expectRefusal(await uploadLogo(Buffer.from(svg), 'logo.svg', 'image/svg+xml'), 400, 'logo.svgImage');
    // A reference outside the drawing is refused as before, whatever prefix names its namespace.
    const outside = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink" width="10" height="10"><use l:href="https://example.org/x.svg#a"/></svg>`;
    expectRefusal(await uploadLogo(Buffer.from(outside), 'logo.svg', 'image/svg+xml'), 400, 'logo.svgUnsafe');

    const noisy = await sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expectRefusal(await uploadLogo(noisy.subarray(0, noisy.length >> 1), 'logo.png', 'image/png'), 400, 'logo.damaged');

    expect((await call(s.api, 'GET', '/settings')).body).toEqual(before);
    expect(await fetch(`${s.url}/site/logo-192.png`).then(async (res) => Buffer.from(await res.arrayBuffer()))).toEqual(
      served,
    );
  });
});

describe('the photos being received', () => {
  it('take at most their bound on disk together: past it the next is refused with 503 and nothing is left', async () => {
    const photosDir = mkdtempSync(join(tmpdir(), 'cemetery-receiving-'));
    try {
      const workshop = createPhotoWorkshop({ photosDir, receivingMaxBytes: 100_000 });
      const first = await workshop.receive(Readable.from([Buffer.alloc(60_000, 1)]));
      expect(first.size).toBe(60_000);
      expect(workshop.load().receiving).toBe(60_000);
      await expect(
        workshop.receive(Readable.from([Buffer.alloc(30_000, 2), Buffer.alloc(30_000, 3)])),
      ).rejects.toMatchObject({
        key: 'photo.busy',
        status: 503,
      });
      expect(readdirSync(join(photosDir, INCOMING_FOLDER))).toEqual([first.path.split('/').pop()]);
      await first.discard();
      await first.discard();
      expect(workshop.load().receiving).toBe(0);
      expect(readdirSync(join(photosDir, INCOMING_FOLDER))).toEqual([]);
      const second = await workshop.receive(Readable.from([Buffer.alloc(90_000, 4)]));
      expect(readFileSync(second.path)).toEqual(Buffer.alloc(90_000, 4));
      expect(second.head).toEqual(Buffer.alloc(4096, 4));
      await second.discard();
    } finally {
      rmSync(photosDir, { recursive: true, force: true });
    }
  });
});

describe('the decode budget is a setting', () => {
  it('IMAGE_DECODE_BUDGET_MB=16 refuses a photo and a logo of 18 MB decoded, naming 16', async () => {
    const s = await startTestServer({ seed: 'accounts', env: { IMAGE_DECODE_BUDGET_MB: '16' } });
    try {
      const manager = await signIn(s, 'manager');
      const grave = await makeGrave(s, manager, 'men', 1);
      const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#556677' } })
        .jpeg()
        .toBuffer();
      const send = async (path: string, field: string) => {
        const form = new FormData();
        form.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
        const res = await fetch(`${s.api}${path}`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${manager}` },
        });
        return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string } };
      };
      const refusedPhoto = await send(`/graves/${grave._id}/photos`, 'photo');
      expectRefusal(refusedPhoto, 400);
      expect(refusedPhoto.body.message).toBe(t('photo.tooBigToOpen', { max: formatNumber(16) }));
      const refusedLogo = await send('/settings/logo', 'logo');
      expectRefusal(refusedLogo, 400);
      expect(refusedLogo.body.message).toBe(t('logo.tooBigToOpen', { max: formatNumber(16) }));
    } finally {
      await s.close();
    }
  });
});

describe('the charge of an image is what decoding it holds', () => {
  it('counts channels, alpha, 16 bits and a progressive JPEG’s coefficients from the header', async () => {
    const of = async (image: sharp.Sharp) => decodedBytes(await sharp(await image.toBuffer()).metadata());
    const flat = (channels: 3 | 4) =>
      sharp({ create: { width: 300, height: 200, channels, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } });
    expect(await of(flat(3).jpeg())).toBe(300 * 200 * 3);
    expect(await of(flat(3).jpeg({ progressive: true }))).toBe(300 * 200 * 3 * 2);
    expect(await of(flat(4).png())).toBe(300 * 200 * 4);
    expect(await of(flat(4).png({ progressive: true }).toColourspace('rgb16'))).toBe(300 * 200 * 4 * 2);
    expect(await of(flat(3).webp())).toBe(300 * 200 * 3);
    const svg = sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"/>'));
    expect(decodedBytes(await svg.metadata())).toBe(300 * 200 * 4);
    expect(DEFAULT_DECODE_BUDGET_MB * MEGABYTE).toBeGreaterThanOrEqual(4000 * 3000 * 3);
  });

  it('tells a picture inside an SVG from a drawing', () => {
    const drawing =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><linearGradient id="g"/></defs>' +
      '<rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text>imagery: data</text></svg>';
    expect(svgHasPicture(drawing)).toBe(false);
    expect(svgIsUnsafe(drawing)).toBe(false);
    expect(svgHasPicture('<svg><IMAGE href="#a"/></svg>')).toBe(true);
    expect(svgHasPicture('<svg><svg:image href="#a"></svg:image></svg>')).toBe(true);
    expect(svgHasPicture('<svg><use xlink:href=" DATA:image/svg+xml;base64,PHN2Zz4="/></svg>')).toBe(true);
  });
});
