// Sessions the committee controls. A token carries its account's session generation; a
// password change (by its owner, a manager or the command line), a role change, disabling the account and "sign out
// everywhere" end every earlier session at once, on every process sharing the database, even one that had already
// accepted (and so remembered) the token. The last active manager cannot be disabled or demoted.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, LoginAnswer } from '../../src/domain/types';
import { t } from '../../src/domain/messages';
import { logIn, readToken, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import {
  DEMO_ACCOUNTS,
  startSecondServer,
  startTestServer,
  type SecondServer,
  type TestServer,
} from '../support/server';
import { call, expectRefusal, movableClock, type Answer } from './helpers';

const runFile = promisify(execFile);
const SECRET = 'a-session-test-secret-of-at-least-32-characters';
const TTL_SECONDS = 3600;

/** The refusal of a session that was ended: 401, the Arabic reason, and how to authenticate. */
function expectEnded(answer: Answer) {
  expectRefusal(answer, 401, 'errors.sessionEnded');
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
}

describe.each(ENGINES)('session generations and account control on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-03-10T10:00:00Z');
  let s: TestServer;
  let b: SecondServer;
  let manager: string;
  let managerId: string;
  let serial = 0;

  /** A fresh admin account (so each case starts from its own sessions), its id, address and password. */
  async function newAdmin() {
    serial += 1;
    const email = `session.case${serial}@example.com`;
    const password = `case-password-${serial}`;
    const res = await call<{ _id: string }>(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: `مشرف ${serial}`, email, password },
    });
    expect(res.status).toBe(201);
    return { id: res.body._id, email, password };
  }

  /** A token both processes have accepted, so each remembers it as verified. */
  async function acceptedEverywhere(email: string, password: string) {
    const token = await logIn(s, email, password);
    for (const api of [s.api, b.api]) expect((await call(api, 'GET', '/graves', { token })).status).toBe(200);
    return token;
  }

  async function expectEndedEverywhere(token: string) {
    for (const api of [s.api, b.api]) expectEnded(await call(api, 'GET', '/graves', { token }));
  }

  async function expectWorksEverywhere(token: string) {
    for (const api of [s.api, b.api]) expect((await call(api, 'GET', '/graves', { token })).status).toBe(200);
  }

  const auditActions = async (id: string) =>
    (
      await s.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'before_json', 'after_json', 'account_email'])
        .where('entity_id', '=', id)
        .orderBy('at')
        .execute()
    ).map((r) => r.action);

  /** Every account row and the audit count: what a refused request must leave as it was. */
  const snapshot = async () => ({
    accounts: await s.ctx.db.selectFrom('accounts').selectAll().orderBy('id').execute(),
    audit: (await s.ctx.db.selectFrom('audit_log').select('id').execute()).length,
  });

  beforeAll(async () => {
    s = await startTestServer({
      seed: 'accounts',
      now: clock.now,
      databaseUrl,
      env: { JWT_SECRET: SECRET, TOKEN_TTL: '1h' },
    });
    b = await startSecondServer(s, clock.now);
    manager = await signIn(s, 'manager');
    managerId = readToken(manager).claims.sub;
  });
  afterAll(async () => {
    await b?.close();
    await s?.close();
  });

  it('a token carries the generation; both processes accept it', async () => {
    const { claims } = readToken(manager);
    expect(claims.gen).toBe(0);
    await expectWorksEverywhere(manager);
  });

  it('(a) the owner changes their password: earlier sessions end everywhere; the answer keeps this one', async () => {
    const a = await newAdmin();
    const old = await acceptedEverywhere(a.email, a.password);
    const other = await acceptedEverywhere(a.email, a.password);
    const res = await call<{ message: string; token: string; role: string }>(s.api, 'POST', '/auth/update-password', {
      token: old,
      body: { email: a.email, currentPassword: a.password, newPassword: 'a-new-password-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(t('password.success'));
    expect(res.body.role).toBe('admin');
    expect(readToken(res.body.token).claims.gen).toBe(1);
    await expectEndedEverywhere(old);
    await expectEndedEverywhere(other);
    await expectWorksEverywhere(res.body.token);
    await expectWorksEverywhere(await logIn(b, a.email, 'a-new-password-1'));
    expect(await auditActions(a.id)).toEqual(['account.create', 'account.password']);
  });

  it('(b) a manager resets the password: the owner is cut off everywhere; the manager keeps their session', async () => {
    const a = await newAdmin();
    const old = await acceptedEverywhere(a.email, a.password);
    const res = await call(b.api, 'POST', '/auth/update-password', {
      token: manager,
      body: { email: a.email, newPassword: 'reset-by-manager' },
    });
    expect(res.status).toBe(200);
    // A reset of someone else's password answers no token: the manager's own session is not the one that changed.
    expect(res.body).toEqual({ message: t('password.success') });
    await expectEndedEverywhere(old);
    await expectWorksEverywhere(manager);
    await expectWorksEverywhere(await logIn(s, a.email, 'reset-by-manager'));
    expect(await auditActions(a.id)).toEqual(['account.create', 'account.password']);
  });

  it('(c) a role change ends the sessions; a new sign-in has the new role', async () => {
    const a = await newAdmin();
    const old = await acceptedEverywhere(a.email, a.password);
    const res = await call<Account & { message: string }>(s.api, 'PUT', `/users/${a.id}/role`, {
      token: manager,
      body: { role: 'manager' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: a.id, role: 'manager', disabled: false, message: t('accounts.roleChanged') });
    await expectEndedEverywhere(old);
    const fresh = await logIn(b, a.email, a.password);
    expect((await call(s.api, 'GET', '/users', { token: fresh })).status).toBe(200);
    // The same role again changes nothing and records nothing.
    const again = await call(s.api, 'PUT', `/users/${a.id}/role`, { token: manager, body: { role: 'manager' } });
    expect(again.status).toBe(200);
    await expectWorksEverywhere(fresh);
    // Back to admin (another manager remains), for the cases below.
    expect((await call(s.api, 'PUT', `/users/${a.id}/role`, { token: manager, body: { role: 'admin' } })).status).toBe(
      200,
    );
    await expectEndedEverywhere(fresh);
    const audit = await s.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json', 'account_email'])
      .where('entity_id', '=', a.id)
      .where('action', '=', 'account.role')
      .orderBy('at')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ role: 'admin' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ role: 'manager' });
    expect(audit[0]!.account_email).toBe(DEMO_ACCOUNTS.manager.email);
  });

  it('(d) disabling ends the sessions and refuses sign-in (specific reason only with the right password)', async () => {
    const a = await newAdmin();
    const old = await acceptedEverywhere(a.email, a.password);
    const res = await call<Account & { message: string }>(b.api, 'PUT', `/users/${a.id}/disabled`, {
      token: manager,
      body: { disabled: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: a.id, disabled: true, message: t('accounts.disabledDone') });
    await expectEndedEverywhere(old);
    // A wrong password is answered as for any account; only the right one learns the account is disabled.
    const wrong = await call(s.api, 'POST', '/auth/login', { body: { email: a.email, password: 'not-the-password' } });
    expectRefusal(wrong, 400, 'auth.badCredentials');
    const right = await call(s.api, 'POST', '/auth/login', { body: { email: a.email, password: a.password } });
    expectRefusal(right, 403, 'accounts.loginDisabled');
    expect(right.body).not.toHaveProperty('token');
    // Enabled again, it signs in.
    const enabled = await call<Account>(s.api, 'PUT', `/users/${a.id}/disabled`, {
      token: manager,
      body: { disabled: false },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.disabled).toBe(false);
    await expectWorksEverywhere(await logIn(s, a.email, a.password));
    // The old session stays ended: enabling starts no old session again.
    await expectEndedEverywhere(old);
    // The sign-in after the wrong password (and the refused one) is audited with those failures (loginThrottle.ts).
    expect(await auditActions(a.id)).toEqual(['account.create', 'account.disable', 'account.enable', 'account.login']);
  });

  it('(e) "sign out everywhere" on one\'s own account ends every session, this one included', async () => {
    const a = await newAdmin();
    const first = await acceptedEverywhere(a.email, a.password);
    const second = await acceptedEverywhere(a.email, a.password);
    const res = await call(b.api, 'POST', '/auth/sign-out-everywhere', { token: second });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: t('accounts.signedOutEverywhere') });
    await expectEndedEverywhere(first);
    await expectEndedEverywhere(second);
    await expectWorksEverywhere(await logIn(s, a.email, a.password));
    expect(await auditActions(a.id)).toEqual(['account.create', 'account.signOut']);
  });

  it('(e) a manager ends the sessions of any account; unknown ids are 404 and change nothing', async () => {
    const a = await newAdmin();
    const old = await acceptedEverywhere(a.email, a.password);
    const res = await call<Account & { message: string }>(s.api, 'POST', `/users/${a.id}/sign-out-everywhere`, {
      token: manager,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: a.id, message: t('accounts.sessionsEnded') });
    await expectEndedEverywhere(old);
    await expectWorksEverywhere(manager);
    const before = await snapshot();
    const unknown = '00000000-0000-0000-0000-000000000000';
    expectRefusal(await call(s.api, 'POST', `/users/${unknown}/sign-out-everywhere`, { token: manager }), 404);
    expectRefusal(await call(s.api, 'PUT', `/users/${unknown}/role`, { token: manager, body: { role: 'admin' } }), 404);
    expectRefusal(
      await call(s.api, 'PUT', `/users/${unknown}/disabled`, { token: manager, body: { disabled: true } }),
      404,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('an admin may not control accounts (403), and bad bodies are refused in Arabic; nothing changes', async () => {
    const a = await newAdmin();
    const admin = await logIn(s, a.email, a.password);
    const before = await snapshot();
    expectRefusal(
      await call(s.api, 'PUT', `/users/${managerId}/disabled`, { token: admin, body: { disabled: true } }),
      403,
    );
    expectRefusal(await call(s.api, 'PUT', `/users/${a.id}/role`, { token: admin, body: { role: 'manager' } }), 403);
    expectRefusal(await call(s.api, 'POST', `/users/${managerId}/sign-out-everywhere`, { token: admin }), 403);
    expectRefusal(await call(s.api, 'POST', '/auth/sign-out-everywhere', {}), 401);
    expectRefusal(
      await call(s.api, 'PUT', `/users/${a.id}/role`, { token: manager, body: { role: 'owner' } }),
      400,
      'accounts.roleInvalid',
    );
    expectRefusal(
      await call(s.api, 'PUT', `/users/${a.id}/disabled`, { token: manager, body: { disabled: 'yes' } }),
      400,
      'accounts.disabledInvalid',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('the last active manager can be neither disabled nor demoted (409), and nothing changes', async () => {
    // Every other manager made by the cases above is an admin again; the demo manager is the only active one.
    const managers = await s.ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('role', '=', 'manager')
      .where('disabled_at', 'is', null)
      .execute();
    expect(managers.map((m) => m.id)).toEqual([managerId]);
    const before = await snapshot();
    const disable = await call(s.api, 'PUT', `/users/${managerId}/disabled`, {
      token: manager,
      body: { disabled: true },
    });
    expectRefusal(disable, 409, 'accounts.lastManager');
    const demote = await call(b.api, 'PUT', `/users/${managerId}/role`, { token: manager, body: { role: 'admin' } });
    expectRefusal(demote, 409, 'accounts.lastManager');
    expect(await snapshot()).toEqual(before);
    await expectWorksEverywhere(manager);

    // A disabled manager is not an active one: with a second manager disabled, the first is still the last.
    const other = await newAdmin();
    expect(
      (await call(s.api, 'PUT', `/users/${other.id}/role`, { token: manager, body: { role: 'manager' } })).status,
    ).toBe(200);
    expect(
      (await call(s.api, 'PUT', `/users/${other.id}/disabled`, { token: manager, body: { disabled: true } })).status,
    ).toBe(200);
    const stillLast = await snapshot();
    expectRefusal(
      await call(s.api, 'PUT', `/users/${managerId}/disabled`, { token: manager, body: { disabled: true } }),
      409,
      'accounts.lastManager',
    );
    expect(await snapshot()).toEqual(stillLast);

    // With the second manager enabled, the first may demote themselves; their session ends with it.
    expect(
      (await call(s.api, 'PUT', `/users/${other.id}/disabled`, { token: manager, body: { disabled: false } })).status,
    ).toBe(200);
    const self = await call<Account>(s.api, 'PUT', `/users/${managerId}/role`, {
      token: manager,
      body: { role: 'admin' },
    });
    expect(self.status).toBe(200);
    await expectEndedEverywhere(manager);
    // ...and now the second is the last: the demo account cannot take that away (it is an admin: 403), nor can
    // the second manager disable themselves.
    const second = await logIn(s, other.email, other.password);
    expectRefusal(
      await call(s.api, 'PUT', `/users/${other.id}/disabled`, { token: second, body: { disabled: true } }),
      409,
      'accounts.lastManager',
    );
    // Restore the demo manager for the cases after this one.
    expect(
      (await call(s.api, 'PUT', `/users/${managerId}/role`, { token: second, body: { role: 'manager' } })).status,
    ).toBe(200);
    manager = await signIn(s, 'manager');
  });

  it('GET /users and GET /users/:id show role, disabled and the last sign-in', async () => {
    const a = await newAdmin();
    const listed = async () =>
      (await call<Account[]>(s.api, 'GET', '/users', { token: manager })).body.find((u) => u._id === a.id)!;
    expect(await listed()).toMatchObject({ role: 'admin', disabled: false, lastLoginAt: null });
    clock.advance(60_000);
    await logIn(b, a.email, a.password);
    expect((await listed()).lastLoginAt).toBe(clock.now().toISOString());
    const one = await call<Account>(s.api, 'GET', `/users/${a.id}`, { token: manager });
    expect(one.body.lastLoginAt).toBe(clock.now().toISOString());
    // A refused sign-in is not a sign-in.
    clock.advance(60_000);
    await call(s.api, 'POST', '/auth/login', { body: { email: a.email, password: 'wrong-password' } });
    expect((await listed()).lastLoginAt).not.toBe(clock.now().toISOString());
  });

  it("a token's lifetime is bounded by TOKEN_TTL from when it was signed, whatever exp it claims", async () => {
    const key = new TextEncoder().encode(SECRET);
    const now = Math.floor(clock.now().getTime() / 1000);
    const { claims } = readToken(manager);
    const forge = (iat: number, exp: number) =>
      new SignJWT({ role: 'manager', name: claims.name, email: claims.email, gen: claims.gen })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    const longLived = await forge(now, now + 10 * 365 * 86400);
    await expectWorksEverywhere(longLived);
    // Claiming to be signed tomorrow would stretch the bound: refused.
    const fromTheFuture = await forge(now + 86400, now + 86400 + 60);
    expectRefusal(await call(s.api, 'GET', '/graves', { token: fromTheFuture }), 401, 'errors.sessionInvalid');
    clock.advance(TTL_SECONDS * 1000);
    // Remembered by both processes, and still refused once TOKEN_TTL has passed since it was signed.
    for (const api of [s.api, b.api]) {
      expectRefusal(await call(api, 'GET', '/graves', { token: longLived }), 401, 'errors.sessionExpired');
    }
    manager = await signIn(s, 'manager');
  });

  it('the account command resetting a password ends the sessions too (audited as the command line)', async () => {
    const a = await newAdmin();
    const old = await acceptedEverywhere(a.email, a.password);
    const { stdout } = await runFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/account.ts', 'set-password', '--email', a.email, '--password', 'from-the-cli-1'],
      { env: { ...process.env, DATABASE_URL: s.config.databaseUrl, MANAGER_EMAIL: '', MANAGER_PASSWORD: '' } },
    );
    expect(stdout).toContain('sessions have ended');
    await expectEndedEverywhere(old);
    await expectWorksEverywhere(await logIn(b, a.email, 'from-the-cli-1'));
    const row = await s.ctx.db
      .selectFrom('audit_log')
      .select(['after_json', 'account_email'])
      .where('entity_id', '=', a.id)
      .where('action', '=', 'account.password')
      .executeTakeFirstOrThrow();
    expect(row.account_email).toBe('system');
    expect(JSON.parse(row.after_json!)).toMatchObject({ by: 'command line' });
  }, 30_000);

  it('a sign-in answers the login shape with the current generation', async () => {
    const a = await newAdmin();
    await call(s.api, 'POST', `/users/${a.id}/sign-out-everywhere`, { token: manager });
    await call(s.api, 'POST', `/users/${a.id}/sign-out-everywhere`, { token: manager });
    const res = await call<LoginAnswer>(s.api, 'POST', '/auth/login', {
      body: { email: a.email, password: a.password },
    });
    expect(res.status).toBe(200);
    expect(readToken(res.body.token).claims.gen).toBe(2);
    await expectWorksEverywhere(res.body.token);
  });
});
