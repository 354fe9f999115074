// Password spraying (part 2): one address trying one password over many accounts meets a limit on wrong
// passwords per address over all accounts, with the Arabic 429, Retry-After and the wait in minutes. Unknown emails
// count like real ones and are answered alike; a right password does not wipe the address's count; a second server
// on the same database sees the same count; the address is free again once the window has passed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { t } from '../../src/domain/messages';
import { GUESS_WINDOW_SECONDS, GUESSES_PER_ADDRESS } from '../../server/data/guessLimit';
import { ENGINES } from '../support/postgres';
import { DEMO_ACCOUNTS, startSecondServer, startTestServer, type TestServer } from '../support/server';
import { call, expectRefusal, movableClock, type Answer } from './helpers';

const START = '2026-04-01T10:00:00Z';

describe.each(ENGINES)('wrong passwords per address over all accounts on $name', ({ databaseUrl }) => {
  const clock = movableClock(START);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: clock.now, databaseUrl, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => s?.close());

  const login = (api: string, email: string, password: string, from: string) =>
    call<{ token?: string; message: string }>(api, 'POST', '/auth/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': from },
    });
  const sprayed = (i: number) => `person-${i}@example.com`;
  const shape = (a: Answer) => [a.status, a.body, a.headers.get('retry-after')];

  it('one password over many accounts: 30 are tried, then the Arabic 429 with Retry-After, known and unknown alike', async () => {
    clock.set(START);
    const from = '198.51.100.40';
    const answers: Answer[] = [];
    for (let i = 0; i < GUESSES_PER_ADDRESS + 5; i++) {
      answers.push(await login(s.api, sprayed(i), 'Summer2026!', from));
      clock.advance(10_000);
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(GUESSES_PER_ADDRESS).fill(400), ...Array(5).fill(429)]);
    const first = answers[GUESSES_PER_ADDRESS]!;
    expectRefusal(first, 429);
    // The first wrong password leaves the window 900 s after it was given, 300 s before the refusal.
    expect(first.headers.get('retry-after')).toBe(String(GUESS_WINDOW_SECONDS - 10 * GUESSES_PER_ADDRESS));
    expect(first.body.message).toBe(t('auth.addressThrottled', { wait: formatWaitMinutes(600) }));

    // A real account, with its wrong and even its right password, is answered as an unknown one: nothing is checked.
    const wait = Number(answers.at(-1)!.headers.get('retry-after')) - 10;
    const unknown = await login(s.api, 'nobody-at-all@example.com', 'Summer2026!', from);
    const wrong = await login(s.api, DEMO_ACCOUNTS.manager.email, 'Summer2026!', from);
    const right = await login(s.api, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, from);
    for (const answer of [unknown, wrong, right]) {
      expectRefusal(answer, 429);
      expect(answer.headers.get('retry-after')).toBe(String(wait));
    }
    expect(shape(wrong)).toEqual(shape(unknown));
    expect(shape(right)).toEqual(shape(unknown));
    expect(right.body).not.toHaveProperty('token');

    // Another address is not held back, and the sprayed accounts' own allowances are far from spent.
    expect(
      (await login(s.api, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, '198.51.100.41')).status,
    ).toBe(200);
    // Once the window has passed the address may try again.
    clock.advance(wait * 1000);
    expect((await login(s.api, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, from)).status).toBe(200);
  });

  it('a right password from the address does not wipe its count of wrong ones', async () => {
    clock.set('2026-04-02T10:00:00Z');
    const from = '198.51.100.50';
    for (let i = 0; i < GUESSES_PER_ADDRESS - 1; i++) {
      expect((await login(s.api, sprayed(100 + i), 'Winter2026!', from)).status).toBe(400);
    }
    // The sprayer knows one account's password: signing in with it is not counted, and forgets nothing else.
    expect((await login(s.api, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, from)).status).toBe(200);
    expect((await login(s.api, sprayed(200), 'Winter2026!', from)).status).toBe(400);
    const refused = await login(s.api, sprayed(201), 'Winter2026!', from);
    expectRefusal(refused, 429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(refused.body.message).toBe(t('auth.addressThrottled', { wait: formatWaitMinutes(wait) }));
  });

  it('a second server on the same database shares the count', async () => {
    clock.set('2026-04-03T10:00:00Z');
    const other = await startSecondServer(s, clock.now);
    try {
      const from = '198.51.100.60';
      for (let i = 0; i < GUESSES_PER_ADDRESS; i++) {
        const api = i % 2 ? other.api : s.api;
        expect((await login(api, sprayed(300 + i), 'Spring2026!', from)).status).toBe(400);
      }
      const here = await login(s.api, sprayed(400), 'Spring2026!', from);
      const there = await login(other.api, sprayed(401), 'Spring2026!', from);
      expectRefusal(here, 429);
      expect(shape(there)).toEqual(shape(here));
      expect(here.body.message).toBe(t('auth.addressThrottled', { wait: formatWaitMinutes(GUESS_WINDOW_SECONDS) }));
    } finally {
      await other.close();
    }
  });
});
