// The routes' JSON schemas compiled when first used, not all before the server listens (start-up to the
// first answered request under one second). Fastify compiles every route's validators (Ajv) and response serializers
// (fast-json-stringify) while it gets ready: about 400 ms of the start on this project's machine, for a hundred
// routes most of which a given start never answers. Here the reads (GET: what visitors and the console's lists ask
// first; about 70 ms of the start here) are compiled as Fastify would, before listening, so the first visitor after
// a start does not wait for them (a cold page under 100 ms); every other route's are compiled by its first request,
// with the same compilers and options, or after listening, a few at a time between requests (compileRest).
//
// Fastify treats a compilers factory given in its options as a "custom validator": the only difference is that a
// `headers` schema is not lower-cased for it; no route declares one (a route that does must write it in lower case).
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { IdleTurns } from './idleTurns';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;

/** How long the background compilation holds the event loop at a time. */
const SLICE_MS = 10;

export interface LazySchemas {
  /** The `schemaController` option of Fastify. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Compiles, when no request is being answered, every schema not compiled yet; resolves when none is left. */
  compileRest(idle: IdleTurns): Promise<void>;
  /** Schemas not compiled yet (the tests read it). */
  waiting(): number;
}

export function lazySchemas(): LazySchemas {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const pending = new Set<() => void>();

  /**
   * A function that compiles `make` on its first call (or when compileRest reaches it) and then is it; a read's is
   * compiled now.
   */
  function lazily<F extends (data: unknown) => unknown>(make: () => F, copyErrors: boolean, route: unknown): F {
    const method = (route as { method?: string | string[] }).method;
    if (method === 'GET' || (Array.isArray(method) && method.includes('GET'))) return make();
    let compiled: F | null = null;
    const compile = () => {
      compiled ??= make();
      pending.delete(compile);
      return compiled;
    };
    pending.add(compile);
    const call = ((data: unknown) => {
      const fn = compiled ?? compile();
      const result = fn(data);
      // Fastify reads a failed validation's errors from the function it called.
      if (copyErrors) (call as Validate).errors = (fn as Validate).errors;
      return result;
    }) as F;
    return call;
  }

  // Typed loosely: Fastify's types describe Ajv's function, and these stand for one with the same behaviour.
  const compilersFactory = {
    buildValidator(externalSchemas: unknown, options: unknown) {
      const compile = (validators as (e: unknown, o: unknown) => (route: unknown) => Validate)(
        externalSchemas,
        options,
      );
      return (route: unknown) => lazily(() => compile(route), true, route);
    },
    buildSerializer(externalSchemas: unknown, options: unknown) {
      const compile = (serializers as (e: unknown, o: unknown) => (route: unknown) => Serialize)(
        externalSchemas,
        options,
      );
      return (route: unknown) => lazily(() => compile(route), false, route) as Serialize;
    },
  };
  return {
    schemaController: { compilersFactory } as unknown as LazySchemas['schemaController'],
    async compileRest(idle) {
      let started = performance.now();
      for (const compile of [...pending]) {
        compile();
        if (performance.now() - started > SLICE_MS) {
          await idle.next();
          started = performance.now();
        }
      }
    },
    waiting: () => pending.size,
  };
}
