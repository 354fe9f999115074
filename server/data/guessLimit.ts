// How many wrong secrets one client address may give within a window, whatever the account or code they were for
//: spraying one password over many accounts, or trying codes one after another, meets this limit even
// though every account's own limit is far away. Generic over the kind of secret (a password today; a setup code or
// any other code checked later takes the same limit under its own kind), so each kind has its own count per address.
// Like the other throttles, counted in the database (server/data/throttle.ts), so every process shares it.
import { sql, type Transaction } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import type { Allowance } from './throttle';

/** The kinds of secret checked against this limit; a new code adds its kind here. */
export type GuessKind = 'password' | 'setupCode';

export const GUESS_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong secrets of one kind from one address within the window, over all accounts. Three times the allowance of
 * one account from one address (10), so a person mistyping never reaches it, and an office whose staff share one
 * public address has room for several of them mistyping at once; a sprayer gets 30 guesses a quarter hour from an
 * address, about 2,900 a day, instead of 10 for every account of the committee.
 */
export const GUESSES_PER_ADDRESS = 30;

const addressKey = (kind: GuessKind, address: string) => `guess:${kind}:${address}`;

/** The allowance to take (throttle.take / takeAll) before a secret of this kind from this address is checked. */
export const guessAllowance = (kind: GuessKind, address: string): Allowance => ({
  key: addressKey(kind, address),
  windowSeconds: GUESS_WINDOW_SECONDS,
  limit: GUESSES_PER_ADDRESS,
});

/**
 * The secret was right: the attempt taken for it is not a wrong guess, so its record goes (the newest of the
 * address's). The address's earlier wrong guesses stay: a sprayer who knows one account's password must not wipe
 * its count by signing in with it. Call inside a transaction that holds the key (throttle.ts lockKeys).
 */
export async function forgiveGuess(
  trx: Transaction<Database>,
  dialect: DialectName,
  kind: GuessKind,
  address: string,
): Promise<void> {
  // The throttle table has no id of its own: the engine's row address names the one row to drop.
  const row = sql.raw(dialect === 'postgres' ? 'ctid' : 'rowid');
  await sql`delete from throttle where ${row} = (
      select ${row} from throttle where key = ${addressKey(kind, address)} order by at desc limit 1
    )`.execute(trx);
}

/** The key guessAllowance takes, for the transaction that forgives it to lock. */
export const guessKey = addressKey;
