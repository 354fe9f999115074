// Reads an uploaded register file off the event loop: each file is parsed by a worker thread of its own
// (sheetWorker.ts, the rules in sheetParse.ts) with a bounded heap and a time limit, and at most two run at once.
// So however the file is made (blank rows by the hundred thousand, a zip bomb, a sheet addressing a cell a million
// rows down, deep XML), the server keeps answering while it is read, and the worst a file can do is be refused:
// - a limit passed while reading: the worker answers the refusal it found, at once;
// - the time limit: the worker is ended and the file refused (import.tooSlow);
// - the worker's heap exhausted or its thread dying: refused (import.tooComplex), the server untouched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
 * Where the worker starts from. The bundled server (build/server/main.mjs, `npm start`) has the worker bundled
 * beside it. Run from its sources (tests, `npm run dev`), the server bundles the worker once, into a folder of its
 * own that goes when the process ends: a worker thread does not inherit the parent's TypeScript loader, and
 * loading the reader's modules through a loader of the worker's own took about 0.6 s for each file read, against
 * 0.1 s from a bundle.
 */
let workerFromSources: Promise<URL> | undefined;
function workerEntry(): Promise<URL> {
  if (import.meta.url.endsWith('.mjs')) return Promise.resolve(new URL('./sheetWorker.mjs', import.meta.url));
  workerFromSources ??= bundleWorker();
  return workerFromSources;
}

async function bundleWorker(): Promise<URL> {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-sheet-worker-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'sheetWorker.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./sheetWorker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Bundled CommonJS packages call require(); give the ES module one (as scripts/start.mjs does).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  return pathToFileURL(outfile);
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

async function readInWorker(bytes: Buffer): Promise<Sheet> {
  // The worker gets its own copy of the bytes, moved rather than copied again.
  const own = new Uint8Array(bytes);
  const entry = await workerEntry();
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, {
      workerData: { bytes: own },
      // None of the process's own flags: a TypeScript loader the sources run under would be loaded again in each
      // worker (0.2 s against 0.1 s), and the worker's heap has its own limits below.
      execArgv: [],
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
