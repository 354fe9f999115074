// A multipart POST that reports how much of its body has gone (a photo sent from a slow phone says how far
// it is). fetch() cannot tell an upload's progress in today's browsers, so this one call uses XMLHttpRequest; the
// answers and refusals are read as client.ts reads them (the server's Arabic message, status 0 for the network).
import { API_BASE, ApiError } from './client';

export interface UploadOptions {
  form: FormData;
  /** Called with the share of the body sent, 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
  token?: string | null;
  base?: string;
}

export function upload<T>(path: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${options.base ?? API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.token) xhr.setRequestHeader('Authorization', `Bearer ${options.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network error', null));
    xhr.ontimeout = () => reject(new ApiError(0, 'network error', null));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(json as T);
        return;
      }
      const message =
        json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string'
          ? (json as { message: string }).message
          : null;
      reject(new ApiError(xhr.status, message ?? `HTTP ${xhr.status}`, message, json));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.form);
  });
}
