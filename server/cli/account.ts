// npm run account -- create --role manager|admin|clerk --email … --name … --password …
// npm run account -- set-password --email … --password …
// npm run account -- set-email --email OLD --new-email NEW
// For the person who deploys: creates the first manager, resets a forgotten password, or moves an account to an
// address it can sign in with, without the website. The e-mail and password rules are the API's (src/domain).
import { parseArgs } from 'node:util';
import { emailRefusal, loadConfig, ConfigError } from '../start/config';
import { openStore } from '../db/connect';
import { migrate } from '../db/migrations';
import { changePassword, findAccountByEmail, insertAccount, updateAccount } from '../data/accounts';
import { audit } from '../data/audit';
import { t } from '../../src/domain/messages';
import { isRole, ROLES } from '../../src/domain/types';
import { checkNewPassword, checkStaffEmail, checkText, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';

const USAGE = `usage:
  npm run account -- create --role manager|admin|clerk --email EMAIL --name NAME --password PASSWORD
  npm run account -- set-password --email EMAIL --password PASSWORD
  npm run account -- set-email --email EMAIL --new-email NEW_EMAIL
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
      'new-email': { type: 'string' },
      database: { type: 'string' },
    },
  });
  if (command !== 'create' && command !== 'set-password' && command !== 'set-email') throw new UsageError(USAGE);
  const email = values.email?.trim() ?? '';
  if (email === '') throw new UsageError(USAGE);
  // An existing account is named by its address as stored, whatever it is (set-email exists to repair one the
  // rule refuses); a new address must pass the rule.
  if (command === 'create') {
    const checked = checkStaffEmail(email);
    if (!checked.ok) throw new UsageError(`--email: ${emailRefusal(email, checked.error)}`);
  }
  let password = '';
  if (command !== 'set-email') {
    const checked = checkNewPassword(values.password ?? '');
    if (!checked.ok) {
      throw new UsageError(
        `--password must be ${LIMITS.registerPasswordMin} to ${LIMITS.passwordMax} characters: ${t(checked.error)}`,
      );
    }
    password = checked.value;
  }
  let newEmail = '';
  if (command === 'set-email') {
    const raw = values['new-email']?.trim() ?? '';
    const checked = checkStaffEmail(raw);
    if (!checked.ok) throw new UsageError(`--new-email: ${emailRefusal(raw, checked.error)}`);
    newEmail = checked.value;
  }
  const config = loadConfig(values.database ? { ...process.env, DATABASE_URL: values.database } : process.env);
  const store = await openStore(config.databaseUrl);
  try {
    await migrate(store.db);
    const existing = await findAccountByEmail(store.db, email);
    if (command === 'create') {
      const role = values.role;
      if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      // The API's rule for an account's name, text input rules included (src/domain/text/textRules.ts).
      const checkedName = checkText(
        values.name,
        LIMITS.accountNameMax,
        'register.nameInvalid',
        TEXT_FIELDS.accountName,
      );
      if (!checkedName.ok)
        throw new UsageError('--name is required (at most 100 characters, no control or broken characters)');
      const name = checkedName.value;
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
    } else if (command === 'set-email') {
      if (!existing) throw new UsageError(`no account has the e-mail ${email}`);
      const holder = await findAccountByEmail(store.db, newEmail);
      if (holder && holder.id !== existing.id) {
        throw new UsageError(`another account already has the e-mail ${newEmail}: ${t('register.emailTaken')}`);
      }
      await updateAccount(store.db, existing.id, { email: newEmail }, null, new Date(), { by: 'command line' });
      console.log(`Changed the e-mail of ${existing.email} to ${newEmail}.`);
    } else {
      if (!existing) throw new UsageError(`no account has the e-mail ${email}`);
      // As through the API: every session of the account ends with the old password.
      await changePassword(store.db, existing, password, null, new Date(), { by: 'command line' });
      console.log(`Changed the password of ${existing.email}; its sessions have ended.`);
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
