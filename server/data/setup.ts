// The first start in the browser. While the register has no account, each starting server process
// makes a one-time code, prints it in its log and keeps only its SHA-256 here (a `settings` row per code, so every
// process sharing the database accepts the code any of them printed). The setup makes the first manager, names the
// village and, if asked, the graves, in one transaction; from then on every code is useless and deleted.
//
// How long a code lives: until an account exists (the setup, `npm run account`, MANAGER_EMAIL), or until its
// process stops (a process deletes its own code as it closes). A start on SQLite, which one process serves,
// deletes every older code too, so a code printed before a crash dies at the restart. On PostgreSQL a restarting
// process cannot tell a crashed process's code from a running neighbour's, so it leaves the others' codes alone.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { readIdentity } from '../../src/domain/identity/siteIdentity';
import type { Role } from '../../src/domain/types';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { insertAccount } from './accounts';
import { audit } from './audit';
import { markChanged, type DataScope } from './dataVersions';
import { insertGraveRange, tell } from './registerImport';
import { IDENTITY_KEY, loadIdentity, storeIdentity } from './siteIdentity';
import type { GraveChange, Write } from './write';

type Db = Kysely<Database> | Transaction<Database>;

const CODE_PREFIX = 'setup_code:';
/** 32 random bytes: 43 URL-safe characters. */
const CODE_BYTES = 32;

const hashOf = (code: string): Buffer => createHash('sha256').update(code, 'utf8').digest();

async function accountCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select(db.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function deleteCodes(db: Db): Promise<void> {
  await db.deleteFrom('settings').where('key', 'like', `${CODE_PREFIX}%`).execute();
}

/** Whether the register still waits for its first account; once one exists, the codes left are deleted. */
export async function setupNeeded(db: Kysely<Database>): Promise<boolean> {
  if ((await accountCount(db)) === 0) return true;
  await deleteCodes(db);
  return false;
}

/**
 * At start: a new code (its hash kept) while the register has no account, else null (and the codes left deleted).
 * `clearOthers`: the codes of earlier starts are deleted first (SQLite, which one process serves).
 */
export async function issueSetupCode(db: Kysely<Database>, clearOthers: boolean): Promise<string | null> {
  if (!(await setupNeeded(db))) return null;
  if (clearOthers) await deleteCodes(db);
  const code = randomBytes(CODE_BYTES).toString('base64url');
  await db
    .insertInto('settings')
    .values({ key: `${CODE_PREFIX}${hashOf(code).toString('hex')}`, value: new Date().toISOString() })
    .execute();
  return code;
}

/** A process closing: its code goes with it. */
export async function forgetSetupCode(db: Kysely<Database>, code: string): Promise<void> {
  await db
    .deleteFrom('settings')
    .where('key', '=', `${CODE_PREFIX}${hashOf(code).toString('hex')}`)
    .execute();
}

/**
 * Whether `code` is one of the codes kept. The hash of what was sent is compared with every hash kept, each in
 * constant time, and all of them are compared whatever the result, so the time taken tells nothing of the codes.
 */
export async function setupCodeMatches(db: Db, code: unknown): Promise<boolean> {
  const given = hashOf(typeof code === 'string' ? code : '');
  const rows = await db.selectFrom('settings').select('key').where('key', 'like', `${CODE_PREFIX}%`).execute();
  let found = false;
  for (const row of rows) {
    const kept = Buffer.from(row.key.slice(CODE_PREFIX.length), 'hex');
    if (kept.length === given.length && timingSafeEqual(kept, given)) found = true;
  }
  return found;
}

export interface SetupInput {
  code: string;
  villageName: string;
  /** The site's address as the rule stores it; '' leaves the settings' as they are. */
  siteUrl: string;
  manager: { name: string; email: string; password: string };
  graves: { men: number; women: number };
}

/** The first manager, as a session token is signed for it. */
export interface SetupAccount {
  id: string;
  role: Role;
  name: string;
  email: string;
  session_generation: number;
}

export type SetupOutcome = { ok: true; account: SetupAccount } | { ok: false; refusal: 'closed' | 'wrongCode' };

class SetupRefused extends Error {
  constructor(readonly refusal: 'closed' | 'wrongCode') {
    super(refusal);
  }
}

/**
 * The setup, in one transaction: the first manager (audited `account.create`), the village's name and the site's
 * address when given (audited `settings.update` with the old and new value), the codes deleted, the graves by the
 * range rule (each section one `grave.range`). Two setups at once take turns on the identity's row (written first,
 * so that SQLite takes its write lock at once and PostgreSQL holds the row): the second finds the account and is
 * refused, writing nothing.
 */
export async function runSetup(write: Write, input: SetupInput): Promise<SetupOutcome> {
  const changes: GraveChange[] = [];
  try {
    const account = await write.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('settings')
        .set({ value: sql<string>`value` })
        .where('key', '=', IDENTITY_KEY).execute();
      if ((await accountCount(trx)) > 0) throw new SetupRefused('closed');
      if (!(await setupCodeMatches(trx, input.code))) throw new SetupRefused('wrongCode');
      const at = write.at;
      const id = await insertAccount(trx, { ...input.manager, role: 'manager' }, at);
      const by = { sub: id, email: input.manager.email };
      await audit(trx, {
        at,
        account: by,
        action: 'account.create',
        entity: 'account',
        entityId: id,
        after: { name: input.manager.name, email: input.manager.email, role: 'manager', setup: true },
      });
      const before = await loadIdentity(trx);
      const marks: DataScope[] = [];
      const siteUrl = input.siteUrl || before.siteUrl;
      if (before.villageName !== input.villageName || before.siteUrl !== siteUrl) {
        await storeIdentity(trx, readIdentity({ ...before, villageName: input.villageName, siteUrl }));
        // The audit keeps the old and new value of each field changed, as a manager's change of the settings.
        const changed = (identity: { villageName: string; siteUrl: string }) => ({
          ...(before.villageName !== input.villageName ? { villageName: identity.villageName } : {}),
          ...(before.siteUrl !== siteUrl ? { siteUrl: identity.siteUrl } : {}),
        });
        await audit(trx, {
          at,
          account: by,
          action: 'settings.update',
          entity: 'settings',
          entityId: IDENTITY_KEY,
          before: changed(before),
          after: changed({ villageName: input.villageName, siteUrl }),
        });
        marks.push('site');
      }
      await markChanged(trx, marks);
      await deleteCodes(trx);
      for (const gender of ['men', 'women'] as const) {
        const count = input.graves[gender];
        if (count < 1) continue;
        const made = await insertGraveRange(trx, { by, at }, gender, 1, count);
        if (made.change) changes.push(made.change);
      }
      return { id, role: 'manager' as const, name: input.manager.name.trim(), email: input.manager.email.trim() };
    });
    await tell(write, changes);
    return { ok: true, account: { ...account, session_generation: 0 } };
  } catch (error) {
    if (error instanceof SetupRefused) return { ok: false, refusal: error.refusal };
    // An account made meanwhile under the same address (the command line, MANAGER_EMAIL): the setup is closed.
    if (isUniqueViolation(error)) return { ok: false, refusal: 'closed' };
    throw error;
  }
}
