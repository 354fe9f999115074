// Staff accounts: created by a manager, the CLI or start-up configuration; emails are unique ignoring case.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Account, Role, TokenClaims } from '../../src/domain/types';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/schema';
import { audit } from './audit';

type Staff = Pick<TokenClaims, 'sub' | 'email'> | null;

export const emailKey = (email: string) => email.trim().toLowerCase();

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

export async function setPassword(db: Kysely<Database>, id: string, password: string, now: Date = new Date()) {
  await db
    .updateTable('accounts')
    .set({ password_hash: await hashPassword(password), updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
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

export async function countManagers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select(db.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'manager')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A new admin account registered by a manager, audited. Its id. */
export async function registerAdmin(
  db: Kysely<Database>,
  input: { name: string; email: string; password: string },
  by: Staff,
  at: Date,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await insertAccount(trx, { ...input, role: 'admin' }, at);
    await audit(trx, {
      at,
      account: by,
      action: 'account.create',
      entity: 'account',
      entityId: id,
      after: { name: input.name, email: input.email, role: 'admin' },
    });
    return id;
  });
}

/** A password changed (by its owner or a manager), audited. */
export async function changePassword(
  db: Kysely<Database>,
  account: { id: string; email: string },
  password: string,
  by: Staff,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, account.id, password, at);
    await audit(trx, {
      at,
      account: by,
      action: 'account.password',
      entity: 'account',
      entityId: account.id,
      after: { email: account.email },
    });
  });
}

export const ACCOUNT_SORT = { name: 'name', email: 'email_lower', role: 'role', createdAt: 'created_at', id: 'id' } as const;

const accountColumns = ['id', 'name', 'email', 'role', 'created_at'] as const;
const toAccount = (r: { id: string; name: string; email: string; role: Role; created_at: string }): Account => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  createdAt: r.created_at,
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

/** The account behind a session token, as it is now (a deleted account has none; a new role shows at once). */
export async function sessionAccount(db: Kysely<Database>, id: string) {
  return db.selectFrom('accounts').select(['id', 'role', 'name', 'email']).where('id', '=', id).executeTakeFirst();
}
