// What the data layer refuses, in the register's own words: the record is not there, what was asked breaks a rule of
// the register, or it conflicts with the register's present state. Each carries the key of its Arabic message and
// its parameters; the kind alone decides the HTTP status, in one place (server/plugins/errors.ts), so this layer
// knows nothing of HTTP and a command-line tool can read the same refusal.
import type { MessageKey } from '../../src/domain/messages';

export type RefusalKind = 'notFound' | 'invalid' | 'conflict';

export class RegisterRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
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
