// The routes' schemas compiled when first used (server/http/lazySchemas.ts): a read's are compiled before the server
// listens, whatever way its method is written; a write's wait for its first request or for compileRest, and
// validate and serialize exactly as Fastify's own compilers do either way.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { idleTurns } from '../../server/http/idleTurns';
import { lazySchemas, type LazySchemas } from '../../server/http/lazySchemas';

const body = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } } as const;
const answer = { 200: { type: 'object', properties: { name: { type: 'string' } } } } as const;

async function appWith(): Promise<{ app: FastifyInstance; schemas: LazySchemas }> {
  const schemas = lazySchemas();
  // Without the HEAD routes Fastify adds for each GET (their schemas wait like a write's: a HEAD is rarely asked).
  const app = Fastify({ schemaController: schemas.schemaController, exposeHeadRoutes: false });
  // The answer carries a field its schema does not name: the serializer leaves it out.
  const handler = async (request: { body?: unknown; query?: unknown }) => ({
    name: ((request.body ?? request.query) as { name?: string }).name ?? '',
    secret: 'not sent',
  });
  app.get('/read', { schema: { querystring: body, response: answer } }, handler);
  app.route({ method: ['GET', 'HEAD'], url: '/both', schema: { querystring: body, response: answer }, handler });
  app.post('/write', { schema: { body, response: answer } }, handler);
  app.put('/other', { schema: { body, response: answer } }, handler);
  await app.ready();
  return { app, schemas };
}

describe('schemas compiled when first used', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it("compiles the reads' schemas before listening and leaves the writes' for later", async () => {
    const made = await appWith();
    app = made.app;
    // The POST and the PUT each have a validator and a serializer waiting; the GETs (one written as a list) none.
    expect(made.schemas.waiting()).toBe(4);
    const read = await app.inject({ url: '/both?name=ab' });
    expect(read.json()).toEqual({ name: 'ab' });
    expect(made.schemas.waiting()).toBe(4);
  });

  it("compiles a write's schemas at its first request, refusing and serializing as Fastify does", async () => {
    const made = await appWith();
    app = made.app;
    const refused = await app.inject({ method: 'POST', url: '/write', payload: { name: 'too long' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('must NOT have more than 5 characters');
    const sent = await app.inject({ method: 'POST', url: '/write', payload: { name: 'ok' } });
    expect(sent.json()).toEqual({ name: 'ok' });
    expect(made.schemas.waiting()).toBe(2);
  });

  it('compiles every one left when asked, between requests', async () => {
    const made = await appWith();
    app = made.app;
    await made.schemas.compileRest(idleTurns(Fastify()));
    expect(made.schemas.waiting()).toBe(0);
    const sent = await app.inject({ method: 'PUT', url: '/other', payload: { name: 'abc' } });
    expect(sent.json()).toEqual({ name: 'abc' });
  });
});
