// The console's calls go through the one client of src/api; this adds what react-admin expects of them: the
// session's token on every call, `id` beside the API's `_id`, and refusals as ra-core's HttpError.
import { HttpError, type fetchUtils } from 'ra-core';
import { ApiError, request, type RequestOptions } from '../api/client';
import { t, type MessageKey } from '../domain/messages';
import { refusedField } from '../domain/rules/validation';

const NETWORK_ERROR: MessageKey = 'errors.connection';

/** One call as the console's user: the options of src/api's request, without the base and the token it adds. */
export type ConsoleCallOptions = Omit<RequestOptions, 'base' | 'token'>;

export interface ConsoleApi {
  /** The JSON answer of one call of the /api contract (paths from src/api/paths). */
  call<T>(path: string, options?: ConsoleCallOptions): Promise<T>;
  /** The same calls in the shape of ra-data-simple-rest's httpClient, for a provider built on '' as its URL. */
  httpClient(
    path: string,
    options?: fetchUtils.Options,
  ): Promise<{ status: number; headers: Headers; body: string; json: unknown }>;
  /** Whether the session has a token (some lists speak their own error without one). */
  hasToken(): boolean;
}

/**
 * The API names every record's key `_id` (spec section 7); react-admin reads `id`. Every object of an answer that
 * has an `_id` gets the same `id`, nested ones too (a grave's buried persons, a suggestion in an answer).
 */
export function withIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withIds);
  if (value === null || typeof value !== 'object') return value;
  const record: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) record[key] = withIds(field);
  if (record._id !== undefined && record._id !== null) record.id = String(record._id);
  return record;
}

/** react-admin shows an HttpError's message and reads its status (401 and 403 go to the authProvider). */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  // fetch itself failed (server unreachable): still an Arabic message, status 0.
  if (error.status === 0) return new HttpError(t(NETWORK_ERROR), 0, null);
  const message = error.serverMessage ?? error.message;
  // A refusal about one field carries it as react-admin's validation errors ({errors: {field: message}}): the form
  // then shows it under that field, and the page shows no second copy (see fieldRefusal).
  const field = error.status === 400 ? refusedField(message) : null;
  const body = field ? { ...(isRecord(error.body) ? error.body : {}), errors: { [field]: message } } : error.body;
  return new HttpError(message, error.status, body ?? null);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a refused save is about a field (shown under it by the form), so that nothing else repeats it. */
export function fieldRefusal(error: unknown): boolean {
  const errors = error instanceof HttpError && isRecord(error.body) ? error.body.errors : undefined;
  return isRecord(errors) && Object.keys(errors).length > 0;
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    record[key] = value;
  });
  return record;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

function method(value: string | undefined): Method {
  const upper = (value ?? 'GET').toUpperCase();
  const known = METHODS.find((m) => m === upper);
  if (!known) throw new Error(`The API has no ${upper} calls`);
  return known;
}

/**
 * @param apiBase the API's base address (API_BASE in the browser; the test server's in tests)
 * @param getToken the bearer token of the session, or null
 */
export function consoleApi(apiBase: string, getToken: () => string | null): ConsoleApi {
  const send = async <T>(path: string, options: ConsoleCallOptions = {}) => {
    try {
      const answer = await request<unknown>(path, { ...options, base: apiBase, token: getToken() });
      return { ...answer, json: withIds(answer.json) as T };
    } catch (error) {
      throw toHttpError(error);
    }
  };
  return {
    async call<T>(path: string, options?: ConsoleCallOptions) {
      return (await send<T>(path, options)).json;
    },
    async httpClient(path, options = {}) {
      const answer = await send<unknown>(path, {
        method: method(options.method),
        headers: headerRecord(options.headers),
        // simple-rest hands over the body already serialised; the client serialises what it sends itself.
        body: typeof options.body === 'string' ? JSON.parse(options.body) : undefined,
        signal: options.signal ?? undefined,
      });
      return { status: answer.status, headers: answer.headers, body: answer.text, json: answer.json };
    },
    hasToken: () => Boolean(getToken()),
  };
}
