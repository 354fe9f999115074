// What a failed request says to the person who asked: the server's own words when it gave a reason, else the
// page's fallback. One rule for the whole browser: every message the register shows is Arabic, so a message with no
// Arabic letter is a stand-in nobody should read (the client's «HTTP 500» when the answer had no message, a status
// text such as «Forbidden», the browser's «Failed to fetch», a programming error's words).
import { t, type MessageKey } from '../domain/messages';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/**
 * The reason a failed request (or any error) gives in words a person can read, or null when it gives none.
 * ra-core's HttpError and src/api's ApiError both carry the server's message as their own.
 */
export function serverReason(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  const { message } = error;
  return typeof message === 'string' && ARABIC_LETTER.test(message) ? message : null;
}

/** The server's message of a failed request, else the fallback's words. */
export function serverMessage(error: unknown, fallback: MessageKey): string {
  return serverReason(error) ?? t(fallback);
}
