// Health for monitors, the register's settings the console needs, and the whole contract as OpenAPI 3 (generated
// from the route schemas by @fastify/swagger).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { refuse } from '../http/errors';
import { answers } from '../schemas/common';
import { typed } from './typed';

const health = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string', enum: ['sqlite', 'postgres'] } },
  required: ['status', 'database'],
} as const;

const settings = {
  type: 'object',
  description: 'The register\'s time zone (what "today" means for burials and availability) and resting period',
  properties: { timeZone: { type: 'string' }, restingPeriodDays: { type: 'integer' } },
  required: ['timeZone', 'restingPeriodDays'],
} as const;

export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  r.get(
    '/health',
    {
      schema: {
        summary: 'Check the server and its database',
        response: answers({ 200: health }, { refusals: [503] }),
      },
    },
    async () => {
      try {
        await ctx.data.ping();
      } catch {
        throw refuse(503, 'errors.internal');
      }
      return { status: 'ok' as const, database: ctx.data.dialect };
    },
  );

  r.get(
    '/settings',
    {
      schema: {
        summary: "Read the register's settings",
        response: answers({ 200: settings }),
      },
    },
    async () => ({
      timeZone: ctx.config.timeZone,
      restingPeriodDays: ctx.config.restingPeriodDays,
    }),
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
