// Changing one's own password asks for the current one (part 2): POST /api/auth/update-password for the
// caller's own email needs currentPassword; a missing or wrong one is an Arabic 400 that changes nothing and counts
// as a failed sign-in (the same allowances as /auth/login); a manager resetting another account's password needs
// none, and the reset is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { LOGIN_FAILURES_PER_CLIENT } from '../../server/data/loginThrottle';
import { logIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal } from './helpers';

describe.each(ENGINES)("one's own password on $name", ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let serial = 0;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl, env: { TRUST_PROXY: '1' } });
    manager = await logIn(s, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  });
  afterAll(async () => s?.close());

  async function newAdmin() {
    serial += 1;
    const account = { email: `own.password${serial}@example.com`, password: `first-password-${serial}` };
    const made = await call<{ _id: string }>(s.api, 'POST', '/auth/register', {
      token: manager,
      body: { name: `مشرف ${serial}`, ...account },
    });
    expect(made.status).toBe(201);
    return { ...account, id: made.body._id };
  }
  /** What a refused change must leave as it was: the account rows and the audit trail. */
  const snapshot = async () => ({
    accounts: await s.ctx.db.selectFrom('accounts').selectAll().orderBy('id').execute(),
    audit: (await s.ctx.db.selectFrom('audit_log').select('id').execute()).length,
  });
  const change = (token: string, body: Record<string, unknown>, from = '203.0.113.20') =>
    call<{ message: string; token?: string }>(s.api, 'POST', '/auth/update-password', {
      token,
      body,
      headers: { 'x-forwarded-for': from },
    });

  it('a missing or wrong current password is an Arabic 400 and changes nothing; the right one changes it', async () => {
    const a = await newAdmin();
    const token = await logIn(s, a.email, a.password);
    const before = await snapshot();
    expectRefusal(
      await change(token, { email: a.email, newPassword: 'taken-over-1' }),
      400,
      'password.currentRequired',
    );
    expectRefusal(
      await change(token, { email: a.email, currentPassword: '', newPassword: 'taken-over-1' }),
      400,
      'password.currentRequired',
    );
    expectRefusal(
      await change(token, { email: a.email.toUpperCase(), currentPassword: 'a-guess', newPassword: 'taken-over-1' }),
      400,
      'password.currentWrong',
    );
    expect(await snapshot()).toEqual(before);
    // The session goes on, and the old password still signs in.
    expect((await call(s.api, 'GET', '/graves', { token })).status).toBe(200);
    await logIn(s, a.email, a.password);

    const done = await change(token, { email: a.email, currentPassword: a.password, newPassword: 'second-password' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(t('password.success'));
    await logIn(s, a.email, 'second-password');
  });

  it('wrong current passwords count as failed sign-ins: the allowance is shared with /auth/login', async () => {
    const a = await newAdmin();
    const token = await logIn(s, a.email, a.password);
    const from = '203.0.113.30';
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) {
      const answer = await change(
        token,
        { email: a.email, currentPassword: `guess-${i}`, newPassword: 'taken-over-1' },
        from,
      );
      expectRefusal(answer, 400, 'password.currentWrong');
    }
    const before = await snapshot();
    // The right one is refused too now, from this address, here and at the login form.
    const refused = await change(
      token,
      { email: a.email, currentPassword: a.password, newPassword: 'taken-over-1' },
      from,
    );
    expectRefusal(refused, 429);
    expect(refused.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    const login = await call(s.api, 'POST', '/auth/login', {
      body: { email: a.email, password: a.password },
      headers: { 'x-forwarded-for': from },
    });
    expectRefusal(login, 429);
    expect(await snapshot()).toEqual(before);
  });

  it("a manager changing their own needs it too; resetting another account's needs none and is audited", async () => {
    const own = await change(manager, { email: DEMO_ACCOUNTS.manager.email, newPassword: 'taken-over-1' });
    expectRefusal(own, 400, 'password.currentRequired');

    const a = await newAdmin();
    const reset = await change(manager, { email: a.email, newPassword: 'reset-by-manager' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: t('password.success') });
    await logIn(s, a.email, 'reset-by-manager');
    const audited = await s.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'account_email'])
      .where('entity_id', '=', a.id)
      .orderBy('at')
      .execute();
    expect(audited.map((row) => row.action)).toEqual(['account.create', 'account.password']);
    expect(audited.at(-1)!.account_email).toBe(DEMO_ACCOUNTS.manager.email);
  });
});
