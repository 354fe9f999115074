// `npm run copy` moves a village's register from SQLite to PostgreSQL and back. A register is built on
// SQLite through the real API (the demo village, more than one page of burials, a Hijri date, a transfer to the
// ossuary, an article, an approved suggestion, a second account, a plan row, an import batch, a settings change, a
// deleted burial kept for undo, a signed-out token, a failed sign-in); the command copies it and every table's rows
// come out equal, and the copied register answers the same and signs in with the copied passwords. A target that
// holds a register is refused unless --replace, and a copy that fails in the middle leaves the target as it was.
// Needs PostgreSQL (TEST_DATABASE_URL).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { CHANGE_LOG_VERSIONS } from '../../server/data/graveFacts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { prepare } from '../../server/start/startup';
import { DEMO_ACCOUNTS } from '../../server/seed/generator';
import type { Grave, SearchMatch, Suggestion } from '../../src/domain/types';
import { staffClient, type StaffClient } from '../support/fixtures';
import { expectTalliesKept } from '../support/tallies';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const runFile = promisify(execFile);
/** The same day on every server of the test, so the graves' availability reads the same. */
const now = () => new Date('2026-03-10T10:00:00Z');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** npm run copy -- ARGS, as a process of its own. */
async function copy(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await runFile(process.execPath, ['--import', 'tsx', 'server/cli/copy.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

if (!TEST_DATABASE_URL) console.warn('copy test skipped: it needs TEST_DATABASE_URL (PostgreSQL).');

type Dump = Record<string, string[]>;

/**
 * Every table's rows (but the signing secret, never copied), each row as JSON with its values normalised across the
 * engines (pg answers bigints as text), sorted. The data_version counters are left out: the copy moves them on.
 */
async function dump(url: string): Promise<Dump> {
  const store = await openStore(url);
  try {
    const tables = await store.db.introspection.getTables();
    const out: Dump = {};
    for (const table of tables) {
      if (table.name === 'token_secret') continue;
      if (table.name === 'section_tallies') {
        // Rows of differences, not copied: each side's sums equal its own graves, and so the other side's.
        out[table.name] = await expectTalliesKept(store.db, url);
        continue;
      }
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(store.db);
      out[table.name] = rows
        .filter((row) => !(table.name === 'settings' && String(row.key).startsWith('data_version:')))
        .map((row) => {
          const normal: Record<string, unknown> = {};
          for (const column of table.columns) {
            const value = row[column.name];
            normal[column.name] =
              typeof value === 'string' && /^(int8|bigint)$/.test(column.dataType) ? Number(value) : value;
          }
          return JSON.stringify(normal);
        })
        .sort();
    }
    return out;
  } finally {
    await store.close();
  }
}

async function versions(url: string): Promise<Map<string, number>> {
  const store = await openStore(url);
  try {
    const rows = await store.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'data_version:%')
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.value)]));
  } finally {
    await store.close();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('npm run copy: a register between SQLite and PostgreSQL', () => {
  let s: TestServer;
  let manager: StaffClient;
  let admin: StaffClient;
  let dir: string;
  let source: string;
  const drops: Array<() => Promise<void>> = [];
  const closers: Array<() => Promise<void>> = [];
  const second = { name: 'أمين السجل الثاني', email: 'second.clerk@village.com', password: 'second-pass-2026' };

  async function freshPg(): Promise<string> {
    const fresh = await freshPostgresDatabase(TEST_DATABASE_URL!);
    drops.push(fresh.drop);
    return fresh.url;
  }

  /** The app on an existing database (what npm start does with DATABASE_URL pointed at the copy). */
  async function serve(databaseUrl: string): Promise<string> {
    const { store, ctx } = await prepare({ ...s.config, databaseUrl }, { now });
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(async () => {
      await app.close();
      await store.close();
    });
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cemetery-copy-'));
    s = await startTestServer({ seed: 'demo', now });
    source = s.config.databaseUrl;
    manager = await staffClient(s, 'manager');
    admin = await staffClient(s, 'admin');
    // A write answers 200 or 201.
    const ok = (answer: { status: number; body: unknown }) =>
      expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);

    // A burial with a Hijri date, then moved to a new bone section.
    const grave = await admin.makeGrave('men', 5000);
    ok(
      await call(s.api, 'POST', `/graves/${grave._id}/bury`, {
        token: admin.token,
        body: { name: 'عبد الستار منصور الحلواني', burialDate: '٥ رمضان ١٤٠٥ هـ' },
      }),
    );
    const ossuary = await admin.makeGrave('bones', 'مرحلة النقل');
    ok(
      await call(s.api, 'POST', `/graves/${grave._id}/transfer`, {
        token: admin.token,
        body: { bonesGraveId: ossuary._id, date: '2026-01-15' },
      }),
    );
    // A burial recorded by mistake and deleted: kept whole in removed_burials.
    const other = await admin.makeGrave('women', 5000);
    const buried = await call<{ grave: Grave }>(s.api, 'POST', `/graves/${other._id}/bury`, {
      token: admin.token,
      body: { name: 'خطأ في الإدخال', burialDate: '2026-03-01' },
    });
    ok(buried);
    ok(
      await call(s.api, 'DELETE', `/graves/${other._id}/remove-buried`, {
        token: admin.token,
        body: { buriedPersonId: buried.body.grave.buriedPersons[0]!._id },
      }),
    );
    await manager.writeArticle('مواعيد الزيارة', 'تُفتح المقابر للزيارة كل يوم من الفجر إلى المغرب.');
    const pending = await manager.suggestionsOf('pending');
    ok(
      await call<Suggestion>(s.api, 'PUT', `/suggestion/status/${pending[0]!._id}`, {
        token: manager.token,
        body: { status: 'approved' },
      }),
    );
    ok(await call(s.api, 'POST', '/auth/register', { token: manager.token, body: second }));
    ok(
      await call(s.api, 'PUT', '/plan/rows/men', {
        token: manager.token,
        body: { rows: [{ label: 'أ', from: 1, to: 20 }] },
      }),
    );
    const ledger =
      'القسم,رقم المقبرة,اسم المتوفى,تاريخ الدفن\nرجال,6001,سعيد عبد الحميد,2001-04-05\nنساء,6001,نفيسة علي,1999\n';
    const imported = await fetch(`${s.api}/import/burials?dryRun=false&fileName=ledger.csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${manager.token}` },
      body: ledger,
    });
    expect(imported.status).toBe(201);
    ok(await call(s.api, 'PUT', '/settings', { token: manager.token, body: { villageName: 'قرية النخيل' } }));
    // A signed-out session and a failed sign-in.
    const session = await s.login(second.email, second.password);
    ok(await call(s.api, 'POST', '/auth/sign-out', { token: session }));
    expect(
      (await call(s.api, 'POST', '/auth/login', { body: { email: second.email, password: 'wrong-pass' } })).status,
    ).not.toBe(200);
  }, 60_000);

  afterAll(async () => {
    for (const close of closers) await close();
    await s?.close();
    for (const drop of drops) await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('SQLite → PostgreSQL → SQLite keeps every row; the copies answer the same and sign in', async () => {
    const original = await dump(source);
    for (const table of ['graves', 'burials', 'burial_moves', 'removed_burials', 'articles', 'suggestions']) {
      expect(original[table]!.length, table).toBeGreaterThan(0);
    }
    for (const table of ['accounts', 'audit_log', 'plan_rows', 'import_batches', 'revoked_tokens', 'throttle']) {
      expect(original[table]!.length, table).toBeGreaterThan(0);
    }
    expect(original.burials!.length).toBeGreaterThan(500); // more than one page
    const sourceVersions = await versions(source);

    const pg = await freshPg();
    const there = await copy('--from', source.slice('file:'.length), '--to', pg);
    expect(there.code, there.stderr).toBe(0);
    expect(there.stdout).toMatch(/burials\s+\d+\s+\d+/);
    expect(there.stdout).toContain('Every table has the same rows on both sides.');
    expect(await dump(pg)).toEqual(original);
    // Every counter ends above the source's, so no process keeps an answer cached before the copy.
    // Past what the log of changed graves keeps: every process builds its views again.
    for (const [key, value] of await versions(pg))
      expect(value, key).toBe(sourceVersions.get(key)! + CHANGE_LOG_VERSIONS + 1);

    // The copy answers as the original does.
    const api = await serve(pg);
    for (const path of ['/graves/male', '/graves/bone', '/settings', '/articles', '/suggestion/approved']) {
      const [a, b] = [await call(s.api, 'GET', path), await call(api, 'GET', path)];
      expect(b.status, path).toBe(200);
      expect(b.body, path).toEqual(a.body);
    }
    const q = `/search?q=${encodeURIComponent('عبد الستار الحلواني')}`;
    const found = await call<SearchMatch[]>(api, 'GET', q);
    expect(found.body.length).toBeGreaterThan(0);
    expect(found.body).toEqual((await call(s.api, 'GET', q)).body);
    const pgManager = await call<{ token: string }>(api, 'POST', '/auth/login', {
      body: { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password },
    });
    expect(pgManager.status).toBe(200);
    const byId = (entries: Array<{ _id: string }>) => [...entries].sort((x, y) => x._id.localeCompare(y._id));
    // The console's list of graves, as staff read it (its default order leaves ties to the engine: compared by id).
    const staffList = await call<Grave[]>(api, 'GET', '/graves', { token: pgManager.body.token });
    expect(staffList.status).toBe(200);
    expect(staffList.body.length).toBeGreaterThan(0);
    const staffHere = await call<Grave[]>(s.api, 'GET', '/graves', { token: manager.token });
    expect(byId(staffList.body)).toEqual(byId(staffHere.body));
    const auditThere = await call<Array<{ _id: string }>>(api, 'GET', '/audit', { token: pgManager.body.token });
    const auditHere = await call<Array<{ _id: string }>>(s.api, 'GET', '/audit', { token: manager.token });
    expect(auditThere.body.length).toBeGreaterThan(5);
    expect(byId(auditThere.body)).toEqual(byId(auditHere.body));
    const copiedSecond = await call(api, 'POST', '/auth/login', {
      body: { email: second.email, password: second.password },
    });
    expect(copiedSecond.status).toBe(200);

    // And back to a new SQLite file: equal to the PostgreSQL register as it now is (the sign-ins above wrote).
    const back = `file:${join(dir, 'back.sqlite')}`;
    const returned = await copy('--from', pg, '--to', back);
    expect(returned.code, returned.stderr).toBe(0);
    const onPg = await dump(pg);
    expect(await dump(back)).toEqual(onPg);
    const apiBack = await serve(back);
    expect((await call(apiBack, 'GET', '/graves/male')).body).toEqual((await call(s.api, 'GET', '/graves/male')).body);
    const signedIn = await call(apiBack, 'POST', '/auth/login', {
      body: { email: second.email, password: second.password },
    });
    expect(signedIn.status).toBe(200);
  }, 120_000);

  it('refuses a target that holds a register and changes nothing; --replace empties it and copies', async () => {
    // A small register: one manager made by the command line.
    const small = `file:${join(dir, 'small.sqlite')}`;
    await runFile(process.execPath, [
      '--import',
      'tsx',
      'server/cli/account.ts',
      'create',
      '--role',
      'manager',
      '--email',
      'small@village.com',
      '--name',
      'مدير صغير',
      '--password',
      'small-pass-2026',
      '--database',
      small,
    ]);
    const pg = await freshPg();
    expect((await copy('--from', small, '--to', pg)).code).toBe(0);
    const before = await dump(pg);
    expect(before.accounts).toHaveLength(1);

    const refused = await copy('--from', source, '--to', pg);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the target already holds a register');
    expect(refused.stderr).toContain('--replace');
    expect(await dump(pg)).toEqual(before);

    const replaced = await copy('--from', source, '--to', pg, '--replace');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(await dump(pg)).toEqual(await dump(source));

    // The same refusal into SQLite.
    const file = `file:${join(dir, 'taken.sqlite')}`;
    expect((await copy('--from', small, '--to', file)).code).toBe(0);
    expect((await copy('--from', pg, '--to', file)).code).toBe(2);
    expect(await dump(file)).toEqual(await dump(small));
    // And nonsense.
    expect((await copy('--from', source)).code).toBe(2);
    expect((await copy('--from', join(dir, 'none.sqlite'), '--to', pg)).stderr).toContain('there is no SQLite file');
  }, 120_000);

  it('copies a table a later migration adds, blobs and big integers included; stops when the target lacks one', async () => {
    // A register with a table this version does not know (as migration 0014's files of the logo will be): the copy
    // reads the tables from the databases, not from a list, and pages a blob table in small pages.
    const small = `file:${join(dir, 'later.sqlite')}`;
    await runFile(process.execPath, [
      ...['--import', 'tsx', 'server/cli/account.ts', 'create', '--role', 'manager'],
      ...['--email', 'later@village.com', '--name', 'مدير', '--password', 'later-pass-2026', '--database', small],
    ]);
    const files = Array.from({ length: 25 }, (_, i) => ({
      name: `logo-${String(i).padStart(2, '0')}.png`,
      bytes: i === 0 ? Buffer.alloc(0) : randomBytes(20_000 + i),
      size: 2 ** 40 + i,
    }));
    const addTable = async (url: string, blob: string, fill: boolean) => {
      const store = await openStore(url);
      try {
        await sql`create table later_files (name text primary key, bytes ${sql.raw(blob)} not null, size bigint not null)`.execute(
          store.db,
        );
        if (fill) {
          for (const f of files) {
            await sql`insert into later_files (name, bytes, size) values (${f.name}, ${f.bytes}, ${f.size})`.execute(
              store.db,
            );
          }
        }
      } finally {
        await store.close();
      }
    };
    await addTable(small, 'blob', true);
    const pg = await freshPg();
    await addTable(pg, 'bytea', false);
    const there = await copy('--from', small, '--to', pg);
    expect(there.code, there.stderr).toBe(0);
    expect(there.stdout).toMatch(/later_files\s+25\s+25/);
    const original = await dump(small);
    expect(original.later_files).toHaveLength(25);
    expect(await dump(pg)).toEqual(original);
    const back = `file:${join(dir, 'later-back.sqlite')}`;
    await addTable(back, 'blob', false);
    expect((await copy('--from', pg, '--to', back)).code).toBe(0);
    expect(await dump(back)).toEqual(original);

    // A target without that table: the copy stops before writing anything, and says which table.
    const lacking = await freshPg();
    const refused = await copy('--from', small, '--to', lacking);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the target has no table later_files');
    expect((await dump(lacking)).accounts).toEqual([]);
  }, 120_000);

  it('a copy that fails in the middle leaves the target as it was', async () => {
    const pg = await freshPg();
    const store = await openStore(pg);
    try {
      await migrate(store.db);
      // The target refuses one row of a table copied late (suggestions, after the graves, burials and accounts).
      await sql`alter table suggestions add constraint refuses_approved check (status <> 'approved')`.execute(store.db);
    } finally {
      await store.close();
    }
    const small = `file:${join(dir, 'small2.sqlite')}`;
    const smallServer = await startTestServer({ seed: 'accounts' });
    try {
      expect((await copy('--from', smallServer.config.databaseUrl, '--to', small)).code).toBe(0);
    } finally {
      await smallServer.close();
    }
    expect((await copy('--from', small, '--to', pg)).code).toBe(0);
    const before = await dump(pg);
    const versionsBefore = await versions(pg);

    const failed = await copy('--from', source, '--to', pg, '--replace');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Copy failed, the target is as it was');
    expect(await dump(pg)).toEqual(before);
    expect(await versions(pg)).toEqual(versionsBefore);
  }, 120_000);
});
