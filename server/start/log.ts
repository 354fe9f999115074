// What the server writes to its log, and how (LOG_LEVEL, LOG_FORMAT; server/start/config.ts).
//
// A village server answers thousands of requests a minute at peaks; one line per request cost about half of the
// throughput of a kept answer (measured with bench/bareServer.mjs), so the default keeps what someone reads after a
// problem: failures, staff writes (who changed the register), and requests slower than a second. LOG_LEVEL=access
// adds one line per request. Lines are JSON (pino) for a log collector, or plain text (LOG_FORMAT=text, the default
// of `npm run demo` and `npm run dev`) for a person reading a terminal.
import type { FastifyServerOptions } from 'fastify';

/** From the most to the least said; each level says what the ones after it say. */
export const LOG_LEVELS = ['access', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** A request taking longer than this is logged at warn. */
export const SLOW_REQUEST_MS = 1000;

/** pino's number for the access lines: between debug (20) and info (30). */
const ACCESS = 25;

/** Where the lines go (standard output unless a test listens). */
export interface LogSink {
  write(line: string): void;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  [ACCESS]: 'ACCESS',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** One JSON line of pino as a person reads it: the time, the level, the message, and an error's stack under it. */
export function textLine(json: string): string {
  let entry: { time?: number; level?: number; msg?: string; err?: { stack?: string; message?: string } };
  try {
    entry = JSON.parse(json) as typeof entry;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(entry.time ?? Date.now()).toISOString().slice(11, 19);
  const level = (LEVEL_NAMES[entry.level ?? 30] ?? String(entry.level)).padEnd(6);
  const error = entry.err ? `\n  ${(entry.err.stack ?? entry.err.message ?? '').replace(/\n/g, '\n  ')}` : '';
  return `${time} ${level} ${entry.msg ?? ''}${error}\n`;
}

/** Fastify's `logger` option for these settings. */
export function loggerOptions(
  level: LogLevel,
  format: LogFormat,
  sink: LogSink = process.stdout,
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  const stream = format === 'text' ? { write: (line: string) => sink.write(textLine(line)) } : sink;
  return {
    level,
    customLevels: { access: ACCESS },
    stream,
    hooks: {
      // @fastify/compress logs as an error a visitor who went away while a compressed answer was streaming
      // ("premature close"): nothing failed on the server, and a busy day would fill the log with it.
      logMethod(args, method) {
        const [first] = args as unknown[];
        if (first instanceof Error && first.message === 'premature close') return;
        method.apply(this, args);
      },
    },
  };
}
