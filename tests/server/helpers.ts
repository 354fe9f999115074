// Small helpers for the server suites: JSON calls with an optional token, a clock the test moves, and the
// Arabic texts the contract promises. Everything goes through HTTP to the real app (tests/support/server.ts).
// Unlike src/api's client (which the fixtures of tests/support/fixtures.ts use), `call` never throws on a refusal and
// sends malformed bodies as they are: these suites assert on every status and on what the server does with them.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { t, type MessageKey } from '../../src/domain/messages';
import type { MessageAnswer } from '../support/fixtures';

/**
 * One answer. `body` is what the caller says the server answers (call<Grave[]>(…)); the assertions check it. A call
 * that names no type gets `unknown`, to be narrowed (expectRefusal, a cast of a parsed document) before it is read.
 */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Every refusal answers {message} in Arabic. */
export type Refusal = MessageAnswer;

export interface CallOptions {
  token?: string | null;
  /** Objects are sent as JSON, strings as they are (for malformed JSON). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call to the API; body objects are sent as JSON, strings as they are (for malformed JSON). */
export async function call<T = unknown>(
  api: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(`${api}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: keep the text so a test can show it
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** An answer as it travelled: its body not decoded (fetch would undo the compression). */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a connection of its own, its answer's bytes as they came. */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A clock a test sets and moves; pass `clock.now` as the server's `now`. */
export function movableClock(start: string) {
  let current = new Date(start);
  return {
    now: () => new Date(current.getTime()),
    set(iso: string) {
      current = new Date(iso);
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * Asserts an error answer: the status and, when given, the exact Arabic message of a glossary key. Afterwards the
 * answer's body is known to be a refusal, so a test may read its message.
 */
export function expectRefusal(answer: Answer, status: number, key?: MessageKey): asserts answer is Answer<Refusal> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const message = isObject(answer.body) ? answer.body.message : undefined;
  expect(typeof message).toBe('string');
  // Arabic, never a stack trace or an English framework message.
  expect(message).toMatch(/[\u0600-\u06FF]/);
  expect(JSON.stringify(answer.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  if (key) expect(message).toBe(t(key));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export const YMD = /^\d{4}-\d{2}-\d{2}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
