// The public path table (src/domain/paths/publicPaths.ts): each link it builds reaches the page it names, the route
// table routes exactly its addresses, and no component of the public site types an address by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../src/domain/paths/consolePaths';
import { matchPath, PUBLIC_PAGES, publicPageOf } from '../../src/domain/paths/publicPages';
import { publicPaths } from '../../src/domain/paths/publicPaths';

describe('publicPaths', () => {
  it('builds addresses that the route table sends to the right page', () => {
    expect(publicPageOf(publicPaths.home.href())?.page).toBe('HomePage');
    expect(publicPageOf(publicPaths.men.href())?.page).toBe('MenPage');
    expect(publicPageOf(publicPaths.women.href())?.page).toBe('WomenPage');
    expect(publicPageOf(publicPaths.bones.href())?.page).toBe('BonesPage');
    expect(publicPageOf(publicPaths.contact.href())?.page).toBe('ContactPage');
    expect(publicPageOf(publicPaths.suggest.href())?.page).toBe('SuggestPage');
    expect(publicPageOf(publicPaths.approved.href())?.page).toBe('ApprovedPage');
    expect(publicPageOf(publicPaths.team.href())?.page).toBe('TeamPage');
    expect(publicPageOf(publicPaths.memorial.href())?.page).toBe('MemorialPage');
    expect(publicPageOf(publicPaths.login.href())?.page).toBe('LoginPage');
    expect(publicPageOf(publicPaths.correctBurial.href('g 1', 'p/2'))).toMatchObject({
      page: 'CorrectBurialPage',
      params: { graveId: 'g 1', personId: 'p/2' },
    });
    expect(publicPageOf(publicPaths.gravePhoto.href('g1'))).toMatchObject({
      page: 'GravePhotoPage',
      params: { graveId: 'g1' },
    });
    expect(publicPageOf(publicPaths.correctionFollow.href('a-b_c'))).toMatchObject({
      page: 'CorrectionFollowPage',
      params: { token: 'a-b_c' },
    });
  });

  it('carries any identifier as one path segment and reads it back unchanged', () => {
    for (const id of ['665f1c2e9b1d4a0012345678', 'a b/c?d#e%', 'مقبرة ١٢']) {
      const grave = publicPageOf(publicPaths.grave.href(id));
      expect(grave?.page).toBe('GraveDetailsPage');
      expect(grave?.params).toEqual({ graveId: id });
      const article = publicPageOf(publicPaths.article.href(id));
      expect(article?.page).toBe('ArticlePage');
      expect(article?.params).toEqual({ id });
    }
  });

  it('keeps the specification spellings of the addresses', () => {
    expect(publicPaths.grave.href('x1')).toBe('/grave-details-user/x1');
    expect(publicPaths.article.href('x1')).toBe('/ArticleDetail/x1');
    expect(publicPaths.memorial.href()).toBe('/MemorialPage');
  });

  it("gives the login page the console page to return to, which the login page accepts", () => {
    const href = publicPaths.login.href('/admin/graves/a b/bury');
    expect(href).toBe('/login?next=%2Fadmin%2Fgraves%2Fa%20b%2Fbury');
    const next = new URL(href, 'http://site').searchParams.get('next');
    expect(safeNextPath(next)).toBe('/admin/graves/a b/bury');
  });

  it('is the route table: every page is routed at an address of the table, each once', () => {
    // The addresses the server answers with a redirect (a plan cell's /plan/men/12) have no screen.
    const screens = Object.values(publicPaths).filter((entry) => !('redirect' in entry && entry.redirect));
    const tablePaths = screens.map((entry) => entry.path);
    expect(PUBLIC_PAGES.map((page) => page.path).sort()).toEqual([...tablePaths].sort());
    for (const { path } of screens) {
      expect(PUBLIC_PAGES.filter((page) => matchPath(page.path, path.replace(/:\w+/g, 'x')))).toHaveLength(1);
    }
  });
});

describe('the public site builds its addresses from the table', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    );

  it('no component types a page address by hand', () => {
    // A string that starts like a page address: '/man', `/grave-details-user/${id}`, to="/". Files of public/
    // (with an extension, as '/logo.svg') are not pages; the router itself handles any address.
    const address = /(['"`])\/(?:[A-Za-z][^'"`\s]*)?\1|`\/[A-Za-z][^`\s]*\$\{/g;
    const found = sources('src/public')
      .filter((file) => !file.endsWith('router.tsx'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(address)]
          .map((m) => m[0])
          .filter((literal) => !/\.\w{2,5}['"`]$/.test(literal))
          .map((literal) => `${file}: ${literal}`),
      );
    expect(found).toEqual([]);
  });
});
