// What strangers leave waiting for the committee: a visitor's photos of a grave and a family's corrections of a
// burial, pending until a manager or admin decides. Each has caps, so that no visitor, no network and no flood of
// them can fill the register's disk or its queue: per grave, per client (an IPv4 address or an IPv6 /64, as every
// throttle counts clients) and for the whole register. The hourly allowances (10 an hour per client) bound how fast
// one client sends; these bound how much waits at once. A pending photo not decided within PENDING_PHOTO_DAYS is
// removed with its files: an unreviewed upload is no one's record. A pending correction does not expire: it is a
// few lines of text a family wrote about one of theirs, the committee's to answer however late, and the caps
// below (the whole register's included) already bound what the queue can hold.

export const PENDING_LIMITS = {
  /** Visitors' photos of one grave waiting at once (beyond them: 429). */
  photosPerGrave: 10,
  /** Photos one client has waiting at once, all graves together: two hours of its hourly allowance (429). */
  photosPerClient: 20,
  /** Families' corrections of the burials of one grave waiting at once (429). */
  correctionsPerGrave: 20,
  /** Corrections one client has waiting at once (429). */
  correctionsPerClient: 30,
  /** Corrections waiting in the whole register (507): about 6 KB each at most, some 30 MB together. */
  correctionsInRegister: 5000,
} as const;

/** Days a visitor's photo waits for a decision before it is removed (PENDING_PHOTO_DAYS). */
export const DEFAULT_PENDING_PHOTO_DAYS = 30;
/** Megabytes the pending photos' files may take together (PENDING_PHOTOS_MAX_MB; 507 beyond it). */
export const DEFAULT_PENDING_PHOTOS_MAX_MB = 500;

const DAY_MS = 86_400_000;

/** When a photo sent at `createdAt` (ISO) is removed if still undecided: `days` later, as an ISO instant. */
export function pendingPhotoExpiresAt(createdAt: string, days: number): string {
  return new Date(new Date(createdAt).getTime() + days * DAY_MS).toISOString();
}

/** The photos sent before this instant (ISO) and still pending have waited their `days` and are removed now. */
export function pendingPhotoCutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** Which cap a new pending item met: its grave's, its client's, or the whole register's. */
export type PendingCap = 'grave' | 'client' | 'register';

/** The HTTP status of each cap: too many from this client or for this grave (429), or no room left at all (507). */
export const PENDING_CAP_STATUS: Record<PendingCap, 429 | 507> = { grave: 429, client: 429, register: 507 };
