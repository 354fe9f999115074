// The one client of the /api contract: base address, JSON, bearer token and errors in one place.

/** The API's base: VITE_API_URL when the site runs against another server, else this origin's /api. */
export const API_BASE: string = (() => {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  const configured = env?.VITE_API_URL?.replace(/\/+$/, '');
  return configured ? `${configured}/api` : '/api';
})();

/** A refused or failed call. `message` is the server's Arabic message when it sent one; status 0 = network. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own type (a chosen file); instead of `body`. */
  file?: Blob;
  /** Sent as multipart/form-data (the browser writes its boundary); instead of `body` and `file`. */
  form?: FormData;
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Base address; defaults to API_BASE. Tests pass the server's own. */
  base?: string;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  json: T;
  /** The body as received (ra-data-simple-rest's httpClient shape carries it). */
  text: string;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  else if (options.form !== undefined) delete headers['Content-Type'];
  else if (options.file !== undefined) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`${options.base ?? API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : (options.form ?? options.file),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network error', null);
  }
  const text = await response.text();
  let json: unknown = null;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const serverMessage =
      json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string'
        ? (json as { message: string }).message
        : null;
    throw new ApiError(response.status, serverMessage ?? `HTTP ${response.status}`, serverMessage, json);
  }
  return { status: response.status, headers: response.headers, json: json as T, text };
}

/** GET/POST/… returning only the JSON body. */
export async function call<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).json;
}
