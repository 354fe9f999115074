// Only with BENCH_CEILING=1 (the benchmark): a trivial route that replays stored bytes, so each endpoint's
// throughput can be compared side by side with the same bytes served by the same server doing no work.
import type { FastifyInstance } from 'fastify';

export async function benchCeilingRoutes(app: FastifyInstance): Promise<void> {
  const stored = new Map<string, { body: Buffer; type: string }>();
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/__bench/ceiling/:key', { bodyLimit: 64 * 1024 * 1024 }, async (request) => {
    const { key } = request.params as { key: string };
    stored.set(key, { body: request.body as Buffer, type: 'application/json; charset=utf-8' });
    return { stored: (request.body as Buffer).length };
  });
  app.get('/__bench/ceiling/:key', async (request, reply) => {
    const entry = stored.get((request.params as { key: string }).key);
    if (!entry) return reply.status(404).send({ message: 'not stored' });
    return reply.type(entry.type).send(entry.body);
  });
}
