// Refusals carry the key of their Arabic message; the app's error handler turns them into {message}.
import { t, type MessageKey } from '../src/domain/messages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const refuse = (status: number, key: MessageKey, params?: Record<string, string | number>) =>
  new HttpError(status, t(key, params));

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => refuse(400, key, params);
export const notFound = (key: MessageKey = 'errors.notFound') => refuse(404, key);
