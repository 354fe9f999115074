// npm run restore -- FILE : puts a backup back in place of the SQLite register, after checking it, and the photos of
// its folder FILE.photos in place of the photos folder. Stop the server first. The database and the photos
// folder being replaced are kept beside them (…before-restore-<time>), so nothing is lost. The restored register
// holds no token secret (server/data/backup.ts): the next start makes a new one. On PostgreSQL it puts the photos
// back and names the pg_restore command for the database.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../start/config';
import { restorePhotos, restoreSqlite } from '../data/backup';

function tellPhotos(restored: Awaited<ReturnType<typeof restorePhotos>>, file: string, photosDir: string): void {
  if (!restored) {
    console.log(`No photos folder beside ${file} (${file}.photos): the photos folder ${photosDir} is left as it is.`);
    return;
  }
  console.log(`Restored ${restored.photos} photos into ${photosDir}.`);
  if (restored.keptAs) console.log(`The previous photos folder is kept as ${restored.keptAs}.`);
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new ConfigError('usage: npm run restore -- FILE');
  const config = loadConfig();
  const source = resolve(file);
  // The name index kept for fast starts is the replaced register's: the next start builds it from the names.
  if (config.searchIndexFile) await rm(config.searchIndexFile, { force: true });
  if (config.databaseUrl.startsWith('postgres')) {
    const restored = await restorePhotos(source, config.photosDir);
    if (!restored) {
      throw new ConfigError('The register is on PostgreSQL: restore a pg_dump file with pg_restore or psql.');
    }
    tellPhotos(restored, source, config.photosDir);
    console.log('The register is on PostgreSQL: restore the database from its dump with pg_restore, e.g.');
    console.log(
      `  pg_restore --clean --if-exists --dbname=${JSON.stringify(config.databaseUrl)} ${JSON.stringify(file)}`,
    );
    return;
  }
  const result = await restoreSqlite(source, config.databaseUrl);
  console.log(`Restored ${result.graves} graves and ${result.burials} burials from ${source}.`);
  if (result.keptAs) console.log(`The previous database is kept as ${result.keptAs}.`);
  tellPhotos(await restorePhotos(source, config.photosDir), source, config.photosDir);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
});
