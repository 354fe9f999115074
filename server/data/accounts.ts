// Staff accounts: created by a manager, the CLI or start-up configuration; emails are unique ignoring case.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../src/domain/types';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/schema';

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

export async function countManagers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select(db.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'manager')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
