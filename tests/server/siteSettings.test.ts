// The village's identity as settings, through the real server on both engines: anyone reads the public
// fields and nothing else; only a manager changes them, each refusal in Arabic with nothing changed; the audit keeps
// the old and the new value of exactly the fields changed; a second process on the same database sees a change within
// a second; and the logo: a real PNG, JPEG or WebP becomes the four PNG sizes, served for a year and named by the
// manifest, while an SVG with a script, a text file named logo.png, a file over 2 MB and a decompression bomb are
// refused, nothing changed, the server still answering.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGO_SIZES } from '../../src/domain/identity/siteIdentity';
import { t } from '../../src/domain/messages';
import type { AuditEntry } from '../../src/domain/types';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type SecondServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const CLERK = { name: 'مدخل البيانات', email: 'clerk@example.com', password: 'clerk-password-1' };

const PUBLIC_KEYS = [
  'contact',
  'cemeteryName',
  'description',
  'logo',
  'restingPeriodDays',
  'siteUrl',
  'team',
  'texts',
  'themeColor',
  'timeZone',
  'villageName',
].sort();

interface Settings {
  villageName: string;
  description: string;
  siteUrl: string;
  themeColor: string;
  logo: string | null;
  contact: { emails: string[]; phones: string[]; address: string; social: Array<{ kind: string; url: string }> };
  message?: string;
}

/** A decompression bomb: 20000 × 20000 pixels of one colour, about a megabyte as a PNG. Made once. */
let bomb: Promise<Buffer> | null = null;
const decompressionBomb = () =>
  (bomb ??= sharp({
    create: { width: 20000, height: 20000, channels: 3, background: '#ffffff' },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer());

const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#2f5d50' } })
    .toFormat(format)
    .toBuffer();

describe.each(ENGINES)('the village’s settings on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let admin: string;
  let clerk: string;
  const settings = () => call<Settings & Record<string, unknown>>(s.api, 'GET', '/settings');
  const put = (body: unknown, token: string | null = manager) =>
    call<Settings>(s.api, 'PUT', '/settings', { token, body });
  const audit = async () =>
    (
      await call<AuditEntry[]>(s.api, 'GET', '/audit?filter=%7B%7D&range=%5B0%2C499%5D', { token: manager })
    ).body.filter((entry) => entry.action === 'settings.update');
  const upload = (bytes: Buffer, name = 'logo.png', type = 'image/png', token: string | null = manager) => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(bytes)], { type }), name);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return fetch(`${s.api}/settings/logo`, { method: 'POST', body: form, headers }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as Settings,
    }));
  };
  /** Nothing changed: the same settings and no new audit entry. */
  const unchanged = async (before: unknown, entries: number) => {
    expect((await settings()).body).toEqual(before);
    expect(await audit()).toHaveLength(entries);
  };

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, staticDir: inject('siteDir') });
    manager = await signIn(s, 'manager');
    admin = await signIn(s, 'admin');
    const made = await call(s.api, 'POST', '/auth/register', { token: manager, body: { ...CLERK, role: 'clerk' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    clerk = await s.login(CLERK.email, CLERK.password);
  });
  afterAll(async () => s?.close());

  it('anyone reads the public fields, and only them', async () => {
    const res = await settings();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(PUBLIC_KEYS);
    expect(res.body).toMatchObject({ villageName: '', logo: null, themeColor: '#2f5d50' });
  });

  it('only a manager changes them: 401 without a token, 403 for data entry and an admin', async () => {
    const before = (await settings()).body;
    expectRefusal(await put({ villageName: 'قرية أخرى' }, null), 401);
    expectRefusal(await put({ villageName: 'قرية أخرى' }, clerk), 403);
    expectRefusal(await put({ villageName: 'قرية أخرى' }, admin), 403);
    await unchanged(before, 0);

    const saved = await put({ villageName: 'القرية الشرقية', contact: { phones: ['٠١٠١٢٣٤٥٦٧٨'] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(t('settings.saved'));
    expect(saved.body).toMatchObject({ villageName: 'القرية الشرقية', contact: { phones: ['01012345678'] } });
    const read = (await settings()).body;
    expect(Object.keys(read).sort()).toEqual(PUBLIC_KEYS);
    expect(read).toMatchObject({ villageName: 'القرية الشرقية', contact: { phones: ['01012345678'] } });
  });

  it('refuses what breaks the rule, in Arabic, and changes nothing', async () => {
    const before = (await settings()).body;
    const entries = (await audit()).length;
    const cases: Array<[unknown, Parameters<typeof t>[0]]> = [
      [{ contact: { emails: ['not-an-email'] } }, 'settings.emailInvalid'],
      [{ contact: { social: [{ kind: 'facebook', url: 'javascript:alert(1)' }] } }, 'settings.socialInvalid'],
      [{ siteUrl: 'javascript:alert(1)' }, 'settings.siteUrlInvalid'],
      [{ villageName: 'القرية', secret: 'x' }, 'settings.nothing'],
      [{ villageName: '' }, 'settings.villageNameInvalid'],
      [{ villageName: '   ' }, 'settings.villageNameInvalid'],
      [{ description: 'ا'.repeat(10_000) }, 'settings.descriptionInvalid'],
      [{ themeColor: 'red' }, 'settings.themeColorInvalid'],
      [{}, 'settings.nothing'],
    ];
    for (const [body, key] of cases) expectRefusal(await put(body), 400, key);
    await unchanged(before, entries);
  });

  it('the audit keeps the old and the new value of exactly the fields changed', async () => {
    const before = (await settings()).body;
    const entries = (await audit()).length;
    const res = await put({ description: 'وصف جديد للموقع.', villageName: before.villageName, themeColor: '#123456' });
    expect(res.status).toBe(200);
    const added = await audit();
    expect(added).toHaveLength(entries + 1);
    const entry = added[0]!;
    expect(entry).toMatchObject({ entity: 'settings', accountEmail: 'manager@example.com' });
    expect(entry.before).toEqual({ description: before.description, themeColor: before.themeColor });
    expect(entry.after).toEqual({ description: 'وصف جديد للموقع.', themeColor: '#123456' });
  });

  it('a change on one process is seen by another on the same database within a second', async () => {
    let second: SecondServer | null = null;
    try {
      second = await startSecondServer(s);
      const there = () => call<Settings>(second!.api, 'GET', '/settings');
      // The second process has its answer cached before the change.
      expect((await there()).body.villageName).toBe((await settings()).body.villageName);
      expect((await put({ villageName: 'قرية النخيل' })).status).toBe(200);
      const changedAt = Date.now();
      let seen = '';
      while (Date.now() - changedAt < 1500) {
        seen = (await there()).body.villageName;
        if (seen === 'قرية النخيل') break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(seen).toBe('قرية النخيل');
      expect(Date.now() - changedAt).toBeLessThan(1500);
    } finally {
      await second?.close();
    }
  });

  it.each(['png', 'jpeg', 'webp'] as const)(
    'a %s logo becomes the four PNG sizes, named by the manifest',
    async (format) => {
      const entries = (await audit()).length;
      const before = (await settings()).body.logo;
      const res = await upload(await picture(format), `logo.${format}`, `image/${format}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(t('logo.saved'));
      const token = res.body.logo;
      expect(token).toMatch(/^[\w-]{8,}$/);
      expect((await settings()).body.logo).toBe(token);
      for (const size of LOGO_SIZES) {
        const file = await fetch(`${s.url}/site/logo-${size}.png?v=${token}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/png');
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format: 'png', width: size, height: size });
      }
      const manifest = await fetch(`${s.url}/manifest.webmanifest`);
      expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const icons = ((await manifest.json()) as { icons: Array<{ src: string }> }).icons.map((icon) => icon.src);
      expect(icons).toEqual([`/site/logo-192.png?v=${token}`, `/site/logo-512.png?v=${token}`]);
      // The browser tab's icon is the logo too, on the public pages and in the console.
      for (const page of ['/', '/man', '/admin']) {
        const html = await (await fetch(`${s.url}${page}`)).text();
        expect(html).toContain(
          `<link rel="icon" href="/site/logo-32.png?v=${token}" type="image/png" sizes="32x32" />`,
        );
        expect(html).not.toContain('favicon.svg');
      }
      const entry = (await audit())[0]!;
      expect((await audit()).length).toBe(entries + 1);
      expect(entry.before).toEqual({ logo: before });
      expect(entry.after).toEqual({ logo: token });
    },
  );

  it('the manifest is the village’s: its names, colour and language', async () => {
    const manifest = (await (await fetch(`${s.url}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'مقابر قرية النخيل',
      short_name: 'مقابر قرية النخيل',
      description: 'وصف جديد للموقع.',
      theme_color: '#123456',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      display: 'standalone',
    });
  });

  it('an unknown size, or any other file, is not found', async () => {
    for (const path of ['/site/logo-64.png', '/site/logo-192.svg', '/site/other.png', '/site/logo-512.png.map']) {
      expect((await fetch(`${s.url}${path}`)).status, path).toBe(404);
    }
  });

  it('an SVG is drawn into the PNGs and never served as SVG; one with a script or a handler is refused', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="60">' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#2f5d50"/></linearGradient></defs>' +
        '<rect width="100" height="60" fill="url(#g)"/></svg>',
    );
    const ok = await upload(svg, 'logo.svg', 'image/svg+xml');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const size of LOGO_SIZES) {
      const file = await fetch(`${s.url}/site/logo-${size}.png`);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(bytes.toString('latin1')).not.toMatch(/<svg/i);
    }

    const before = (await settings()).body;
    const entries = (await audit()).length;
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="5" height="5"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://example.org/x.png"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
    ];
    for (const text of hostile) {
      const res = await upload(Buffer.from(text), 'logo.svg', 'image/svg+xml');
      expectRefusal(res, 400, 'logo.svgUnsafe');
    }
    await unchanged(before, entries);
  });

  it('refuses a text file named logo.png, a file over 2 MB and a decompression bomb; nothing changes', async () => {
    const before = (await settings()).body;
    const entries = (await audit()).length;
    const served = Buffer.from(await (await fetch(`${s.url}/site/logo-192.png`)).arrayBuffer());

    expectRefusal(await upload(Buffer.from('هذا ليس شعارًا\n'), 'logo.png', 'image/png'), 400, 'logo.notImage');
    // A PNG's signature glued onto text is not a PNG either.
    const glued = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('x'.repeat(100)),
    ]);
    expectRefusal(await upload(glued, 'logo.png', 'image/png'), 400, 'logo.notImage');
    const big = Buffer.concat([await picture('png'), Buffer.alloc(3 * 1024 * 1024, 1)]);
    expectRefusal(await upload(big, 'logo.png', 'image/png'), 413, 'logo.tooLarge');
    // The limit to the byte: 2 MB is read (and is no image), one byte more is too large.
    const atLimit = Buffer.alloc(2 * 1024 * 1024, 0x20);
    expectRefusal(await upload(atLimit, 'logo.png', 'image/png'), 400, 'logo.notImage');
    expectRefusal(
      await upload(Buffer.concat([atLimit, Buffer.from([0x20])]), 'logo.png', 'image/png'),
      413,
      'logo.tooLarge',
    );
    expectRefusal(await upload(await decompressionBomb(), 'logo.png', 'image/png'), 400, 'logo.tooManyPixels');
    // Not a form, or the file under another name.
    expectRefusal(await call(s.api, 'POST', '/settings/logo', { token: manager, body: { logo: 'x' } }), 415);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'logo.png');
    const other = await fetch(`${s.api}/settings/logo`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(other.status).toBe(400);

    expect((await call(s.api, 'GET', '/health')).status).toBe(200);
    await unchanged(before, entries);
    expect(Buffer.from(await (await fetch(`${s.url}/site/logo-192.png`)).arrayBuffer())).toEqual(served);
  }, 30_000);

  it('only a manager uploads or removes the logo', async () => {
    const before = (await settings()).body;
    const png = await picture('png');
    expectRefusal(await upload(png, 'logo.png', 'image/png', null), 401);
    expectRefusal(await upload(png, 'logo.png', 'image/png', clerk), 403);
    expectRefusal(await upload(png, 'logo.png', 'image/png', admin), 403);
    expectRefusal(await call(s.api, 'DELETE', '/settings/logo', { token: admin }), 403);
    expect((await settings()).body).toEqual(before);
  });

  it('back to the product’s mark: the files are gone and the manifest names the product’s icons', async () => {
    const res = await call<Settings>(s.api, 'DELETE', '/settings/logo', { token: manager });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ logo: null, message: t('logo.removed') });
    expect((await fetch(`${s.url}/site/logo-192.png`)).status).toBe(404);
    const manifest = (await (await fetch(`${s.url}/manifest.webmanifest`)).json()) as { icons: Array<{ src: string }> };
    expect(manifest.icons.map((icon) => icon.src)).toContain('/icons/icon-192.png');
    expect((await audit())[0]!.after).toEqual({ logo: null });
  });

  it('the logo’s calls are in the OpenAPI document; the files and the manifest are not', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { summary?: string }>> }>(
      s.api,
      'GET',
      '/openapi.json',
    );
    expect(doc.body.paths['/api/settings/logo']?.post?.summary).toBeTruthy();
    expect(doc.body.paths['/api/settings/logo']?.delete?.summary).toBeTruthy();
    expect(JSON.stringify(doc.body.paths['/api/settings/logo']?.post)).toContain(
      '"multipart/form-data":{"schema":{"type":"object","properties":{"logo":{"type":"string","format":"binary"',
    );
    expect(doc.body.paths['/api/settings']?.put?.summary).toBeTruthy();
    expect(Object.keys(doc.body.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });
});
