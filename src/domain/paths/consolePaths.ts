// Where the staff console lives, and where each of the specification's staff paths now leads.
// Shared by the public site (menu, redirects, login landing) and the console (its resources and custom routes).

export const CONSOLE_BASE = '/admin';

export const consolePaths = {
  dashboard: () => '/admin',
  graves: () => '/admin/graves',
  createGrave: () => '/admin/graves/create',
  grave: (graveId: string) => `/admin/graves/${encodeURIComponent(graveId)}/show`,
  bury: (graveId: string) => `/admin/graves/${encodeURIComponent(graveId)}/bury`,
  suggestions: () => '/admin/suggestions',
  articles: () => '/admin/articles',
  createArticle: () => '/admin/articles/create',
  users: () => '/admin/users',
  createUser: () => '/admin/users/create',
  password: () => '/admin/password',
  audit: () => '/admin/audit',
  graveRange: () => '/admin/graves-range',
  ledgerEntry: () => '/admin/ledger',
  importRegister: () => '/admin/import',
  plan: () => '/admin/plan',
  settings: () => '/admin/settings',
  /** The capacity forecast and the years in pictures; under it, the yearly register book (`/register-book`). */
  statistics: () => '/admin/statistics',
  /** The death notices. */
  notices: () => '/admin/notices',
  createNotice: () => '/admin/notices/create',
  /** The queue of families' corrections. */
  corrections: () => '/admin/corrections',
  /** The queue of every grave's photos, the families' waiting ones first. */
  photos: () => '/admin/photos',
  /**
   * The sheets of grave plates; with graves (the list's selection, one grave's page) their plates, one
   * `id` each, and a size ('sticker' | 'plate').
   */
  plateSheets: (graves: { ids?: readonly string[]; size?: string } = {}) => {
    const query = new URLSearchParams();
    for (const graveId of graves.ids ?? []) query.append('id', graveId);
    if (graves.size) query.set('size', graves.size);
    const text = query.toString();
    return `/admin/plate-sheets${text ? `?${text}` : ''}`;
  },
} as const;

/**
 * The spec's staff routes (section 2) and their console equivalents; bookmarks of the old paths keep working.
 * `:graveId` is carried over.
 */
export const LEGACY_STAFF_REDIRECTS: ReadonlyArray<{ from: string; to: (params: { graveId?: string }) => string }> = [
  { from: '/creategrave', to: () => consolePaths.createGrave() },
  { from: '/showgraves', to: () => consolePaths.graves() },
  { from: '/graves/:graveId', to: ({ graveId }) => consolePaths.grave(graveId ?? '') },
  { from: '/add-dead/:graveId', to: ({ graveId }) => consolePaths.bury(graveId ?? '') },
  { from: '/articles', to: () => consolePaths.articles() },
  { from: '/addarticle', to: () => consolePaths.createArticle() },
  { from: '/register', to: () => consolePaths.createUser() },
  { from: '/resetpassword', to: () => consolePaths.password() },
  { from: '/suggestions', to: () => consolePaths.suggestions() },
];

/** The login page (public /login) takes ?next=/admin/… to return a staff member to the page they asked for. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith(`${CONSOLE_BASE}`) || next.startsWith('//')) return null;
  return next;
}
