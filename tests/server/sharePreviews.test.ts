// Links that look right when shared. Every public page of PUBLIC_PAGES is sent with its own head —
// title, description, canonical, Open Graph, Twitter card, JSON-LD — every address absolute on the site's address
// (the settings' siteUrl alone: never a Host or X-Forwarded-Host header, not even from a trusted proxy; without it
// no canonical, paths, no sitemap: tests/server/siteAddress.test.ts walks every surface), and
// an og:image that answers a PNG of exactly 1200×630 under 150 KB. The preview images are 404 for what the public may
// not see, kept until their record changes (same ETag until then); the sitemap lists the public pages, the notices,
// the articles and the graves with burials, as an index past its threshold; robots.txt keeps the staff's addresses out.
import { request as httpRequest } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_PAGES } from '../../src/domain/paths/publicPages';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { Grave } from '../../src/domain/types';
import { bury, makeGrave, signIn, writeArticle } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';
import { siteCard } from '../../src/domain/text/pageHead';
import { EMPTY_IDENTITY } from '../../src/domain/identity/siteIdentity';
import { createPreviews, PreviewBusy } from '../../server/images/preview';

const SHOTS = '/work/tmp/shots/share';
const PNG_MAX_BYTES = 150 * 1024;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The content of the one <meta> of that name or property (fails when there are two). */
function metaOf(html: string, name: string): string | undefined {
  const found = [
    ...html.matchAll(new RegExp(`<meta\\s+(?:name|property)="${escapeRegExp(name)}"\\s+content="([^"]*)"`, 'g')),
  ];
  expect(found.length, `one <meta> ${name}`).toBeLessThanOrEqual(1);
  return found[0] ? unescape(found[0][1]!) : undefined;
}
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

/** A GET with headers fetch would not send as written (Host): the raw request. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function png(url: string) {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = res.status === 200 ? await sharp(bytes).metadata() : null;
  return { status: res.status, type: res.headers.get('content-type'), etag: res.headers.get('etag'), bytes, meta };
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1]!));

describe.each(ENGINES)('links that look right when shared, on $name', ({ name: engine, databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let grave: Grave;
  let emptyGrave: Grave;
  let articleId: string;
  let noticeId: string;
  let hiddenNoticeId: string;
  /** The private follow-up address of a correction sent to the grave's newest burial. */
  let followToken: string;

  const page = async (path: string) => {
    const res = await fetch(`${s.url}${path}`);
    return { status: res.status, html: await res.text() };
  };
  const postNotice = async (body: Record<string, unknown>) => {
    const res = await call<{ id: string }>(s.api, 'POST', '/notices', { token: manager, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const putSettings = async (body: Record<string, unknown>) => {
    const res = await call(s.api, 'PUT', '/settings', { token: manager, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    s = await startTestServer({ seed: 'accounts', databaseUrl, staticDir: inject('siteDir') });
    manager = await signIn(s, 'manager');
    // This server's own address as the committee's, so that every absolute address a page names can be followed.
    await putSettings({ villageName: 'قرية السنابل', themeColor: '#35524a', siteUrl: s.url });
    grave = await makeGrave(s, manager, 'men', 34);
    await bury(s, manager, grave._id, 'عبد الرحيم محمود الدسوقي', '1990-05-01');
    grave = await bury(s, manager, grave._id, 'محمد أحمد عبد الرحمن الفقي', '2026-11-20');
    emptyGrave = await makeGrave(s, manager, 'women', 7);
    articleId = (
      await writeArticle(
        s,
        manager,
        'تجديد سور المقابر',
        'بدأت اللجنة أعمال تجديد السور الشرقي للمقابر بمساهمة الأهالي.\n\nويستمر العمل حتى نهاية الشهر إن شاء الله.',
      )
    )._id;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    noticeId = await postNotice({
      name: 'حسن محمود عبد الله الشافعي',
      relations: 'والد محمود وشقيق علي',
      prayerAt: `${tomorrow}T15:30`,
      mosque: 'مسجد النور',
      afterPrayer: 'عقب صلاة العصر',
      graveId: grave._id,
      condolences: [{ place: 'دار المناسبات', for: 'men', from: tomorrow, to: tomorrow, hours: 'بعد المغرب' }],
    });
    const sent = await call<{ followToken: string }>(
      s.api,
      'POST',
      `/burials/${grave.buriedPersons[0]!._id}/corrections`,
      {
        body: { note: 'اسم الجد فيه خطأ', senderName: 'سعيد محمود', senderPhone: '01001234567' },
      },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    followToken = sent.body.followToken;
    hiddenNoticeId = await postNotice({
      name: 'فاطمة علي حسن',
      prayerAt: `${tomorrow}T12:30`,
      mosque: 'المسجد الكبير',
      hidden: true,
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Every public page with a real address (the record pages with a record of the register). */
  const addresses = () =>
    PUBLIC_PAGES.map(({ path }) => {
      if (path === publicPaths.grave.path) return publicPaths.grave.href(grave._id);
      if (path === publicPaths.article.path) return publicPaths.article.href(articleId);
      if (path === publicPaths.notice.path) return publicPaths.notice.href(noticeId);
      if (path === publicPaths.correctBurial.path)
        return publicPaths.correctBurial.href(grave._id, grave.buriedPersons[0]!._id);
      if (path === publicPaths.gravePhoto.path) return publicPaths.gravePhoto.href(grave._id);
      if (path === publicPaths.correctionFollow.path) return publicPaths.correctionFollow.href(followToken);
      expect(path, 'a page whose parameter this test does not know').not.toContain(':');
      return path;
    });

  it('walks every public page: its own title, description, canonical, og and twitter tags, JSON-LD', async () => {
    const titles = new Map<string, string>();
    const images = new Set<string>();
    for (const path of addresses()) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      const title = titleOf(html);
      expect(title, path).not.toBe('');
      expect(titles.get(title), `${path} has the title of ${titles.get(title)}`).toBeUndefined();
      titles.set(title, path);

      const url = canonicalOf(html);
      expect(url, path).toBe(`${s.url}${path}`);
      expect(metaOf(html, 'og:url'), path).toBe(url);
      expect(metaOf(html, 'description')?.length, path).toBeGreaterThan(10);
      expect(metaOf(html, 'og:description'), path).toBe(metaOf(html, 'description'));
      expect(metaOf(html, 'og:title')?.length, path).toBeGreaterThan(2);
      expect(title, path).toContain(metaOf(html, 'og:title'));
      expect(metaOf(html, 'og:locale'), path).toBe('ar_EG');
      expect(metaOf(html, 'og:site_name'), path).toBe('مقابر قرية السنابل');
      expect(['website', 'article'], path).toContain(metaOf(html, 'og:type'));
      expect(metaOf(html, 'og:image:width'), path).toBe('1200');
      expect(metaOf(html, 'og:image:height'), path).toBe('630');
      expect(metaOf(html, 'og:image:type'), path).toBe('image/png');
      const image = metaOf(html, 'og:image')!;
      expect(image, path).toMatch(new RegExp(`^${escapeRegExp(s.url)}/site/preview`));
      images.add(image);
      expect(metaOf(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(metaOf(html, 'twitter:title'), path).toBe(metaOf(html, 'og:title'));
      expect(metaOf(html, 'twitter:image'), path).toBe(image);
      for (const value of jsonLdOf(html)) expect(value['@context'], path).toBe('https://schema.org');
      // A family's forms and a correction's private follow-up address are kept out too.
      const kept = path === '/login' || path === '/setup' || /^\/(grave-details-user\/[^/]+\/|correction\/)/.test(path);
      expect(metaOf(html, 'robots'), path).toBe(kept ? 'noindex' : undefined);
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);

    // The page's own words.
    const graveHtml = (await page(publicPaths.grave.href(grave._id))).html;
    expect(titleOf(graveHtml)).toBe('المقبرة ٣٤ — رجال | مقابر قرية السنابل');
    expect(metaOf(graveHtml, 'description')).toContain('محمد أحمد عبد الرحمن الفقي، عبد الرحيم محمود الدسوقي');
    const graveLd = jsonLdOf(graveHtml);
    expect(graveLd.map((v) => v['@type'])).toEqual(['Place', 'Person', 'Person']);
    expect(graveLd[1]!.name).toBe('محمد أحمد عبد الرحمن الفقي');

    const noticeHtml = (await page(publicPaths.notice.href(noticeId))).html;
    expect(metaOf(noticeHtml, 'og:title')).toBe('حسن محمود عبد الله الشافعي في ذمة الله');
    expect(metaOf(noticeHtml, 'description')).toMatch(
      /^صلاة الجنازة عقب صلاة العصر .* الساعة ٣:٣٠ مساءً، في مسجد النور/,
    );
    const noticeLd = jsonLdOf(noticeHtml);
    expect(noticeLd.map((v) => v['@type'])).toEqual(['Person', 'Event']);
    expect(noticeLd[0]!.subjectOf).toMatchObject({ '@type': 'Place', name: 'المقبرة ٣٤ — رجال' });

    const articleHtml = (await page(publicPaths.article.href(articleId))).html;
    expect(metaOf(articleHtml, 'og:type')).toBe('article');
    expect(jsonLdOf(articleHtml)[0]).toMatchObject({ '@type': 'Article', headline: 'تجديد سور المقابر' });
    expect(metaOf(articleHtml, 'description')).toMatch(/^بدأت اللجنة أعمال تجديد السور/);

    const homeLd = jsonLdOf((await page('/')).html);
    expect(homeLd[0]).toMatchObject({ '@type': 'Cemetery', name: 'مقابر قرية السنابل', url: `${s.url}/` });

    // Every image named answers a PNG of exactly the declared size, small enough for the message apps.
    expect(images.size).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      const got = await png(image);
      expect(got.status, image).toBe(200);
      expect(got.type, image).toBe('image/png');
      expect([got.meta?.format, got.meta?.width, got.meta?.height], image).toEqual(['png', 1200, 630]);
      expect(got.bytes.length, image).toBeLessThan(PNG_MAX_BYTES);
    }
  });

  it('draws the site’s, a grave’s and a notice’s preview (saved to be looked at)', async () => {
    const shots: Array<[string, string]> = [
      ['site', '/site/preview.png'],
      ['grave', `/site/preview/grave/${grave._id}.png`],
      ['grave-empty', `/site/preview/grave/${emptyGrave._id}.png`],
      ['notice', `/site/preview/notice/${noticeId}.png`],
    ];
    for (const [name, path] of shots) {
      const got = await png(`${s.url}${path}`);
      expect(got.status, path).toBe(200);
      expect([got.meta?.width, got.meta?.height]).toEqual([1200, 630]);
      writeFileSync(`${SHOTS}/${engine}-${name}.png`, got.bytes);
    }
    // With the committee's logo: on every image, in place of the product's mark (a new image for the site).
    const before = await png(`${s.url}/site/preview.png`);
    const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#1d3557' } })
      .composite([
        { input: Buffer.from('<svg width="256" height="256"><circle cx="128" cy="128" r="90" fill="#e9c46a"/></svg>') },
      ])
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${s.api}/settings/logo`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(uploaded.status).toBe(200);
    const withLogo = await png(`${s.url}/site/preview.png`);
    expect(withLogo.etag).not.toBe(before.etag);
    expect([withLogo.meta?.width, withLogo.meta?.height]).toEqual([1200, 630]);
    writeFileSync(`${SHOTS}/${engine}-site-logo.png`, withLogo.bytes);
    const notice = await png(`${s.url}/site/preview/notice/${noticeId}.png`);
    writeFileSync(`${SHOTS}/${engine}-notice-logo.png`, notice.bytes);
    expect(notice.bytes.length).toBeLessThan(PNG_MAX_BYTES);
  });

  it('answers 404 for a preview the public may not see: unknown, malformed or hidden', async () => {
    for (const path of [
      '/site/preview/grave/no-such-grave.png',
      `/site/preview/grave/${grave._id}`,
      '/site/preview/notice/no-such-notice.png',
      `/site/preview/notice/${hiddenNoticeId}.png`,
    ]) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('الصفحة غير موجودة');
    }
    // A hidden notice's page is a 404 too, and names no one.
    const hidden = await page(publicPaths.notice.href(hiddenNoticeId));
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('فاطمة علي حسن');
  });

  it('hides a notice at once: its preview, its page and its place in the sitemap', async () => {
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const id = await postNotice({ name: 'سعاد محمد عبد الله', prayerAt: `${day}T13:00`, mosque: 'مسجد التقوى' });
    const preview = `${s.url}/site/preview/notice/${id}.png`;
    expect((await png(preview)).status).toBe(200);
    expect((await page(publicPaths.notice.href(id))).status).toBe(200);
    expect(locsOf(await (await fetch(`${s.url}/sitemap.xml`)).text())).toContain(
      `${s.url}${publicPaths.notice.href(id)}`,
    );

    const hidden = await call(s.api, 'PUT', `/notices/${id}`, { token: manager, body: { hidden: true } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((await png(preview)).status).toBe(404);
    const gone = await page(publicPaths.notice.href(id));
    expect(gone.status).toBe(404);
    expect(gone.html).not.toContain('سعاد محمد عبد الله');
    expect(locsOf(await (await fetch(`${s.url}/sitemap.xml`)).text())).not.toContain(
      `${s.url}${publicPaths.notice.href(id)}`,
    );
  });

  it('keeps a preview until its record changes: the same ETag (304), a new one and a new address after', async () => {
    const path = `/site/preview/grave/${grave._id}.png`;
    const first = await png(`${s.url}${path}`);
    const again = await png(`${s.url}${path}`);
    expect(again.etag).toBe(first.etag);
    const revalidated = await fetch(`${s.url}${path}`, { headers: { 'if-none-match': first.etag! } });
    expect(revalidated.status).toBe(304);
    const before = metaOf((await page(publicPaths.grave.href(grave._id))).html, 'og:image');

    await bury(s, manager, grave._id, 'علي حسن إبراهيم', '2026-11-24');
    const after = await png(`${s.url}${path}`);
    expect(after.etag).not.toBe(first.etag);
    const html = (await page(publicPaths.grave.href(grave._id))).html;
    expect(metaOf(html, 'og:image')).not.toBe(before);
    expect(metaOf(html, 'description')).toContain('علي حسن إبراهيم');
  });

  it('names the committee’s address when set, and never a Host header a client wrote', async () => {
    const forged = await rawGet(`${s.url}/man`, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain('evil.example');
    expect(canonicalOf(forged.body)).toBe(`${s.url}/man`);
    const robots = await rawGet(`${s.url}/robots.txt`, { host: 'evil.example' });
    expect(robots.body).toContain(`Sitemap: ${s.url}/sitemap.xml`);

    await putSettings({ siteUrl: 'https://maqaber.example.org' });
    try {
      const html = (await page('/team')).html;
      expect(canonicalOf(html)).toBe('https://maqaber.example.org/team');
      expect(metaOf(html, 'og:url')).toBe('https://maqaber.example.org/team');
      expect(metaOf(html, 'og:image')).toMatch(/^https:\/\/maqaber\.example\.org\/site\/preview\.png\?v=/);
      expect(await (await fetch(`${s.url}/robots.txt`)).text()).toContain(
        'Sitemap: https://maqaber.example.org/sitemap.xml',
      );
      const locs = locsOf(await (await fetch(`${s.url}/sitemap.xml`)).text());
      expect(locs.every((loc) => loc.startsWith('https://maqaber.example.org/'))).toBe(true);
    } finally {
      await putSettings({ siteUrl: s.url });
    }
  });

  it('names no host before the committee sets the address: no canonical, paths, no sitemap', async () => {
    await putSettings({ siteUrl: '' });
    try {
      const html = (await page('/team')).html;
      expect(canonicalOf(html)).toBeUndefined();
      expect(metaOf(html, 'og:url')).toBeUndefined();
      const image = metaOf(html, 'og:image')!;
      expect(image).toMatch(/^\/site\/preview\.png\?v=/);
      expect(metaOf(html, 'twitter:image')).toBe(image);
      // A path, read against the page's address: the image answers there.
      const got = await png(`${s.url}${image}`);
      expect([got.status, got.meta?.width, got.meta?.height]).toEqual([200, 1200, 630]);
      const sitemap = await fetch(`${s.url}/sitemap.xml`);
      expect(sitemap.status).toBe(404);
      expect(((await sitemap.json()) as { message: string }).message).toMatch(/^لا توجد خريطة للموقع/);
      expect(await (await fetch(`${s.url}/robots.txt`)).text()).not.toContain('Sitemap:');
    } finally {
      await putSettings({ siteUrl: s.url });
    }
  });

  it('lists the public pages, the current notices, the articles and the graves with burials; robots keeps staff out', async () => {
    const res = await fetch(`${s.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = locsOf(xml);
    expect(locs).toContain(`${s.url}/`);
    expect(locs).toContain(`${s.url}/man`);
    expect(locs).toContain(`${s.url}${publicPaths.notices.path}`);
    expect(locs).toContain(`${s.url}${publicPaths.notice.href(noticeId)}`);
    expect(locs).toContain(`${s.url}${publicPaths.article.href(articleId)}`);
    expect(locs).toContain(`${s.url}${publicPaths.grave.href(grave._id)}`);
    // Not the empty grave, not a hidden notice, not the login or the first start.
    for (const left of [
      publicPaths.grave.href(emptyGrave._id),
      publicPaths.notice.href(hiddenNoticeId),
      '/login',
      '/setup',
    ]) {
      expect(locs).not.toContain(`${s.url}${left}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
    expect((await fetch(`${s.url}/sitemap-1.xml`)).status).toBe(404);

    const robots = await fetch(`${s.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await robots.text()).split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /setup',
      'Disallow: /api',
      `Sitemap: ${s.url}/sitemap.xml`,
      '',
    ]);
  });

  describe('behind a trusted proxy, with a small sitemap threshold', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startTestServer({
        seed: 'demo',
        seedOptions: { graves: 24, burials: 30, articles: 3 },
        databaseUrl,
        staticDir: inject('siteDir'),
        env: { TRUST_PROXY: '1', SITEMAP_MAX_URLS: '10' },
      });
      const set = await call(proxied.api, 'PUT', '/settings', {
        token: await signIn(proxied, 'manager'),
        body: { siteUrl: proxied.url },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    });
    afterAll(async () => {
      await proxied?.close();
    });

    it('names the committee’s address, not the host the proxy forwarded', async () => {
      const html = (
        await rawGet(`${proxied.url}/bones`, {
          host: '127.0.0.1',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'register.village.example',
        })
      ).body;
      expect(html).not.toContain('register.village.example');
      expect(canonicalOf(html)).toBe(`${proxied.url}/bones`);
      expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${escapeRegExp(proxied.url)}/site/preview\\.png`));
      const odd = (await rawGet(`${proxied.url}/bones`, { 'x-forwarded-host': 'a b"<x>' })).body;
      expect(canonicalOf(odd)).toBe(`${proxied.url}/bones`);
    });

    it('splits the sitemap into an index of pieces past the threshold, each address once', async () => {
      const index = await (await fetch(`${proxied.url}/sitemap.xml`)).text();
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const pieces = locsOf(index);
      expect(pieces.length).toBeGreaterThan(2);
      expect(pieces[0]).toBe(`${proxied.url}/sitemap-1.xml`);
      const all: string[] = [];
      for (const [i, piece] of pieces.entries()) {
        const res = await fetch(piece);
        expect(res.status, piece).toBe(200);
        const locs = locsOf(await res.text());
        if (i < pieces.length - 1) expect(locs.length, piece).toBe(10);
        else expect(locs.length).toBeGreaterThan(0);
        all.push(...locs);
      }
      expect(new Set(all).size).toBe(all.length);
      const graves = all.filter((loc) => loc.includes('/grave-details-user/'));
      const articles = all.filter((loc) => loc.includes('/ArticleDetail/'));
      expect(articles.length).toBe(3);
      // Every grave listed holds someone.
      for (const loc of graves.slice(0, 5)) {
        const id = decodeURIComponent(loc.split('/').pop()!);
        const answer = await call<Grave>(proxied.api, 'GET', `/graves/graves/${encodeURIComponent(id)}`);
        expect(answer.body.buriedPersons.length).toBeGreaterThan(0);
      }
      expect((await fetch(`${proxied.url}/sitemap-${pieces.length + 1}.xml`)).status).toBe(404);
      expect((await fetch(`${proxied.url}/sitemap-0.xml`)).status).toBe(404);
    });
  });
});

describe('the preview images’ drawing queue', () => {
  it('draws at most the allowed number at once, lets a few wait, refuses beyond them, and draws a card once', async () => {
    const previews = createPreviews({ drawing: 1, waiting: 1, logo: async () => null });
    const card = (village: string) => siteCard({ ...EMPTY_IDENTITY, villageName: village });
    // One drawing, one waiting: the third is refused at once, with no work queued for it.
    const first = previews.image(card('قرية الأولى'));
    const second = previews.image(card('قرية الثانية'));
    await expect(previews.image(card('قرية الثالثة'))).rejects.toBeInstanceOf(PreviewBusy);
    // The same card asked again while it is drawn is the same drawing, not another in the queue.
    const firstAgain = previews.image(card('قرية الأولى'));
    const [a, b, c] = await Promise.all([first, second, firstAgain]);
    expect(c).toBe(a);
    expect(b.etag).not.toBe(a.etag);
    expect(previews.size).toBe(2);
    // Once drawn, the queue is free again, and a kept card is answered without drawing.
    expect(await previews.image(card('قرية الأولى'))).toBe(a);
    const third = await previews.image(card('قرية الثالثة'));
    expect((await sharp(third.bytes).metadata()).width).toBe(1200);
  });
});
