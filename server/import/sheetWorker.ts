// The sheet worker: reads one uploaded register file (sheetParse.ts) on a thread of its own, so that the server's
// event loop keeps answering while it runs, and so that a file that still manages to exhaust the worker's bounded
// heap ends this thread, not the server. It answers one message: the sheet, or the refusal.
import { parentPort, workerData } from 'node:worker_threads';
import { parseSheet, refusals, SheetRefused, type Refusal, type Sheet } from './sheetParse';

export type SheetAnswer = { ok: true; sheet: Sheet } | { ok: false; refusal: Refusal };

const bytes = (workerData as { bytes: Uint8Array }).bytes;
let answer: SheetAnswer;
try {
  answer = { ok: true, sheet: await parseSheet(bytes) };
} catch (error) {
  // A stack overflow on a deeply nested document lands here too: the file is refused like any other.
  answer = { ok: false, refusal: (error instanceof SheetRefused ? error : refusals.tooComplex()).refusal };
}
parentPort?.postMessage(answer);
