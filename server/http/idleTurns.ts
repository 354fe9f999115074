// Work the server does for itself after listening (the schemas no request has used yet, the name index
// read from its file) waits for a moment when no request is being answered, so the first visitors after a start do
// not share the event loop with it: a request takes several turns of the loop (reading, the database, drawing), and
// a background slice between each of them added tens of milliseconds to the first page.
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The longest the background work waits for a quiet moment: a long answer (a section streamed to a slow phone)
 * must not hold it back for ever. */
const LONGEST_WAIT_MS = 250;

/**
 * How long after the last answer the server counts as quiet: a visitor's next request (the page's data, the next
 * page of a list, a search as they type) often follows the previous answer within a few milliseconds, and a slice
 * begun in between would hold it up.
 */
const QUIET_AFTER_MS = 20;

export interface IdleTurns {
  /**
   * Resolves at a later turn of the event loop when no request is in flight and none ended in the last
   * QUIET_AFTER_MS (or after LONGEST_WAIT_MS).
   */
  next(): Promise<void>;
  /** Requests being answered now (the tests read it). */
  inFlight(): number;
  /** Counts a request answered outside Fastify's routes (the front door) until its answer or connection ends. */
  track(response: ServerResponse): void;
  /**
   * No more work waits for quiet moments (the schemas are compiled, the name index read): requests are no longer
   * counted, which costs a listener on each answer; `next` then comes at the next turn.
   */
  stop(): void;
}

/** Counts the requests in flight from their arrival to their answer's end (or their connection's). */
export function idleTurns(app: FastifyInstance): IdleTurns {
  let inFlight = 0;
  let lastEnded = -Infinity;
  let quiet: Array<() => void> = [];
  let counting = true;
  const ended = () => {
    inFlight--;
    lastEnded = performance.now();
    if (inFlight === 0) {
      const waiting = quiet;
      quiet = [];
      for (const resolve of waiting) resolve();
    }
  };
  /** Resolves when no request is in flight, or after `ms`. */
  const noneInFlight = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      quiet.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const track = (response: ServerResponse) => {
    if (!counting) return;
    inFlight++;
    response.once('close', ended);
  };
  app.addHook('onRequest', (request, reply, done) => {
    track(reply.raw);
    done();
  });
  return {
    async next() {
      await nextTurn();
      const until = performance.now() + LONGEST_WAIT_MS;
      for (;;) {
        const now = performance.now();
        if (!counting || now >= until) return;
        if (inFlight > 0) await noneInFlight(until - now);
        else if (now - lastEnded < QUIET_AFTER_MS) await sleep(Math.min(until, lastEnded + QUIET_AFTER_MS) - now);
        else return;
      }
    },
    inFlight: () => inFlight,
    track,
    stop() {
      counting = false;
      const waiting = quiet;
      quiet = [];
      for (const resolve of waiting) resolve();
    },
  };
}
