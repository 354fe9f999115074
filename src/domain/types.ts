// Entities of the register as the /api contract carries them (spec sections 3 and 7).
import type { DatePrecision, PartialPrecision } from './dates/datePrecision';

export const GENDERS = ['men', 'women', 'bones'] as const;
export type Gender = (typeof GENDERS)[number];

/** The Arabic status words of spec section 4; the API sends them as they are. */
export const GRAVE_STATUS = {
  available: 'متاحة',
  full: 'ممتلئة',
  unavailable: 'غير متاحة',
} as const;
export type GraveStatus = (typeof GRAVE_STATUS)[keyof typeof GRAVE_STATUS];

/** A grave a person's remains were moved from or to, and the day. */
export interface GraveMove {
  /** null when that grave has since been deleted */
  graveId: string | null;
  number: number | string;
  gender: Gender;
  /** YYYY-MM-DD */
  date: string;
}

export interface BuriedPerson {
  _id: string;
  name: string;
  /** YYYY-MM-DD (for a year alone, the last day of that year: see datePrecision) */
  burialDate: string;
  /** Additive: where this person's remains came from, for someone moved into this (bone) grave. */
  transferredFrom?: GraveMove;
  /** Additive: where the remains went, for someone listed in a grave's `moved` history. */
  transferredTo?: GraveMove;
  /**
   * Additive, present only for a partial ledger date (a month, or the year alone, Gregorian or Hijri): show it as
   * written (formatBurialDate).
   */
  datePrecision?: PartialPrecision;
  /** Additive, present only when the ledger had notes. */
  notes?: string;
  // No warning here: the history rule's warning stored with a burial is the staff's alone, read through
  // GET /api/graves/{id}/warnings, never in an answer or page the public may see.
}

export interface Grave {
  _id: string;
  /** A JSON number for men and women graves; a text label for bone sections. */
  number: number | string;
  gender: Gender;
  status: GraveStatus;
  /** 0 when available, days left while resting, null when full or an ossuary. */
  daysUntilAvailable: number | null;
  /** Newest first. */
  buriedPersons: BuriedPerson[];
  /** Additive, on one grave's answer: the people once buried here whose remains were moved, newest move first. */
  moved?: BuriedPerson[];
  /** Additive, on one grave's answer: where the grave is, when the committee recorded it. */
  position?: GeoPosition;
  /** Additive, on one grave's answer: its row on the plan and its place in that row (1 for the row's first). */
  place?: { row: string; place: number };
}

/** A grave as a section's card shows it (GET /graves/cards/{section}): no burials, so a page of 60 is a few KB. */
export type GraveCardData = Pick<Grave, '_id' | 'number' | 'gender' | 'status' | 'daysUntilAvailable'>;

/** One page of a section's cards: `total` cards match (the whole section without a search), these from `offset`. */
export interface GraveCardPage {
  total: number;
  offset: number;
  cards: GraveCardData[];
}

/** Decimal degrees (WGS 84), as a phone's location gives them. */
export interface GeoPosition {
  latitude: number;
  longitude: number;
}

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export interface Suggestion {
  _id: string;
  text: string;
  name: string;
  phone: string;
  submittedBy: string;
  status: SuggestionStatus;
  createdAt: string;
}

// A family's correction of one burial. See docs/corrections-and-photos.md for the API.
export const CORRECTION_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** A burial's values as a correction compares them: burialDate YYYY-MM-DD as stored (see datePrecision). */
export interface CorrectionValues {
  name: string;
  burialDate: string;
  datePrecision: DatePrecision;
}

/** The staff's view of a correction. */
export interface Correction {
  _id: string;
  status: CorrectionStatus;
  burialId: string;
  graveId: string;
  gender: Gender;
  /** The grave's number as the register writes it (a bone grave's label). */
  graveNumber: string;
  /** What the family proposed: only the fields they changed. */
  proposed: { name?: string; burialDate?: string; datePrecision?: DatePrecision; note?: string };
  /** The burial as it stood when the correction was sent. */
  sentAgainst: CorrectionValues;
  /** The burial as it stands now; null once it was removed from the register. */
  current: CorrectionValues | null;
  /** Whether the burial changed (or was removed) since the correction was sent. */
  burialChanged: boolean;
  senderName: string;
  senderPhone: string;
  /** What was written to the burial, once applied. */
  applied: { name: string; burialDate: string } | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** What the private follow-up address shows: the state, nothing else. */
export interface CorrectionFollow {
  status: CorrectionStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export const PHOTO_STATUSES = ['pending', 'approved'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

/** A photo of a grave. Who sent it (senderName, senderPhone) is in the staff's answers only. */
export interface GravePhoto {
  _id: string;
  graveId: string;
  status: PhotoStatus;
  /** The one the grave page shows first. */
  cover: boolean;
  /** The display size (WebP) and its JPEG fallback; the thumbnail likewise. Immutable addresses. */
  url: string;
  jpegUrl: string;
  thumbUrl: string;
  thumbJpegUrl: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  /** True for a photo a staff member added (shown at once). */
  byStaff: boolean;
  senderName?: string | null;
  senderPhone?: string | null;
  createdAt: string;
  /** The queue of photos (GET /api/photos): the section and number of the photo's grave. */
  grave?: { gender: Gender; number: string };
  /** Staff answers, a photo still pending: when it is removed unless approved first (PENDING_PHOTO_DAYS). */
  expiresAt?: string;
}

export interface ApprovedSuggestion {
  _id: string;
  name: string;
  text: string;
}

export interface ArticleSummary {
  _id: string;
  title: string;
  createdAt: string;
}

export interface Article extends ArticleSummary {
  content: string;
}

/** manager (everything), admin (graves and burials), clerk (data entry: adds and corrects, never removes). */
export const ROLES = ['manager', 'admin', 'clerk'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export interface Account {
  _id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
  /** A disabled account cannot sign in; a manager enables it again. */
  disabled: boolean;
  /** The last successful sign-in, or null before the first. */
  lastLoginAt: string | null;
}

export interface LoginAnswer {
  token: string;
  role: Role;
  message: string;
}

/** The claims of the session token (HS256 JWT); exp and iat are in seconds. */
export interface TokenClaims {
  sub: string;
  role: Role;
  name: string;
  email: string;
  /** The account's session generation when the token was signed: a token of an earlier generation is refused. */
  gen: number;
  iat: number;
  exp: number;
  /**
   * The token's own id, so that signing out ends this session alone (server/data/revokedTokens.ts). Tokens signed
   * before sessions were numbered have none: they can be ended only with the account's other sessions, or by their expiry.
   */
  jti?: string;
}

export interface SearchMatch {
  grave: Pick<Grave, '_id' | 'number' | 'gender' | 'status'>;
  person: BuriedPerson;
  /** How the query matched (additive: a server of the original contract leaves it out). */
  match?: 'exact' | 'number' | 'folded' | 'prefix' | 'spoken' | 'latin' | 'typo';
  /** Character ranges [start, end) of person.name that matched, to highlight (additive, as match). */
  words?: Array<[number, number]>;
}

export interface Statistics {
  totalDeaths: number;
  maleDeaths: number;
  femaleDeaths: number;
  availableGravesCount: number;
  unavailableGravesCount: number;
}

/** One line of the audit trail: who changed what, when, and the values before and after. */
export interface AuditEntry {
  _id: string;
  at: string;
  accountId: string | null;
  accountEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  /** Additive: a transfer or a deletion a manager has undone. */
  undone?: boolean;
}
