// Health for monitors, the register's settings the console needs, and the whole contract as OpenAPI 3 (generated
// from the route schemas by @fastify/swagger).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { refuse } from '../http/errors';
import { answers } from '../schemas/common';
import { registerSettings, SHOWS } from './publicAnswers';
import { typed } from './typed';
import { checkIdentityPatch } from '../../src/domain/identity/identityRules';
import { t } from '../../src/domain/messages';
import { updateIdentity } from '../data/siteIdentity';
import { writeBy } from '../data/graveWrites';
import { badRequest } from '../http/errors';
import { STAFF, WITH_BODY } from '../schemas/common';
import { IDENTITY_REQUIRED, identityPatch, identityProperties } from '../schemas/identity';

const health = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string', enum: ['sqlite', 'postgres'] } },
  required: ['status', 'database'],
} as const;

export const settings = {
  type: 'object',
  description:
    'The register\'s time zone (what "today" means for burials and availability) and resting period, read-only, ' +
    "and the village's public identity, which a manager changes with PUT",
  properties: {
    timeZone: { type: 'string' },
    restingPeriodDays: { type: 'integer' },
    ...identityProperties,
  },
  required: ['timeZone', 'restingPeriodDays', ...IDENTITY_REQUIRED],
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
        response: answers({ 200: settings }, { kept: true }),
      },
      // Kept until the identity changes (here or in another process: within a second).
      config: { answerCache: { shows: SHOWS.settings } },
    },
    async () => registerSettings(ctx),
  );

  r.put(
    '/settings',
    {
      schema: {
        summary: "Change the village's identity (any of its fields)",
        body: identityPatch,
        response: answers(
          { 200: { ...settings, properties: { ...settings.properties, message: { type: 'string' } } } },
          {
            refusals: [...STAFF, ...WITH_BODY],
          },
        ),
      },
      config: { access: { resource: 'settings', action: 'edit' } },
    },
    async (request) => {
      const checked = checkIdentityPatch(request.body);
      if (!checked.ok) throw badRequest(checked.error);
      const identity = await updateIdentity(writeBy(ctx, request), checked.value);
      // A site address stored otherwise than typed (https:// added to a bare name) is named, so the manager sees it.
      const typed = request.body.siteUrl?.trim();
      const stored = checked.value.siteUrl;
      return {
        timeZone: ctx.config.timeZone,
        restingPeriodDays: ctx.config.restingPeriodDays,
        ...identity,
        message: stored && stored !== typed ? t('settings.savedSiteUrl', { url: stored }) : t('settings.saved'),
      };
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
