// The first start in the browser. While the register has no account, GET /api/setup says so to anyone
// and POST /api/setup, with the one-time code the server printed, makes the first manager (signed in), names the
// village and, if asked, makes the graves by the range rule, once: a wrong code is 403 and changes nothing, and once
// any account exists (the setup, the account command, MANAGER_EMAIL) every setup is 409, whatever the code.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import type { Grave } from '../../src/domain/types';
import { GUESSES_PER_ADDRESS } from '../../server/data/guessLimit';
import { issueSetupCode } from '../../server/data/setup';
import { freshPostgresDatabase, ENGINES } from '../support/postgres';
import { startServerProcess } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

const runFile = promisify(execFile);

interface SetupAnswer {
  token: string;
  role: string;
  message: string;
  user: { id: string; name: string; email: string; role: string };
}
interface AuditRow {
  action: string;
  accountEmail: string;
  before: unknown;
  after: unknown;
}

const body = (code: string | null, more: Record<string, unknown> = {}) => ({
  ...(code === null ? {} : { code }),
  villageName: 'كفر النخيل',
  manager: { name: 'سعاد عبد الحميد', email: 'souad@kafr-elnakhil.com', password: 'first-manager-2026' },
  ...more,
});

const CODE = /\/setup\?code=([A-Za-z0-9_-]+)/;

/** The server's output once it holds the setup line (printed just after it starts listening). */
async function setupLine(output: () => string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!CODE.test(output()) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
  return output();
}

describe.each(ENGINES)('the first start on $name', ({ databaseUrl }) => {
  let s: TestServer;
  afterEach(() => s?.close());
  const start = async (env?: Record<string, string>) => (s = await startTestServer({ databaseUrl, env }));
  const setup = (payload: unknown) => call<SetupAnswer>(s.api, 'POST', '/setup', { body: payload });
  const needed = async () => (await call<{ needed: boolean }>(s.api, 'GET', '/setup')).body.needed;
  const codeRows = () => s.ctx.db.selectFrom('settings').select('key').where('key', 'like', 'setup_code:%').execute();
  const accountCount = async () => (await s.ctx.db.selectFrom('accounts').select('id').execute()).length;

  it('wrong codes are counted per client (an IPv6 /64) and refused past 30; the right code always works', async () => {
    await start({ TRUST_PROXY: '1' });
    const from = (address: string, code: string) =>
      call<SetupAnswer>(s.api, 'POST', '/setup', { body: body(code), headers: { 'x-forwarded-for': address } });
    // Two addresses of one /64 are one client: their wrong codes share one allowance.
    const [a, b] = ['2001:db8:9:1::a', '2001:db8:9:1:ffff::b'];
    for (let n = 0; n < GUESSES_PER_ADDRESS; n++) {
      expectRefusal(await from(n % 2 === 0 ? a : b, `wrong-code-${n}`), 403, 'setup.codeWrong');
    }
    const refused = await from(b, 'wrong-code-again');
    expectRefusal(refused, 429);
    expect(refused.body.message).toBe(t('setup.tooMany', { wait: '١٥ دقيقة' }));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not held back by them.
    expectRefusal(await from('2001:db8:9:2::c', 'wrong-code'), 403, 'setup.codeWrong');
    expect(await accountCount()).toBe(0);
    // The committee's own code, from the very client that was locked out of guessing: it works at once.
    const done = await from(a, s.setupCode!);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.role).toBe('manager');
  });

  it('an empty register needs its setup; a wrong or missing code is 403 and writes nothing', async () => {
    await start();
    expect(s.setupCode).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await needed()).toBe(true);
    expectRefusal(await setup(body('not-the-code-but-long-enough-to-look-like-one')), 403, 'setup.codeWrong');
    expectRefusal(await setup(body(null)), 403, 'setup.codeWrong');
    expectRefusal(await setup(body('')), 403, 'setup.codeWrong');
    // The code of another register, or a code with one letter changed.
    const wrong = s.setupCode!.slice(0, -1) + (s.setupCode!.endsWith('A') ? 'B' : 'A');
    expectRefusal(await setup(body(wrong)), 403, 'setup.codeWrong');
    expect(await accountCount()).toBe(0);
    expect((await call<{ villageName: string }>(s.api, 'GET', '/settings')).body.villageName).toBe('');
    expect(await needed()).toBe(true);
    // The right code, with what the account form and the settings refuse: 400 with their reasons, nothing made.
    expectRefusal(await setup(body(s.setupCode, { villageName: '  ' })), 400, 'settings.villageNameInvalid');
    expectRefusal(
      await setup(
        body(s.setupCode, { manager: { name: 'سعاد', email: 'souad@example.org', password: 'long-enough' } }),
      ),
      400,
      'auth.emailTld',
    );
    expectRefusal(
      await setup(body(s.setupCode, { manager: { name: 'سعاد', email: 'souad@example.com', password: 'short' } })),
      400,
      'register.passwordShort',
    );
    expectRefusal(
      await setup(body(s.setupCode, { manager: { name: '', email: 'souad@example.com', password: 'long-enough' } })),
      400,
      'register.nameInvalid',
    );
    const tooMany = await setup(body(s.setupCode, { graves: { men: 2001, women: 0 } }));
    expectRefusal(tooMany, 400);
    expect(tooMany.body.message).toContain('٢٬٠٠٠');
    expect(await accountCount()).toBe(0);
    expect((await s.ctx.db.selectFrom('graves').select('id').execute()).length).toBe(0);
    expect(await needed()).toBe(true);
  });

  it('the code works once: the manager is signed in, the village named, everything audited; then 409', async () => {
    await start();
    const made = await setup(body(s.setupCode));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.role).toBe('manager');
    expect(made.body.user).toMatchObject({
      name: 'سعاد عبد الحميد',
      email: 'souad@kafr-elnakhil.com',
      role: 'manager',
    });
    // The token is a session like a sign-in's, and the password is the one given.
    expect((await call(s.api, 'GET', '/users', { token: made.body.token })).status).toBe(200);
    expect(await s.login('souad@kafr-elnakhil.com', 'first-manager-2026')).toBeTruthy();
    expect((await call<{ villageName: string }>(s.api, 'GET', '/settings')).body.villageName).toBe('كفر النخيل');
    expect(await needed()).toBe(false);
    expect(await codeRows()).toEqual([]);
    const audit = (await call<AuditRow[]>(s.api, 'GET', '/audit', { token: made.body.token })).body;
    expect(audit.find((e) => e.action === 'account.create')).toMatchObject({
      accountEmail: 'souad@kafr-elnakhil.com',
      after: { name: 'سعاد عبد الحميد', email: 'souad@kafr-elnakhil.com', role: 'manager' },
    });
    expect(audit.find((e) => e.action === 'settings.update')).toMatchObject({
      before: { villageName: '' },
      after: { villageName: 'كفر النخيل' },
    });
    // Closed for good, whatever the code.
    expectRefusal(await setup(body(s.setupCode)), 409, 'setup.alreadyDone');
    expectRefusal(await setup(body('anything')), 409, 'setup.alreadyDone');
    expectRefusal(await setup({}), 409, 'setup.alreadyDone');
    expect(await accountCount()).toBe(1);
  });

  it('makes the graves asked for by the range rule', async () => {
    await start();
    const made = await setup(body(s.setupCode, { graves: { men: 20, women: 10 } }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const men = (await call<Grave[]>(s.api, 'GET', '/graves/male')).body;
    const women = (await call<Grave[]>(s.api, 'GET', '/graves/female')).body;
    expect(men.map((g) => Number(g.number)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(women.length).toBe(10);
    const audit = (await call<AuditRow[]>(s.api, 'GET', '/audit', { token: made.body.token })).body;
    expect(audit.filter((e) => e.action === 'grave.range').map((e) => e.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ gender: 'men', from: 1, to: 20, created: 20 }),
        expect.objectContaining({ gender: 'women', from: 1, to: 10, created: 10 }),
      ]),
    );
  });

  it('two setups at once make one manager: the same code twice, or two valid codes', async () => {
    await start();
    const same = await Promise.all([
      setup(body(s.setupCode)),
      setup(body(s.setupCode, { manager: { name: 'آخر', email: 'other@kafr.com', password: 'another-one-2026' } })),
    ]);
    expect(same.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await accountCount()).toBe(1);
    await s.close();

    await start();
    // A second process's code (each process prints its own; every one is good).
    const second = await issueSetupCode(s.ctx.db, false);
    const both = await Promise.all([
      setup(body(s.setupCode)),
      setup(body(second, { manager: { name: 'آخر', email: 'other@kafr.com', password: 'another-one-2026' } })),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await accountCount()).toBe(1);
  });

  it('MANAGER_EMAIL closes the setup: no code is made, and a setup is 409', async () => {
    await start({ MANAGER_EMAIL: 'head@committee.net', MANAGER_PASSWORD: 'long-enough-2026' });
    expect(s.setupCode).toBeNull();
    expect(await needed()).toBe(false);
    expectRefusal(await setup(body('whatever-it-may-be-123456')), 409, 'setup.alreadyDone');
  });

  it('the account command closes it: the setup is 409 and the codes are deleted', async () => {
    await start();
    const code = s.setupCode!;
    const { stdout } = await runFile(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli/account.ts',
        'create',
        '--role',
        'manager',
        '--email',
        'cli@committee.com',
        '--name',
        'مدير',
        '--password',
        'from-the-command-line',
      ],
      { env: { ...process.env, DATABASE_URL: s.config.databaseUrl, MANAGER_EMAIL: '', MANAGER_PASSWORD: '' } },
    );
    expect(stdout).toContain('cli@committee.com');
    expectRefusal(await setup(body(code)), 409, 'setup.alreadyDone');
    expect(await needed()).toBe(false);
    expect(await codeRows()).toEqual([]);
    expect(await accountCount()).toBe(1);
  }, 30_000);
});

describe.each(ENGINES)('the setup line of `npm start` on $name', ({ databaseUrl }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-setup-'));
  let url = `file:${join(dir, 'r.sqlite')}`;
  let drop = async () => {};

  it('prints one line with the code; a restart forgets it; the code printed is the one that works', async () => {
    if (databaseUrl) {
      const fresh = await freshPostgresDatabase(databaseUrl);
      url = fresh.url;
      drop = fresh.drop;
    }
    try {
      const first = await startServerProcess({ DATABASE_URL: url, MANAGER_EMAIL: '', MANAGER_PASSWORD: '' });
      const lines = (await setupLine(first.output)).split('\n').filter((l) => CODE.test(l));
      await first.stop();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${first.url.replace('127.0.0.1', 'localhost')}/setup?code=`);
      expect(lines[0]).toMatch(/anyone who can read this log/);
      const oldCode = CODE.exec(lines[0]!)![1]!;
      expect(oldCode.length).toBeGreaterThanOrEqual(20);

      const second = await startServerProcess({ DATABASE_URL: url, MANAGER_EMAIL: '', MANAGER_PASSWORD: '' });
      try {
        const code = CODE.exec(await setupLine(second.output))![1]!;
        expect(code).not.toBe(oldCode);
        const post = (c: string) =>
          call<SetupAnswer>(second.api, 'POST', '/setup', { body: body(c) }).then((a) => a.status);
        expect(await post(oldCode)).toBe(403);
        expect(await post(code)).toBe(201);
        expect(await post(code)).toBe(409);
      } finally {
        await second.stop();
      }
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
