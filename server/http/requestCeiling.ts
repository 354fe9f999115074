// The per-client ceiling's counter: how many API calls each client made in its current minute. One counter per
// process, read by every door that answers an API call (Fastify's routes, and the front door that answers a kept
// answer before routing, server/http/frontDoor.ts), so a client has one allowance whichever door serves it.

/** How many clients are counted at once; past it the client whose minute began first is forgotten first. */
export const COUNTED_CLIENTS = 10_000;

export interface RequestCeiling {
  /**
   * Counts one call of the client under `key`; 0 while within the allowance, else the seconds until its minute
   * ends (what Retry-After says).
   */
  take(key: string): number;
}

/**
 * A fixed window per client, begun at its first call: `perMinute` calls, then refusals until the minute ends.
 * Memory is bounded by COUNTED_CLIENTS: a stranger who changes address at every call (an IPv6 /64 each) pushes out
 * the oldest windows, never grows the map.
 */
export function requestCeiling(perMinute: number, windowMs = 60_000, now = () => Date.now()): RequestCeiling {
  const windows = new Map<string, { calls: number; endsAt: number }>();
  return {
    take(key) {
      const time = now();
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= time) {
        // A new window goes to the end of the map's order, so the first one is always the oldest.
        windows.delete(key);
        if (windows.size >= COUNTED_CLIENTS) windows.delete(windows.keys().next().value!);
        window = { calls: 0, endsAt: time + windowMs };
        windows.set(key, window);
      }
      window.calls++;
      return window.calls <= perMinute ? 0 : Math.max(1, Math.ceil((window.endsAt - time) / 1000));
    },
  };
}
