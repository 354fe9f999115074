// Who writes, when, and on which handle: what every audited write of the register is given. Its own module so the
// write modules (graveWrites, planRows, registerImport) and the search index that hears of the changes share it
// without importing each other in a circle.
import type { Kysely } from 'kysely';
import type { Gender, TokenClaims } from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';

/** What a committed write changed: the graves it touched, in which section, and the counter it set there. */
export interface GraveChange {
  gender: Gender;
  version: string;
  graveIds: readonly string[];
}

export type Staff = Pick<TokenClaims, 'sub' | 'email'> | null;

export interface Write {
  db: Kysely<Database>;
  dialect: DialectName;
  by: Staff;
  at: Date;
  /** Told, once the transaction committed, which graves changed (the search index reads them again). */
  changed?: (change: GraveChange) => Promise<void>;
}
