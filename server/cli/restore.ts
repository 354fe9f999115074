// npm run restore -- FILE : puts a backup back in place of the SQLite register, after checking it.
// Stop the server first. The database being replaced is kept beside it (…before-restore-<time>), so nothing is lost.
// The restored register holds no token secret (server/data/backup.ts): the next start makes a new one.
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../start/config';
import { restoreSqlite } from '../data/backup';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new ConfigError('usage: npm run restore -- FILE');
  const config = loadConfig();
  if (config.databaseUrl.startsWith('postgres')) {
    throw new ConfigError('The register is on PostgreSQL: restore a pg_dump file with pg_restore or psql.');
  }
  const result = await restoreSqlite(resolve(file), config.databaseUrl);
  console.log(`Restored ${result.graves} graves and ${result.burials} burials from ${resolve(file)}.`);
  if (result.keptAs) console.log(`The previous database is kept as ${result.keptAs}.`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
});
