// The work the server does for itself after listening waits while a request is being answered
// (server/http/idleTurns.ts), and never longer than its bound when a request is slow.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { idleTurns } from '../../server/http/idleTurns';

/** An app whose /held answers only when `release` is called, with its idle turns counted. */
function heldApp() {
  const app = Fastify();
  const idle = idleTurns(app);
  const held = { release: () => {} };
  app.get('/held', async () => {
    await new Promise<void>((r) => (held.release = r));
    return { ok: true };
  });
  return { app, idle, release: () => held.release() };
}

describe('idle turns', () => {
  const { app, idle, release } = heldApp();
  afterEach(() => release());

  it('comes at once with no request in flight', async () => {
    await app.ready();
    const started = performance.now();
    await idle.next();
    expect(performance.now() - started).toBeLessThan(200);
    expect(idle.inFlight()).toBe(0);
  });

  it('waits for the request in flight to be answered', async () => {
    const answer = app.inject({ url: '/held' });
    while (idle.inFlight() === 0) await new Promise((r) => setImmediate(r));
    let came = false;
    const turn = idle.next().then(() => (came = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(came).toBe(false);
    release();
    expect((await answer).json()).toEqual({ ok: true });
    await turn;
    expect(came).toBe(true);
    expect(idle.inFlight()).toBe(0);
  });

  it("waits a moment more after an answer: the same visitor's next request often follows at once", async () => {
    const answer = app.inject({ url: '/held' });
    while (idle.inFlight() === 0) await new Promise((r) => setImmediate(r));
    const turn = idle.next();
    release();
    await answer;
    const answered = performance.now();
    await turn;
    expect(performance.now() - answered).toBeGreaterThanOrEqual(15);
    // Long after it, the turn comes at once again.
    await new Promise((r) => setTimeout(r, 40));
    const started = performance.now();
    await idle.next();
    expect(performance.now() - started).toBeLessThan(15);
  });

  it('does not wait past its bound for a request that takes long', async () => {
    const answer = app.inject({ url: '/held' });
    while (idle.inFlight() === 0) await new Promise((r) => setImmediate(r));
    const started = performance.now();
    await idle.next();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(idle.inFlight()).toBe(1);
    release();
    await answer;
  });

  it('counts requests over a real connection, kept alive between them', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = fetch(`${address}/held`);
        while (idle.inFlight() === 0) await new Promise((r) => setImmediate(r));
        expect(idle.inFlight()).toBe(1);
        release();
        expect(await (await answer).json()).toEqual({ ok: true });
        while (idle.inFlight() > 0) await new Promise((r) => setTimeout(r, 5));
      }
      expect(idle.inFlight()).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('idle turns once stopped', () => {
  it('count no request and wait for none: the work that waited for quiet moments is done', async () => {
    const { app, idle, release } = heldApp();
    const first = app.inject({ url: '/held' });
    while (idle.inFlight() === 0) await new Promise((r) => setImmediate(r));
    let came = false;
    const waiting = idle.next().then(() => (came = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(came).toBe(false);
    // Whoever waited when it stops goes on at once.
    idle.stop();
    await waiting;
    release();
    await first;
    expect(idle.inFlight()).toBe(0);
    const second = app.inject({ url: '/held' });
    await new Promise((r) => setTimeout(r, 20));
    expect(idle.inFlight()).toBe(0);
    const started = performance.now();
    await idle.next();
    expect(performance.now() - started).toBeLessThan(200);
    release();
    expect((await second).json()).toEqual({ ok: true });
    await app.close();
  });
});
