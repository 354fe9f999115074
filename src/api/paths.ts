// Every path of the /api contract in one table (relative to the API base).
import type { Gender, SuggestionStatus } from '../domain/types';

const id = (value: string) => encodeURIComponent(value);

export const SECTION_PATH: Record<Gender, string> = { men: 'male', women: 'female', bones: 'bone' };

export const paths = {
  gravesOfSection: (gender: Gender) => `/graves/${SECTION_PATH[gender]}`,
  /** A page of a section's cards (no burials), optionally of a search; without a query: the first page. */
  sectionCards: (gender: Gender, page: { q?: string; offset?: number; limit?: number } = {}) => {
    const query = new URLSearchParams();
    if (page.q) query.set('q', page.q);
    if (page.offset) query.set('offset', String(page.offset));
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    const text = query.toString();
    return `/graves/cards/${SECTION_PATH[gender]}${text ? `?${text}` : ''}`;
  },
  graves: () => '/graves',
  grave: (graveId: string) => `/graves/graves/${id(graveId)}`,
  /** The same grave at ra-data-simple-rest's path: read there by the console, and deleted there. */
  graveRecord: (graveId: string) => `/graves/${id(graveId)}`,
  recentBurials: () => '/graves/recentBurials',
  totalDeaths: () => '/graves/totalDeaths',
  maleDeaths: () => '/graves/maleDeaths',
  femaleDeaths: () => '/graves/femaleDeaths',
  availableCount: () => '/graves/available-count',
  unavailableCount: () => '/graves/unavailable-count',
  markFull: (graveId: string) => `/graves/full/${id(graveId)}`,
  bury: (graveId: string) => `/graves/${id(graveId)}/bury`,
  removeBuried: (graveId: string) => `/graves/${id(graveId)}/remove-buried`,
  buried: (graveId: string, personId: string) => `/graves/${id(graveId)}/buried/${id(personId)}`,
  transfer: (graveId: string) => `/graves/${id(graveId)}/transfer`,
  reopen: (graveId: string) => `/graves/${id(graveId)}/reopen`,
  position: (graveId: string) => `/graves/${id(graveId)}/position`,
  nextGraves: () => '/graves/next',
  plan: () => '/plan',
  planRows: (gender?: Gender) => (gender ? `/plan/rows/${gender}` : '/plan/rows'),
  graveByNumber: (gender: Gender, number: number | string) =>
    `/graves/by-number/${gender}/${encodeURIComponent(String(number))}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  /** Every grave and burial in compact columns, kept by the offline site (src/domain/search/offlineIndex.ts). */
  searchIndex: () => '/search/index',
  suggestion: () => '/suggestion',
  approvedSuggestions: () => '/suggestion/approved',
  suggestionsByStatus: (status: SuggestionStatus) => `/suggestion/status/${status}`,
  suggestionStatus: (suggestionId: string) => `/suggestion/status/${id(suggestionId)}`,
  articles: () => '/articles',
  article: (articleId: string) => `/articles/${id(articleId)}`,
  articleDetail: (articleId: string) => `/articles/ArticleDetail/${id(articleId)}`,
  login: () => '/auth/login',
  /** The first start: GET whether it is needed, POST the setup. */
  setup: () => '/setup',
  register: () => '/auth/register',
  updatePassword: () => '/auth/update-password',
  users: () => '/users',
  /** A manager changes an account's role, disables or enables it, or ends its sessions. */
  userRole: (userId: string) => `/users/${id(userId)}/role`,
  userDisabled: (userId: string) => `/users/${id(userId)}/disabled`,
  userSignOut: (userId: string) => `/users/${id(userId)}/sign-out-everywhere`,
  /** Ends every session of the caller's own account. */
  signOutEverywhere: () => '/auth/sign-out-everywhere',
  signOut: () => '/auth/sign-out',
  /** Whether the caller's session still holds (401 when it was ended elsewhere). */
  session: () => '/auth/session',
  /** What waits for a decision (corrections, photos, suggestions), counted for the caller's role. */
  waiting: () => '/waiting',
  exportRegister: () => '/export/register.csv',
  exportGraves: () => '/export/graves.geojson',
  exportBurials: () => '/export/burials.ged',
  exportAudit: () => '/export/audit.csv',
  /** A manager undoes a transfer to the ossuary or a burial's deletion from its audit entry. */
  undoAudit: (entryId: string) => `/audit/${id(entryId)}/undo`,
  /** Every missing number of a men's or women's section between two numbers. */
  graveRange: () => '/graves/range?dryRun=false',
  /** Burials typed from the paper ledger, checked (dryRun) or saved in one transaction. */
  burialBatch: (dryRun: boolean) => `/burials/batch?dryRun=${dryRun}`,
  /** A spreadsheet of burials (CSV or .xlsx as the request's body), checked (dryRun) or imported. */
  importBurials: (dryRun: boolean, fileName: string) =>
    `/import/burials?dryRun=${dryRun}&fileName=${encodeURIComponent(fileName)}`,
  importBatches: () => '/import/batches',
  importBatch: (batchId: string) => `/import/batches/${id(batchId)}`,
  /** A family's correction of a burial; the staff's queue and decisions; the private follow-up. */
  burialCorrections: (burialId: string) => `/burials/${id(burialId)}/corrections`,
  corrections: () => '/corrections',
  correction: (correctionId: string) => `/corrections/${id(correctionId)}`,
  applyCorrection: (correctionId: string) => `/corrections/${id(correctionId)}/apply`,
  rejectCorrection: (correctionId: string) => `/corrections/${id(correctionId)}/reject`,
  followCorrection: (token: string) => `/corrections/follow/${id(token)}`,
  /** A grave's photos (approved ones to the public, all to staff); a photo's decisions. */
  gravePhotos: (graveId: string) => `/graves/${id(graveId)}/photos`,
  approvePhoto: (photoId: string) => `/photos/${id(photoId)}/approve`,
  coverPhoto: (photoId: string) => `/photos/${id(photoId)}/cover`,
  photo: (photoId: string) => `/photos/${id(photoId)}`,
  /** The warnings stored with a grave's burials: the staff's alone. */
  graveWarnings: (graveId: string) => `/graves/${id(graveId)}/warnings`,
  /** What the server is configured with that the browser must agree on (its time zone, the resting period). */
  settings: () => '/settings',
  /** The village's logo: POST (multipart, the field `logo`) or DELETE (back to the product's mark). */
  settingsLogo: () => '/settings/logo',
  /**
   * Death notices. The public's current ones (with `recent`, also those whose prayer fell in the last N
   * days); `all`: every notice, for the staff (with the console's sort, range and filter appended by its caller).
   */
  notices: (options: { recent?: number; all?: boolean } = {}) =>
    options.all ? '/notices?all=true' : options.recent ? `/notices?recent=${options.recent}` : '/notices',
  notice: (noticeId: string) => `/notices/${id(noticeId)}`,
  /** Records the notice's burial under the bury rule and links it (POST {graveId?, name?, burialDate?}). */
  noticeBurial: (noticeId: string) => `/notices/${id(noticeId)}/burial`,
  /** The notice's funeral prayer as an iCalendar file (a phone's calendar app opens it). */
  noticeCalendar: (noticeId: string) => `/notices/${id(noticeId)}/calendar.ics`,
  /** A grave's plate, an SVG sized in millimetres: a 5×5 cm sticker or a 10×7 cm plate (the default). */
  gravePlate: (graveId: string, size?: 'sticker' | 'plate') =>
    `/graves/${id(graveId)}/plate.svg${size ? `?size=${size}` : ''}`,
} as const;
