// Online backups of the SQLite register and their restore; each copy is checked before it is trusted.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sqlitePathOf } from '../db/connect';

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
 * Takes the token secret out of a copy (issue 21: a backup that leaks must not let anyone sign a staff session).
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

/** Daily backups: BACKUP_DIR/register-YYYY-MM-DD.sqlite, keeping the newest `keep`. */
export async function dailyBackup(
  databaseUrl: string,
  dir: string,
  keep: number,
  today: string,
): Promise<string | null> {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `register-${today}.sqlite`);
  if (existsSync(target)) return null;
  await backupSqlite(databaseUrl, target);
  const old = readdirSync(dir)
    .filter((f) => /^register-\d{4}-\d{2}-\d{2}\.sqlite$/.test(f))
    .sort()
    .reverse()
    .slice(keep);
  for (const f of old) rmSync(join(dir, f), { force: true });
  return target;
}
