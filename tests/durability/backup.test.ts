// Backups under write load: `npm run backup` copies the live SQLite register while the server serves writes;
// `npm run restore` puts the copy into a fresh server that answers the same lists as the copy held.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dailyBackup, restorePhotos, restoreSqlite } from '../../server/data/backup';
import { makeGrave, signIn } from '../support/fixtures';
import { startServerProcess } from '../support/process';
import { startTestServer } from '../support/server';

const run = promisify(execFile);
const npmRun = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { env: { ...process.env, ...env } });

describe('backup, restore and export', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up under write load and restores into a fresh server that answers the same lists', async () => {
    const live = `file:${join(dir, 'live.sqlite')}`;
    await npmRun('../seed/cli', ['--database', live], {});
    const server = await startServerProcess({ DATABASE_URL: live });
    let writing = true;
    let written = 0;
    try {
      const token = await signIn(server, 'admin');
      const load = (async () => {
        for (let n = 50_000; writing; n++) {
          await makeGrave(server, token, 'women', n); // throws unless 201
          written++;
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      const backupFile = join(dir, 'copy.sqlite');
      const { stdout } = await npmRun('backup', [backupFile], { DATABASE_URL: live });
      expect(stdout).toMatch(/integrity: ok/);
      await new Promise((r) => setTimeout(r, 200));
      writing = false;
      await load;
      expect(written).toBeGreaterThan(0);

      // What the copy holds, read straight from the file.
      const copy = new Database(backupFile, { readonly: true });
      const copyGraves = (
        copy.prepare("select count(*) as n from graves where gender = 'women'").get() as { n: number }
      ).n;
      copy.close();

      const restored = `file:${join(dir, 'restored.sqlite')}`;
      await npmRun('restore', [backupFile], { DATABASE_URL: restored });
      const fresh = await startServerProcess({ DATABASE_URL: restored });
      try {
        for (const path of ['/api/graves/male', '/api/graves/bone', '/api/articles', '/api/suggestion/approved']) {
          const a = (await (await fetch(`${server.url}${path}`)).json()) as unknown;
          const b = (await (await fetch(`${fresh.url}${path}`)).json()) as unknown;
          expect(b).toEqual(a);
        }
        const women = (await (await fetch(`${fresh.url}/api/graves/female`)).json()) as unknown[];
        expect(women.length).toBe(copyGraves);
      } finally {
        await fresh.stop();
      }

      // A damaged file is refused and the database in place stays as it was.
      const bad = join(dir, 'bad.sqlite');
      writeFileSync(bad, 'not a database');
      await expect(npmRun('restore', [bad], { DATABASE_URL: restored })).rejects.toThrow();

      // The export: UTF-8 with BOM, one line per burial or empty grave.
      const csvFile = join(dir, 'register.csv');
      await npmRun('export', [csvFile], { DATABASE_URL: restored });
      const csv = readFileSync(csvFile, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv).toContain('رقم المقبرة');
      expect(csv.split('\r\n').length).toBeGreaterThan(600);
    } finally {
      writing = false;
      await server.stop();
    }
    expect(existsSync(join(dir, 'copy.sqlite'))).toBe(true);
  }, 120_000);

  it('leaves the token secret out of every backup; a restored register signs with a new one', async () => {
    const live = `file:${join(dir, 'secret-live.sqlite')}`;
    const livePath = join(dir, 'secret-live.sqlite');
    await npmRun('../seed/cli', ['--database', live], {});
    // JWT_SECRET unset: the server generates the secret and keeps it in the register.
    const server = await startServerProcess({ DATABASE_URL: live, JWT_SECRET: '' });
    const secretOf = (path: string) => {
      const db = new Database(path, { readonly: true });
      try {
        return (db.prepare('select value from token_secret').pluck().all() as string[])[0] ?? null;
      } finally {
        db.close();
      }
    };
    let oldToken: string;
    let oldSecret: string;
    const backupFile = join(dir, 'secret-copy.sqlite');
    const rawCopy = join(dir, 'secret-raw-copy.sqlite');
    try {
      oldToken = await signIn(server, 'admin');
      // Read to its end: the staff's whole list is streamed, and the server's stop waits for it.
      const listed = await fetch(`${server.api}/graves`, { headers: { authorization: `Bearer ${oldToken}` } });
      expect(listed.status).toBe(200);
      await listed.arrayBuffer();
      oldSecret = secretOf(livePath)!;
      expect(oldSecret).toMatch(/^[\w-]{43}$/);

      // npm run backup, and the daily backup of BACKUP_DIR: not a byte of the secret in either file (a deleted row
      // left in free space would still be readable there).
      await npmRun('backup', [backupFile], { DATABASE_URL: live });
      const daily = await dailyBackup(live, join(dir, 'daily'), 3, '2026-01-02');
      for (const file of [backupFile, daily!]) {
        expect(readFileSync(file).includes(Buffer.from(oldSecret))).toBe(false);
        expect(secretOf(file)).toBeNull();
        expect(existsSync(`${file}-wal`)).toBe(false);
      }
      // A copy made without our backup (SQLite's backup API straight from the live file) does hold it.
      const source = new Database(livePath, { readonly: true });
      await source.backup(rawCopy);
      source.close();
      expect(secretOf(rawCopy)).toBe(oldSecret);
    } finally {
      await server.stop();
    }

    // Restoring either copy and starting gives a working server with a new secret: the old token is refused, a new
    // sign-in works.
    for (const [name, file] of [
      ['from-backup', backupFile],
      ['from-raw-copy', rawCopy],
    ] as const) {
      const restoredPath = join(dir, `secret-${name}.sqlite`);
      await npmRun('restore', [file], { DATABASE_URL: `file:${restoredPath}` });
      expect(secretOf(restoredPath)).toBeNull();
      const fresh = await startServerProcess({ DATABASE_URL: `file:${restoredPath}`, JWT_SECRET: '' });
      try {
        const old = await fetch(`${fresh.api}/graves`, { headers: { authorization: `Bearer ${oldToken}` } });
        expect(old.status).toBe(401);
        const token = await signIn(fresh, 'admin');
        const res = await fetch(`${fresh.api}/graves`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        await res.arrayBuffer(); // streamed: read to its end before the server is stopped
      } finally {
        await fresh.stop();
      }
      const newSecret = secretOf(restoredPath);
      expect(newSecret).toMatch(/^[\w-]{43}$/);
      expect(newSecret).not.toBe(oldSecret);
    }
  }, 120_000);

  it('the daily backup carries the photos: one linked folder per day, pruned with its day, restored with it', async () => {
    // A served register with a photo a staff member added (shown at once).
    const s = await startTestServer({ seed: 'accounts' });
    try {
      const token = await signIn(s, 'admin');
      const grave = await makeGrave(s, token, 'men', 777);
      const form = new FormData();
      const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2f5d50' } })
        .jpeg()
        .toBuffer();
      form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
      const sent = await fetch(`${s.api}/graves/${grave._id}/photos`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      const live = join(s.config.photosDir, id, 'display.webp');

      const daily = join(dir, 'daily-photos');
      for (const day of ['2026-02-01', '2026-02-02', '2026-02-03']) {
        expect(await dailyBackup(s.config.databaseUrl, daily, 2, day, s.config.photosDir)).toBe(
          join(daily, `register-${day}.sqlite`),
        );
      }
      // Two days kept, each with its photos; the oldest day went with its photos folder.
      expect(readdirSync(daily).sort()).toEqual([
        'register-2026-02-02.sqlite',
        'register-2026-02-02.sqlite.photos',
        'register-2026-02-03.sqlite',
        'register-2026-02-03.sqlite.photos',
      ]);
      // Hard links to the one file: a day's photos cost no space of their own.
      const kept = join(daily, 'register-2026-02-03.sqlite.photos', id, 'display.webp');
      expect(statSync(kept).ino).toBe(statSync(live).ino);

      // Any day restores with its photos into a fresh data folder.
      const fresh = join(dir, 'daily-restored');
      await restoreSqlite(join(daily, 'register-2026-02-02.sqlite'), `file:${join(fresh, 'register.sqlite')}`);
      const restored = await restorePhotos(join(daily, 'register-2026-02-02.sqlite'), join(fresh, 'photos'));
      expect(restored).toEqual({ photos: 1, keptAs: null });
      expect(readFileSync(join(fresh, 'photos', id, 'display.webp'))).toEqual(readFileSync(live));
    } finally {
      await s.close();
    }
  }, 60_000);
});
