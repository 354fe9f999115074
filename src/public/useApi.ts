// A GET of the API as component state: loading, data or error, cancelled when the component leaves.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, call } from '../api';
import { afterFirstPaint } from './firstPaint';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'done'; data: T }
  | { state: 'error'; error: ApiError };

/**
 * Requests started ahead of their screen (before the first render: src/ssr/entry-client.tsx; on a card's touch or
 * hover: GraveCard), taken over by the first useApi of that path while they are fresh.
 */
const prefetched = new Map<string, { pending: Promise<unknown>; at: number }>();
/** A request started this long ago is not taken over: the visitor hovered a card and came back later. */
const PREFETCH_FRESH_MS = 15_000;

/**
 * Starts a GET at once, before React renders: for the data the page's largest text waits for (a grave's number),
 * so the request does not wait for the page's chunk and first render.
 */
export function prefetch(path: string): void {
  const now = Date.now();
  for (const [key, early] of prefetched) if (now - early.at > PREFETCH_FRESH_MS) prefetched.delete(key);
  if (prefetched.has(path)) return;
  const pending = call<unknown>(path);
  pending.catch(() => {}); // handled by the useApi that takes it
  prefetched.set(path, { pending, at: now });
}

/**
 * Answers the server put in the page with its markup (a grave page's grave), by API path. A component drawn with
 * one starts 'done', as the server drew it; its first effect takes the answer out instead of asking again.
 */
export const FirstDataContext = createContext<Map<string, unknown>>(new Map());

export function useApi<T>(path: string | null): Loaded<T> & { reload: () => void } {
  const firstData = useContext(FirstDataContext);
  const [result, setResult] = useState<Loaded<T>>(() =>
    path !== null && firstData.has(path) ? { state: 'done', data: firstData.get(path) as T } : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (path === null) return;
    if (attempt === 0 && firstData.delete(path)) return;
    const controller = new AbortController();
    setResult({ state: 'loading' });
    const kept = attempt === 0 ? prefetched.get(path) : undefined;
    prefetched.delete(path);
    const early = kept && Date.now() - kept.at <= PREFETCH_FRESH_MS ? kept.pending : undefined;
    const pending = early
      ? (early as Promise<T>)
      : afterFirstPaint().then(() => {
          if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
          return call<T>(path, { signal: controller.signal });
        });
    pending.then(
      (data) => {
        if (controller.signal.aborted) return;
        // A transition: React renders what the data brings in slices that leave the main thread free.
        startTransition(() => setResult({ state: 'done', data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ state: 'error', error: error instanceof ApiError ? error : new ApiError(0, String(error), null) });
      },
    );
    return () => controller.abort();
  }, [path, attempt, firstData]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // One object per result, so components can key memos and effects on it.
  return useMemo(() => ({ ...result, reload }), [result, reload]);
}
