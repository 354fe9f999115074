// What waits for the staff member asking: the families' corrections and photos and the visitors' suggestions not yet
// decided, each counted only for a role that decides it (the console's dashboard and menu show them, each linking
// to its queue).
import type { FastifyInstance } from 'fastify';
import { can } from '../../src/domain/rules/policy';
import type { AppContext } from '../http/context';
import { answers, STAFF } from '../schemas/common';
import { typed } from './typed';

const count = { type: 'integer', minimum: 0 } as const;
const waiting = {
  type: 'object',
  description: 'each count present only for a role that decides those items',
  properties: { corrections: count, photos: count, suggestions: count },
} as const;

export async function waitingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(
    '/waiting',
    {
      schema: {
        summary: 'Count what waits for a decision: corrections, photos and suggestions',
        response: answers({ 200: waiting }, { refusals: STAFF }),
      },
      // Every staff role may ask; each count is theirs only if they decide those items.
      config: { access: { resource: 'graves', action: 'list' } },
    },
    async (request) => {
      const role = request.account!.role;
      const all = await ctx.data.waiting();
      return {
        ...(can(role, 'corrections', 'edit') ? { corrections: all.corrections } : {}),
        ...(can(role, 'photos', 'edit') ? { photos: all.photos } : {}),
        ...(can(role, 'suggestions', 'edit') ? { suggestions: all.suggestions } : {}),
      };
    },
  );
}
