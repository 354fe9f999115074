// The database's own health, for monitors.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Resolves when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
