// One rule for staff e-mail addresses and passwords wherever an account is made or changed (the API, the account
// command, MANAGER_EMAIL), so that no account exists that cannot sign in; and the start-up report of one that does.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import type { Account } from '../../src/domain/types';
import { ConfigError, loadConfig } from '../../server/start/config';
import { insertAccount } from '../../server/data/accounts';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { logIn, signIn } from '../support/fixtures';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';
import { startServerProcess } from '../support/process';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const runFile = promisify(execFile);

/** What the database holds about accounts: every row and the number of audit entries. */
async function snapshot(s: TestServer) {
  const accounts = await s.ctx.db.selectFrom('accounts').selectAll().orderBy('id').execute();
  const audit = await s.ctx.db.selectFrom('audit_log').select('id').execute();
  return { accounts, audit: audit.length };
}

describe.each(ENGINES)('staff e-mail and password rules in the API on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let adminId: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    manager = await signIn(s, 'manager');
    const users = await call<Account[]>(s.api, 'GET', '/users', { token: manager });
    adminId = users.body.find((u) => u.email === DEMO_ACCOUNTS.admin.email)!._id;
  });
  afterAll(async () => s?.close());

  it('register refuses a .org address with the login form message, and writes nothing', async () => {
    const before = await snapshot(s);
    const res = await call(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: 'مشرف جديد', email: 'new.admin@village.org', password: 'long-enough' },
    });
    expectRefusal(res, 400, 'auth.emailTld');
    expect(await snapshot(s)).toEqual(before);
  });

  it('changing an e-mail to a .org address is refused with the same message; nothing changes', async () => {
    const before = await snapshot(s);
    const res = await call(s.api, 'PUT', `/users/${adminId}`, {
      token: manager,
      body: { email: 'admin@village.org' },
    });
    expectRefusal(res, 400, 'auth.emailTld');
    expect(await snapshot(s)).toEqual(before);
    await signIn(s, 'admin'); // still signs in with its old address
  });

  it('an address that is not one, or is empty, is refused by register and by the change alike', async () => {
    const before = await snapshot(s);
    for (const [email, key] of [
      ['not-an-email', 'auth.emailInvalid'],
      ['  ', 'auth.emailRequired'],
      ['someone@village.ORG', 'auth.emailTld'],
    ] as const) {
      const created = await call(s.api, 'POST', '/auth/register', {
        token: manager,
        body: { name: 'مشرف', email, password: 'long-enough' },
      });
      expectRefusal(created, 400, key);
      const changed = await call(s.api, 'PUT', `/users/${adminId}`, { token: manager, body: { email } });
      expectRefusal(changed, 400, key);
    }
    expect(await snapshot(s)).toEqual(before);
  });

  it('a .com or .net address is accepted; the account then signs in with it', async () => {
    const created = await call<{ _id: string }>(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: 'مشرفة المقابر', email: 'helper@village.net', password: 'long-enough' },
    });
    expect(created.status).toBe(201);
    const changed = await call<Account & { message: string }>(s.api, 'PUT', `/users/${created.body._id}`, {
      token: manager,
      body: { email: 'Helper@Village.com', name: 'مشرفة السجل' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      _id: created.body._id,
      name: 'مشرفة السجل',
      email: 'Helper@Village.com',
      role: 'admin',
      message: t('account.updated'),
    });
    await logIn(s, 'helper@village.com', 'long-enough');
    const audit = await s.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', created.body._id)
      .where('action', '=', 'account.update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("the change refuses another account's address, an empty change and an unknown account", async () => {
    const taken = await call(s.api, 'PUT', `/users/${adminId}`, {
      token: manager,
      body: { email: DEMO_ACCOUNTS.manager.email.toUpperCase() },
    });
    expectRefusal(taken, 400, 'register.emailTaken');
    expectRefusal(
      await call(s.api, 'PUT', `/users/${adminId}`, { token: manager, body: {} }),
      400,
      'account.nothingToUpdate',
    );
    expectRefusal(
      await call(s.api, 'PUT', '/users/00000000-0000-4000-8000-000000000000', {
        token: manager,
        body: { name: 'اسم' },
      }),
      404,
    );
    // Its own address again (any case) is not a clash.
    const same = await call(s.api, 'PUT', `/users/${adminId}`, {
      token: manager,
      body: { email: DEMO_ACCOUNTS.admin.email },
    });
    expect(same.status).toBe(200);
  });

  it('the password rules are the same in register and in a password change', async () => {
    const before = await snapshot(s);
    const long = 'x'.repeat(201);
    for (const [password, status] of [
      ['1234567', 400],
      [long, 400],
    ] as const) {
      const created = await call(s.api, 'POST', '/auth/register', {
        token: manager,
        body: { name: 'مشرف', email: 'pw@village.com', password },
      });
      const changed = await call(s.api, 'POST', '/auth/update-password', {
        token: manager,
        body: { email: DEMO_ACCOUNTS.admin.email, newPassword: password },
      });
      expectRefusal(created, status);
      expectRefusal(changed, status);
      expect(created.body).toEqual(changed.body);
    }
    expect(await snapshot(s)).toEqual(before);
  });
});

describe('MANAGER_EMAIL', () => {
  it('a configured manager address the login form refuses stops start-up with the same Arabic message', () => {
    let error: unknown;
    try {
      loadConfig({ MANAGER_EMAIL: 'head@committee.org', MANAGER_PASSWORD: 'long-enough' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('MANAGER_EMAIL');
    expect((error as Error).message).toContain(t('auth.emailTld'));
    expect((error as Error).message).not.toContain('\n');
    expect(loadConfig({ MANAGER_EMAIL: 'head@committee.net', MANAGER_PASSWORD: 'long-enough' }).managerEmail).toBe(
      'head@committee.net',
    );
  });
});

/** `npm run account -- …` as the deployer runs it. */
async function accountCommand(args: string[], databaseUrl: string) {
  try {
    const { stdout, stderr } = await runFile(process.execPath, ['--import', 'tsx', 'server/cli/account.ts', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, MANAGER_EMAIL: '', MANAGER_PASSWORD: '' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe.each(ENGINES)('the account command and the start-up report on $name', ({ databaseUrl }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-accounts-'));
  let url: string;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (databaseUrl) {
      const fresh = await freshPostgresDatabase(databaseUrl);
      url = fresh.url;
      drop = fresh.drop;
    } else {
      url = `file:${join(dir, 'register.sqlite')}`;
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const accountEmails = async () => {
    const store = await openStore(url);
    try {
      await migrate(store.db);
      return (await store.db.selectFrom('accounts').select('email').orderBy('email').execute()).map((r) => r.email);
    } finally {
      await store.close();
    }
  };

  it('create refuses a .org address with the same Arabic message and creates nothing', async () => {
    const res = await accountCommand(
      [
        'create',
        '--role',
        'manager',
        '--email',
        'head@committee.org',
        '--name',
        'رئيس اللجنة',
        '--password',
        'long-enough',
      ],
      url,
    );
    expect(res.code).toBe(2);
    expect(res.output).toContain(t('auth.emailTld'));
    expect(await accountEmails()).toEqual([]);
  });

  it('create and set-password refuse a short password with the API message', async () => {
    const res = await accountCommand(
      ['create', '--role', 'manager', '--email', 'head@committee.com', '--name', 'رئيس اللجنة', '--password', 'short'],
      url,
    );
    expect(res.code).toBe(2);
    expect(res.output).toContain(t('register.passwordShort'));
    expect(await accountEmails()).toEqual([]);
  });

  it('an account written with an unusable address is reported at start-up with the command that repairs it', async () => {
    const store = await openStore(url);
    try {
      await migrate(store.db);
      // Written directly, as a database from before the rule could hold it.
      await insertAccount(store.db, {
        name: 'مشرف قديم',
        email: 'old.admin@village.org',
        password: 'long-enough',
        role: 'admin',
      });
    } finally {
      await store.close();
    }
    const server = await startServerProcess({ DATABASE_URL: url });
    try {
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('listening') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const report = server
        .output()
        .split('\n')
        .find((line) => line.includes('old.admin@village.org'));
      expect(report, server.output()).toBeDefined();
      expect(report).toContain('cannot sign in');
      expect(report).toContain(t('auth.emailTld'));
      expect(report).toContain('npm run account -- set-email --email "old.admin@village.org" --new-email');
      // The server still serves.
      expect((await fetch(`${server.api}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('set-email refuses a .org address, then repairs the account with a .com one; the report is gone', async () => {
    const refused = await accountCommand(
      ['set-email', '--email', 'old.admin@village.org', '--new-email', 'old.admin@village.org'],
      url,
    );
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(t('auth.emailTld'));
    expect(await accountEmails()).toEqual(['old.admin@village.org']);

    const repaired = await accountCommand(
      ['set-email', '--email', 'old.admin@village.org', '--new-email', 'old.admin@village.com'],
      url,
    );
    expect(repaired.code, repaired.output).toBe(0);
    expect(await accountEmails()).toEqual(['old.admin@village.com']);

    const server = await startServerProcess({ DATABASE_URL: url });
    try {
      await logIn(server, 'old.admin@village.com', 'long-enough');
      expect(server.output()).not.toContain('cannot sign in');
    } finally {
      await server.stop();
    }
  });
});
