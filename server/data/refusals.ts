// What the data layer refuses, in the register's own words: the record is not there, what was asked breaks a rule of
// the register, it conflicts with the register's present state, or a cap on what visitors leave waiting is reached
// (theirs, or the register's whole room). Each carries the key of its Arabic message and
// its parameters; the kind alone decides the HTTP status, in one place (server/plugins/errors.ts), so this layer
// knows nothing of HTTP and a command-line tool can read the same refusal.
import type { MessageKey } from '../../src/domain/messages';

export type RefusalKind = 'notFound' | 'invalid' | 'conflict' | 'tooMany' | 'full';

export class RegisterRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    /** For a cap: when the client may try again, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = 'RegisterRefusal';
  }
}

/** The record asked for is not in the register (or no longer). */
export const notFound = (key: MessageKey = 'errors.notFound') => new RegisterRefusal('notFound', key);
/** What was asked breaks a rule of the register, whatever its present state. */
export const invalid = (key: MessageKey, params?: Record<string, string | number>) =>
  new RegisterRefusal('invalid', key, params);
/** What was asked cannot be done to the register as it is now (a grave still resting, a record changed meanwhile). */
export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new RegisterRefusal('conflict', key, params);

export const isNotFound = (error: unknown): boolean => error instanceof RegisterRefusal && error.kind === 'notFound';

/** A cap reached: the client's or the grave's share ('tooMany'), or the register's whole room ('full'). */
export const capReached = (kind: 'tooMany' | 'full', key: MessageKey, retryAfterSeconds: number) =>
  new RegisterRefusal(kind, key, undefined, retryAfterSeconds);
