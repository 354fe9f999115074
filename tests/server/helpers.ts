// Small helpers for the server suites: JSON calls with an optional token, a clock the test moves, and the
// Arabic texts the contract promises. Everything goes through HTTP to the real app (tests/support/server.ts).
import { expect } from 'vitest';
import { t, type MessageKey } from '../../src/domain/messages';

// The answers of these suites are read as they come (`any` by default) and checked by the assertions; calls that
// name their answer's type (call<Grave[]>(…)) get it typed. Typing every call is left to do (issue 9, item 8).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** One HTTP call to the API; body objects are sent as JSON, strings as they are (for malformed JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  api: string,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
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

/** Asserts an error answer: the status and, when given, the exact Arabic message of a glossary key. */
export function expectRefusal(answer: Answer, status: number, key?: MessageKey): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(typeof answer.body?.message).toBe('string');
  // Arabic, never a stack trace or an English framework message.
  expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
  expect(JSON.stringify(answer.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  if (key) expect(answer.body.message).toBe(t(key));
}

export const YMD = /^\d{4}-\d{2}-\d{2}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
