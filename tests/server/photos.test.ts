// Photos of a grave, through the real server on both engines. A phone's JPEG with its GPS position and
// EXIF orientation 6 is sent by a visitor: it waits for an approval (hidden from the public, its files too), and once
// approved its files are upright, at most 1600 and 400 px, WebP and JPEG, with no metadata at all (read back with
// exifr and sharp), sent as immutable for a year. A file over 15 MB, a PDF named .jpg and a HEIC photo are refused
// in Arabic with nothing written; the cover is one per grave; a deleted photo's files go; the roles and the visitors'
// throttle hold; every write is audited; and a backup and its restore carry the photos.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPhotoFolders } from '../../server/data/photos';
import { createPhotoWorkshop, PhotoRefused } from '../../server/images/photo';
import { t } from '../../src/domain/messages';
import type { AuditEntry, GravePhoto } from '../../src/domain/types';
import { makeGrave, signIn } from '../support/fixtures';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';
import { startServerProcess } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock, type Answer } from './helpers';

const run = promisify(execFile);
const CLERK = { name: 'مدخل البيانات', email: 'photo-clerk@example.com', password: 'clerk-password-1' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A phone's photo: 3000 × 2000 pixels as the sensor wrote them, a white band along the left edge, EXIF orientation 6
 * (show it turned 90° clockwise: the band on top, 2000 × 3000 upright) and the camera's GPS position.
 */
const phonePhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#7a4a2a' } })
    .composite([
      { input: { create: { width: 400, height: 2000, channels: 3, background: '#ffffff' } }, left: 0, top: 0 },
    ])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 2/1 3/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '31/1 14/1 15/1',
      },
    })
    .toBuffer();

const smallPhoto = (background = '#2f5d50') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** The first bytes of an iPhone's HEIC photo (an ftyp box of brand heic), then anything. */
const heic = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'latin1'),
    Buffer.alloc(2000, 7),
  ]);

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Added {
  message: string;
  id: string;
  photo: GravePhoto;
}

/** What a WebP's RIFF chunks are named: VP8/VP8L/VP8X for the picture; EXIF, XMP and ICCP would be metadata. */
function webpChunks(bytes: Buffer): string[] {
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    chunks.push(bytes.toString('latin1', at, at + 4));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** A JPEG's markers before the picture: APP0 (JFIF) may be there; APP1 (EXIF, XMP) and APP2 (ICC) must not. */
function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff;) {
    const marker = bytes[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return markers;
}

describe.each(ENGINES)('photos of a grave on $name', ({ name, databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let admin: string;
  let clerk: string;
  let graveId: string;
  const clock = movableClock('2026-03-01T10:00:00Z');

  const upload = async (
    bytes: Buffer,
    options: {
      token?: string | null;
      grave?: string;
      field?: string;
      fileName?: string;
      type?: string;
      fields?: Record<string, string>;
    } = {},
  ): Promise<Answer<Added>> => {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
    form.append(
      options.field ?? 'photo',
      new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }),
      options.fileName ?? 'photo.jpg',
    );
    const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
    const res = await fetch(`${s.api}/graves/${options.grave ?? graveId}/photos`, {
      method: 'POST',
      body: form,
      headers,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Added };
  };
  const list = (token: string | null = null, grave = graveId) =>
    call<GravePhoto[]>(s.api, 'GET', `/graves/${grave}/photos`, { token });
  const file = (path: string, token: string | null = null, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${path}`, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const rows = async () =>
    Number(
      (await s.ctx.db.selectFrom('grave_photos').select(s.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const folders = () => (existsSync(s.config.photosDir) ? readdirSync(s.config.photosDir) : []);
  const audit = async () =>
    (
      await call<AuditEntry[]>(s.api, 'GET', `/audit?filter=${encodeURIComponent('{}')}&range=[0,499]`, {
        token: manager,
      })
    ).body.filter((entry) => entry.action.startsWith('photo.'));

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, now: clock.now });
    manager = await signIn(s, 'manager');
    admin = await signIn(s, 'admin');
    const made = await call(s.api, 'POST', '/auth/register', { token: manager, body: { ...CLERK, role: 'clerk' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
    graveId = (await makeGrave(s, admin, 'men', 4101))._id;
  });
  afterAll(async () => s?.close());

  it("a visitor's phone photo waits for approval, then is served upright, resized and with no metadata", async () => {
    const original = await phonePhoto();
    // The fixture really is what a phone sends: the orientation and the GPS position are in it.
    const before = await sharp(original).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([3000, 2000, 6]);
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(30.034, 2) });
    expect(await exifr.parse(original)).toMatchObject({ Make: 'PhoneMaker', Orientation: 'Rotate 90 CW' });

    const sent = await upload(original, { fields: { senderName: 'أحمد محمود', senderPhone: '01012345678' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toBe(t('photo.sentPending'));
    expect(sent.body.id).toMatch(UUID);
    const id = sent.body.id;
    expect(sent.body.photo).toMatchObject({
      _id: id,
      graveId,
      status: 'pending',
      cover: false,
      byStaff: false,
      url: `/photos/${id}/display.webp`,
      jpegUrl: `/photos/${id}/display.jpg`,
      thumbUrl: `/photos/${id}/thumb.webp`,
      thumbJpegUrl: `/photos/${id}/thumb.jpg`,
      width: 1067,
      height: 1600,
      thumbWidth: 267,
      thumbHeight: 400,
    });
    // The sender's phone is not repeated to the sender, and never shown to the public.
    expect(sent.body.photo.senderPhone).toBeUndefined();
    // The original is not kept: only the four files.
    expect(readdirSync(join(s.config.photosDir, id)).sort()).toEqual([
      'display.jpg',
      'display.webp',
      'thumb.jpg',
      'thumb.webp',
    ]);

    // Pending: hidden from the public (the list and the files), shown to the staff with who sent it.
    expect((await list()).body).toEqual([]);
    const staffList = await list(admin);
    expect(staffList.body).toHaveLength(1);
    expect(staffList.body[0]).toMatchObject({ _id: id, status: 'pending', senderName: 'أحمد محمود' });
    expect(staffList.body[0]!.senderPhone).toBe('01012345678');
    // A clerk lists them too; a visitor's stale token is a visitor's.
    expect((await list(clerk)).body).toHaveLength(1);
    expect((await list('not-a-token')).body).toEqual([]);
    const hidden = await file(`/photos/${id}/display.webp`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { message: string }).message).toBe(t('photo.notFound'));
    expect((await file(`/photos/${id}/display.webp`, 'not-a-token')).status).toBe(404);
    const forStaff = await file(`/photos/${id}/display.webp`, admin);
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get('cache-control')).toBe('private, no-store');
    await forStaff.arrayBuffer();

    const approved = await call<{ message: string; photo: GravePhoto }>(s.api, 'POST', `/photos/${id}/approve`, {
      token: admin,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toBe(t('photo.approved'));
    expect(approved.body.photo.status).toBe('approved');
    const publicList = (await list()).body;
    expect(publicList.map((p) => p._id)).toEqual([id]);
    // The public's answer names no sender.
    expect(publicList[0]).not.toHaveProperty('senderName');
    expect(publicList[0]).not.toHaveProperty('senderPhone');

    const served: Record<string, Buffer> = {};
    for (const name of ['display.webp', 'display.jpg', 'thumb.webp', 'thumb.jpg']) {
      const res = await file(`/photos/${id}/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe(name.endsWith('webp') ? 'image/webp' : 'image/jpeg');
      expect(res.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag');
      expect(etag, name).toBeTruthy();
      served[name] = await bytesOf(res);
      const again = await file(`/photos/${id}/${name}`, null, { 'if-none-match': etag! });
      expect(again.status, name).toBe(304);
    }

    for (const [name, bytes] of Object.entries(served)) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format, name).toBe(name.endsWith('webp') ? 'webp' : 'jpeg');
      // No metadata at all: no EXIF (so no GPS), no ICC profile, no XMP, no orientation left to apply.
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.icc, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(metadata.orientation, name).toBeUndefined();
      // Upright: the landscape sensor image with orientation 6 is a portrait, the white band on top.
      const large = name.startsWith('display');
      expect([metadata.width, metadata.height], name).toEqual(large ? [1067, 1600] : [267, 400]);
      expect(Math.max(metadata.width!, metadata.height!), name).toBeLessThanOrEqual(large ? 1600 : 400);
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
      expect(pixel(Math.floor(info.width / 2), 5), `${name}: top`).toBeGreaterThan(230);
      expect(pixel(Math.floor(info.width / 2), info.height - 5), `${name}: bottom`).toBeLessThan(160);
    }
    // Read back with a metadata reader: nothing in the JPEGs, and the WebPs hold the picture's chunks only.
    for (const name of ['display.jpg', 'thumb.jpg']) {
      expect(await exifr.parse(served[name]!, true), name).toBeUndefined();
      expect(await exifr.gps(served[name]!), name).toBeUndefined();
      expect(
        jpegMarkers(served[name]!).filter((m) => m >= 0xe1 && m <= 0xef),
        name,
      ).toEqual([]);
    }
    for (const name of ['display.webp', 'thumb.webp']) {
      expect(
        webpChunks(served[name]!).every((chunk) => /^VP8[ LX]$/.test(chunk)),
        name,
      ).toBe(true);
    }
  });

  it('refuses a file over 15 MB as it streams, a PDF named .jpg and a HEIC photo; nothing is written', async () => {
    const before = { rows: await rows(), folders: folders().sort() };
    const unchanged = async () => {
      expect(await rows()).toBe(before.rows);
      expect(folders().sort()).toEqual(before.folders);
    };
    // 15 MB and one byte, with a JPEG's signature: refused for its size, before it is read as an image.
    const tooLarge = Buffer.alloc(15 * 1024 * 1024 + 1, 0x20);
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0]);
    expectRefusal(await upload(tooLarge), 413, 'photo.tooLarge');
    await unchanged();
    expectRefusal(await upload(pdf(), { fileName: 'grave.jpg' }), 415, 'photo.notImage');
    const heicRefusal = await upload(heic(), { fileName: 'IMG_0001.jpg' });
    expectRefusal(heicRefusal, 415, 'photo.heic');
    // The message names the formats taken.
    expect(heicRefusal.body.message).toMatch(/JPEG.*PNG.*WebP/);
    // A JPEG's signature on anything else is not a JPEG.
    expectRefusal(
      await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('ليست صورة')])),
      415,
      'photo.notImage',
    );
    // A small file that would unpack to 81 megapixels: refused from its header, before it is decoded.
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expectRefusal(await upload(bomb, { fileName: 'bomb.png', type: 'image/png' }), 400, 'photo.tooManyPixels');
    expectRefusal(await upload(Buffer.alloc(0)), 400, 'photo.missing');
    expectRefusal(await upload(await smallPhoto(), { field: 'image' }), 400, 'photo.missing');
    expectRefusal(await call(s.api, 'POST', `/graves/${graveId}/photos`, { body: { photo: 'x' } }), 415);
    expectRefusal(
      await upload(await smallPhoto(), { fields: { senderPhone: 'ليس رقمًا' } }),
      400,
      'suggest.phoneInvalid',
    );
    expectRefusal(await upload(await smallPhoto(), { fields: { other: 'x' } }), 400);
    // An unknown grave (also for the list), never a 500.
    expectRefusal(
      await upload(await smallPhoto(), { grave: '00000000-0000-0000-0000-000000000000' }),
      404,
      'grave.notFound',
    );
    expectRefusal(await upload(await smallPhoto(), { grave: 'no-such-grave' }), 404, 'grave.notFound');
    expectRefusal(await list(null, '00000000-0000-0000-0000-000000000000'), 404, 'grave.notFound');
    await unchanged();
    // The server still answers, and still takes a real photo.
    expect((await upload(await smallPhoto(), { token: admin })).status).toBe(201);
  });

  it('only the staff decide; a clerk adds photos shown at once but neither approves nor deletes', async () => {
    const pending = (await upload(await smallPhoto('#aa3333'))).body.id;
    for (const [method, path] of [
      ['POST', `/photos/${pending}/approve`],
      ['POST', `/photos/${pending}/cover`],
      ['DELETE', `/photos/${pending}`],
    ] as const) {
      expectRefusal(await call(s.api, method, path), 401);
      expectRefusal(await call(s.api, method, path, { token: clerk }), 403);
    }
    expect((await list(admin)).body.find((p) => p._id === pending)?.status).toBe('pending');
    const byClerk = await upload(await smallPhoto('#33aa33'), { token: clerk });
    expect(byClerk.status).toBe(201);
    expect(byClerk.body.message).toBe(t('photo.added'));
    expect(byClerk.body.photo).toMatchObject({ status: 'approved', byStaff: true });
    expect((await list()).body.map((p) => p._id)).toContain(byClerk.body.id);
    expect((await file(byClerk.body.photo.url)).status).toBe(200);
    // Unknown photos: 404 in Arabic.
    for (const [method, path] of [
      ['POST', '/photos/00000000-0000-0000-0000-000000000000/approve'],
      ['POST', '/photos/not-a-photo/cover'],
      ['DELETE', '/photos/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      expectRefusal(await call(s.api, method, path, { token: manager }), 404, 'photo.notFound');
    }
    for (const path of [
      `/photos/${pending}/original.jpg`,
      `/photos/${pending}/display.png`,
      `/photos/${pending}/..%2F..%2Fregister.sqlite`,
      '/photos/not-an-id/display.webp',
      '/photos/00000000-0000-0000-0000-000000000000/display.webp',
    ]) {
      expect((await file(path, admin)).status, path).toBe(404);
    }
  });

  it('the cover is one per grave and first in the list; a pending photo chosen is approved with it', async () => {
    const grave = (await makeGrave(s, admin, 'men', 4102))._id;
    const first = (await upload(await smallPhoto('#111111'), { token: admin, grave })).body.id;
    clock.advance(1000);
    const second = (await upload(await smallPhoto('#222222'), { token: admin, grave })).body.id;
    clock.advance(1000);
    const third = (await upload(await smallPhoto('#333333'), { grave })).body.id;
    // Newest first while none is the cover.
    expect((await list(admin, grave)).body.map((p) => p._id)).toEqual([third, second, first]);
    const chosen = await call<{ message: string; photo: GravePhoto }>(s.api, 'POST', `/photos/${first}/cover`, {
      token: manager,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toBe(t('photo.coverSet'));
    expect((await list(null, grave)).body.map((p) => [p._id, p.cover])).toEqual([
      [first, true],
      [second, false],
    ]);
    // The pending third chosen: approved with it, and the only cover.
    const pendingChosen = await call<{ photo: GravePhoto }>(s.api, 'POST', `/photos/${third}/cover`, { token: admin });
    expect(pendingChosen.body.photo).toMatchObject({ status: 'approved', cover: true });
    const after = (await list(null, grave)).body;
    expect(after.map((p) => [p._id, p.cover])).toEqual([
      [third, true],
      [second, false],
      [first, false],
    ]);
    expect(after.filter((p) => p.cover)).toHaveLength(1);
    // The photos of another grave are not touched.
    expect((await list(admin)).body.filter((p) => p.cover)).toHaveLength(0);
  });

  it('a deleted photo is gone with its files; every write is in the audit trail', async () => {
    const sent = await upload(await smallPhoto('#445566'), { token: manager });
    const { id, photo } = sent.body;
    expect((await file(photo.url)).status).toBe(200);
    const removed = await call<{ message: string }>(s.api, 'DELETE', `/photos/${id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(t('photo.deleted'));
    expect(existsSync(join(s.config.photosDir, id))).toBe(false);
    for (const url of [photo.url, photo.jpegUrl, photo.thumbUrl, photo.thumbJpegUrl]) {
      expect((await file(url)).status, url).toBe(404);
      expect((await file(url, manager)).status, url).toBe(404);
    }
    expect((await list(manager)).body.map((p) => p._id)).not.toContain(id);
    expectRefusal(await call(s.api, 'DELETE', `/photos/${id}`, { token: admin }), 404, 'photo.notFound');

    const entries = await audit();
    const actions = new Set(entries.map((e) => e.action));
    expect([...actions].sort()).toEqual(['photo.approve', 'photo.cover', 'photo.create', 'photo.delete']);
    const deletion = entries.find((e) => e.action === 'photo.delete' && e.entityId === id)!;
    expect(deletion.before).toMatchObject({ graveId, status: 'approved' });
    const creation = entries.find((e) => e.action === 'photo.create' && e.entityId === id)!;
    expect(creation.accountEmail).toBe('manager@example.com');
    // A visitor's photo is recorded too, with no account.
    expect(entries.some((e) => e.action === 'photo.create' && e.accountId === null)).toBe(true);
  });

  it("a deleted grave's photos go with it, and their folders are swept", async () => {
    const grave = (await makeGrave(s, admin, 'men', 4103))._id;
    const gone = (await upload(await smallPhoto('#123456'), { token: admin, grave })).body.id;
    const kept = (await upload(await smallPhoto('#654321'), { token: admin })).body.id;
    expect((await call(s.api, 'DELETE', `/graves/${grave}`, { token: admin })).status).toBe(200);
    const left = await s.ctx.db.selectFrom('grave_photos').select('id').where('id', '=', gone).execute();
    expect(left).toEqual([]);
    expect((await file(`/photos/${gone}/display.webp`)).status).toBe(404);
    // A folder younger than the sweep's hour is left (a photo being added elsewhere writes its files first).
    expect(await sweepPhotoFolders(s.ctx.db, s.config.photosDir, new Date())).toBe(0);
    expect(await sweepPhotoFolders(s.ctx.db, s.config.photosDir, new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect(existsSync(join(s.config.photosDir, gone))).toBe(false);
    expect(existsSync(join(s.config.photosDir, kept, 'display.webp'))).toBe(true);
  });

  it('a visitor sends at most 10 photos an hour; staff are not counted', async () => {
    // An hour after the photos above: a window of its own.
    clock.advance(2 * 3600 * 1000);
    const photo = await smallPhoto('#778899');
    // Each to a grave of its own: what waits per grave has a cap of its own (pendingCaps.test.ts).
    const graves: string[] = [];
    for (let n = 0; n < 12; n++) graves.push((await makeGrave(s, admin, 'men', 4200 + n))._id);
    for (let n = 1; n <= 10; n++) {
      expect((await upload(photo, { grave: graves[n - 1] })).status, `photo ${n}`).toBe(201);
    }
    const refused = await upload(photo, { grave: graves[10] });
    expectRefusal(refused, 429);
    expect(refused.body.message).toContain('أرسلت صورًا كثيرة');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(photo, { token: clerk, grave: graves[10] })).status).toBe(201);
    clock.advance(3601 * 1000);
    expect((await upload(photo, { grave: graves[11] })).status).toBe(201);
  });

  it(
    'npm run backup and restore carry the photos into a fresh data folder, served after',
    { timeout: 180_000 },
    async () => {
      const sent = await upload(await phonePhoto(), { token: manager });
      const { id } = sent.body;
      const original = readFileSync(join(s.config.photosDir, id, 'display.webp'));
      const dir = mkdtempSync(join(tmpdir(), 'cemetery-photo-backup-'));
      const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
        run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
          env: { ...process.env, ...env },
        });
      try {
        const backupFile = join(dir, name === 'sqlite' ? 'copy.sqlite' : 'copy.dump');
        const live = { DATABASE_URL: s.config.databaseUrl, PHOTOS_DIR: s.config.photosDir };
        const { stdout } = await cli('backup', [backupFile], live);
        expect(readFileSync(join(`${backupFile}.photos`, id, 'display.webp'))).toEqual(original);
        let restoredUrl: string;
        let drop: () => Promise<void> = async () => {};
        const freshPhotos = join(dir, 'fresh', 'photos');
        if (name === 'sqlite') {
          expect(stdout).toMatch(/integrity: ok/);
          // A fresh data folder: PHOTOS_DIR is its default, `photos` beside the database.
          restoredUrl = `file:${join(dir, 'fresh', 'register.sqlite')}`;
          const restored = await cli('restore', [backupFile], { DATABASE_URL: restoredUrl, PHOTOS_DIR: '' });
          expect(restored.stdout).toMatch(/Restored \d+ photos/);
        } else {
          expect(stdout).toContain('pg_dump --format=custom');
          const bin = readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`)[0];
          if (!bin || !existsSync(join(bin, 'pg_dump'))) {
            console.warn('pg_dump not found: the database part of the PostgreSQL backup is not tried');
            return;
          }
          await run(join(bin, 'pg_dump'), [
            '--format=custom',
            '--exclude-table-data=token_secret',
            `--file=${backupFile}`,
            s.config.databaseUrl,
          ]);
          const fresh = await freshPostgresDatabase(databaseUrl!);
          restoredUrl = fresh.url;
          drop = fresh.drop;
          await run(join(bin, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, backupFile]);
          const restored = await cli('restore', [backupFile], { DATABASE_URL: restoredUrl, PHOTOS_DIR: freshPhotos });
          expect(restored.stdout).toMatch(/Restored \d+ photos/);
        }
        expect(readFileSync(join(freshPhotos, id, 'display.webp'))).toEqual(original);
        const server = await startServerProcess({ DATABASE_URL: restoredUrl, PHOTOS_DIR: freshPhotos });
        try {
          const photos = (await (await fetch(`${server.api}/graves/${graveId}/photos`)).json()) as GravePhoto[];
          expect(photos.map((p) => p._id)).toContain(id);
          const res = await fetch(`${server.url}/photos/${id}/display.webp`);
          expect(res.status).toBe(200);
          expect(Buffer.from(await res.arrayBuffer())).toEqual(original);
        } finally {
          await server.stop();
          await drop();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('the photos workshop holds its bounds', () => {
  it('refuses an upload past the ones in memory, and a photo that waits too long for its turn, with 503', async () => {
    const workshop = createPhotoWorkshop({ working: 1, held: 2, waitSeconds: 0.05 });
    const first = workshop.admit();
    const second = workshop.admit();
    expect(() => workshop.admit()).toThrow(PhotoRefused);
    second();
    second(); // given back once, whatever happens
    const third = workshop.admit();
    expect(workshop.load().held).toBe(2);
    first();
    third();
    expect(workshop.load().held).toBe(0);

    const big = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#556677' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    // Whichever has its header read first takes the turn; the other waits too long.
    const results = await Promise.allSettled([workshop.make(big), workshop.make(big)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const late = results.find((result) => result.status === 'rejected');
    expect(late?.reason).toMatchObject({ key: 'photo.busy', status: 503 });
    // The turn came back: the next photo is made.
    expect((await workshop.make(await smallPhoto())).display.width).toBe(64);
    expect(workshop.load()).toEqual({ held: 0, working: 0, waiting: 0, receiving: 0 });
  });
});
