// The production server (npm start's bundle, which bench/run.ts refreshes first with `scripts/start.mjs build`)
// with the benchmark's ceiling route added under /api.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ceilingRoutes, serverTimings } from './ceilingRoutes.mjs';

const root = resolve(import.meta.dirname, '..');
const { serve, loadConfig } = await import(pathToFileURL(join(root, 'build/server/main.mjs')).href);
await serve(loadConfig(), [], {
  extend: async (app) => {
    await app.register(ceilingRoutes, { prefix: '/api' });
    serverTimings(app);
  },
});
