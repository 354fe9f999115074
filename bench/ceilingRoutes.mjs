// The benchmark's reference: a trivial route that replays stored bytes, so each endpoint's throughput can be
// compared side by side with the same bytes served by the same server doing no work. Registered by
// bench/ceilingServer.mjs only; the product knows nothing of it.
export async function ceilingRoutes(app) {
  const stored = new Map();
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post('/__bench/ceiling/:key', { bodyLimit: 64 * 1024 * 1024 }, async (request) => {
    stored.set(request.params.key, request.body);
    return { stored: request.body.length };
  });
  app.get('/__bench/ceiling/:key', async (request, reply) => {
    const body = stored.get(request.params.key);
    if (!body) return reply.status(404).send({ message: 'not stored' });
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
