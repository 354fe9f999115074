// npm run account -- create --role manager|admin --email … --name … --password …
// npm run account -- set-password --email … --password …
// For the person who deploys: creates the first manager, or resets a forgotten password, without the website.
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config';
import { openStore } from '../db/connect';
import { migrate } from '../db/migrations';
import { findAccountByEmail, insertAccount, setPassword } from '../data/accounts';
import { audit } from '../data/audit';
import { isEmail, LIMITS } from '../../src/domain/validation';

const USAGE = `usage:
  npm run account -- create --role manager|admin --email EMAIL --name NAME --password PASSWORD
  npm run account -- set-password --email EMAIL --password PASSWORD
(the database is DATABASE_URL, default file:data/cemetery.sqlite)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      database: { type: 'string' },
    },
  });
  if (command !== 'create' && command !== 'set-password') throw new UsageError(USAGE);
  const email = values.email?.trim() ?? '';
  const password = values.password ?? '';
  if (!isEmail(email)) throw new UsageError(`--email "${email}" is not an e-mail address`);
  if (password.length < LIMITS.registerPasswordMin) {
    throw new UsageError(`--password must be at least ${LIMITS.registerPasswordMin} characters`);
  }
  const config = loadConfig(values.database ? { ...process.env, DATABASE_URL: values.database } : process.env);
  const store = await openStore(config.databaseUrl);
  try {
    await migrate(store.db);
    const existing = await findAccountByEmail(store.db, email);
    if (command === 'create') {
      const role = values.role;
      if (role !== 'manager' && role !== 'admin') throw new UsageError('--role must be manager or admin');
      const name = values.name?.trim() ?? '';
      if (name === '' || name.length > LIMITS.accountNameMax)
        throw new UsageError('--name is required (at most 100 characters)');
      if (existing) throw new UsageError(`an account with the e-mail ${email} already exists (use set-password)`);
      await store.db.transaction().execute(async (trx) => {
        const id = await insertAccount(trx, { name, email, password, role });
        await audit(trx, {
          at: new Date(),
          account: null,
          action: 'account.create',
          entity: 'account',
          entityId: id,
          after: { name, email, role, by: 'command line' },
        });
      });
      console.log(`Created the ${role} account ${email}.`);
    } else {
      if (!existing) throw new UsageError(`no account has the e-mail ${email}`);
      await store.db.transaction().execute(async (trx) => {
        await setPassword(trx, existing.id, password);
        await audit(trx, {
          at: new Date(),
          account: null,
          action: 'account.password',
          entity: 'account',
          entityId: existing.id,
          after: { email: existing.email, by: 'command line' },
        });
      });
      console.log(`Changed the password of ${existing.email}.`);
    }
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
  else console.error(`Failed: ${(error as Error).message}`);
  process.exit(2);
});
