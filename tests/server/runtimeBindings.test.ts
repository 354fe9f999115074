// What depends on the Node a host runs, through the real server on each database: the password hash (argon2), the
// images (libvips through sharp: a visitor's photo shrunk, a logo, a share preview drawn with Arabic text), SQLite's
// driver, fetch and FormData, and Intl's Arabic dates with the Hijri calendar. Small on purpose: CI runs it on every
// supported Node line besides the one the whole suite runs on (.ci/other-nodes).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#2f5d50' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#e9c46a"/></svg>`,
        ),
      },
    ])
    [format]()
    .toBuffer();

describe.each(ENGINES)('the runtime’s bindings on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let graveId: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    manager = await s.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const grave = await call<{ _id: string }>(s.api, 'POST', '/graves', {
      token: manager,
      body: { gender: 'men', number: 12 },
    });
    graveId = grave.body._id;
    await call(s.api, 'POST', `/graves/${graveId}/bury`, {
      token: manager,
      body: { name: 'عبد الرحمن محمود الشرقاوي', burialDate: '2025-03-01' },
    });
  });
  afterAll(async () => s?.close());

  it('signs in with the hashed password and refuses a wrong one (argon2)', async () => {
    const wrong = await call(s.api, 'POST', '/auth/login', {
      body: { email: DEMO_ACCOUNTS.manager.email, password: 'not-it-2026' },
    });
    expect(wrong.status).toBe(400);
    expect(manager.split('.')).toHaveLength(3);
  });

  it('shrinks a visitor’s photo and a logo, and draws a share preview (sharp)', async () => {
    const form = new FormData();
    form.append(
      'photo',
      new Blob([new Uint8Array(await picture(2400, 1600, 'jpeg'))], { type: 'image/jpeg' }),
      'photo.jpg',
    );
    form.append('senderName', 'ابن المتوفى');
    form.append('senderPhone', '٠١٠٠ ١٢٣ ٤٥٦٧');
    const sent = await fetch(`${s.api}/graves/${graveId}/photos`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const logo = new FormData();
    logo.append('logo', new Blob([new Uint8Array(await picture(512, 512, 'png'))], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${s.api}/settings/logo`, {
      method: 'POST',
      body: logo,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    const preview = await fetch(`${s.url}/site/preview/grave/${graveId}.png`);
    expect(preview.status).toBe(200);
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });

  it('finds the burial by a name typed another way, and writes its date in Arabic with the Hijri date (Intl)', async () => {
    const found = await call<Array<{ person: { name: string } }>>(s.api, 'GET', '/search?q=الشرقاوى');
    expect(found.body.map((m) => m.person.name)).toContain('عبد الرحمن محمود الشرقاوي');
    const text = formatBurialDate('2025-03-01');
    expect(text).toContain('٢٠٢٥');
    expect(text).toMatch(/هـ/);
  });
});
