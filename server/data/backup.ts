// Online backups of the SQLite register and their restore; each copy is checked before it is trusted. The
// graves' photos travel beside the database, as the folder FILE.photos/ next to the backup FILE.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sqlitePathOf } from '../db/connect';
import { PHOTO_FILES } from '../images/photo';
import { isPhotoId } from './photos';

export interface BackupResult {
  graves: number;
  burials: number;
}

/** Opens a copy read-only, and fails unless integrity_check says ok and it holds the register's tables. */
export function checkRegisterFile(path: string): BackupResult {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity_check of ${path} answered: ${String(check)}`);
    const has = db
      .prepare(
        "select count(*) as n from sqlite_master where type = 'table' and name in ('graves','burials','accounts')",
      )
      .get() as { n: number };
    if (has.n !== 3) throw new Error(`${path} is not a cemetery register database`);
    const graves = (db.prepare('select count(*) as n from graves').get() as { n: number }).n;
    const burials = (db.prepare('select count(*) as n from burials').get() as { n: number }).n;
    return { graves, burials };
  } finally {
    db.close();
  }
}

/**
 * Takes the token secret out of a copy (a backup that leaks must not let anyone sign a staff session).
 * secure_delete makes SQLite overwrite the deleted row with zeros: a plain delete leaves its bytes in the page, which
 * anyone reading the file could still find. (VACUUM would also do it, but rebuilds the whole file: about 250 ms of a
 * town's register in which the server answers nothing, once a day.) The row was written once and never moved, so
 * its page is the only place in the file that held it; a secret older registers kept in settings may linger in free
 * space, but migration 0010 replaced it, so it signs nothing. The copy is left in rollback-journal mode, one
 * self-contained file to carry elsewhere.
 */
export function removeTokenSecret(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('secure_delete = ON');
    const tables = db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    if (tables.includes('token_secret')) db.prepare('delete from token_secret').run();
    // A register from before migration 0010 still keeps it in settings.
    if (tables.includes('settings')) db.prepare("delete from settings where key = 'jwt_secret'").run();
  } finally {
    db.close();
  }
}

/**
 * SQLite's backup API copies a consistent snapshot while other connections keep writing; the copy holds no token
 * secret (removeTokenSecret), so a register restored from it starts with a new one.
 */
export async function backupSqlite(databaseUrl: string, target: string): Promise<BackupResult> {
  const source = sqlitePathOf(databaseUrl);
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  try {
    removeTokenSecret(target);
    return checkRegisterFile(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

export async function restoreSqlite(
  backupFile: string,
  databaseUrl: string,
): Promise<BackupResult & { keptAs: string | null }> {
  const result = checkRegisterFile(backupFile);
  const target = sqlitePathOf(databaseUrl);
  mkdirSync(dirname(target), { recursive: true });
  let keptAs: string | null = null;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    // Fold the old database's WAL into it first, so the kept copy is whole.
    const old = new Database(target);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    renameSync(target, keptAs);
    for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  }
  const source = new Database(backupFile, { readonly: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  // A copy made some other way (a file copy, an older backup) may still hold a secret: the restored register always
  // starts with a new one, so no token signed before the restore is accepted after it.
  removeTokenSecret(target);
  return { ...result, keptAs };
}

/** The dump keeps the token_secret table's definition but not its row, so a restore generates a new secret. */
export function pgDumpCommand(databaseUrl: string, file: string): string {
  return `pg_dump --format=custom --exclude-table-data=token_secret --file=${JSON.stringify(file)} ${JSON.stringify(databaseUrl)}`;
}

/** Where a backup FILE keeps its photos: the folder FILE.photos beside it. */
export const photosBackupOf = (file: string) => `${file}.photos`;

/**
 * A photo's file into a backup (or back): a hard link where the two folders share a file system, else a copy. A
 * photo's files are written once and never changed (server/data/photos.ts), so a link is as good as a copy and costs
 * no space; deleting the photo later unlinks only the live name, the backup keeps its own.
 */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    await copyFile(from, to);
  }
}

/**
 * Puts into `to` every photo folder of `from` that `to` does not hold yet (so a second pass adds only the photos
 * sent since the first); only folders named as photos are and only their files, nothing else the folder may hold.
 * Answers how many photos `to` holds. A missing `from` (no photo sent yet) is an empty folder.
 */
export async function copyPhotoFolders(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  const names = existsSync(from) ? await readdir(from, { withFileTypes: true }) : [];
  const present = new Set(await readdir(to));
  for (const entry of names) {
    if (!entry.isDirectory() || !isPhotoId(entry.name) || present.has(entry.name)) continue;
    // Into a folder of another name first: a folder under the photo's name is always whole.
    const partial = join(to, `.${entry.name}.partial`);
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial);
    const files = new Set(await readdir(join(from, entry.name)).catch(() => [] as string[]));
    // A photo deleted while it is copied is left out.
    if (files.size === 0) {
      await rm(partial, { recursive: true, force: true });
      continue;
    }
    for (const file of PHOTO_FILES) {
      if (files.has(file)) await linkOrCopy(join(from, entry.name, file), join(partial, file));
    }
    await rename(partial, join(to, entry.name));
    present.add(entry.name);
  }
  return [...present].filter(isPhotoId).length;
}

/**
 * The register and its photos, consistent with each other: the photos are copied, then the database, then the photos
 * again (only those sent meanwhile). Every row of the copy then has its files: a photo deleted after the first pass
 * is in it already, one added before the database's snapshot is added by the second. A folder without a row (a photo
 * added after the snapshot) does no harm: nothing serves it.
 */
export async function backupWithPhotos(
  databaseUrl: string,
  photosDir: string,
  target: string,
): Promise<BackupResult & { photos: number; photosFolder: string }> {
  const photosFolder = photosBackupOf(target);
  if (existsSync(photosFolder)) throw new Error(`${photosFolder} already exists; choose a new file name`);
  try {
    await copyPhotoFolders(photosDir, photosFolder);
    const result = await backupSqlite(databaseUrl, target);
    const photos = await copyPhotoFolders(photosDir, photosFolder);
    return { ...result, photos, photosFolder };
  } catch (error) {
    await rm(photosFolder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The photos of a backup FILE (FILE.photos) put in place of the photos folder, the folder they replace kept beside it
 * (…before-restore-<time>) as the database is. Null when the backup has no photos folder (one made before photos
 * existed): the photos folder is then left as it is.
 */
export async function restorePhotos(
  backupFile: string,
  photosDir: string,
): Promise<{ photos: number; keptAs: string | null } | null> {
  const from = photosBackupOf(backupFile);
  if (!existsSync(from)) return null;
  const time = new Date().toISOString().replace(/[:.]/g, '-');
  // Built beside the folder under another name, then swapped in, so the folder is never half restored.
  const incoming = `${photosDir}.restoring-${time}`;
  await mkdir(dirname(photosDir), { recursive: true });
  let photos: number;
  try {
    photos = await copyPhotoFolders(from, incoming);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  let keptAs: string | null = null;
  if (existsSync(photosDir)) {
    keptAs = `${photosDir}.before-restore-${time}`;
    await rename(photosDir, keptAs);
  }
  await rename(incoming, photosDir);
  return { photos, keptAs };
}

const DAILY = /^register-\d{4}-\d{2}-\d{2}\.sqlite$/;

/**
 * Daily backups: BACKUP_DIR/register-YYYY-MM-DD.sqlite, keeping the newest `keep`; with `photosDir`, each day's
 * photos beside it (register-YYYY-MM-DD.sqlite.photos/), as `npm run backup` writes them, so any day restores with
 * `npm run restore` alone. Each day's folder is a whole tree of hard links to the same files (photos never change):
 * thirty days cost the photos' space once, plus their folder entries, and deleting an old day frees nothing another
 * day still names.
 */
export async function dailyBackup(
  databaseUrl: string,
  dir: string,
  keep: number,
  today: string,
  photosDir: string | null = null,
): Promise<string | null> {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `register-${today}.sqlite`);
  if (existsSync(target)) return null;
  if (photosDir) {
    // A day whose backup failed half way may have left its photos folder: it is made again.
    await rm(photosBackupOf(target), { recursive: true, force: true });
    await backupWithPhotos(databaseUrl, photosDir, target);
  } else {
    await backupSqlite(databaseUrl, target);
  }
  const old = readdirSync(dir)
    .filter((f) => DAILY.test(f))
    .sort()
    .reverse()
    .slice(keep);
  for (const f of old) {
    rmSync(join(dir, f), { force: true });
    await rm(photosBackupOf(join(dir, f)), { recursive: true, force: true });
  }
  return target;
}
