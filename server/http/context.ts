// What every route module gets: the data layer, the configuration, the clock and the token signer.
import type { Kysely } from 'kysely';
import { todayIn } from '../../src/domain/rules/graveStatus';
import type { Config } from '../start/config';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/connect';
import type { TokenSigner } from '../auth/tokens';
import type { StatusContext } from '../data/graves';
import { createRepository, type Repository } from '../data/repository';
import { LiveSearchIndex } from '../data/searchIndex';

export interface AppContext {
  /** The handle, for the plugins and the data layer; routes ask `data` (a lint rule holds it). */
  db: Kysely<Database>;
  /** The data layer's named operations: what the routes call. */
  data: Repository;
  dialect: DialectName;
  config: Config;
  signer: TokenSigner;
  /** The current time; tests pass a fixed clock. */
  now(): Date;
  /** Today's date (YYYY-MM-DD) in the configured time zone. */
  today(): string;
  statusContext(): StatusContext;
  /** The name search's index of every burial, kept up to date by this process's writes. */
  searchIndex: LiveSearchIndex;
}

export function createContext(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  signer: TokenSigner;
  now?: () => Date;
}): AppContext {
  const now = options.now ?? (() => new Date());
  // Asked on every request (a kept answer is for one day) and formatting a date in a zone is not free: the day is
  // read again only when the clock's minute changes (zone offsets are whole minutes, so a day starts on a minute).
  let minuteOf = NaN;
  let todayOf = '';
  const today = () => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== minuteOf) {
      todayOf = todayIn(options.config.timeZone, at);
      minuteOf = minute;
    }
    return todayOf;
  };
  return {
    db: options.db,
    data: createRepository(options.db, options.dialect),
    dialect: options.dialect,
    config: options.config,
    signer: options.signer,
    now,
    today,
    statusContext: () => ({ today: today(), restingPeriodDays: options.config.restingPeriodDays }),
    searchIndex: new LiveSearchIndex(options.db, options.config.searchIndexFile),
  };
}
