// Every address of the public site in one table: the pattern the router matches (`path`) and the builder of a link
// to it (`href`), so an address is spelled once. The route table (publicPages.ts) takes its patterns from here and
// every link and navigation of src/public builds its address here. The spellings are the specification's (section
// 2), old bookmarks included ('/MemorialPage', '/ArticleDetail/:id'). The console's addresses are in consolePaths.ts.

export interface PublicPath<Args extends unknown[] = []> {
  /** Matched against an address, case-insensitively; `:name` is a parameter (publicPages.ts matchPath). */
  readonly path: string;
  /** The address of a link to the page; parameters are encoded as one path segment each. */
  readonly href: (...args: Args) => string;
  /** Set on an address the server answers with a redirect (server/site/index.ts): no screen of its own. */
  readonly redirect?: true;
}

/**
 * Why a console page sent its visitor to the login page: no token at all, one that is expired or refused, or a
 * session ended on purpose (a password, role or disable change, or "sign out everywhere").
 */
/** Why the login page is shown: no session, an unusable one, one ended elsewhere, or the staff member signed out. */
export type SessionEnd = 'missing' | 'invalid' | 'ended' | 'signedOut';
export const SESSION_END_PARAM = 'session';

export function sessionEndOf(value: string | null | undefined): SessionEnd | null {
  return value === 'missing' || value === 'invalid' || value === 'ended' || value === 'signedOut' ? value : null;
}

const fixed = (path: string): PublicPath => ({ path, href: () => path });

export const publicPaths = {
  home: fixed('/'),
  men: fixed('/man'),
  women: fixed('/woman'),
  bones: fixed('/bones'),
  contact: fixed('/contact'),
  suggest: fixed('/suggest'),
  approved: fixed('/approved'),
  team: fixed('/team'),
  memorial: fixed('/MemorialPage'),
  plan: fixed('/plan'),
  /** The first start in the browser: `code`, the one-time code the server printed in its log. */
  setup: fixed('/setup'),
  /**
   * A grave by its section and number, as a cell of the plan (or a printed plan) gives it: the server sends the
   * visitor on to the grave's page (server/site/index.ts), so the plan needs no grave ids.
   */
  planGrave: {
    redirect: true,
    path: '/plan/:gender/:number',
    href: (gender: string, number: number | string) => `/plan/${gender}/${encodeURIComponent(String(number))}`,
  },
  article: {
    path: '/ArticleDetail/:id',
    href: (articleId: string) => `/ArticleDetail/${encodeURIComponent(articleId)}`,
  },
  /** The current notices and the last month's; one notice's page. */
  notices: fixed('/notices'),
  notice: {
    path: '/notices/:id',
    href: (noticeId: string) => `/notices/${encodeURIComponent(noticeId)}`,
  },
  grave: {
    path: '/grave-details-user/:graveId',
    href: (graveId: string) => `/grave-details-user/${encodeURIComponent(graveId)}`,
  },
  /** A family proposes a correction of one burial of a grave; sends a photo of the grave. */
  correctBurial: {
    path: '/grave-details-user/:graveId/correct/:personId',
    href: (graveId: string, personId: string) =>
      `/grave-details-user/${encodeURIComponent(graveId)}/correct/${encodeURIComponent(personId)}`,
  },
  gravePhoto: {
    path: '/grave-details-user/:graveId/photo',
    href: (graveId: string) => `/grave-details-user/${encodeURIComponent(graveId)}/photo`,
  },
  /** The private follow-up address of a correction (its random token, never its id). */
  correctionFollow: {
    path: '/correction/:token',
    href: (token: string) => `/correction/${encodeURIComponent(token)}`,
  },
  /**
   * `next`: the console page to return to after signing in (consolePaths.ts safeNextPath checks it); `session`: why
   * the console sent the staff member here (the login page says it, spec section 8).
   */
  login: {
    path: '/login',
    href: (next?: string, session?: SessionEnd) => {
      const query = [
        ...(next ? [`next=${encodeURIComponent(next)}`] : []),
        ...(session ? [`${SESSION_END_PARAM}=${session}`] : []),
      ];
      return query.length ? `/login?${query.join('&')}` : '/login';
    },
  },
} as const satisfies Record<string, PublicPath<never[]>>;

export type PublicPathName = keyof typeof publicPaths;
