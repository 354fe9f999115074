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

/**
 * The server's own time for each answer of the paths the benchmark asks for (from the request's arrival to the
 * answer handed to the socket), so a figure can tell the server's time from the round trip's: the benchmark's
 * client shares this machine's two cores. Registered at the root, like ceilingRoutes, by bench/ceilingServer.mjs.
 */
export async function serverTimings(app) {
  const took = new Map();
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    const list = took.get(path);
    if (list) list.push(reply.elapsedTime);
  });
  // Where the server's memory is (the resident figure alone does not tell kept data from a heap grown for a peak).
  app.get('/api/__bench/memory', async () => process.memoryUsage());
  // Starts (or restarts) recording one path; answers what was recorded since, and forgets it.
  app.post('/api/__bench/timings', async (request) => {
    const path = String(request.query.path);
    const recorded = took.get(path) ?? [];
    took.set(path, []);
    return recorded;
  });
}
