// A plate for every grave, through the real server on both engines. A grave's short address (/g/m317, and
// /G/M317 as its QR code holds it) sends a visitor to the grave's page; an address of no grave (removed, never made,
// unreadable) answers the site's page with 404, whose screen says in Arabic that no grave has it; a grave made again
// with the same number answers at the same address. The plate (GET /api/graves/{id}/plate.svg) is an SVG in
// millimetres with the Arabic section name, the number in Arabic-Indic digits, the short address and the village;
// rendered to pixels, its QR code is decoded (jsQR) and followed to the right grave's page. The code holds the
// committee's site address (the settings' siteUrl): until one is set, no plate is drawn (409, saying where to set it).
import { mkdirSync } from 'node:fs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { t } from '../../src/domain/messages';
import { graveQrText, graveShortPath } from '../../src/domain/paths/graveAddress';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const SHOTS = '/work/tmp/shots/plates-core';
const VILLAGE = 'قرية السنابل';

/** The plate's QR code read back from its pixels, and the QR version its drawing has (its modules across). */
async function readPlate(svg: string, file?: string) {
  const image = sharp(Buffer.from(svg), { density: 150 }).flatten({ background: '#fff' });
  if (file) await image.clone().png().toFile(file);
  const { data, info } = await image.clone().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  const across = Number(/viewBox="0 0 (\d+) \1" shape-rendering="crispEdges"/.exec(svg)?.[1]);
  // A version-v code is 17 + 4v modules across; the drawing adds a quiet zone of 4 on each side.
  return { text: code?.data ?? null, version: (across - 8 - 17) / 4, width: info.width, height: info.height };
}

describe.each(ENGINES)('grave plates and short addresses on $name', ({ name: engine, databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let men317: Grave;
  let women12: Grave;
  let bones: Grave;

  const visit = (path: string) => fetch(`${s.url}${path}`, { redirect: 'manual' });
  const plate = async (id: string, size?: 'sticker' | 'plate') => {
    const res = await fetch(`${s.api}${paths.gravePlate(id, size)}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      etag: res.headers.get('etag'),
      svg: await res.text(),
    };
  };
  const putSettings = async (body: Record<string, unknown>) => {
    const res = await call(s.api, 'PUT', '/settings', { token: manager, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** Follows a plate's decoded address as a phone would: the redirect, then the grave's page. */
  const follow = async (address: string) => {
    const first = await fetch(address, { redirect: 'manual' });
    const location = first.headers.get('location') ?? '';
    const page = await fetch(new URL(location, address));
    return { status: first.status, location, pageStatus: page.status, html: await page.text() };
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    s = await startTestServer({ seed: 'accounts', databaseUrl, staticDir: inject('siteDir') });
    manager = await signIn(s, 'manager');
    await putSettings({ villageName: VILLAGE });
    men317 = await makeGrave(s, manager, 'men', 317);
    men317 = await bury(s, manager, men317._id, 'محمد أحمد عبد الرحمن الفقي', '2020-03-14');
    women12 = await makeGrave(s, manager, 'women', 12);
    bones = await makeGrave(s, manager, 'bones', 'ع3');
  });
  afterAll(async () => {
    await s?.close();
  });

  it("sends a short address to the grave's page, its letters in either case", async () => {
    for (const path of ['/g/m317', '/G/M317', '/g/M317', '/G/m317']) {
      const res = await visit(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(publicPaths.grave.href(men317._id));
    }
    const women = await visit(graveShortPath('women', 12));
    expect(women.headers.get('location')).toBe(publicPaths.grave.href(women12._id));
    // A bone section's label, percent-encoded as the address carries it, and in capitals as its QR code holds it.
    expect(graveShortPath('bones', 'ع3')).toBe('/g/b%D8%B93');
    for (const path of ['/g/b%D8%B93', '/G/B%D8%B93']) {
      const res = await visit(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(publicPaths.grave.href(bones._id));
    }
  });

  it('answers an address of no grave with the site page and 404, not an error', async () => {
    for (const path of ['/g/m318', '/G/W317', '/g/x1', '/g/m', '/g/b%D8%B94', '/plan/men/318', '/plan/nobody/1']) {
      const res = await visit(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      // The site's own page: its screen (NotFoundPage) says in Arabic that no grave has this address; the browser
      // test reads it (tests/e2e/grave-plates.test.ts).
      expect(await res.text(), path).toContain('<div id="root">');
    }
    expect(t('plate.addressUnknown')).toMatch(/^لا توجد مقبرة بهذا العنوان/);
  });

  it('keeps the address of a grave removed and made again with the same number', async () => {
    const first = await makeGrave(s, manager, 'men', 450);
    expect((await visit('/g/m450')).headers.get('location')).toBe(publicPaths.grave.href(first._id));
    const removed = await call(s.api, 'DELETE', paths.graveRecord(first._id), { token: manager });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await visit('/g/m450')).status).toBe(404);
    expect((await plate(first._id)).status).toBe(404);
    const again = await makeGrave(s, manager, 'men', 450);
    expect(again._id).not.toBe(first._id);
    const res = await visit('/G/M450');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(publicPaths.grave.href(again._id));
  });

  it('refuses every plate while the site address is not set, saying where a manager sets it', async () => {
    for (const grave of [men317, women12, bones]) {
      for (const size of ['sticker', 'plate'] as const) {
        const refused = await call<{ message: string }>(s.api, 'GET', paths.gravePlate(grave._id, size));
        expect(refused.status, `${grave.number} ${size}`).toBe(409);
        expect(refused.body.message).toBe(t('plate.siteUrlMissing'));
      }
    }
    expect(t('plate.siteUrlMissing')).toContain('«إعدادات الموقع»');
    // An unknown grave is still 404, whatever the settings.
    expect((await plate('no-such-grave')).status).toBe(404);
    await putSettings({ siteUrl: s.url });
  });

  it('draws the plate: an SVG in millimetres with the section, the Arabic-Indic number, the address and the village', async () => {
    const big = await plate(men317._id);
    expect(big.status).toBe(200);
    expect(big.type).toMatch(/^image\/svg\+xml/);
    expect(big.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="100mm" height="70mm"/);
    for (const text of ['مقبرة الرجال', '>٣١٧<', VILLAGE, `${new URL(s.url).host}/g/m317`, 'Noto Kufi Arabic']) {
      expect(big.svg, text).toContain(text);
    }
    // Latin digits only in the address, to be typed; every other line in Arabic-Indic digits.
    const lines = [...big.svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => /[0-9]/.test(line))).toEqual([`${new URL(s.url).host}/g/m317`]);

    const sticker = await plate(men317._id, 'sticker');
    expect(sticker.svg).toMatch(/width="50mm" height="50mm"/);
    expect(sticker.svg).toContain('مقبرة الرجال ٣١٧');

    const women = await plate(women12._id);
    expect(women.svg).toContain('مقبرة النساء');
    expect(women.svg).toContain('>١٢<');
    const bone = await plate(bones._id, 'sticker');
    expect(bone.svg).toContain('العظام ع3');
    // The bone label is printed as written, to be typed; the QR code holds it encoded.
    expect(bone.svg).toContain('/g/bع3');

    // Revalidated with its ETag.
    const again = await fetch(`${s.api}${paths.gravePlate(men317._id)}`, { headers: { 'if-none-match': big.etag! } });
    expect(again.status).toBe(304);
  });

  it('answers an unknown grave or size with an Arabic refusal', async () => {
    const unknown = await call<{ message: string }>(s.api, 'GET', paths.gravePlate('no-such-grave'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(t('grave.notFound'));
    const size = await call<{ message: string }>(s.api, 'GET', `/graves/${men317._id}/plate.svg?size=poster`);
    expect(size.status).toBe(400);
    expect(size.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it("reads back from the plate's pixels: the code holds the committee's address, and leads to the grave's page", async () => {
    // The site address set above (this server's own, so that the code can be followed here).
    const read = await readPlate((await plate(men317._id, 'sticker')).svg);
    expect(read.text).toBe(graveQrText(s.url, 'men', 317));
    const followed = await follow(read.text!);
    expect(followed.status).toBe(302);
    expect(followed.location).toBe(publicPaths.grave.href(men317._id));
    expect(followed.pageStatus).toBe(200);
    expect(followed.html).toContain('محمد أحمد عبد الرحمن الفقي');
  });

  it("holds the committee's site address, in a QR code of version 3 or lower for an address of 20 characters", async () => {
    await putSettings({ siteUrl: s.url });
    for (const grave of [men317, women12, bones]) {
      for (const size of ['sticker', 'plate'] as const) {
        const file = grave === men317 ? `${SHOTS}/plate-${size}-${engine}.png` : undefined;
        const read = await readPlate((await plate(grave._id, size)).svg, file);
        expect(read.text, `${grave.number} ${size}`).toBe(graveQrText(s.url, grave.gender, grave.number));
        const followed = await follow(read.text!);
        expect(followed.location).toBe(publicPaths.grave.href(grave._id));
        expect(followed.pageStatus).toBe(200);
      }
    }

    const twenty = 'https://qarya.eg.org';
    expect(twenty).toHaveLength(20);
    await putSettings({ siteUrl: twenty });
    const widest = await makeGrave(s, manager, 'women', 99999);
    for (const grave of [men317, widest]) {
      const drawn = await plate(grave._id, 'sticker');
      expect(drawn.svg).toContain(`qarya.eg.org/g/${grave.gender === 'men' ? 'm' : 'w'}${grave.number}`);
      const read = await readPlate(drawn.svg);
      expect(read.text).toBe(graveQrText(twenty, grave.gender, grave.number));
      expect(read.version).toBeGreaterThanOrEqual(1);
      expect(read.version).toBeLessThanOrEqual(3);
    }
    await putSettings({ siteUrl: '' });
    expect((await plate(men317._id)).status).toBe(409);
  });
});
