// Reads an uploaded register file off the event loop: each file is parsed by a worker thread of its own
// (sheetWorker.ts, the rules in sheetParse.ts) with a bounded heap and a time limit, and at most two run at once.
// So however the file is made (blank rows by the hundred thousand, a zip bomb, a sheet addressing a cell a million
// rows down, deep XML), the server keeps answering while it is read, and the worst a file can do is be refused:
// - a limit passed while reading: the worker answers the refusal it found, at once;
// - the time limit: the worker is ended and the file refused (import.tooSlow);
// - the worker's heap exhausted or its thread dying: refused (import.tooComplex), the server untouched.
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS } from '../../src/domain/rules/registerImport';
import { refusals, SheetRefused, type Sheet } from './sheetParse';
import type { SheetAnswer } from './sheetWorker';

export { SheetRefused, type Sheet };

/** Files read at once; a third waits for neither and is asked to try again (two cores, and each worker's heap). */
const MAX_READERS = 2;
/**
 * The heap one reading may use. A 5 MB file at every limit needs about 60 MB; the bound is what keeps the
 * server's memory bounded whatever arrives: the worker is ended when it is reached.
 */
const WORKER_HEAP_MB = 128;

let reading = 0;

/**
 * The bundled server (build/server/main.mjs, `npm start`) has the worker bundled beside it; from the sources
 * (tests, `npm run dev`) the TypeScript entry is started through a loader of its own.
 */
function workerEntry(): { url: URL; workerData: Record<string, unknown> } {
  if (import.meta.url.endsWith('.mjs')) return { url: new URL('./sheetWorker.mjs', import.meta.url), workerData: {} };
  return {
    url: new URL('./tsWorker.mjs', import.meta.url),
    workerData: { entry: new URL('./sheetWorker.ts', import.meta.url).href },
  };
}

/** The header and rows of an uploaded file (CSV or .xlsx); SheetRefused with the Arabic reason's key otherwise. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (reading >= MAX_READERS) throw refusals.readerBusy();
  reading++;
  try {
    return await readInWorker(bytes);
  } finally {
    reading--;
  }
}

function readInWorker(bytes: Buffer): Promise<Sheet> {
  // The worker gets its own copy of the bytes, moved rather than copied again.
  const own = new Uint8Array(bytes);
  const entry = workerEntry();
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.url, {
      workerData: { ...entry.workerData, bytes: own },
      transferList: [own.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(refusals.tooSlow())), IMPORT_LIMITS.parseSeconds * 1000);
    worker.once('message', (answer: SheetAnswer) =>
      settle(() => (answer.ok ? resolve(answer.sheet) : reject(new SheetRefused(answer.refusal)))),
    );
    // ERR_WORKER_OUT_OF_MEMORY, or anything else that ends the thread before it answers.
    worker.once('error', () => settle(() => reject(refusals.tooComplex())));
    worker.once('exit', () => settle(() => reject(refusals.tooComplex())));
  });
}
