// The sheet worker: reads one uploaded register file (sheetParse.ts) on a thread of its own, so that the server's
// event loop keeps answering while it runs, and so that a file that still manages to exhaust the worker's bounded
// heap ends this thread, not the server. It answers one message: the sheet, or the refusal.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { parseSheet, refusals, SheetRefused, type Refusal, type Sheet } from './sheetParse';

export type SheetAnswer = { ok: true; sheet: Sheet } | { ok: false; refusal: Refusal };

// The visitors come first: on Linux this lowers only this thread's priority (threads have their own nice value),
// so on a small machine whose cores are busy the event loop gets the processor first when it needs it. Not the
// lowest priority: the file must still be read within its time limit on a machine that other programs keep busy.
try {
  setPriority(10);
} catch {
  // Not allowed here (another system): the file is read at the usual priority.
}

const bytes = (workerData as { bytes: Uint8Array }).bytes;
let answer: SheetAnswer;
try {
  answer = { ok: true, sheet: await parseSheet(bytes) };
} catch (error) {
  // A stack overflow on a deeply nested document lands here too: the file is refused like any other.
  answer = { ok: false, refusal: (error instanceof SheetRefused ? error : refusals.tooComplex()).refusal };
}
parentPort?.postMessage(answer);
