// npm run backup -- FILE : a consistent online copy of the SQLite register while the server keeps serving
// (SQLite's backup API), checked with PRAGMA integrity_check and without the token secret. On PostgreSQL it prints the
// pg_dump command instead, which leaves the secret's table empty.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../start/config';
import { backupSqlite, pgDumpCommand } from '../data/backup';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new ConfigError('usage: npm run backup -- FILE');
  const config = loadConfig();
  if (config.databaseUrl.startsWith('postgres')) {
    console.log('The register is on PostgreSQL; take a consistent copy with:');
    console.log(`  ${pgDumpCommand(config.databaseUrl, file)}`);
    return;
  }
  const target = resolve(file);
  if (existsSync(target)) throw new ConfigError(`${target} already exists; choose a new file name`);
  const result = await backupSqlite(config.databaseUrl, target);
  console.log(`Backed up ${result.graves} graves and ${result.burials} burials to ${target} (integrity: ok).`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
});
