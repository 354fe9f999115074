// A GET of the API as component state: loading, data or error, cancelled when the component leaves.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '../api';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'done'; data: T }
  | { state: 'error'; error: ApiError };

export function useApi<T>(path: string | null): Loaded<T> & { reload: () => void } {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setResult({ state: 'loading' });
    call<T>(path, { signal: controller.signal }).then(
      (data) => setResult({ state: 'done', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ state: 'error', error: error instanceof ApiError ? error : new ApiError(0, String(error), null) });
      },
    );
    return () => controller.abort();
  }, [path, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, reload };
}
