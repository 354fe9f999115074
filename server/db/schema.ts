// Table types as Kysely sees them. Everything is TEXT or INTEGER so that one set of migrations
// and one set of queries behave the same on SQLite and PostgreSQL (dates are ISO text, flags 0/1).

export interface GravesTable {
  id: string;
  gender: 'men' | 'women' | 'bones';
  /** Canonical text of the number ("12") or a bone section's label. */
  number: string;
  /** The whole number for sorting; null for a bone label that is not a number. */
  number_value: number | null;
  full: number;
  created_at: string;
  /** Decimal degrees as text, both or neither (issue 13). */
  latitude: string | null;
  longitude: string | null;
}

export interface BurialsTable {
  id: string;
  grave_id: string;
  name: string;
  /** normalizeArabic(name), stored at write time so search never normalises rows per query. */
  name_search: string;
  burial_date: string;
  created_at: string;
}

/** A burial's remains moved from one grave to a bone section (issue 13). */
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
  role: 'manager' | 'admin';
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ThrottleTable {
  key: string;
  /** seconds since the epoch */
  at: number;
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

export interface Database {
  graves: GravesTable;
  burials: BurialsTable;
  burial_moves: BurialMovesTable;
  articles: ArticlesTable;
  suggestions: SuggestionsTable;
  accounts: AccountsTable;
  settings: SettingsTable;
  throttle: ThrottleTable;
  audit_log: AuditTable;
}
