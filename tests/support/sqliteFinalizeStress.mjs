// Run as `node --expose-gc tests/support/sqliteFinalizeStress.mjs COUNT`: prepares COUNT SQLite statements in all,
// on the main thread and in eight worker threads at once, drops each one, and forces a collection every few hundred,
// so the garbage collector finalises them while threads start and end. A driver built the wrong way for this Node
// aborts the process here (the exit code then says so); a sound one prints the count it finalised.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const WORKERS = 8;

function churn(count) {
  const db = new Database(':memory:');
  db.exec('create table t (id integer primary key, name text)');
  let made = 0;
  for (let i = 0; i < count; i++) {
    // A new statement each time, never kept: only the collector ends it.
    db.prepare(`select name from t where id = ${i}`).get();
    made++;
    if (i % 500 === 499) globalThis.gc();
  }
  globalThis.gc();
  db.close();
  return made;
}

if (isMainThread) {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
  const total = Number(process.argv[2] ?? 100_000);
  const share = Math.floor(total / (WORKERS + 1));
  const workers = Array.from(
    { length: WORKERS },
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: share });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
  );
  const own = churn(total - share * WORKERS);
  const counts = await Promise.all(workers);
  globalThis.gc();
  console.log(`finalised ${own + counts.reduce((a, b) => a + b, 0)} statements on Node ${process.version}`);
} else {
  parentPort.postMessage(churn(workerData));
}
