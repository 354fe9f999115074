// The public site's screens: the address each answers (from the path table, publicPaths.ts) and the page module
// that draws it. The browser routes with this table (src/public/PublicApp.tsx); the server reads it too, to draw
// the first screen and to name in the page it sends the chunk the screen needs (server/site/shell.ts).
import { CONSOLE_BASE, LEGACY_STAFF_REDIRECTS } from './consolePaths';
import { publicPaths } from './publicPaths';

export type PublicPageName =
  | 'HomePage'
  | 'MenPage'
  | 'WomenPage'
  | 'BonesPage'
  | 'ContactPage'
  | 'SuggestPage'
  | 'ApprovedPage'
  | 'TeamPage'
  | 'MemorialPage'
  | 'ArticlePage'
  | 'NoticesPage'
  | 'NoticePage'
  | 'GraveDetailsPage'
  | 'LoginPage'
  | 'PlanPage'
  | 'SetupPage'
  | 'CorrectBurialPage'
  | 'GravePhotoPage'
  | 'CorrectionFollowPage';

/**
 * `form`: the screen holds a form drawn by the browser only: drawn on the server, the form would exist before its
 * handlers, and a quick tap on its button would submit it natively — the login's password in the address bar. The
 * suggestion form (/contact, /suggest) is drawn on the server disabled until the browser takes it over, so those
 * screens paint their text at once.
 */
export interface PublicPage {
  path: string;
  page: PublicPageName;
  form?: true;
}

export const PUBLIC_PAGES: ReadonlyArray<PublicPage> = [
  { path: publicPaths.home.path, page: 'HomePage' },
  { path: publicPaths.men.path, page: 'MenPage' },
  { path: publicPaths.women.path, page: 'WomenPage' },
  { path: publicPaths.bones.path, page: 'BonesPage' },
  { path: publicPaths.contact.path, page: 'ContactPage' },
  { path: publicPaths.suggest.path, page: 'SuggestPage' },
  { path: publicPaths.approved.path, page: 'ApprovedPage' },
  { path: publicPaths.team.path, page: 'TeamPage' },
  { path: publicPaths.memorial.path, page: 'MemorialPage' },
  { path: publicPaths.article.path, page: 'ArticlePage' },
  { path: publicPaths.notices.path, page: 'NoticesPage' },
  { path: publicPaths.notice.path, page: 'NoticePage' },
  { path: publicPaths.grave.path, page: 'GraveDetailsPage' },
  { path: publicPaths.plan.path, page: 'PlanPage' },
  { path: publicPaths.login.path, page: 'LoginPage', form: true },
  { path: publicPaths.setup.path, page: 'SetupPage', form: true },
  // A family's correction of a burial, a photo of a grave, and the correction's private follow-up page.
  { path: publicPaths.correctBurial.path, page: 'CorrectBurialPage', form: true },
  { path: publicPaths.gravePhoto.path, page: 'GravePhotoPage', form: true },
  { path: publicPaths.correctionFollow.path, page: 'CorrectionFollowPage' },
];

/** Matches '/grave-details-user/:graveId' against a path (case-insensitive like react-router); params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w.toLowerCase() !== h.toLowerCase()) return null;
  }
  return params;
}

/** The public page an address shows, with its parameters; null for the console, redirects and unknown paths. */
export function publicPageOf(pathname: string): (PublicPage & { params: Record<string, string> }) | null {
  for (const entry of PUBLIC_PAGES) {
    const params = matchPath(entry.path, pathname);
    if (params) return { ...entry, params };
  }
  return null;
}

/**
 * Whether the site has something at this address: a public screen, an old staff address the browser sends on to the
 * console, or the console itself. Any other address is answered 404 by the server (with the page, whose browser
 * draws the not-found screen), so a mistyped or stale link is not reported as a page by search engines or tools.
 */
export function isSiteAddress(pathname: string): boolean {
  if (pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`)) return true;
  if (publicPageOf(pathname)) return true;
  return LEGACY_STAFF_REDIRECTS.some(({ from }) => matchPath(from, pathname) !== null);
}
