// Table types as Kysely sees them. Everything is TEXT or INTEGER so that one set of migrations
// and one set of queries behave the same on SQLite and PostgreSQL (dates are ISO text, flags 0/1).
import type { DatePrecision } from '../../src/domain/dates/datePrecision';
import type { Generated } from 'kysely';
import type { Role } from '../../src/domain/types';

export interface GravesTable {
  id: string;
  gender: 'men' | 'women' | 'bones';
  /** Canonical text of the number ("12") or a bone section's label. */
  number: string;
  /** The whole number for sorting; null for a bone label that is not a number. */
  number_value: number | null;
  full: number;
  created_at: string;
  /** Decimal degrees as text, both or neither. */
  latitude: string | null;
  longitude: string | null;
  /** The import or typed batch that created it (undone with it), else null. */
  batch_id: string | null;
  /** Its newest burial day and how many lie in it, kept by every write (data/graveFacts.ts). */
  last_burial_date: string | null;
  burial_count: Generated<number>;
}

/** One grave changed by a write, under the counter its section took (data/graveFacts.ts). */
export interface GraveChangesTable {
  gender: 'men' | 'women' | 'bones';
  version: number;
  grave_id: string;
}

/**
 * Differences to a section's figures, one row per change of a grave, added by the database's triggers (migration
 * 0019) and folded now and then (data/sectionTallies.ts): a section's figures are the sums of its rows.
 */
export interface SectionTalliesTable {
  gender: 'men' | 'women' | 'bones';
  graves: number;
  /** Graves not marked full. */
  open_graves: number;
  burials: number;
}

export interface BurialsTable {
  id: string;
  grave_id: string;
  name: string;
  /** normalizeArabic(name), stored at write time so search never normalises rows per query. */
  name_search: string;
  /** YYYY-MM-DD; for a year alone, the last day of that year (src/domain/dates/burialDate.ts). */
  burial_date: string;
  created_at: string;
  /** 'day', or how much of a partial date the ledger gives (src/domain/dates/datePrecision.ts). */
  date_precision: Generated<DatePrecision>;
  notes: string | null;
  /** The import or typed batch it came in, else null. */
  batch_id: string | null;
  /** The history rule's warning ({key, params}) it was saved with, else null. */
  warning_json: string | null;
  /** When staff last corrected it, else null. */
  updated_at: string | null;
}

/** A burial's remains moved from one grave to a bone section. */
export interface BurialMovesTable {
  id: string;
  burial_id: string;
  /** null once that grave was deleted; its section and number stay below. */
  from_grave_id: string | null;
  from_gender: 'men' | 'women' | 'bones';
  from_number: string;
  to_grave_id: string;
  /** YYYY-MM-DD */
  moved_on: string;
  created_at: string;
}

/** A deleted burial kept whole until a manager restores it: the burials row and its moves, as JSON. */
export interface RemovedBurialsTable {
  /** The burial's own id. */
  id: string;
  grave_id: string;
  row_json: string;
  moves_json: string;
  removed_at: string;
}

export interface ArticlesTable {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface SuggestionsTable {
  id: string;
  text: string;
  name: string;
  phone: string;
  submitted_by: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
}

export interface AccountsTable {
  id: string;
  name: string;
  email: string;
  email_lower: string;
  password_hash: string;
  role: Role;
  created_at: string;
  updated_at: string;
  /** Moves on whenever every earlier session of the account must end; a token carries the one it was signed with. */
  session_generation: Generated<number>;
  /** When a manager disabled the account (it cannot sign in), or null. */
  disabled_at: string | null;
  last_login_at: string | null;
}

/** Files the server makes from the settings (the logo's PNGs), served by every process. */
export interface SiteFilesTable {
  /** e.g. logo-192.png */
  name: string;
  content_type: string;
  bytes: Buffer;
  etag: string;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** The generated token-signing secret (one row, id 1), when JWT_SECRET is unset; never in a backup. */
export interface TokenSecretTable {
  id: number;
  value: string;
}

export interface ThrottleTable {
  key: string;
  /** seconds since the epoch */
  at: number;
}

/** Sessions ended one by one (POST /api/auth/sign-out): the token's id until the token would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  /** seconds since the epoch; the row can go once this has passed */
  expires_at: number;
}

export interface AuditTable {
  id: string;
  at: string;
  account_id: string | null;
  account_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
}

export interface ImportBatchesTable {
  id: string;
  /** 'import' (a file) or 'entry' (rows typed in the console). */
  kind: 'import' | 'entry';
  file_name: string | null;
  created_at: string;
  account_id: string | null;
  account_email: string;
  rows_read: number;
  graves_created: number;
  burials_added: number;
  undone_at: string | null;
}

/** A row of the cemetery plan as the committee names it. */
export interface PlanRowsTable {
  id: string;
  gender: 'men' | 'women';
  /** The committee's order of the rows in the section. */
  position: number;
  label: string;
  from_number: number;
  to_number: number;
}

/** A death notice (src/domain/notices/notice.ts is its answer). */
export interface NoticesTable {
  id: string;
  name: string;
  relations: string | null;
  /** YYYY-MM-DDTHH:mm in `time_zone`. */
  prayer_at: string;
  /** The same moment, ISO 8601 UTC. */
  prayer_instant: string;
  time_zone: string;
  mosque: string;
  after_prayer: string | null;
  /** Null until linked, and again once that grave or burial is deleted. */
  grave_id: string | null;
  burial_id: string | null;
  /** JSON: Condolence[]. */
  condolences_json: string;
  /** YYYY-MM-DD, the last day on the home page. */
  ends_at: string;
  hidden: number;
  created_at: string;
  updated_at: string;
}

/** A family's correction of one burial (server/data/corrections.ts). */
export interface CorrectionsTable {
  id: string;
  /** The private follow-up address's token (random, not the id). */
  follow_token: string;
  status: 'pending' | 'applied' | 'rejected';
  burial_id: string;
  grave_id: string;
  gender: string;
  /** The grave's number as the register writes it (a bone grave's label), for the queue's lines. */
  grave_number: string;
  /** The burial as it stood when the correction was sent. */
  was_name: string;
  was_date: string;
  was_precision: string;
  /** What the family proposes; null where they proposed nothing. */
  name: string | null;
  burial_date: string | null;
  date_precision: string | null;
  note: string | null;
  sender_name: string;
  sender_phone: string;
  /** The reason given with a rejection. */
  reason: string | null;
  /** JSON {name, burialDate}: what was written to the burial when applied. */
  applied_json: string | null;
  /** The staff member's name who applied or rejected it. */
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  /**
   * The client the family sent it from as the throttles count clients (an IPv4 address, an IPv6 /64), for the caps
   * on what one client has waiting; dropped once the correction is decided. Null on corrections older than it.
   */
  sender_client: string | null;
}

/** A photo of a grave; its files are in the photos folder (server/data/photos.ts). */
export interface GravePhotosTable {
  id: string;
  grave_id: string;
  status: 'pending' | 'approved';
  /** 1 on the photo the grave page shows first (at most one per grave). */
  cover: number;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
  /** The display files' size together, for the folder's accounting. */
  bytes: number;
  sent_by_staff: number;
  sender_name: string | null;
  sender_phone: string | null;
  /** The staff account's id that added it, or null for a family's. */
  added_by: string | null;
  created_at: string;
  /**
   * A visitor's photo: the client it came from as the throttles count clients (an IPv4 address, an IPv6 /64), for
   * the caps on what one client has waiting; dropped once the photo is approved. Null for the staff's photos.
   */
  sender_client: string | null;
}

export interface Database {
  graves: GravesTable;
  grave_changes: GraveChangesTable;
  section_tallies: SectionTalliesTable;
  burials: BurialsTable;
  burial_moves: BurialMovesTable;
  removed_burials: RemovedBurialsTable;
  articles: ArticlesTable;
  suggestions: SuggestionsTable;
  accounts: AccountsTable;
  settings: SettingsTable;
  site_files: SiteFilesTable;
  token_secret: TokenSecretTable;
  throttle: ThrottleTable;
  revoked_tokens: RevokedTokensTable;
  audit_log: AuditTable;
  import_batches: ImportBatchesTable;
  plan_rows: PlanRowsTable;
  notices: NoticesTable;
  corrections: CorrectionsTable;
  grave_photos: GravePhotosTable;
}
