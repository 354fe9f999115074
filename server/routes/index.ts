// Every route of the register API, registered under /api by server/app.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { articleRoutes } from './articles';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { graveRoutes } from './graves';
import { searchRoutes } from './search';
import { suggestionRoutes } from './suggestions';
import { systemRoutes } from './system';

export async function apiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await systemRoutes(api, ctx);
  await graveRoutes(api, ctx);
  await searchRoutes(api, ctx);
  await suggestionRoutes(api, ctx);
  await articleRoutes(api, ctx);
  await authRoutes(api, ctx);
  await auditRoutes(api, ctx);
}
