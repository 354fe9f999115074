// The public site's own keys in the browser's storage: preferences and searches any visitor has, none of them staff
// work. Signing out keeps these and clears everything else (src/shared/signOut.ts), so staff data a new
// feature keeps is cleared without being listed here.
export const PUBLIC_LOCAL_KEYS = {
  /** Which calendar a date names first, as the server last said (src/ssr/entry-client.tsx). */
  calendarFirst: 'calendarFirst',
  /** The village's identity as the server last sent it, for a page drawn from the offline shell (src/public/identity.tsx). */
  siteIdentity: 'siteIdentity',
} as const;

/**
 * IndexedDB databases of the public site: the service worker's record of when its kept public answers expire
 * (workbox's expiration plugin, src/public/offline). Deleting it under the worker would leave the deletion waiting
 * on the worker's open connection, and the worker's next use of it waiting on the deletion.
 */
export const PUBLIC_DATABASES = ['workbox-expiration'] as const;

export const PUBLIC_SESSION_KEYS = {
  /** The men's section search, kept when leaving to a grave's page (spec screen 2). */
  menSearch: 'searchTerm',
  /** The women's section search, kept at each keystroke. */
  womenSearch: 'womanSearchTerm',
} as const;

/**
 * What a family typed into a correction of one burial and has not sent yet (its localStorage key), so a
 * failed network, a reload or a closed tab loses nothing; removed once sent. Not a preference: a staff member's
 * sign-out on the same device clears it with the rest (it holds a phone number).
 */
export const correctionDraftKey = (personId: string): string => `correctionDraft:${personId}`;
