// The public Arabic site in Chromium against the real server on the demo village: every screen renders its content
// at 360 px and 1280 px (screenshots saved), accessibly, without console errors, sideways scrolling or Latin text;
// search with spelling variants, the statistics count-up, the collapsible menu, redirects and not-found answers.
import { graveName } from '../../src/domain/text/graveLifeText';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { paths } from '../../src/api/paths';
import type { ArticleSummary, Grave, Statistics } from '../../src/domain/types';
import { pt, ui } from '../../src/public/text';
import { COUNT_UP_MS } from '../../src/public/components/Statistics';
import { collectErrors, describeBrowser, launchBrowser, screenshot } from '../support/browser';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { latinWords } from '../support/latin';
import { axeViolations } from '../support/layout';
import { identityWords } from '../../src/domain/identity/siteIdentity';
import { DEMO_IDENTITY } from '../../server/seed/identity';
import {
  arabicNumber,
  expectAccessible,
  expectNoSidewaysScroll,
  expectTouchTargets,
  closePage,
  newPageIn,
} from '../public/support';

// The demo village names itself through its settings (server/seed/identity.ts): the pages show its words.
const words = identityWords(DEMO_IDENTITY);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeBrowser('public site', () => {
  let server: TestServer;
  let browser: Browser;
  let men: Grave[];
  let bones: Grave[];
  let articles: ArticleSummary[];
  let articleWithHtml: string;

  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${server.api}${path}`)).json()) as T;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ seed: 'demo', staticDir: inject('siteDir') }),
      launchBrowser(),
    ]);
    men = await api<Grave[]>('/graves/male');
    bones = await api<Grave[]>('/graves/bone');
    // An article whose content looks like HTML: the page must show it as text, paragraphs kept.
    const token = await server.login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const created = await fetch(`${server.api}/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'مواعيد الزيارة في العيد',
        content: 'الفقرة الأولى <b>بخط عريض</b> <img src=x onerror="window.__xss=1">\n\nالفقرة الثانية من المقال.',
      }),
    });
    articleWithHtml = ((await created.json()) as { _id: string })._id;
    articles = await api<ArticleSummary[]>('/articles');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  }

  /** A figure as the site shows it (ar-EG digits, grouped, a minus sign kept) read back as a number. */
  const figureOf = (text: string) =>
    (/[-−]/.test(text) ? -1 : 1) *
    Number(text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x660)).replace(/\D/g, ''));

  const graveWithBurials = () => men.find((g) => g.buriedPersons.length >= 2)!;

  /** Each route of the issue and what proves it rendered. */
  const screens = (): Array<{
    name: string;
    path: string;
    userLatin?: boolean;
    expect: (page: Page) => Promise<void>;
  }> => [
    {
      name: 'home',
      path: '/',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: words.heroTitle }).waitFor();
        await page.getByRole('heading', { name: 'أحدث حالات الدفن' }).waitFor();
        expect(await page.locator('.recent-card').count()).toBeGreaterThan(0);
        for (const a of articles) await page.getByRole('link', { name: a.title }).waitFor();
        for (const label of ['مقابر الرجال', 'مقابر النساء', 'مقابر العظام']) {
          expect(await page.locator('.service-card', { hasText: label }).count()).toBe(1);
        }
        await page.getByText('إنا لله وإنا إليه راجعون').first().waitFor();
        await page.getByRole('heading', { name: 'عن الموقع' }).waitFor();
        await page.getByRole('heading', { name: 'كل نفس ذائقة الموت' }).waitFor();
      },
    },
    {
      name: 'men',
      path: '/man',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'مقابر الرجال' }).waitFor();
        await page.locator('.grave-card').first().waitFor();
        await page.getByText(`عدد المقابر: ${arabicNumber(men.length)}`).waitFor();
      },
    },
    {
      name: 'women',
      path: '/woman',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'مقابر النساء' }).waitFor();
        await page.locator('.grave-card').first().waitFor();
      },
    },
    {
      name: 'bones',
      path: '/bones',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'مقابر العظام' }).waitFor();
        await page.getByText('المرحلة الأولى (٢٩٤ - ٢٩٨)').first().waitFor();
        await page.getByText('المرحلة الثانية').first().waitFor();
        expect(await page.locator('.grave-card').count()).toBe(bones.length);
        expect(await page.locator('.grave-card .status').allTextContents()).toEqual(bones.map(() => 'غير متاحة'));
      },
    },
    {
      name: 'contact',
      path: '/contact',
      async expect(page) {
        await page.getByLabel('اكتب اقتراحك هنا').waitFor();
        await page.getByRole('heading', { name: 'مطورو المشروع' }).waitFor();
        expect(await page.locator('.team-card').count()).toBe(4);
      },
    },
    {
      name: 'suggest',
      path: '/suggest',
      async expect(page) {
        await page.getByLabel('اكتب اقتراحك هنا').waitFor();
        await page.getByRole('button', { name: 'إرسال' }).waitFor();
        expect(await page.locator('.team-card').count()).toBe(0);
      },
    },
    {
      name: 'approved',
      path: '/approved',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: words.approvedHeading }).waitFor();
        await page.getByRole('link', { name: 'اقتراحك' }).waitFor();
        expect(await page.locator('.suggestion').count()).toBeGreaterThan(0);
      },
    },
    {
      name: 'team',
      path: '/team',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'مطورو المشروع' }).waitFor();
        expect(await page.locator('.team-card').count()).toBe(4);
        for (const role of [
          'مطور الواجهة الخلفية ومختبر النظام',
          'صاحب فكرة المشروع',
          'مصمم الواجهات ومطور الواجهة الأمامية',
          'مطور الواجهة الأمامية',
        ]) {
          await page.getByText(role, { exact: true }).waitFor();
        }
        expect(await page.getByRole('link', { name: /الملف المهني/ }).count()).toBe(4);
      },
    },
    {
      name: 'memorial',
      path: '/MemorialPage',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'في ذكرى من رحلوا' }).waitFor();
        await page.getByText('كُلُّ نَفْسٍ ذَائِقَةُ الْمَوْتِ').waitFor();
        await page.getByText('إِنَّا لِلَّهِ وَإِنَّا إِلَيْهِ رَاجِعُونَ').waitFor();
      },
    },
    {
      name: 'article',
      path: `/ArticleDetail/${articleWithHtml}`,
      // The article's own content holds Latin (HTML shown as text); the site's words around it do not.
      userLatin: true,
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'مواعيد الزيارة في العيد' }).waitFor();
        const paragraphs = await page.locator('.article-paragraph').allTextContents();
        expect(paragraphs).toEqual([
          'الفقرة الأولى <b>بخط عريض</b> <img src=x onerror="window.__xss=1">',
          'الفقرة الثانية من المقال.',
        ]);
        expect(await page.locator('.article b, .article img').count()).toBe(0);
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      },
    },
    {
      name: 'grave',
      path: `/grave-details-user/${graveWithBurials()._id}`,
      async expect(page) {
        const grave = graveWithBurials();
        await page.getByRole('heading', { level: 1, name: graveName(grave) }).waitFor();
        await page.getByPlaceholder('ابحث عن اسم المتوفى…').waitFor();
        const names = await page.locator('table.burials tbody td:first-child').allTextContents();
        const newestFirst = [...grave.buriedPersons].sort((a, b) => b.burialDate.localeCompare(a.burialDate));
        expect(names).toEqual(newestFirst.map((p) => p.name));
      },
    },
    {
      name: 'login',
      path: '/login',
      async expect(page) {
        await page.getByLabel('البريد الإلكتروني').waitFor();
        await page.getByLabel('كلمة المرور').waitFor();
        await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
      },
    },
    {
      name: 'not-found',
      path: '/no-such-page',
      async expect(page) {
        await page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).waitFor();
      },
    },
  ];

  for (const width of [360, 1280]) {
    it(`renders every public screen at ${width} px: content, RTL, no errors, accessible, no sideways scroll`, async () => {
      const page = await newPageIn(browser, { viewport: { width, height: 800 }, reducedMotion: 'reduce' });
      const errors = collectErrors(page);
      try {
        for (const screen of screens()) {
          const before = errors.length;
          await open(page, screen.path);
          await screen.expect(page);
          // An unknown address is answered 404 (with the page that draws the not-found screen), which the browser
          // reports as a failed load of the document: expected there, and only there.
          if (screen.name === 'not-found') {
            const own = errors.splice(before);
            expect(
              own.every((e) => /status of 404/.test(e)),
              own.join('\n'),
            ).toBe(true);
          }
          const label = `${screen.name} at ${width} px`;
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
            'ar',
            'rtl',
          ]);
          // A grave's page names the grave with its section in the tab; every other page its own name, then the
          // site's, the home page and the not-found screen the site's alone.
          expect(await page.title()).toMatch(
            screen.path.startsWith('/grave-details-user/')
              ? new RegExp(`^المقبرة .* — (رجال|نساء) \\| ${escapeRegExp(words.siteTitle)}$`)
              : new RegExp(`^([^|]+ \\| )?${escapeRegExp(words.siteTitle)}$`),
          );
          await expectNoSidewaysScroll(page, label);
          // The text on screen and every label, title, placeholder and alt (tests/support/latin.ts).
          if (!screen.userLatin) expect(await latinWords(page), label).toEqual([]);
          await expectTouchTargets(page, label);
          await expectAccessible(page, label);
          // The statistics settle before the picture is taken: brought into view (they are counted once half
          // visible, at once with reduced motion), each figure shows its final number.
          if ((await page.locator('.stats').count()) > 0) {
            await page.locator('.stats').scrollIntoViewIfNeeded();
            await expect
              .poll(() =>
                page
                  .locator('.stat-value')
                  .evaluateAll((values) => values.map((v) => [v.textContent, (v as HTMLElement).dataset.final])),
              )
              .toSatisfy((figures: Array<[string | null, string | undefined]>) =>
                figures.every(([text, final]) => final !== '' && text === arabicNumber(Number(final))),
              );
          }
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await screenshot(page, `public-${screen.name}-${width}`);
        }
        expect(errors).toEqual([]);
      } finally {
        await closePage(page);
      }
      // Every screen with axe and a screenshot: about 40 s alone, longer beside the other suites.
    }, 150_000);
  }

  it('the accessibility check finds what a screen reader cannot read, and leaves out what it is told to', async () => {
    // The check every screen above passes must be able to fail: a picture with no words and a button with no name.
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    await page.setContent(
      '<html lang="ar" dir="rtl"><body><main><h1>عنوان</h1><img src="data:,"><p id="more"><button></button></p></main></body></html>',
    );
    const found = async (exclude?: string) =>
      (await axeViolations(page, exclude))
        .filter((v) => v.impact === 'critical')
        .map((v) => v.id)
        .sort();
    expect(await found()).toEqual(['button-name', 'image-alt']);
    expect(await found('#more')).toEqual(['image-alt']);
    await closePage(page);
  });

  it('serves the head a messaging app reads: description, Open Graph, favicon; the logo and the Arabic font load', async () => {
    const page = await newPageIn(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await open(page, '/');
      const head = await page.evaluate(() => ({
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
        icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      }));
      expect(head).toEqual({
        description: words.metaDescription,
        ogTitle: words.siteTitle,
        ogDescription: words.metaDescription,
        icon: '/favicon.svg',
      });
      expect((await page.request.get(`${server.url}/favicon.svg`)).headers()['content-type']).toContain('svg');
      expect(
        await page.locator('.brand-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Kufi Arabic"', 'مقابر'))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Noto Kufi Arabic');
      // Icons that point are mirrored in RTL.
      expect(
        await page
          .locator('.article-list .icon-directional')
          .first()
          .evaluate((el) => getComputedStyle(el).transform),
      ).toBe('matrix(-1, 0, 0, 1, 0, 0)');
      // The footer: rights with the current year in ar-EG digits, contact and social links.
      const year = new Intl.DateTimeFormat('ar-EG', { year: 'numeric' }).format(new Date());
      await page.getByText(words.rights(year)).waitFor();
      expect(await page.locator('footer').getByRole('link', { name: 'تواصل معنا' }).getAttribute('href')).toBe(
        '/contact',
      );
      expect(
        await page.locator('footer').getByRole('link', { name: 'صفحتنا على فيسبوك' }).getAttribute('href'),
      ).toMatch(/^https:\/\//);
    } finally {
      await closePage(page);
    }
  });

  it('the home page never downloads the console (react-admin, MUI)', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (/\.(js|css)$/.test(new URL(res.url()).pathname)) scripts.push(new URL(res.url()).pathname);
    });
    try {
      await open(page, '/');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => /AdminApp/.test(s))).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('home blocks whose reads fail say so with a retry that works, never "no recent burials" or a bare dash', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    // The first read of each fails as a server in trouble would; the retry reaches the server.
    for (const path of [paths.recentBurials(), paths.articles(), paths.totalDeaths()]) {
      let failed = false;
      await page.route(`${server.api}${path}`, async (route) => {
        if (failed) return route.continue();
        failed = true;
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"x"}' });
      });
    }
    try {
      await open(page, '/');
      const recent = page.locator('section[aria-labelledby="recent-heading"]');
      await recent.getByRole('alert').getByText(pt['public.loadError']).waitFor();
      expect(await recent.innerText()).not.toContain(ui['home.noRecentBurials']);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const articlesBlock = page.locator('section[aria-labelledby="articles-heading"]');
      await articlesBlock.getByRole('alert').getByText(ui['home.articlesError']).waitFor();
      const stats = page.locator('.stats');
      await stats.getByRole('alert').getByText(pt['public.loadError']).waitFor();
      await screenshot(page, 'home-read-failures-360');
      await expectNoSidewaysScroll(page, 'home with failed reads');

      for (const block of [recent, articlesBlock, stats])
        await block.getByRole('button', { name: pt['public.retry'] }).click();
      await expect.poll(() => recent.locator('.recent-card').count()).toBeGreaterThan(0);
      for (const a of articles) await articlesBlock.getByRole('link', { name: a.title }).waitFor();
      await expect.poll(() => stats.getByRole('alert').count()).toBe(0);
      const total = await api<Pick<Statistics, 'totalDeaths'>>(paths.totalDeaths());
      await expect
        .poll(() => stats.locator('[data-stat="total"] .stat-value').getAttribute('data-final'))
        .toBe(String(total.totalDeaths));
    } finally {
      await closePage(page);
    }
  });

  it('an article whose read fails offers a retry that works; an unknown article says so and leads home', async () => {
    // No service worker: once it controls the page it asks for the article itself, out of page.route's reach, and
    // whether it is installed before the click depends on when the browser is idle.
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 }, serviceWorkers: 'block' });
    const article = articles[0]!;
    let failed = false;
    await page.route(`${server.api}${paths.articleDetail(article._id)}`, async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"x"}' });
    });
    try {
      // Opened from the home page, so the browser asks for it (a page load would bring it drawn by the server).
      await open(page, '/');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // The link must be React's before it is clicked: a click on the server's markup before the browser has taken
      // it over is an ordinary navigation, and the server draws the article without the browser asking for it.
      const link = page.getByRole('link', { name: article.title });
      await expect
        .poll(() => link.evaluate((a) => Object.keys(a).some((key) => key.startsWith('__reactProps'))))
        .toBe(true);
      await link.click();
      await page.getByRole('alert').getByText(ui['article.loadError']).waitFor();
      await page.getByRole('button', { name: pt['public.retry'] }).click();
      await page.getByRole('heading', { level: 1, name: article.title }).waitFor();

      expect((await page.goto(`${server.url}/ArticleDetail/no-such-article`))?.status()).toBe(404);
      await page.getByRole('alert').getByText(pt['public.articleNotFound']).waitFor();
      expect(await page.getByRole('button', { name: pt['public.retry'] }).count()).toBe(0);
      await page.getByRole('link', { name: pt['public.backToHome'] }).click();
      await page.getByRole('heading', { level: 1, name: words.heroTitle }).waitFor();
    } finally {
      await closePage(page);
    }
  });

  it('counts the statistics up over 2.5 s once half visible, hides male and female deaths at 360 px', async () => {
    const stats = {
      ...(await api<Pick<Statistics, 'totalDeaths'>>('/graves/totalDeaths')),
      ...(await api<Pick<Statistics, 'availableGravesCount'>>('/graves/available-count')),
      ...(await api<Pick<Statistics, 'unavailableGravesCount'>>('/graves/unavailable-count')),
      ...(await api<Pick<Statistics, 'maleDeaths'>>('/graves/maleDeaths')),
      ...(await api<Pick<Statistics, 'femaleDeaths'>>('/graves/femaleDeaths')),
    };
    const value = (page: Page, key: string) => page.locator(`[data-stat="${key}"] .stat-value`).textContent();
    /**
     * From now on, every figure the total shows, with the page's time since this call: the count-up is read from
     * this record rather than from the test's clock, which a busy machine makes late.
     */
    const recordTotal = async (page: Page) => {
      await page.locator('[data-stat="total"] .stat-value').evaluate((node) => {
        const shown: Array<{ at: number; text: string }> = [];
        const start = performance.now();
        new MutationObserver(() => shown.push({ at: performance.now() - start, text: node.textContent ?? '' })).observe(
          node,
          { characterData: true, childList: true, subtree: true },
        );
        (window as unknown as { totalShown: typeof shown }).totalShown = shown;
      });
      return async () => {
        const shown = await page.evaluate(
          () => (window as unknown as { totalShown: Array<{ at: number; text: string }> }).totalShown,
        );
        return shown.map(({ at, text }) => ({ at, figure: figureOf(text) }));
      };
    };

    /** Scrolled so that the block's top is just under the screen's bottom edge: near, not yet in view. */
    const bringNear = (page: Page) =>
      page
        .locator('.stats')
        .evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - innerHeight + 1));

    const wide = await newPageIn(browser, { viewport: { width: 1280, height: 700 }, reducedMotion: 'no-preference' });
    try {
      await open(wide, '/');
      // The figures are asked for once the block comes within a screen of view (a dash until then); not yet
      // visible, nothing is counted.
      await bringNear(wide);
      const final = (key: string) => wide.locator(`[data-stat="${key}"] .stat-value`).getAttribute('data-final');
      for (const key of ['total', 'available', 'unavailable', 'male', 'female'])
        await expect.poll(() => final(key)).not.toBe('');
      expect(await value(wide, 'total')).toBe(arabicNumber(0));
      const shownOnWide = await recordTotal(wide);
      await wide.locator('.stats').scrollIntoViewIfNeeded();
      // Counted up: rising figures between none and all, then the final one. The count eases out over 2.5 s, so
      // the last figure comes in its last tenths: later than half of it after the first step. How much later than
      // its end depends on when a busy machine draws the next frame, so only the lower bound is held here; the
      // duration itself is the page's constant.
      await expect.poll(() => value(wide, 'total')).toBe(arabicNumber(stats.totalDeaths));
      const shown = await shownOnWide();
      const figures = shown.map(({ figure }) => figure);
      expect(figures.some((figure) => figure > 0 && figure < stats.totalDeaths)).toBe(true);
      // Never below nothing: a count timed from before its first frame once began with a negative figure.
      expect(figures.filter((figure) => figure < 0)).toEqual([]);
      expect(figures).toEqual([...figures].sort((a, b) => a - b));
      const reached = shown.find(({ figure }) => figure === stats.totalDeaths)!;
      expect(reached.at - shown[0]!.at).toBeGreaterThan(COUNT_UP_MS / 2);
      expect(await value(wide, 'available')).toBe(arabicNumber(stats.availableGravesCount));
      expect(await value(wide, 'unavailable')).toBe(arabicNumber(stats.unavailableGravesCount));
      expect(await value(wide, 'male')).toBe(arabicNumber(stats.maleDeaths));
      expect(await value(wide, 'female')).toBe(arabicNumber(stats.femaleDeaths));
      expect(await wide.locator('[data-stat="male"]').isVisible()).toBe(true);
    } finally {
      await closePage(wide);
    }

    const phone = await newPageIn(browser, { viewport: { width: 360, height: 700 }, reducedMotion: 'reduce' });
    try {
      await open(phone, '/');
      await bringNear(phone);
      await expect.poll(() => phone.locator('[data-stat="total"] .stat-value').getAttribute('data-final')).not.toBe('');
      expect(await value(phone, 'total')).toBe(arabicNumber(0));
      const shownOnPhone = await recordTotal(phone);
      await phone.locator('.stats').scrollIntoViewIfNeeded();
      // Reduced motion: the final numbers at once, nothing counted on the way.
      await expect.poll(() => value(phone, 'total')).toBe(arabicNumber(stats.totalDeaths));
      expect((await shownOnPhone()).map(({ figure }) => figure)).toEqual([stats.totalDeaths]);
      expect(await phone.locator('[data-stat="male"]').isVisible()).toBe(false);
      expect(await phone.locator('[data-stat="female"]').isVisible()).toBe(false);
      expect(await phone.locator('[data-stat="total"]').isVisible()).toBe(true);
    } finally {
      await closePage(phone);
    }
  });

  it('collapses the menu at 360 px: opens, closes on an outside click and on Escape', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    try {
      await open(page, '/');
      const button = page.getByRole('button', { name: 'القائمة' });
      const nav = page.locator('#main-nav');
      expect(await nav.isVisible()).toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      expect(await nav.isVisible()).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await screenshot(page, 'public-menu-open-360');
      // A tap below the open menu, on the page.
      await page.mouse.click(180, 780);
      expect(await nav.isVisible()).toBe(false);
      await button.click();
      expect(await nav.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await nav.isVisible()).toBe(false);
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      // Following a menu link closes it and opens the page.
      await button.click();
      await nav.getByRole('link', { name: 'مقابر العظام' }).click();
      await page.getByRole('heading', { level: 1, name: 'مقابر العظام' }).waitFor();
      expect(await nav.isVisible()).toBe(false);
      // The logged-out menu of spec section 2, with the plan after the sections.
      await button.click();
      expect(await nav.getByRole('link').allTextContents()).toEqual([
        'الرئيسية',
        'مقابر الرجال',
        'مقابر النساء',
        'مقابر العظام',
        'مخطط المقابر',
        'تواصل معنا',
        'اقتراحات الأهالي',
        'تسجيل الدخول',
      ]);
    } finally {
      await closePage(page);
    }
    const wide = await newPageIn(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await open(wide, '/');
      expect(await wide.getByRole('button', { name: 'القائمة' }).isVisible()).toBe(false);
      expect(await wide.locator('#main-nav').isVisible()).toBe(true);
    } finally {
      await closePage(wide);
    }
  });

  it('finds graves by spelling variants on the men page and keeps the term when leaving to a grave', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    try {
      await open(page, '/man');
      const search = page.getByPlaceholder('ابحث باسم المتوفى أو رقم المقبرة');
      const cardsOf = async () => page.locator('.grave-card h3').allTextContents();

      // أحمد typed as احمد: every grave holding أحمد, احمد or إحمد, and no other.
      const ahmad = men.filter((g) => g.buriedPersons.some((p) => /[أإآا]حمد/.test(p.name)));
      expect(ahmad.some((g) => g.buriedPersons.some((p) => p.name.includes('أحمد')))).toBe(true);
      await search.fill('احمد');
      await page.waitForFunction(
        (n) => document.querySelectorAll('.grave-card').length === Math.min(n, 60),
        ahmad.length,
      );
      await page.getByText(`عدد المقابر: ${arabicNumber(ahmad.length)}`).waitFor();
      expect(await cardsOf()).toContain(`رقم المقبرة: ${arabicNumber(ahmad[0]!.number as number)}`);

      // عبد الله typed as عبدالله.
      const abdullah = men.filter((g) => g.buriedPersons.some((p) => /عبد\s*الله/.test(p.name)));
      expect(abdullah.some((g) => g.buriedPersons.some((p) => p.name.includes('عبد الله')))).toBe(true);
      await search.fill('عبدالله');
      await page.waitForFunction(
        (n) => document.querySelectorAll('.grave-card').length === Math.min(n, 60),
        abdullah.length,
      );
      await page.getByText(`عدد المقابر: ${arabicNumber(abdullah.length)}`).waitFor();

      // A grave number.
      await search.fill('١٢');
      await page.getByText('رقم المقبرة: ١٢', { exact: true }).waitFor();

      await search.fill('زززز');
      await page.getByText('لا توجد نتائج مطابقة للبحث', { exact: true }).waitFor();

      // Leaving to a grave's details keeps the term in sessionStorage 'searchTerm'; coming back restores it.
      await search.fill('عبدالله');
      await page.locator('.grave-card').first().getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: /^المقبرة .* — (رجال|نساء)$/ }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('searchTerm'))).toBe('عبدالله');
      await page.goBack();
      await page.locator('.grave-card').first().waitFor();
      expect(await search.inputValue()).toBe('عبدالله');
    } finally {
      await closePage(page);
    }
  });

  it('renders a long section in steps and saves the women search at each keystroke', async () => {
    const page = await newPageIn(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await open(page, '/man');
      await page.locator('.grave-card').first().waitFor();
      expect(await page.locator('.grave-card').count()).toBe(60);
      // A button offers the rest, and coming near the end of the list draws the next step by itself.
      expect(await page.getByRole('button', { name: 'عرض مقابر أخرى' }).count()).toBe(1);
      const seen: number[] = [];
      while (seen.at(-1) !== men.length) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForFunction((n) => document.querySelectorAll('.grave-card').length > n, seen.at(-1) ?? 60);
        seen.push(await page.locator('.grave-card').count());
      }
      for (const n of seen.slice(0, -1)) expect(n % 60).toBe(0);
      expect(await page.getByRole('button', { name: 'عرض مقابر أخرى' }).count()).toBe(0);

      await open(page, '/woman');
      const search = page.getByPlaceholder('ابحث باسم المتوفى أو رقم المقبرة');
      await search.pressSequentially('فاط');
      expect(await page.evaluate(() => sessionStorage.getItem('womanSearchTerm'))).toBe('فاط');
      await page.reload({ waitUntil: 'networkidle' });
      expect(await search.inputValue()).toBe('فاط');
    } finally {
      await closePage(page);
    }
  });

  it('searches every section from the home page and opens the grave', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    try {
      await open(page, '/');
      await page.getByRole('searchbox').fill('عبدالله');
      const first = page.locator('.search-result').first();
      await first.waitFor();
      const meta = await first.locator('.result-meta').textContent();
      expect(meta).toMatch(/^(مقابر الرجال|مقابر النساء|مقابر العظام)، في /);
      const name = (await first.locator('.result-name').textContent())!;
      expect(name.replace(/\s/g, '')).toContain('عبدالله');
      await first.click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(page.url()).toMatch(/\/grave-details-user\//);
      await page.getByRole('cell', { name, exact: true }).waitFor();
      await screenshot(page, 'public-home-search-result-360');
    } finally {
      await closePage(page);
    }
  });

  it('filters the grave page by the normalised name, and answers an unknown grave in Arabic', async () => {
    const page = await newPageIn(browser, { viewport: { width: 360, height: 800 } });
    const errors = collectErrors(page);
    try {
      const grave = graveWithBurials();
      const person = grave.buriedPersons[0]!;
      await open(page, `/grave-details-user/${grave._id}`);
      const search = page.getByPlaceholder('ابحث عن اسم المتوفى…');
      // Typed without hamza on the alef and with ى for ي: still found.
      const variant = person.name.replace(/[أإآ]/g, 'ا').replace(/ي$/, 'ى');
      await search.fill(variant);
      expect(await page.locator('table.burials tbody td:first-child').allTextContents()).toContain(person.name);
      await search.fill('زززز');
      await page.getByText('لا توجد نتائج مطابقة للبحث.', { exact: true }).waitFor();

      // A grave the register does not have: the page says so, and its address answers 404 (a link checker or a
      // search engine sees a missing page, not an empty one).
      const unknown = await page.goto(`${server.url}/grave-details-user/00000000-0000-0000-0000-000000000000`);
      expect(unknown?.status()).toBe(404);
      await page.getByText('لم نجد هذه المقبرة. ربما تغير الرابط أو حُذفت المقبرة من السجل.').waitFor();
      expect(await page.getByText('جارٍ التحميل...').count()).toBe(0);
      await screenshot(page, 'public-grave-unknown-360');
      expect((await page.goto(`${server.url}/grave-details-user/not-an-id`))?.status()).toBe(404);
      await page.getByText('لم نجد هذه المقبرة. ربما تغير الرابط أو حُذفت المقبرة من السجل.').waitFor();
      expect((await page.goto(`${server.url}/grave-details-user/${grave._id}`))?.status()).toBe(200);
      // The API's 404 answers show up as failed requests in the console; nothing else may.
      expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("redirects the spec's staff paths to the console, keeping the grave id", async () => {
    const cases: Array<[string, string]> = [
      ['/creategrave', '/admin/graves/create'],
      ['/showgraves', '/admin/graves'],
      ['/graves/abc-123', '/admin/graves/abc-123/show'],
      ['/add-dead/abc-123', '/admin/graves/abc-123/bury'],
      ['/articles', '/admin/articles'],
      ['/addarticle', '/admin/articles/create'],
      ['/register', '/admin/users/create'],
      ['/resetpassword', '/admin/password'],
      ['/suggestions', '/admin/suggestions'],
    ];
    for (const [from, to] of cases) {
      // A page of its own for each address: in one page, the console's own move to /login for the address before
      // could still be under way and win over the next address's load (it once left the page on the one before).
      const page = await newPageIn(browser, { viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(`${server.url}${from}`, { waitUntil: 'commit' });
        // Without a session the console may send the visitor on to /login?next=<that console path>. The address is
        // read as it changes (the console's redirects are the browser's own, with no page load to wait for), with
        // room for a first download of the console on a busy machine. Each address has its own wait, shorter than
        // the test's, so that an address that never arrives is named with the last one seen.
        const arrived = () => {
          const url = new URL(page.url());
          if (url.pathname !== '/login') return url.pathname;
          return url.searchParams.get('next') ?? `${url.pathname}${url.search}`;
        };
        await expect.poll(arrived, { message: from, timeout: 30_000 }).toBe(to);
      } finally {
        await closePage(page);
      }
    }
  }, 120_000);
});
