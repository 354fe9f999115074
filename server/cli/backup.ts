// npm run backup -- FILE : a consistent online copy of the SQLite register while the server keeps serving
// (SQLite's backup API), checked with PRAGMA integrity_check and without the token secret, and the graves' photos
// beside it in the folder FILE.photos. On PostgreSQL it copies the photos and prints the pg_dump command,
// which leaves the secret's table empty.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../start/config';
import { backupWithPhotos, copyPhotoFolders, pgDumpCommand, photosBackupOf } from '../data/backup';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new ConfigError('usage: npm run backup -- FILE');
  const config = loadConfig();
  const target = resolve(file);
  if (config.databaseUrl.startsWith('postgres')) {
    // The photos first, then the dump: run again after the dump, this adds the photos sent in between (only those).
    const photos = await copyPhotoFolders(config.photosDir, photosBackupOf(target));
    console.log(`The photos (${photos}) are copied from ${config.photosDir} to ${photosBackupOf(target)}.`);
    console.log('The register is on PostgreSQL; take a consistent copy with:');
    console.log(`  ${pgDumpCommand(config.databaseUrl, file)}`);
    console.log(
      `then run npm run backup -- ${file} once more: it adds the photos sent while the dump was taken (only those).`,
    );
    return;
  }
  if (existsSync(target)) throw new ConfigError(`${target} already exists; choose a new file name`);
  const result = await backupWithPhotos(config.databaseUrl, config.photosDir, target);
  console.log(`Backed up ${result.graves} graves and ${result.burials} burials to ${target} (integrity: ok).`);
  console.log(`Backed up ${result.photos} photos to ${result.photosFolder}.`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
});
