// Signing out ends the session on the server too (part 2): POST /api/auth/sign-out ends the token sent,
// on every process sharing the database (even one that had already accepted, and so remembered, the token), and
// no other session of the account; a token signed before tokens had an id cannot be ended alone; ended tokens'
// records go once the tokens would have expired anyway.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { logIn, readToken } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import {
  DEMO_ACCOUNTS,
  startSecondServer,
  startTestServer,
  type SecondServer,
  type TestServer,
} from '../support/server';
import { call, expectRefusal, movableClock, UUID, type Answer } from './helpers';

const SECRET = 'a-sign-out-test-secret-of-at-least-32-characters';
const TTL_SECONDS = 3600;

function expectEnded(answer: Answer) {
  expectRefusal(answer, 401, 'errors.sessionEnded');
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
}

describe.each(ENGINES)('signing out on $name', ({ databaseUrl }) => {
  const clock = movableClock('2026-05-01T10:00:00Z');
  let s: TestServer;
  let b: SecondServer;
  beforeAll(async () => {
    s = await startTestServer({
      seed: 'accounts',
      now: clock.now,
      databaseUrl,
      env: { JWT_SECRET: SECRET, TOKEN_TTL: String(TTL_SECONDS) },
    });
    b = await startSecondServer(s, clock.now);
  });
  afterAll(async () => {
    await b?.close();
    await s?.close();
  });

  const { email, password } = DEMO_ACCOUNTS.admin;
  const revokedCount = async () =>
    Number(
      (
        await s.ctx.db
          .selectFrom('revoked_tokens')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('ends this token on every process; the same account signed in elsewhere goes on', async () => {
    const phone = await logIn(s, email, password);
    const desk = await logIn(s, email, password);
    expect(readToken(phone).claims.jti).toMatch(UUID);
    expect(readToken(phone).claims.jti).not.toBe(readToken(desk).claims.jti);
    // Both processes accept (and so remember) the token before it is signed out.
    for (const api of [s.api, b.api]) expect((await call(api, 'GET', '/graves', { token: phone })).status).toBe(200);

    const out = await call<{ message: string }>(b.api, 'POST', '/auth/sign-out', { token: phone });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: t('accounts.signedOut') });

    for (const api of [s.api, b.api]) {
      expectEnded(await call(api, 'GET', '/graves', { token: phone }));
      expectEnded(await call(api, 'POST', '/auth/sign-out', { token: phone }));
      expect((await call(api, 'GET', '/graves', { token: desk })).status).toBe(200);
    }
  });

  it('refuses the anonymous and a broken token, and ends nothing for them', async () => {
    const before = await revokedCount();
    expectRefusal(await call(s.api, 'POST', '/auth/sign-out'), 401);
    expectRefusal(await call(s.api, 'POST', '/auth/sign-out', { token: 'not.a.token' }), 401);
    expect(await revokedCount()).toBe(before);
  });

  it('a token from before tokens had an id cannot be ended alone: it lives to its expiry', async () => {
    const { claims } = readToken(await logIn(s, email, password));
    const now = Math.floor(clock.now().getTime() / 1000);
    const older = await new SignJWT({ role: claims.role, name: claims.name, email: claims.email, gen: claims.gen })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + TTL_SECONDS)
      .sign(new TextEncoder().encode(SECRET));
    const before = await revokedCount();
    expect((await call(s.api, 'POST', '/auth/sign-out', { token: older })).status).toBe(200);
    expect(await revokedCount()).toBe(before);
    expect((await call(s.api, 'GET', '/graves', { token: older })).status).toBe(200);
  });

  it('the records of ended tokens go once those tokens would have expired', async () => {
    const token = await logIn(s, email, password);
    expect((await call(s.api, 'POST', '/auth/sign-out', { token })).status).toBe(200);
    expect(await revokedCount()).toBeGreaterThan(0);
    clock.advance(TTL_SECONDS * 1000);
    const later = await logIn(s, email, password);
    expect((await call(s.api, 'POST', '/auth/sign-out', { token: later })).status).toBe(200);
    // Only the record of the token just signed out is left.
    expect(await revokedCount()).toBe(1);
    expectEnded(await call(s.api, 'GET', '/graves', { token: later }));
  });
});
