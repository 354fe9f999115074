// Work the server does for itself after listening (issue 29: the schemas no request has used yet) waits for a
// moment when no request is being answered, so the first visitors after a start do not share the event loop with
// it: a request takes several turns of the loop (reading, the database, drawing), and a background slice between
// each of them added tens of milliseconds to the first page.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** The longest the background work waits for a quiet moment: a long answer (a section streamed to a slow phone)
 * must not hold it back for ever. */
const LONGEST_WAIT_MS = 250;

export interface IdleTurns {
  /** Resolves at a later turn of the event loop when no request is in flight (or after LONGEST_WAIT_MS). */
  next(): Promise<void>;
  /** Requests being answered now (the tests read it). */
  inFlight(): number;
  /**
   * No more work waits for quiet moments (the schemas are all compiled): requests are no longer counted, which costs
   * a listener on each answer; `next` then comes at the next turn.
   */
  stop(): void;
}

/** Counts the requests in flight from their arrival to their answer's end (or their connection's). */
export function idleTurns(app: FastifyInstance): IdleTurns {
  let inFlight = 0;
  let quiet: Array<() => void> = [];
  let counting = true;
  const ended = () => {
    inFlight--;
    if (inFlight === 0) {
      const waiting = quiet;
      quiet = [];
      for (const resolve of waiting) resolve();
    }
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (counting) {
      inFlight++;
      reply.raw.once('close', ended);
    }
    done();
  });
  return {
    async next() {
      await nextTurn();
      if (inFlight === 0 || !counting) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, LONGEST_WAIT_MS);
        quiet.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    inFlight: () => inFlight,
    stop() {
      counting = false;
      const waiting = quiet;
      quiet = [];
      for (const resolve of waiting) resolve();
    },
  };
}
