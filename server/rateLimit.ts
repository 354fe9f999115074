// A global per-client ceiling on API requests (token bucket per client address, in memory).
// It stops one address from hammering the server; the finer throttles (failed logins, suggestions) live in the
// database so that several processes share them. This coarse one is per process: with N processes behind one
// proxy a client gets N times the ceiling, which is still a ceiling.
import type { FastifyInstance } from 'fastify';
import { t } from '../src/domain/messages';

interface Bucket {
  tokens: number;
  at: number;
}

export function registerRateLimit(app: FastifyInstance, perMinute: number, now: () => number = Date.now): void {
  if (perMinute <= 0) return;
  const capacity = perMinute; // a minute's allowance may come as a burst (a page opening fires several calls)
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  let sweptAt = now();

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const time = now();
    if (time - sweptAt > 60_000) {
      // Forget clients whose bucket has refilled: memory stays bounded by the clients of the last minute.
      for (const [key, b] of buckets) if (b.tokens + (time - b.at) * refillPerMs >= capacity) buckets.delete(key);
      sweptAt = time;
    }
    const b = buckets.get(request.ip) ?? { tokens: capacity, at: time };
    b.tokens = Math.min(capacity, b.tokens + Math.max(0, time - b.at) * refillPerMs); // a clock stepping back never locks a client out
    b.at = time;
    if (b.tokens < 1) {
      buckets.set(request.ip, b);
      reply.header('Retry-After', String(Math.ceil((1 - b.tokens) / refillPerMs / 1000)));
      return reply.code(429).send({ message: t('errors.tooManyRequests') });
    }
    b.tokens -= 1;
    buckets.set(request.ip, b);
  });
}
