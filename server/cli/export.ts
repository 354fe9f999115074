// npm run export -- [FILE] : the whole register (graves and burials) as CSV with a UTF-8 BOM (Excel shows Arabic).
// Without FILE it writes register-<date>.csv in the current folder.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../start/config';
import { openStore } from '../db/connect';
import { migrate } from '../db/migrations';
import { registerCsv } from '../data/registerCsv';
import { todayIn } from '../../src/domain/rules/graveStatus';

async function main(): Promise<void> {
  const config = loadConfig();
  const today = todayIn(config.timeZone);
  const target = resolve(process.argv[2] ?? `register-${today}.csv`);
  const store = await openStore(config.databaseUrl);
  try {
    await migrate(store.db);
    const csv = await registerCsv(store.db, { today, restingPeriodDays: config.restingPeriodDays });
    writeFileSync(target, csv, 'utf8');
    console.log(`Wrote ${csv.split('\r\n').length - 2} rows to ${target}.`);
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Export failed: ${(error as Error).message}`);
  process.exit(1);
});
