// Where a phone journey's time goes: one more run of the journey under Chromium's tracing (never one of the measured
// runs: tracing slows the page), its trace kept in .cache/bench-traces/ for DevTools' Performance panel, and a summary
// of it in the bench's output: the page's main thread by kind of work, its long tasks, and each request on the wire.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RecordFigure } from './recordFigure';

const TRACES_DIR = resolve('.cache/bench-traces');

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** The trace events this summary reads (Chromium's trace event format). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; requestId?: string } };
}

/** Each main-thread event by the kind of work it is, as DevTools' summary groups them. */
const KINDS: Record<string, string> = {
  FunctionCall: 'scripting',
  EvaluateScript: 'scripting',
  'v8.compile': 'scripting',
  'v8.compileModule': 'scripting',
  'v8.evaluateModule': 'scripting',
  RunMicrotasks: 'scripting',
  TimerFire: 'scripting',
  EventDispatch: 'scripting',
  FireAnimationFrame: 'scripting',
  'V8.GCScavenger': 'scripting',
  MajorGC: 'scripting',
  MinorGC: 'scripting',
  ParseHTML: 'parsing',
  ParseAuthorStyleSheet: 'parsing',
  UpdateLayoutTree: 'style and layout',
  Layout: 'style and layout',
  HitTest: 'style and layout',
  PrePaint: 'painting',
  Paint: 'painting',
  Layerize: 'painting',
  Commit: 'painting',
};
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LONG_TASK_US = 50_000;

interface TraceSummary {
  /** Main-thread milliseconds by kind of work, within the journey. */
  busy: Record<string, number>;
  /** Tasks over 50 ms: their start (from the journey's start) and length, in ms. */
  longTasks: Array<[number, number]>;
  /** Requests: the address's path, when it left and when its last byte came (from the journey's start), in ms. */
  requests: Array<[string, number, number]>;
}

/** Reads a trace between two moments given as Chromium's trace clock (µs). */
function summarizeTrace(events: TraceEvent[], from: number, to: number): TraceSummary {
  const threadNames = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  // The page's main thread: of the renderers' main threads, the busiest in the window (a tab's other renderers idle).
  const inWindow = events.filter((e) => e.ts >= from && e.ts <= to);
  const counts = new Map<string, number>();
  for (const e of inWindow) {
    const key = `${e.pid}:${e.tid}`;
    if (threadNames.get(key) === 'CrRendererMain' && e.ph === 'X') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = inWindow
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const busy: Record<string, number> = {};
  // An event inside another counted one (a function call inside an event's dispatch) is counted once, as its parent.
  let coveredUntil = 0;
  for (const e of onMain) {
    const kind = KINDS[e.name];
    if (!kind || e.ts < coveredUntil) continue;
    busy[kind] = (busy[kind] ?? 0) + (e.dur ?? 0) / 1000;
    coveredUntil = e.ts + (e.dur ?? 0);
  }
  const longTasks = onMain
    .filter((e) => TASK_NAMES.has(e.name) && (e.dur ?? 0) > LONG_TASK_US)
    .map((e): [number, number] => [(e.ts - from) / 1000, (e.dur ?? 0) / 1000]);
  const sent = new Map<string, { url: string; at: number }>();
  const requests: Array<[string, number, number]> = [];
  for (const e of inWindow) {
    const id = e.args?.data?.requestId;
    if (!id) continue;
    if (e.name === 'ResourceSendRequest' && e.args?.data?.url) sent.set(id, { url: e.args.data.url, at: e.ts });
    if (e.name === 'ResourceFinish' && sent.has(id)) {
      const { url, at } = sent.get(id)!;
      requests.push([new URL(url).pathname, (at - from) / 1000, (e.ts - from) / 1000]);
    }
  }
  return { busy, longTasks, requests };
}

/**
 * Runs `journey` under tracing and records its summary. `journey` marks its own start and end with
 * `performance.mark('journey-start' | 'journey-end')` in the page, so the summary covers only what it measures.
 */
export async function tracedJourney(
  browser: Browser,
  page: Page,
  name: string,
  journey: () => Promise<void>,
  record: RecordFigure,
): Promise<void> {
  mkdirSync(TRACES_DIR, { recursive: true });
  const file = resolve(TRACES_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`);
  await browser.startTracing(page, { categories: CATEGORIES });
  let trace: Buffer;
  try {
    await journey();
  } finally {
    trace = await browser.stopTracing();
    writeFileSync(file, trace);
  }
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (label: string) => events.find((e) => e.name === label && e.ph !== 'M')?.ts;
  const from = mark('journey-start');
  const to = mark('journey-end');
  if (from === undefined || to === undefined) {
    console.log(`trace of ${name}: its marks were not found (${file})`);
    return;
  }
  const summary = summarizeTrace(events, from, to);
  const group = 'trace';
  record(
    group,
    `${name}: the journey, traced once more (${file.replace(`${process.cwd()}/`, '')})`,
    (to - from) / 1000,
    'ms',
  );
  for (const [kind, ms] of Object.entries(summary.busy).sort((a, b) => b[1] - a[1]))
    record(group, `${name}: main thread, ${kind}`, ms, 'ms');
  record(
    group,
    `${name}: long tasks (start+length, ms): ${summary.longTasks.map(([at, ms]) => `${Math.round(at)}+${Math.round(ms)}`).join(', ') || 'none'}`,
    summary.longTasks.length,
    'tasks',
  );
  record(
    group,
    `${name}: requests (path left→done, ms): ${summary.requests.map(([path, at, done]) => `${path.slice(0, 40)} ${Math.round(at)}→${Math.round(done)}`).join('; ') || 'none'}`,
    summary.requests.length,
    'requests',
  );
}
