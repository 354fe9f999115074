// Every page the server sends shows the village's identity from its settings — the tab's title, the
// description and share previews, the theme colour, the header, the hero, the footer (rights and the committee's
// contacts), the team page and a grave's title — and the identity itself for the browser. A manager's change is on
// the next page (the drawn-page cache never serves an older name), and on another process sharing the database
// within a second.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { identityWords, readIdentity } from '../../src/domain/identity/siteIdentity';
import { toArabicDigits } from '../../src/domain/text/format';
import { IDENTITY_ELEMENT_ID } from '../../src/ssr/buildFiles';
import { makeGrave, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startSecondServer, startTestServer, type SecondServer, type TestServer } from '../support/server';
import { call } from './helpers';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The identity the page carries for the browser. */
function embedded(html: string) {
  const found = new RegExp(`<script type="application/json" id="${IDENTITY_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return found ? readIdentity(JSON.parse(found[1]!)) : null;
}

const metaOf = (html: string, key: string, name: string) =>
  new RegExp(`<meta\\s+${key}="${escapeRegExp(name)}"\\s+content="([^"]*)"`).exec(html)?.[1];

describe.each(ENGINES)('the pages show the village’s identity on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let second: SecondServer | null = null;
  let manager: string;
  let graveId: string;
  const page = async (path: string, base = s.url) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, html: await res.text() };
  };
  const put = (body: unknown, token: string | null = manager) =>
    call<Record<string, unknown>>(s.api, 'PUT', '/settings', { token: token ?? undefined, body });

  const identity = {
    villageName: 'قرية السنابل',
    description: 'سجل تحفظه لجنة الأهالي لكل من يسأل عن قبر قريب، يُحدَّث عند كل حالة دفن.',
    themeColor: '#7a3e1d',
    contact: {
      emails: ['lajna@example.org'],
      phones: ['+20 111 222 3333'],
      address: 'دار المناسبات، الشارع الرئيسي',
      social: [{ kind: 'whatsapp', url: 'https://wa.me/201112223333' }],
    },
    team: [{ name: 'سالم عبد الودود', role: 'أمين السجل', phone: '+20 111 222 3333' }],
  };

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, staticDir: inject('siteDir') });
    manager = await signIn(s, 'manager');
    graveId = (await makeGrave(s, manager, 'men', 17))._id;
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  it('shows the product’s neutral name before the village is named', async () => {
    const { html } = await page('/');
    expect(html).toContain('<title>سجل المقابر</title>');
    expect(embedded(html)?.villageName).toBe('');
  });

  it('draws every page with the identity a manager set', async () => {
    // Drawn once before the change: the drawn-page cache must not keep this one.
    await page('/team');
    const res = await put(identity);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const words = identityWords(readIdentity(identity));
    expect(words.siteTitle).toBe('مقابر قرية السنابل');

    for (const path of ['/', '/man', '/team', `/grave-details-user/${graveId}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      // Each page has its own title, then the site's; the home page is the site's title and description.
      const title = path.startsWith('/grave-details-user/')
        ? `المقبرة ${toArabicDigits('17')} — رجال | ${words.siteTitle}`
        : path === '/man'
          ? `مقابر الرجال | ${words.siteTitle}`
          : path === '/team'
            ? `فريق العمل | ${words.siteTitle}`
            : words.siteTitle;
      expect(html, path).toContain(`<title>${escapeHtml(title)}</title>`);
      expect(metaOf(html, 'property', 'og:site_name'), path).toBe(words.siteTitle);
      if (path === '/') {
        expect(metaOf(html, 'name', 'description'), path).toBe(identity.description);
        expect(metaOf(html, 'property', 'og:title'), path).toBe(words.siteTitle);
        expect(metaOf(html, 'property', 'og:description'), path).toBe(identity.description);
      }
      // A village's team page lists its committee: «فريق العمل» until the committee words it otherwise.
      if (path === '/team') expect(html, path).toContain('>فريق العمل</h1>');
      expect(metaOf(html, 'name', 'theme-color'), path).toBe('#7a3e1d');
      expect(html, path).toContain('--green:#7a3e1d');
      expect(embedded(html), path).toMatchObject({ villageName: 'قرية السنابل', themeColor: '#7a3e1d' });
      // The header and the footer, drawn on the server.
      expect(html, path).toContain(`<span class="brand-title">${words.siteTitle}</span>`);
      expect(html, path).toContain(
        words.rights(new Intl.DateTimeFormat('ar-EG', { year: 'numeric' }).format(new Date())),
      );
      expect(html, path).toContain('href="mailto:lajna@example.org"');
      expect(html, path).toContain('href="tel:+201112223333"');
      expect(html, path).toContain('دار المناسبات، الشارع الرئيسي');
      expect(html, path).toContain('href="https://wa.me/201112223333"');
      expect(html, path).not.toContain('الغربية');
    }
    const home = (await page('/')).html;
    expect(home).toContain(`<h1>${words.heroTitle}</h1>`);
    expect(home).toContain(identity.description);
    const team = (await page('/team')).html;
    expect(team).toContain('سالم عبد الودود');
    expect(team).toContain('أمين السجل');
  });

  it('gives the public address to share previews and search engines once the committee sets it', async () => {
    expect((await put({ siteUrl: 'https://sanabel.example.org' })).status).toBe(200);
    const { html } = await page('/man');
    expect(html).toContain('<link rel="canonical" href="https://sanabel.example.org/man">');
    expect(metaOf(html, 'property', 'og:url')).toBe('https://sanabel.example.org/man');
  });

  it('gives the console’s page the identity too', async () => {
    const { html } = await page('/admin');
    expect(html).toContain('<title>مقابر قرية السنابل</title>');
    expect(embedded(html)?.villageName).toBe('قرية السنابل');
  });

  it('shows a new name on the next page, here and on another process within a second', async () => {
    second = await startSecondServer(s);
    const secondUrl = second.api.replace(/\/api$/, '');
    // Both have drawn (and kept) the pages with the current name.
    for (const base of [s.url, secondUrl]) {
      for (const path of ['/', '/team']) expect((await page(path, base)).html).toContain('مقابر قرية السنابل');
    }
    expect((await put({ villageName: 'قرية الزيتون' })).status).toBe(200);
    for (const path of ['/', '/team', '/man']) {
      const { html } = await page(path);
      // The page's own title ends with the site's.
      expect(html, path).toMatch(/<title>([^<]* \| )?مقابر قرية الزيتون<\/title>/);
      expect(html, path).not.toContain('مقابر قرية السنابل');
    }
    // The other process: its answer cache lets the older identity go within about a second.
    await expect
      .poll(async () => (await page('/', secondUrl)).html, { timeout: 1200, interval: 50 })
      .toContain('<title>مقابر قرية الزيتون</title>');
    const { html } = await page('/', secondUrl);
    expect(html).toContain('<span class="brand-title">مقابر قرية الزيتون</span>');
  });

  it('keeps the pages as they were when a change is refused', async () => {
    const before = (await page('/')).html;
    const refused = await put({ villageName: '' });
    expect(refused.status).toBe(400);
    const anonymous = await put({ villageName: 'قرية أخرى' }, null);
    expect(anonymous.status).toBe(401);
    expect((await page('/')).html).toBe(before);
  });
});
