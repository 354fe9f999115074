// Opening a database for serving: migrations, the token secret, the configured manager.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailRefusal, type Config } from './config';
import { createSigner } from '../auth/tokens';
import { createContext, type AppContext } from '../http/context';
import { countManagers, findAccountByEmail, insertAccount, unusableAccounts } from '../data/accounts';
import { checkStaffEmail } from '../../src/domain/rules/validation';
import { openStore, type Store } from '../db/connect';
import { migrate } from '../db/migrations';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { issueSetupCode } from '../data/setup';

/**
 * JWT_SECRET, or a 256-bit secret generated once and kept in the database (token_secret) so sessions survive restarts
 * and every process on one PostgreSQL shares it. Backups leave that table out, so a restored register starts with a
 * new secret and the tokens of the backup's time are refused.
 */
export async function tokenSecret(db: Kysely<Database>, configured: string | null): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString('base64url');
  // Two processes starting together both try; the first insert wins and both read the same row.
  await db
    .insertInto('token_secret')
    .values({ id: 1, value: candidate })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('token_secret').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Accounts kept from before the e-mail rule (or written into the database by hand) whose address the login form
 * refuses: they can never sign in. Serving goes on; the person starting the server is told which and how to repair.
 */
export async function unusableAccountNotices(db: Kysely<Database>): Promise<string[]> {
  const notices: string[] = [];
  for (const account of await unusableAccounts(db, (email) => checkStaffEmail(email).ok)) {
    const checked = checkStaffEmail(account.email);
    if (checked.ok) continue;
    notices.push(
      `Warning: the ${account.role} account "${account.name}" cannot sign in: ${emailRefusal(account.email, checked.error)}. ` +
        `Change its address with: npm run account -- set-email --email "${account.email}" --new-email NEW_ADDRESS`,
    );
  }
  return notices;
}

export interface Prepared {
  store: Store;
  ctx: AppContext;
  /** Lines to print for the person starting the server. */
  notices: string[];
  /**
   * The first start's one-time code while the register has no account and no MANAGER_EMAIL: the
   * server prints it in the setup address once it listens (setupNotice), and forgets it as it closes.
   */
  setupCode: string | null;
}

/** The one line naming the setup address (English, as the other lines for the operator). */
export function setupNotice(base: string, code: string): string {
  return (
    `First start: set up the register in a browser at ${base}/setup?code=${code} ` +
    '(anyone who can read this log can use this address to take the register over until its first account exists; ' +
    'it stops working then, or when this server restarts. npm run account or MANAGER_EMAIL work too.)'
  );
}

export async function prepare(
  config: Config,
  options: { now?: () => Date; onQuery?: (sql: string) => void } = {},
): Promise<Prepared> {
  const store = await openStore(config.databaseUrl, { onQuery: options.onQuery });
  try {
    await migrate(store.db);
    const secret = await tokenSecret(store.db, config.jwtSecret);
    const notices: string[] = [];
    if (config.managerEmail && config.managerPassword) {
      if (!(await findAccountByEmail(store.db, config.managerEmail))) {
        try {
          await insertAccount(store.db, {
            name: 'مدير السجل',
            email: config.managerEmail,
            password: config.managerPassword,
            role: 'manager',
          });
          notices.push(`Created the manager account ${config.managerEmail} (from MANAGER_EMAIL).`);
        } catch (error) {
          // Another process starting at the same moment created it first: that is the account we wanted.
          if (!isUniqueViolation(error)) throw error;
        }
      }
    }
    // No account at all (MANAGER_EMAIL made one above if set): the first start in the browser, its line printed once
    // the server listens. Otherwise the codes left from before are deleted, and a register whose managers are gone is
    // told how to make one.
    const setupCode = await issueSetupCode(store.db, store.dialect === 'sqlite');
    if (!setupCode && (await countManagers(store.db)) === 0) {
      notices.push(
        'No manager account exists yet. Create one with:',
        '  npm run account -- create --role manager --email you@example.com --name "الاسم" --password "…"',
        'or start once with MANAGER_EMAIL and MANAGER_PASSWORD set.',
      );
    }
    notices.push(...(await unusableAccountNotices(store.db)));
    const ctx = createContext({
      db: store.db,
      dialect: store.dialect,
      config,
      signer: createSigner(secret, config.tokenTtlSeconds),
      now: options.now,
    });
    return { store, ctx, notices, setupCode };
  } catch (error) {
    await store.close();
    throw error;
  }
}
