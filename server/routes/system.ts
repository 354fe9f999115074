// Health for monitors and the whole contract as OpenAPI 3 (generated from the route schemas by @fastify/swagger).
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { refuse } from '../errors';

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', async () => {
    try {
      await sql`select 1`.execute(ctx.db);
    } catch {
      throw refuse(503, 'errors.internal');
    }
    return { status: 'ok', database: ctx.dialect };
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
