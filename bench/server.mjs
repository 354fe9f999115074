// The server the benchmark measures: the production entry as `npm start` runs it (its bundle, which bench/run.ts
// refreshes first with `scripts/start.mjs build`), with its default logging, plus two diagnostics under
// /api/__bench that the product knows nothing of: where the memory is (kept or garbage), and the server's own time per answer of one
// path while the benchmark asks for it (from node:http's diagnostics channels, subscribed only meanwhile, so the
// throughput runs pay nothing for it). The throughput reference is bench/bareServer.mjs, another process.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const { serve, loadConfig } = await import(pathToFileURL(join(root, 'build/server/main.mjs')).href);

const started = new WeakMap();
let recording = null; // { path, took: number[] }
const onStart = ({ request, response }) => {
  if (request.url.split('?')[0] === recording?.path) started.set(response, performance.now());
};
const onFinish = ({ response }) => {
  const t0 = started.get(response);
  if (t0 !== undefined) recording?.took.push(performance.now() - t0);
};

await serve(loadConfig(), [], {
  extend: (app) => {
    // ?collect=1: after a full collection (the benchmark starts this with --expose-gc, which changes nothing else),
    // so the heap figure is what the server keeps rather than garbage not yet collected.
    app.get('/api/__bench/memory', async (request) => {
      if (request.query.collect === '1') globalThis.gc?.();
      return process.memoryUsage();
    });
    // The first call starts recording one path; the next answers what was recorded and stops.
    app.post('/api/__bench/timings', async (request) => {
      if (recording) {
        const { took } = recording;
        recording = null;
        unsubscribe('http.server.request.start', onStart);
        unsubscribe('http.server.response.finish', onFinish);
        return took;
      }
      recording = { path: String(request.query.path), took: [] };
      subscribe('http.server.request.start', onStart);
      subscribe('http.server.response.finish', onFinish);
      return [];
    });
  },
});
