// What a route declares about itself in its options' `config`, read by the plugins that act on it:
// - access: who may call it (the authentication plugin answers 401/403 before the body is read);
// - answerCache: the parts of the register its answer shows (the answer cache keeps it until one of them changes);
// - tooLarge: its own reason for a body over its limit (the errors plugin answers 413 with it).
import type { MessageKey } from '../../src/domain/messages';
import type { Action, Resource } from '../../src/domain/rules/policy';
import type { DataScope } from '../data/dataVersions';

export interface RouteAccess {
  resource: Resource;
  action: Action;
}

export interface AnswerCacheConfig {
  /** The parts of the register this answer shows; a write to any of them drops the kept answer. */
  shows: readonly DataScope[];
  /** The query parameters that select another answer (e.g. the search's q); a request with any other is not kept. */
  query?: readonly string[];
  /**
   * Those of `query` that a visitor types freely (a name): answers asked with one share a small part of the memory
   * of kept answers, their own oldest leaving first, so that thousands of different searches never push out the
   * pages every visitor asks for (server/plugins/answerCache.ts).
   */
  typed?: readonly string[];
  /**
   * The answer is the public's only when the request carries no session: one with an Authorization header
   * (staff, who may read more, e.g. a hidden notice) is neither served a kept answer nor kept.
   */
  publicOnly?: boolean;
  /**
   * The route parameter naming the one grave the answer shows (a grave's page). A write to another grave of its
   * section then leaves it kept: the log of changed graves (data/graveFacts.ts) says which graves a write changed,
   * in this process or another. A change the log does not name graves for drops it as `shows` says.
   */
  grave?: string;
}

/** A route's own Arabic reason for a body over its size limit (an upload says how large a file may be). */
export interface TooLargeConfig {
  key: MessageKey;
  params?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    answerCache?: AnswerCacheConfig;
    tooLarge?: TooLargeConfig;
  }
}
