// How many passwords may be tried: per account and client address (a person mistyping), per account over all
// addresses (a guesser spreading attempts over many addresses), and per address over all accounts (one password
// sprayed over many accounts: server/data/guessLimit.ts). Unknown emails are counted exactly like known
// ones, so a refusal never tells which emails have accounts. Both allowances free a slot at most
// LOGIN_WINDOW_SECONDS after an attempt, so whoever floods an account's allowance can only hold its sign-in back
// while they keep flooding; sessions already open are not touched.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { emailKey } from './accounts';
import { audit } from './audit';
import { forgiveGuess, guessAllowance, guessKey } from './guessLimit';
import { createThrottle, lockKeys } from './throttle';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Wrong passwords for one account from one address within the window. */
export const LOGIN_FAILURES_PER_CLIENT = 10;
/**
 * Wrong passwords for one account from all addresses together within the window: above the per-client allowance,
 * so a member's own mistyping meets the per-client limit (and only on that device), while guesses spread over
 * addresses stop here: 20 a quarter hour, about 1,900 a day for one account, and the next slot is a quarter
 * hour away once spent.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 20;

/** Which allowance refused, and in how many seconds it frees a slot. */
export interface LoginRefusal {
  scope: 'client' | 'address' | 'account';
  retryAfterSeconds: number;
}

export interface LoginThrottle {
  /**
   * Records one attempt before its password is checked, or says why it may not be tried now. A password checked
   * anywhere else (the current one, to change it) goes through here too: a wrong one is a guess like any other.
   */
  attempt(email: string, clientAddress: string): Promise<LoginRefusal | null>;
  /**
   * A right password: forgets the attempts of this account (from every address) and this attempt in the address's
   * count over all accounts. `signIn`: when some failed since the last success, the sign-in is recorded with their
   * number in the audit trail. Answers that number.
   */
  succeeded(account: { id: string; email: string }, clientAddress: string, signIn?: boolean): Promise<number>;
}

const clientKey = (email: string, address: string) => `login:${emailKey(email)}:${address}`;
const accountKey = (email: string) => `login-account:${emailKey(email)}`;

export function createLoginThrottle(db: Kysely<Database>, dialect: DialectName, now: () => Date): LoginThrottle {
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const throttle = createThrottle(db, dialect, nowSeconds);
  return {
    async attempt(email, clientAddress) {
      // The per-client allowance is asked first: a person who mistyped on their own device is told about that one.
      const taken = await throttle.takeAll([
        { key: clientKey(email, clientAddress), windowSeconds: LOGIN_WINDOW_SECONDS, limit: LOGIN_FAILURES_PER_CLIENT },
        guessAllowance('password', clientAddress),
        { key: accountKey(email), windowSeconds: LOGIN_WINDOW_SECONDS, limit: LOGIN_FAILURES_PER_ACCOUNT },
      ]);
      if (taken.ok) return null;
      const scope = (['client', 'address', 'account'] as const)[taken.refusedBy]!;
      return { scope, retryAfterSeconds: taken.retryAfterSeconds };
    },

    async succeeded(account, clientAddress, signIn = true) {
      const at = now();
      const keys = [clientKey(account.email, clientAddress), accountKey(account.email)];
      return db.transaction().execute(async (trx) => {
        await lockKeys(trx, dialect, [...keys, guessKey('password', clientAddress)], nowSeconds());
        await forgiveGuess(trx, dialect, 'password', clientAddress);
        const row = await trx
          .selectFrom('throttle')
          .select(trx.fn.countAll<string | number>().as('n'))
          .where('key', '=', accountKey(account.email))
          .executeTakeFirst();
        // Every attempt is recorded before its check, this successful one too; what is left are failures (and
        // attempts refused for a disabled account) since the last success, within the day attempts are kept.
        const failures = Math.max(0, Number(row?.n ?? 0) - 1);
        await trx.deleteFrom('throttle').where('key', 'in', keys).execute();
        if (signIn && failures > 0) {
          await audit(trx, {
            at,
            account: { sub: account.id, email: account.email },
            action: 'account.login',
            entity: 'account',
            entityId: account.id,
            after: { failures },
          });
        }
        return failures;
      });
    },
  };
}
