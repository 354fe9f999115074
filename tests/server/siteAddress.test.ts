// One address, chosen by the committee: every absolute address the register hands out (a page's canonical link,
// og:url, og:image and JSON-LD, the sitemap and robots.txt, a notice's calendar file, the exports, a plate's QR code)
// is made from the settings' siteUrl alone. A Host or X-Forwarded-Host header changes not one byte of any of them,
// with or without siteUrl, with or without a trusted proxy (TRUST_PROXY). Until the committee sets the address: no
// canonical link nor og:url, the other addresses are paths, the sitemap answers 404 saying the address is not set,
// robots.txt names no sitemap, and a plate is refused with where to set it. The address itself is an origin with an
// optional path, by one rule at each door: the settings call and the first start.
import { request as httpRequest } from 'node:http';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { t, type MessageKey } from '../../src/domain/messages';
import { graveQrText } from '../../src/domain/paths/graveAddress';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';
import { bury, makeGrave, signIn, writeArticle } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const FORGED = 'evil.example';
/** What a client (or a proxy passing a client's Host on) may send to bend an absolute address. */
const FORGERIES: ReadonlyArray<Record<string, string>> = [
  { host: FORGED },
  { host: `${FORGED}:8443`, 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https', forwarded: `host=${FORGED};proto=https` },
  { host: '127.0.0.1', 'x-forwarded-host': `${FORGED}, 127.0.0.1`, 'x-forwarded-port': '443' },
];

interface Raw {
  status: number;
  type: string;
  body: string;
}

/** A GET with the headers as written (fetch would not send Host): the raw request. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const metaOf = (html: string, name: string) =>
  new RegExp(`<meta\\s+(?:name|property)="${escapeRegExp(name)}"\\s+content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1]!));
const icsLines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

/** A plate's QR code, read back from its pixels. */
async function qrOf(svg: string): Promise<string | null> {
  const image = sharp(Buffer.from(svg), { density: 150 }).flatten({ background: '#fff' });
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** A register with one of each thing that names an absolute address: a grave, an article, a notice. */
interface Village {
  s: TestServer;
  manager: string;
  grave: Grave;
  articleId: string;
  noticeId: string;
}

async function village(env: Record<string, string>, databaseUrl: string | undefined): Promise<Village> {
  const s = await startTestServer({ seed: 'accounts', databaseUrl, staticDir: inject('siteDir'), env });
  const manager = await signIn(s, 'manager');
  const named = await call(s.api, 'PUT', '/settings', { token: manager, body: { villageName: 'قرية السنابل' } });
  expect(named.status).toBe(200);
  const grave = await bury(s, manager, (await makeGrave(s, manager, 'men', 317))._id, 'محمد أحمد الفقي', '2020-03-14');
  const articleId = (await writeArticle(s, manager, 'تجديد سور المقابر', 'بدأت اللجنة أعمال تجديد السور.'))._id;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const notice = await call<{ id: string }>(s.api, 'POST', '/notices', {
    token: manager,
    body: { name: 'حسن محمود الشافعي', prayerAt: `${tomorrow}T15:30`, mosque: 'مسجد النور', graveId: grave._id },
  });
  expect(notice.status, JSON.stringify(notice.body)).toBe(201);
  return { s, manager, grave, articleId, noticeId: notice.body.id };
}

/** Every answer that names an absolute address, by a short name, with the token it needs. */
function surfaces(v: Village): Array<{ name: string; url: string; token?: string }> {
  return [
    { name: 'home', url: `${v.s.url}/` },
    { name: 'men', url: `${v.s.url}/man` },
    { name: 'grave', url: `${v.s.url}${publicPaths.grave.href(v.grave._id)}` },
    { name: 'article', url: `${v.s.url}${publicPaths.article.href(v.articleId)}` },
    { name: 'notice', url: `${v.s.url}${publicPaths.notice.href(v.noticeId)}` },
    { name: 'robots', url: `${v.s.url}/robots.txt` },
    { name: 'sitemap', url: `${v.s.url}/sitemap.xml` },
    { name: 'calendar', url: `${v.s.api}/notices/${encodeURIComponent(v.noticeId)}/calendar.ics` },
    { name: 'geojson', url: `${v.s.api}/export/graves.geojson`, token: v.manager },
    { name: 'gedcom', url: `${v.s.api}/export/burials.ged`, token: v.manager },
    { name: 'plate', url: `${v.s.api}${paths.gravePlate(v.grave._id, 'sticker')}` },
  ];
}

/**
 * Each surface as a plain request gets it, after checking that every forgery gets the very same answer, and that
 * nothing names the forged host or the address the server listens on.
 */
async function answersUnbent(v: Village): Promise<Map<string, Raw>> {
  const own = new URL(v.s.url).host;
  const plain = new Map<string, Raw>();
  for (const surface of surfaces(v)) {
    const auth: Record<string, string> = surface.token ? { authorization: `Bearer ${surface.token}` } : {};
    const answer = await rawGet(surface.url, auth);
    expect(answer.body, surface.name).not.toContain(own);
    for (const forged of FORGERIES) {
      const bent = await rawGet(surface.url, { ...auth, ...forged });
      expect(bent.body, `${surface.name} ${JSON.stringify(forged)}`).not.toContain(FORGED);
      expect(bent, `${surface.name} ${JSON.stringify(forged)}`).toEqual(answer);
    }
    plain.set(surface.name, answer);
  }
  return plain;
}

const SITE = 'https://kafr-salem.com/maqaber';

describe.each(ENGINES)('one address, chosen by the committee, on $name', ({ databaseUrl }) => {
  for (const [label, env] of [
    ['straight on the socket', {}],
    ['behind a trusted proxy (TRUST_PROXY=1)', { TRUST_PROXY: '1' }],
  ] as const) {
    describe(label, () => {
      let v: Village;
      beforeAll(async () => {
        v = await village(env, databaseUrl);
      });
      afterAll(() => v?.s.close());

      it('without a site address, names no host anywhere, whatever Host or X-Forwarded-Host says', async () => {
        const got = await answersUnbent(v);
        for (const name of ['home', 'men', 'grave', 'article', 'notice']) {
          const html = got.get(name)!.body;
          expect(got.get(name)!.status, name).toBe(200);
          expect(canonicalOf(html), name).toBeUndefined();
          expect(html, name).not.toContain('rel="canonical"');
          expect(metaOf(html, 'og:url'), name).toBeUndefined();
          // The preview image and JSON-LD are paths, read against the page's own address.
          expect(unescape(metaOf(html, 'og:image') ?? ''), name).toMatch(/^\/site\/preview/);
          expect(unescape(metaOf(html, 'twitter:image') ?? ''), name).toMatch(/^\/site\/preview/);
          // Only other sites' addresses (the share sheet's WhatsApp link) are absolute.
          const hosts = [...html.matchAll(/(?:href|content)="https?:\/\/([^/"]*)/g)].map((m) => m[1]);
          expect(
            hosts.filter((host) => host !== 'wa.me'),
            name,
          ).toEqual([]);
        }
        expect(jsonLdOf(got.get('home')!.body)[0]).toMatchObject({ '@type': 'Cemetery', url: '/' });
        const graveLd = jsonLdOf(got.get('grave')!.body)[0]!;
        expect(graveLd.url).toBe(publicPaths.grave.href(v.grave._id));

        const robots = got.get('robots')!;
        expect(robots.status).toBe(200);
        expect(robots.body.split('\n')).toEqual([
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /login',
          'Disallow: /setup',
          'Disallow: /api',
          '',
        ]);
        const sitemap = got.get('sitemap')!;
        expect(sitemap.status).toBe(404);
        expect(JSON.parse(sitemap.body)).toEqual({ message: t('share.siteUrlMissing') });
        expect((await rawGet(`${v.s.url}/sitemap-1.xml`)).status).toBe(404);

        const ics = icsLines(got.get('calendar')!.body);
        expect(ics.some((line) => line.startsWith('URL:'))).toBe(false);
        expect(ics).toContain(`UID:notice-${v.noticeId}@cemetery-register`);
        const geojson = JSON.parse(got.get('geojson')!.body) as {
          features: Array<{ properties: { shortAddress: string } }>;
        };
        expect(geojson.features.map((f) => f.properties.shortAddress)).toEqual(['/g/m317']);
        expect(got.get('gedcom')!.body).toContain('2 NOTE /g/m317');

        const plate = got.get('plate')!;
        expect(plate.status).toBe(409);
        expect(JSON.parse(plate.body)).toEqual({ message: t('plate.siteUrlMissing') });
        expect(t('plate.siteUrlMissing')).toContain('«إعدادات الموقع»');
      });

      it('with the committee’s address, names it alone (its path kept), whatever the headers say', async () => {
        const saved = await call<{ siteUrl: string; message: string }>(v.s.api, 'PUT', '/settings', {
          token: v.manager,
          body: { siteUrl: 'kafr-salem.com/maqaber/' },
        });
        expect(saved.status).toBe(200);
        expect(saved.body.siteUrl).toBe(SITE);
        expect(saved.body.message).toBe(t('settings.savedSiteUrl', { url: SITE }));
        try {
          const got = await answersUnbent(v);
          for (const [name, path] of [
            ['home', '/'],
            ['men', '/man'],
            ['grave', publicPaths.grave.href(v.grave._id)],
            ['article', publicPaths.article.href(v.articleId)],
            ['notice', publicPaths.notice.href(v.noticeId)],
          ] as const) {
            const html = got.get(name)!.body;
            expect(canonicalOf(html), name).toBe(`${SITE}${path}`);
            expect(metaOf(html, 'og:url'), name).toBe(`${SITE}${path}`);
            expect(metaOf(html, 'og:image'), name).toMatch(new RegExp(`^${escapeRegExp(SITE)}/site/preview`));
            for (const ld of jsonLdOf(html)) {
              for (const address of JSON.stringify(ld).match(/"(?:url|@id)":"[^"]*"/g) ?? []) {
                expect(address, name).toContain(`"${SITE}/`);
              }
            }
          }
          expect(got.get('robots')!.body).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
          const locs = locsOf(got.get('sitemap')!.body);
          expect(got.get('sitemap')!.status).toBe(200);
          expect(locs).toContain(`${SITE}/man`);
          expect(locs).toContain(`${SITE}${publicPaths.grave.href(v.grave._id)}`);
          expect(locs.every((loc) => loc.startsWith(`${SITE}/`))).toBe(true);
          const ics = icsLines(got.get('calendar')!.body);
          expect(ics).toContain(`URL:${SITE}${publicPaths.notice.href(v.noticeId)}`);
          expect(ics).toContain(`UID:notice-${v.noticeId}@kafr-salem.com`);
          expect(got.get('geojson')!.body).toContain(`"shortAddress":"${SITE}/g/m317"`);
          expect(got.get('gedcom')!.body).toContain(`2 NOTE ${SITE}/g/m317`);
          const plate = got.get('plate')!;
          expect(plate.status).toBe(200);
          expect(plate.body).toContain('kafr-salem.com/maqaber/g/m317');
          expect(await qrOf(plate.body)).toBe(graveQrText(SITE, 'men', 317));
          // The plate's QR code read from a request whose headers name another host holds the committee's too.
          const forged = await rawGet(`${v.s.api}${paths.gravePlate(v.grave._id, 'sticker')}`, FORGERIES[1]);
          expect(await qrOf(forged.body)).toBe('HTTPS://KAFR-SALEM.COM/maqaber/G/M317');
        } finally {
          expect((await call(v.s.api, 'PUT', '/settings', { token: v.manager, body: { siteUrl: '' } })).status).toBe(
            200,
          );
        }
        // Cleared: back to no host at all.
        expect((await rawGet(`${v.s.url}/sitemap.xml`)).status).toBe(404);
        expect(canonicalOf((await rawGet(`${v.s.url}/man`, FORGERIES[0])).body)).toBeUndefined();
      });
    });
  }

  describe('the settings call takes an origin with an optional path', () => {
    let s: TestServer;
    let manager: string;
    beforeAll(async () => {
      s = await startTestServer({ seed: 'accounts', databaseUrl });
      manager = await signIn(s, 'manager');
    });
    afterAll(() => s?.close());
    const put = (siteUrl: unknown) =>
      call<{ siteUrl: string; message: string }>(s.api, 'PUT', '/settings', { token: manager, body: { siteUrl } });
    const stored = async () => (await call<{ siteUrl: string }>(s.api, 'GET', '/settings')).body.siteUrl;

    it('stores a bare host with https://, keeps a path, drops the trailing slash, and says what it stored', async () => {
      for (const [typed, kept] of [
        ['kafr-salem.com', 'https://kafr-salem.com'],
        ['Kafr-Salem.com/Maqaber/', 'https://kafr-salem.com/Maqaber'],
        ['http://kafr-salem.com:8080//', 'http://kafr-salem.com:8080'],
        ['https://kafr-salem.com/', 'https://kafr-salem.com'],
      ] as const) {
        const answer = await put(typed);
        expect(answer.status, typed).toBe(200);
        expect(answer.body.siteUrl, typed).toBe(kept);
        expect(answer.body.message, typed).toBe(t('settings.savedSiteUrl', { url: kept }));
        expect(await stored(), typed).toBe(kept);
      }
      // Typed as it is stored: the plain message.
      const same = await put('https://kafr-salem.com');
      expect(same.body.message).toBe(t('settings.saved'));
    });

    it('refuses a query, a fragment, credentials or another scheme with an Arabic 400, changing nothing', async () => {
      expect((await put('https://kafr-salem.com')).status).toBe(200);
      const refused: Array<[unknown, MessageKey]> = [
        ['https://a.com/x?q=1#y', 'settings.siteUrlQuery'],
        ['kafr-salem.com/#y', 'settings.siteUrlQuery'],
        ['kafr-salem.com?', 'settings.siteUrlQuery'],
        ['https://user:secret@kafr-salem.com', 'settings.siteUrlCredentials'],
        ['admin@kafr-salem.com', 'settings.siteUrlCredentials'],
        ['ftp://kafr-salem.com', 'settings.siteUrlScheme'],
        ['javascript:alert(1)', 'settings.siteUrlInvalid'],
        ['kafr', 'settings.siteUrlInvalid'],
      ];
      for (const [typed, key] of refused) {
        expectRefusal(await put(typed), 400, key);
        expect(await stored(), String(typed)).toBe('https://kafr-salem.com');
      }
      // Not a text at all: the body's schema refuses it, in Arabic too.
      expectRefusal(await put(42), 400);
      expect(await stored()).toBe('https://kafr-salem.com');
      const cleared = await put('');
      expect(cleared.status).toBe(200);
      expect(cleared.body.message).toBe(t('settings.saved'));
      expect(await stored()).toBe('');
    });

    it('reads an address stored under the older rule (with a query) as not set', async () => {
      const row = await s.ctx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'site_identity')
        .executeTakeFirstOrThrow();
      const storeOlder = (siteUrl: string) =>
        s.ctx.db
          .updateTable('settings')
          .set({ value: JSON.stringify({ ...(JSON.parse(row.value) as object), siteUrl }) })
          .where('key', '=', 'site_identity')
          .execute();
      // Asked of the data layer: the answer cache keeps GET /api/settings until a write through the app.
      await storeOlder('https://a.com/x?q=1#y');
      expect((await s.ctx.data.identity.read()).siteUrl).toBe('');
      await storeOlder('https://a.com/maqaber/');
      expect((await s.ctx.data.identity.read()).siteUrl).toBe('https://a.com/maqaber');
    });
  });

  describe('the first start asks for the address, optional, by the same rule', () => {
    let s: TestServer;
    afterEach(() => s?.close());
    const setup = (more: Record<string, unknown>) =>
      call<{ token: string }>(s.api, 'POST', '/setup', {
        body: {
          code: s.setupCode,
          villageName: 'كفر النخيل',
          manager: { name: 'سعاد عبد الحميد', email: 'souad@kafr-elnakhil.com', password: 'first-manager-2026' },
          ...more,
        },
      });
    const settings = async () => (await call<{ siteUrl: string; villageName: string }>(s.api, 'GET', '/settings')).body;

    it('refuses an address the rule refuses, writing nothing; then stores a bare host with https://', async () => {
      s = await startTestServer({ databaseUrl });
      expectRefusal(await setup({ siteUrl: 'https://kafr-elnakhil.com/?x=1' }), 400, 'settings.siteUrlQuery');
      expectRefusal(await setup({ siteUrl: 'user:pw@kafr-elnakhil.com' }), 400, 'settings.siteUrlCredentials');
      expect((await call<{ needed: boolean }>(s.api, 'GET', '/setup')).body.needed).toBe(true);
      expect(await settings()).toMatchObject({ villageName: '', siteUrl: '' });

      const made = await setup({ siteUrl: 'kafr-elnakhil.com/' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      // The answer cache lets the answer read before the setup go within a second.
      await expect
        .poll(settings, { timeout: 3000 })
        .toMatchObject({ villageName: 'كفر النخيل', siteUrl: 'https://kafr-elnakhil.com' });
      const audit = await call<Array<{ action: string; before: unknown; after: unknown }>>(s.api, 'GET', '/audit', {
        token: made.body.token,
      });
      expect(audit.body.find((e) => e.action === 'settings.update')).toMatchObject({
        before: { villageName: '', siteUrl: '' },
        after: { villageName: 'كفر النخيل', siteUrl: 'https://kafr-elnakhil.com' },
      });
    });

    it('leaves the address unset when none is given', async () => {
      s = await startTestServer({ databaseUrl });
      const made = await setup({ siteUrl: '  ' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(await settings()).toMatchObject({ villageName: 'كفر النخيل', siteUrl: '' });
    });
  });
});
