// Staff accounts: created by a manager, the CLI or start-up configuration; emails are unique ignoring case.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Account, Role, TokenClaims } from '../../src/domain/types';
import { hashPassword } from '../auth/passwords';
import type { DialectName } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { audit, type AuditAction } from './audit';

type Staff = Pick<TokenClaims, 'sub' | 'email'> | null;

export const emailKey = (email: string) => email.trim().toLowerCase();

/** Whether a write failed because another account took the e-mail meanwhile (the only unique key an account has
 * besides its random id): a race the callers' look-up before the write cannot close. */
export const isEmailTaken = (error: unknown): boolean => isUniqueViolation(error);

export async function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('accounts').selectAll().where('email_lower', '=', emailKey(email)).executeTakeFirst();
}

export async function insertAccount(
  db: Kysely<Database>,
  account: { name: string; email: string; password: string; role: Role },
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('accounts')
    .values({
      id,
      name: account.name.trim(),
      email: account.email.trim(),
      email_lower: emailKey(account.email),
      password_hash: await hashPassword(account.password),
      role: account.role,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  return id;
}

/**
 * Ends every session of the account: tokens carry the generation they were signed with, and the authentication
 * check refuses one that is no longer the account's (on every process, since each reads the row). Called inside the
 * transaction of the change that ends them. The new generation.
 */
async function nextGeneration(trx: Transaction<Database>, id: string, at: Date): Promise<number> {
  await trx
    .updateTable('accounts')
    .set({ session_generation: sql<number>`session_generation + 1`, updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
  const row = await trx
    .selectFrom('accounts')
    .select('session_generation')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.session_generation);
}

/**
 * A password set (by its owner, a manager or the command line), audited; every earlier session of the account
 * ends with it, so resetting a stolen password cuts the thief off. The account's new session generation.
 */
export async function changePassword(
  db: Kysely<Database>,
  account: { id: string; email: string },
  password: string,
  by: Staff,
  at: Date,
  /** More to record (the command line marks its changes). */
  note: Record<string, string> = {},
): Promise<number> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('accounts').set({ password_hash: hash }).where('id', '=', account.id).execute();
    const generation = await nextGeneration(trx, account.id, at);
    await audit(trx, {
      at,
      account: by,
      action: 'account.password',
      entity: 'account',
      entityId: account.id,
      after: { email: account.email, ...note },
    });
    return generation;
  });
}

/**
 * An account's name and/or e-mail address changed, audited with the values before and after. Returns false when the
 * account does not exist. A clash with another account's address is the database's unique violation (the caller's).
 */
export async function updateAccount(
  db: Kysely<Database>,
  id: string,
  change: { name?: string; email?: string },
  by: Staff,
  at: Date,
  /** More to record with the new values (the command line marks its changes). */
  note: Record<string, string> = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('accounts').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
    if (!before) return false;
    const set: { name?: string; email?: string; email_lower?: string } = {};
    if (change.name !== undefined) set.name = change.name.trim();
    if (change.email !== undefined) {
      set.email = change.email.trim();
      set.email_lower = emailKey(change.email);
    }
    await trx
      .updateTable('accounts')
      .set({ ...set, updated_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      at,
      account: by,
      action: 'account.update',
      entity: 'account',
      entityId: id,
      before,
      after: { name: set.name ?? before.name, email: set.email ?? before.email, ...note },
    });
    return true;
  });
}

/** Every account whose stored address breaks `usable` (for the start-up report), oldest first. */
export async function unusableAccounts(db: Kysely<Database>, usable: (email: string) => boolean) {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'email', 'role'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.filter((r) => !usable(r.email));
}

/** The managers who can sign in (a disabled manager keeps nothing running). */
export async function countManagers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select(db.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'manager')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A new staff account (admin, clerk or manager) registered by a manager, audited. Its id. */
export async function registerAccount(
  db: Kysely<Database>,
  input: { name: string; email: string; password: string; role: Role },
  by: Staff,
  at: Date,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await insertAccount(trx, input, at);
    await audit(trx, {
      at,
      account: by,
      action: 'account.create',
      entity: 'account',
      entityId: id,
      after: { name: input.name, email: input.email, role: input.role },
    });
    return id;
  });
}

export const ACCOUNT_SORT = {
  name: 'name',
  email: 'email_lower',
  role: 'role',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
  id: 'id',
} as const;

const accountColumns = ['id', 'name', 'email', 'role', 'created_at', 'disabled_at', 'last_login_at'] as const;
const toAccount = (r: {
  id: string;
  name: string;
  email: string;
  role: Role;
  created_at: string;
  disabled_at: string | null;
  last_login_at: string | null;
}): Account => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  createdAt: r.created_at,
  disabled: r.disabled_at !== null,
  lastLoginAt: r.last_login_at,
});

/** Every account (or those of `ids`), oldest first unless sorted otherwise. */
export async function listAccounts(
  db: Kysely<Database>,
  ids: string[] | null,
  sort: { field: keyof typeof ACCOUNT_SORT; order: 'asc' | 'desc' } | null,
): Promise<Account[]> {
  const order = sort?.order ?? 'asc';
  let query = db.selectFrom('accounts').select(accountColumns);
  if (ids) query = query.where('id', 'in', ids.length ? ids : ['']);
  query = query.orderBy(sort ? ACCOUNT_SORT[sort.field] : 'created_at', order).orderBy('id', order);
  return (await query.execute()).map(toAccount);
}

export async function getAccount(db: Kysely<Database>, id: string): Promise<Account | null> {
  const row = await db.selectFrom('accounts').select(accountColumns).where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/**
 * The account behind a session token, as it is now (a deleted account has none; a new role shows at once), with
 * the session generation the token must carry and whether the account is disabled.
 */
export async function sessionAccount(db: Kysely<Database>, id: string, jti: string | undefined) {
  // Whether this session was signed out (revokedTokens.ts) in the same statement: every staff request asks both.
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'role', 'name', 'email', 'session_generation', 'disabled_at'])
    .select((eb) =>
      (jti === undefined
        ? eb.lit(false)
        : eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti))
      ).as('signed_out'),
    )
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { signed_out: signedOut, ...account } = row;
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  return { ...account, session_generation: Number(account.session_generation), signedOut: Number(signedOut) === 1 };
}

/** What a session token is signed with for the account as it is now. */
export const tokenAccount = (row: { id: string; role: Role; name: string; email: string; session_generation: number }) => ({
  id: row.id,
  role: row.role,
  name: row.name,
  email: row.email,
  generation: Number(row.session_generation),
});

/** A successful sign-in, shown to managers on the accounts page. */
export async function recordLogin(db: Kysely<Database>, id: string, at: Date): Promise<void> {
  await db.updateTable('accounts').set({ last_login_at: at.toISOString() }).where('id', '=', id).execute();
}

/** Why a manager's change of an account was not made. */
export type ControlRefusal = 'notFound' | 'lastManager';

/**
 * One change a manager makes to an account's standing, in one transaction: read the account, refuse a change that
 * would leave no active manager, write, end its sessions when asked, audit before and after.
 */
async function controlAccount(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
  change: {
    action: AuditAction;
    /** The new role and disabled time, or undefined when the account already stands so (nothing to do). */
    next: (row: { role: Role; disabled_at: string | null }) => { role: Role; disabled_at: string | null } | undefined;
    endSessions: boolean;
  },
  by: Staff,
  at: Date,
): Promise<ControlRefusal | null> {
  return db.transaction().execute(async (trx) => {
    // Two managers demoting or disabling each other at the same moment must not both pass the count below: on
    // PostgreSQL they take turns on one lock (SQLite runs one transaction at a time on its single connection).
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('accounts:managers'))`.execute(trx);
    const row = await trx
      .selectFrom('accounts')
      .select(['role', 'disabled_at', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'notFound';
    const next = change.next(row);
    if (!next) return null;
    const activeManagerNow = row.role === 'manager' && row.disabled_at === null;
    const activeManagerAfter = next.role === 'manager' && next.disabled_at === null;
    if (activeManagerNow && !activeManagerAfter) {
      const others = await trx
        .selectFrom('accounts')
        .select(trx.fn.countAll<string | number>().as('n'))
        .where('role', '=', 'manager')
        .where('disabled_at', 'is', null)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (Number(others?.n ?? 0) === 0) return 'lastManager';
    }
    await trx
      .updateTable('accounts')
      .set({ role: next.role, disabled_at: next.disabled_at, updated_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
    if (change.endSessions) await nextGeneration(trx, id, at);
    await audit(trx, {
      at,
      account: by,
      action: change.action,
      entity: 'account',
      entityId: id,
      before: { email: row.email, role: row.role, disabled: row.disabled_at !== null },
      after: { email: row.email, role: next.role, disabled: next.disabled_at !== null },
    });
    return null;
  });
}

/** A manager gives an account another role; its sessions end (the console it has open was drawn for the old one). */
export const setRole = (db: Kysely<Database>, dialect: DialectName, id: string, role: Role, by: Staff, at: Date) =>
  controlAccount(
    db,
    dialect,
    id,
    {
      action: 'account.role',
      next: (row) => (row.role === role ? undefined : { role, disabled_at: row.disabled_at }),
      endSessions: true,
    },
    by,
    at,
  );

/** A manager disables an account (it cannot sign in and its sessions end) or enables it again. */
export const setDisabled = (
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
  disabled: boolean,
  by: Staff,
  at: Date,
) =>
  controlAccount(
    db,
    dialect,
    id,
    {
      action: disabled ? 'account.disable' : 'account.enable',
      next: (row) =>
        (row.disabled_at !== null) === disabled
          ? undefined
          : { role: row.role, disabled_at: disabled ? at.toISOString() : null },
      endSessions: disabled,
    },
    by,
    at,
  );

/** "Sign out everywhere": every session of the account ends, audited. False when there is no such account. */
export async function endSessions(db: Kysely<Database>, id: string, by: Staff, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('accounts').select('email').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    await nextGeneration(trx, id, at);
    await audit(trx, {
      at,
      account: by,
      action: 'account.signOut',
      entity: 'account',
      entityId: id,
      after: { email: row.email },
    });
    return true;
  });
}
