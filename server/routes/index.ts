// Every route of the register API, registered under /api by server/app.ts, behind the authentication plugin that
// enforces what each route declares in config.access.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import authentication from '../plugins/authentication';
import { accountControlRoutes } from './accountControl';
import { articleRoutes } from './articles';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { cardRoutes } from './graves/cards';
import { correctionRoutes } from './corrections';
import { burialRoutes } from './graves/burials';
import { graveRoutes } from './graves/grave';
import { sectionRoutes } from './graves/sections';
import { noticeRoutes } from './notices';
import { noticeCalendarRoutes } from './noticeCalendar';
import { openExportRoutes } from './openExports';
import { photoRoutes } from './photos';
import { planRoutes } from './plan';
import { plateRoutes } from './plates';
import { registerImportRoutes } from './registerImport';
import { searchRoutes } from './search';
import { statisticsRoutes } from './statistics';
import { registerBookRoutes } from './registerBook';
import { siteLogoRoutes } from './siteLogo';
import { setupRoutes } from './setup';
import { suggestionRoutes } from './suggestions';
import { systemRoutes } from './system';
import { userRoutes } from './users';
import { waitingRoutes } from './waiting';

export async function apiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(authentication, { ctx });
  await systemRoutes(api, ctx);
  await sectionRoutes(api, ctx);
  await cardRoutes(api, ctx);
  await graveRoutes(api, ctx);
  await burialRoutes(api, ctx);
  await searchRoutes(api, ctx);
  await suggestionRoutes(api, ctx);
  await articleRoutes(api, ctx);
  await authRoutes(api, ctx);
  await userRoutes(api, ctx);
  await accountControlRoutes(api, ctx);
  await auditRoutes(api, ctx);
  await waitingRoutes(api, ctx);
  await registerImportRoutes(api, ctx);
  await planRoutes(api, ctx);
  await siteLogoRoutes(api, ctx);
  await setupRoutes(api, ctx);
  await noticeRoutes(api, ctx);
  await noticeCalendarRoutes(api, ctx);
  await openExportRoutes(api, ctx);
  await plateRoutes(api, ctx);
  await correctionRoutes(api, ctx);
  await photoRoutes(api, ctx);
  await statisticsRoutes(api, ctx);
  await registerBookRoutes(api, ctx);
}
