// Starts a worker written in TypeScript when the server runs from its sources (tests, `npm run dev`): a worker
// thread does not inherit the parent's tsx loader, so it registers its own before importing the entry. The bundled
// server (`npm start`) starts the bundled worker directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
