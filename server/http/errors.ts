// Refusals carry the key of their Arabic message; the app's error handler turns them into {message}.
import { t, type MessageKey } from '../../src/domain/messages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the refusal carries (Retry-After on a 429, WWW-Authenticate on a 401). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** How a refused request is told to authenticate (RFC 6750): the API takes bearer tokens only. */
export const WWW_AUTHENTICATE = 'Bearer realm="cemetery"';

export const refuse = (
  status: number,
  key: MessageKey,
  params?: Record<string, string | number>,
  headers: Record<string, string> = {},
) =>
  new HttpError(
    status,
    t(key, params),
    status === 401 ? { 'www-authenticate': WWW_AUTHENTICATE, ...headers } : headers,
  );

/** A 429 that says, in whole seconds, when the client may try again. */
export const tooMany = (key: MessageKey, retryAfterSeconds: number, params?: Record<string, string | number>) =>
  refuse(429, key, params, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => refuse(400, key, params);
export const notFound = (key: MessageKey = 'errors.notFound') => refuse(404, key);
