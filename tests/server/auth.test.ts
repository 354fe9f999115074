// Who may call what (the 401/403 matrix), what makes a token invalid, the password rules, and the throttles
// of login and suggestions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/domain/types';
import { t } from '../../src/domain/messages';
import { openStore } from '../../server/db/connect';
import { migrate } from '../../server/db/migrations';
import { ensureDemoAccounts } from '../../server/seed/generator';
import { readToken, signIn, staffClient } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock } from './helpers';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Who = 'anonymous' | 'admin' | 'manager';
/** Each guarded endpoint with a body that is valid (so only the role decides) and who may call it. */
const GUARDED: Array<{ method: string; path: string; body?: unknown; allowed: Who[] }> = [
  { method: 'GET', path: '/graves', allowed: ['admin', 'manager'] },
  { method: 'POST', path: '/graves', body: { gender: 'men', number: 99999 }, allowed: ['admin', 'manager'] },
  { method: 'PUT', path: `/graves/full/${UNKNOWN}`, allowed: ['admin', 'manager'] },
  {
    method: 'POST',
    path: `/graves/${UNKNOWN}/bury`,
    body: { name: 'اسم', burialDate: '2026-01-01' },
    allowed: ['admin', 'manager'],
  },
  {
    method: 'DELETE',
    path: `/graves/${UNKNOWN}/remove-buried`,
    body: { buriedPersonId: UNKNOWN },
    allowed: ['admin', 'manager'],
  },
  { method: 'PUT', path: `/graves/${UNKNOWN}/buried/${UNKNOWN}`, body: { name: 'اسم' }, allowed: ['admin', 'manager'] },
  { method: 'DELETE', path: `/graves/${UNKNOWN}`, allowed: ['admin', 'manager'] },
  { method: 'GET', path: '/suggestion/status/pending', allowed: ['manager'] },
  { method: 'GET', path: '/suggestion/status/approved', allowed: ['manager'] },
  { method: 'GET', path: '/suggestion/status/rejected', allowed: ['manager'] },
  { method: 'PUT', path: `/suggestion/status/${UNKNOWN}`, body: { status: 'approved' }, allowed: ['manager'] },
  { method: 'POST', path: '/articles', body: { title: 'عنوان', content: 'محتوى' }, allowed: ['manager'] },
  { method: 'PUT', path: `/articles/${UNKNOWN}`, body: { title: 'عنوان' }, allowed: ['manager'] },
  { method: 'DELETE', path: `/articles/${UNKNOWN}`, allowed: ['manager'] },
  {
    method: 'POST',
    path: '/auth/register',
    body: { name: 'مشرف', email: 'matrix@example.com', password: 'long-enough' },
    allowed: ['manager'],
  },
  { method: 'GET', path: '/users', allowed: ['manager'] },
  { method: 'GET', path: `/users/${UNKNOWN}`, allowed: ['manager'] },
  { method: 'PUT', path: `/users/${UNKNOWN}`, body: { name: 'مشرف' }, allowed: ['manager'] },
  {
    method: 'POST',
    path: '/auth/update-password',
    body: { email: 'nobody@example.com', newPassword: 'long-enough' },
    allowed: ['manager'], // an admin only for its own email (below)
  },
  { method: 'GET', path: '/audit', allowed: ['manager'] },
  { method: 'GET', path: `/audit/${UNKNOWN}`, allowed: ['manager'] },
  { method: 'GET', path: '/export/register.csv', allowed: ['admin', 'manager'] },
  { method: 'GET', path: '/export/audit.csv', allowed: ['manager'] },
  { method: 'GET', path: '/export/graves.geojson', allowed: ['admin', 'manager'] },
  { method: 'GET', path: '/export/burials.ged', allowed: ['admin', 'manager'] },
  // Families' corrections, the staff's queue and decisions.
  { method: 'GET', path: '/corrections', allowed: ['admin', 'manager'] },
  { method: 'GET', path: `/corrections/${UNKNOWN}`, allowed: ['admin', 'manager'] },
  {
    method: 'POST',
    path: `/corrections/${UNKNOWN}/apply`,
    body: { confirmChanged: true },
    allowed: ['admin', 'manager'],
  },
  { method: 'POST', path: `/corrections/${UNKNOWN}/reject`, body: { reason: 'سبب' }, allowed: ['admin', 'manager'] },
];

describe.each(ENGINES)('access on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-03-10T10:00:00Z');
  let s: TestServer;
  const tokens: Record<Who, string | null> = { anonymous: null, admin: null, manager: null };
  let adminId: string;

  beforeAll(async () => {
    s = await startTestServer({
      seed: 'accounts',
      now: clock.now,
      databaseUrl,
      env: { JWT_SECRET: SECRET, TOKEN_TTL: '1h' },
    });
    tokens.manager = await signIn(s, 'manager');
    const admin = await signIn(s, 'admin');
    tokens.admin = admin;
    adminId = readToken(admin).claims.sub;
  });
  afterAll(async () => s?.close());

  for (const e of GUARDED) {
    for (const who of ['anonymous', 'admin', 'manager'] as const) {
      const expected = who === 'anonymous' ? 401 : e.allowed.includes(who) ? 'through' : 403;
      it(`${e.method} ${e.path} as ${who} → ${expected}`, async () => {
        const res = await call(s.api, e.method, e.path, { token: tokens[who], body: e.body });
        if (expected === 'through') {
          // Past the guard: the handler answers (an unknown id is 404, a second create of one number 400).
          expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
          expect(res.status).toBeLessThan(500);
        } else {
          expectRefusal(res, expected);
        }
      });
    }
    it(`${e.method} ${e.path}: anonymous with an invalid body is refused as anonymous (401), not told what is wrong`, async () => {
      const res = await call(s.api, e.method, e.path, { body: e.body ? { unexpected: [1] } : undefined });
      expectRefusal(res, 401, 'errors.unauthenticated');
    });
  }

  it('an admin may change only its own password (403 for another account, which keeps its password)', async () => {
    const other = await call(s.api, 'POST', '/auth/update-password', {
      token: tokens.admin,
      body: { email: DEMO_ACCOUNTS.manager.email, newPassword: 'hijacked-password' },
    });
    expectRefusal(other, 403, 'password.onlyOwn');
    const unknown = await call(s.api, 'POST', '/auth/update-password', {
      token: tokens.admin,
      body: { email: 'nobody@example.com', newPassword: 'hijacked-password' },
    });
    expectRefusal(unknown, 403);
    await signIn(s, 'manager'); // the manager's password still works
    const own = await call(s.api, 'POST', '/auth/update-password', {
      token: tokens.admin,
      body: {
        email: DEMO_ACCOUNTS.admin.email,
        currentPassword: DEMO_ACCOUNTS.admin.password,
        newPassword: DEMO_ACCOUNTS.admin.password,
      },
    });
    expect(own.status).toBe(200);
    // Changing one's own password ends every earlier session; the answer carries the one to go on with.
    expectRefusal(await call(s.api, 'GET', '/graves', { token: tokens.admin }), 401, 'errors.sessionEnded');
    tokens.admin = (own.body as { token: string }).token;
    expect((await call(s.api, 'GET', '/graves', { token: tokens.admin })).status).toBe(200);
  });

  it('manager: update-password of an unknown email is 404', async () => {
    const res = await call(s.api, 'POST', '/auth/update-password', {
      token: tokens.manager,
      body: { email: 'nobody@example.com', newPassword: 'long-enough' },
    });
    expectRefusal(res, 404, 'account.notFound');
  });

  const sign = (claims: Record<string, unknown>, secret = SECRET, exp?: number) => {
    const now = Math.floor(clock.now().getTime() / 1000);
    // The admin account's session generation now (its own password change above moved it on).
    const gen = readToken(tokens.admin!).claims.gen;
    return new SignJWT({ role: 'manager', name: 'x', email: DEMO_ACCOUNTS.manager.email, gen, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub ?? adminId))
      .setIssuedAt(now)
      .setExpirationTime(exp ?? now + 3600)
      .sign(new TextEncoder().encode(secret));
  };

  it('a token signed with another secret is 401', async () => {
    const forged = await sign({}, 'another-secret-that-is-long-enough-987654321');
    expectRefusal(await call(s.api, 'GET', '/graves', { token: forged }), 401);
  });

  it('alg none is 401, even with the right claims', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(clock.now().getTime() / 1000);
    const none = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: adminId, role: 'manager', iat: now, exp: now + 3600 })}.`;
    expectRefusal(await call(s.api, 'GET', '/graves', { token: none }), 401);
  });

  it('a token signed with the right secret but another algorithm (HS512) is 401: verification is pinned to HS256', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const hs512 = await new SignJWT({
      role: 'manager',
      name: 'x',
      email: DEMO_ACCOUNTS.admin.email,
      gen: readToken(tokens.admin!).claims.gen,
    })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(adminId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(SECRET));
    expectRefusal(await call(s.api, 'GET', '/graves', { token: hs512 }), 401);
    // The same claims with HS256 pass, so the refusal above is the algorithm's.
    expect((await call(s.api, 'GET', '/graves', { token: await sign({}) })).status).toBe(200);
  });

  it('malformed tokens and headers are 401', async () => {
    for (const headers of [
      { authorization: 'Bearer not-a-token' },
      { authorization: tokens.admin! },
      { authorization: 'Basic YTpi' },
    ]) {
      expectRefusal(await call(s.api, 'GET', '/graves', { headers }), 401);
    }
  });

  it('a token past its exp is 401 with the session-expired reason; TOKEN_TTL sets exp', async () => {
    const { claims } = readToken(tokens.admin!);
    expect(claims.exp - claims.iat).toBe(3600);
    // A token that expires in one second works now and is refused two seconds later (the clock only moves forward).
    const now = Math.floor(clock.now().getTime() / 1000);
    const shortLived = await sign({}, SECRET, now + 1);
    expect((await call(s.api, 'GET', '/graves', { token: shortLived })).status).toBe(200);
    clock.advance(2000);
    expectRefusal(await call(s.api, 'GET', '/graves', { token: shortLived }), 401, 'errors.sessionExpired');
    const past = await sign({}, SECRET, Math.floor(clock.now().getTime() / 1000) - 10);
    expectRefusal(await call(s.api, 'GET', '/graves', { token: past }), 401, 'errors.sessionExpired');
  });

  it("the role comes from the account, not from a token's claim", async () => {
    // A validly signed token for the admin account claiming "manager" still gets an admin's answer.
    const claimsManager = await sign({ role: 'manager' });
    expect((await call(s.api, 'GET', '/graves', { token: claimsManager })).status).toBe(200);
    expectRefusal(await call(s.api, 'GET', '/users', { token: claimsManager }), 403);
    // A token for an account that does not exist is 401.
    expectRefusal(await call(s.api, 'GET', '/graves', { token: await sign({ sub: UNKNOWN }) }), 401);
  });

  it('register: password under 8 and a duplicate email (any case) are 400; nothing is created', async () => {
    const users = async () => (await call<Account[]>(s.api, 'GET', '/users', { token: tokens.manager })).body;
    const before = await users();
    const short = await call(s.api, 'POST', '/auth/register', {
      token: tokens.manager,
      body: { name: 'مشرف', email: 'short@example.com', password: '1234567' },
    });
    expectRefusal(short, 400, 'register.passwordShort');
    const dup = await call(s.api, 'POST', '/auth/register', {
      token: tokens.manager,
      body: { name: 'مشرف', email: 'ADMIN@Example.com', password: 'long-enough' },
    });
    expectRefusal(dup, 400, 'register.emailTaken');
    const badEmail = await call(s.api, 'POST', '/auth/register', {
      token: tokens.manager,
      body: { name: 'مشرف', email: 'not-an-email', password: 'long-enough' },
    });
    expectRefusal(badEmail, 400);
    const blankName = await call(s.api, 'POST', '/auth/register', {
      token: tokens.manager,
      body: { name: '   ', email: 'blank@example.com', password: 'long-enough' },
    });
    expectRefusal(blankName, 400);
    expect(await users()).toEqual(before);
  });

  it('update-password: a new password under 8 is 400 and the old one still works', async () => {
    const res = await call(s.api, 'POST', '/auth/update-password', {
      token: tokens.manager,
      body: { email: DEMO_ACCOUNTS.admin.email, newPassword: 'short' },
    });
    expectRefusal(res, 400, 'register.passwordShort');
    await signIn(s, 'admin'); // the old password still works
  });

  it('unknown email and wrong password give the same 400 auth.badCredentials', async () => {
    const unknown = await call(s.api, 'POST', '/auth/login', {
      body: { email: 'ghost@example.com', password: 'whatever-1' },
    });
    const wrong = await call(s.api, 'POST', '/auth/login', {
      body: { email: DEMO_ACCOUNTS.admin.email, password: 'wrong-password' },
    });
    expectRefusal(unknown, 400, 'auth.badCredentials');
    expectRefusal(wrong, 400, 'auth.badCredentials');
    expect(unknown.body).toEqual(wrong.body);
    const missing = await call(s.api, 'POST', '/auth/login', { body: { email: DEMO_ACCOUNTS.admin.email } });
    expectRefusal(missing, 400);
  });

  it('passwords are stored as argon2id hashes with m=19456, t=2, p=1: an account made here, and the demo accounts', async () => {
    const made = await call(s.api, 'POST', '/auth/register', {
      token: tokens.manager,
      body: { name: 'مشرف', email: 'hashed@example.com', password: 'long-enough' },
    });
    expect(made.status).toBeLessThan(300);
    const rows = await s.ctx.db
      .selectFrom('accounts')
      .select(['email', 'password_hash'])
      .where('email', '=', 'hashed@example.com')
      .execute();
    // The demo's accounts as `npm run demo` seeds them (the suites' copies carry lighter hashes:
    // tests/support/server.ts).
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-hashes-'));
    const store = await openStore(`file:${join(dir, 'register.sqlite')}`);
    try {
      await migrate(store.db);
      await ensureDemoAccounts(store.db);
      rows.push(...(await store.db.selectFrom('accounts').select(['email', 'password_hash']).execute()));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(rows.map((r) => r.email).sort()).toEqual(
      ['hashed@example.com', ...Object.values(DEMO_ACCOUNTS).map((a) => a.email)].sort(),
    );
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(r.password_hash).not.toContain('demo-');
    }
  });
});

describe.each(ENGINES)('throttling on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-03-10T10:00:00Z');
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl });
  });
  afterAll(async () => s?.close());

  const login = (email: string, password: string, remoteAddress?: string) =>
    remoteAddress
      ? s.app
          .inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })
          .then((r) => ({ status: r.statusCode, body: r.json<unknown>(), headers: new Headers() }))
      : call(s.api, 'POST', '/auth/login', { body: { email, password } });

  it('a success clears the count of failures', async () => {
    const { email, password } = DEMO_ACCOUNTS.manager;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await login(email, 'wrong-password')).status).toBe(400);
      expect((await login(email, password)).status).toBe(200);
    }
  });

  it('after 10 failures for one email from one client: 429 with the wait, even with the right password', async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    for (let i = 0; i < 10; i++) expectRefusal(await login(email, 'wrong-password'), 400, 'auth.badCredentials');
    for (const asked of [email, email.toUpperCase()]) {
      const refused = await login(asked, password);
      expectRefusal(refused, 429);
      expect(refused.body.message).toBe(t('auth.clientThrottled', { wait: '١٥ دقيقة' }));
    }
    // Another account from the same client, and the same account from another client, are not held back.
    expect((await login(DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password)).status).toBe(200);
    expect((await login(email, password, '10.1.2.3')).status).toBe(200);
    // Fifteen minutes later the window has passed.
    clock.advance(15 * 60_000 + 1000);
    expect((await login(email, password)).status).toBe(200);
  });

  it('suggestions: 10 per hour from one client, then 429; nothing stored; another client may still send', async () => {
    const send = (i: number) =>
      call(s.api, 'POST', '/suggestion', { body: { text: `اقتراح ${i}`, name: 'زائر', phone: '0100 123 4567' } });
    for (let i = 0; i < 10; i++) expect((await send(i)).status).toBe(201);
    const manager = await staffClient(s, 'manager');
    const pending = async () => (await manager.suggestionsOf('pending')).length;
    expect(await pending()).toBe(10);
    expectRefusal(await send(10), 429);
    expect(await pending()).toBe(10);
    const other = await s.app.inject({
      method: 'POST',
      url: '/api/suggestion',
      payload: { text: 'من جهاز آخر', name: 'زائر', phone: '0100 123 4567' },
      remoteAddress: '10.9.8.7',
    });
    expect(other.statusCode).toBe(201);
    clock.advance(3600_000 + 1000);
    expect((await send(11)).status).toBe(201);
  });
});

describe.each(ENGINES)('throttles after January 2038 on $name', ({ databaseUrl }) => {
  it('a suggestion and a failed login still work (attempt times do not fit in a 32-bit integer)', async () => {
    const s = await startTestServer({ now: () => new Date('2040-01-01T10:00:00Z'), databaseUrl });
    try {
      const sent = await call(s.api, 'POST', '/suggestion', {
        body: { text: 'نص', name: 'اسم', phone: '01001234567' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expectRefusal(
        await call(s.api, 'POST', '/auth/login', { body: { email: 'x@example.com', password: 'wrong-pass' } }),
        400,
      );
    } finally {
      await s.close();
    }
  });
});
