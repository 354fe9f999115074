// Online backups of the SQLite register and their restore; each copy is checked before it is trusted.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdirSync, readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sqlitePathOf } from './db/connect';

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

/** SQLite's backup API copies a consistent snapshot while other connections keep writing. */
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
  return { ...result, keptAs };
}

export function pgDumpCommand(databaseUrl: string, file: string): string {
  return `pg_dump --format=custom --file=${JSON.stringify(file)} ${JSON.stringify(databaseUrl)}`;
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
