// npm run export -- [FILE] : the whole register (graves and burials) as CSV with a UTF-8 BOM (Excel shows Arabic).
// Without FILE it writes register-<date>.csv in the current folder.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
    // Written a page of graves at a time: a city's register is never held whole.
    let lineEnds = 0;
    async function* counted() {
      for await (const chunk of registerCsv(store.db, { today, restingPeriodDays: config.restingPeriodDays })) {
        lineEnds += chunk.split('\r\n').length - 1;
        yield chunk;
      }
    }
    await pipeline(Readable.from(counted()), createWriteStream(target, 'utf8'));
    console.log(`Wrote ${lineEnds - 1} rows to ${target}.`);
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Export failed: ${(error as Error).message}`);
  process.exit(1);
});
