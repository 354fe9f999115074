// A public notice's funeral prayer as an iCalendar file (RFC 5545), the notice page's "add to calendar":
// a phone's calendar app opens it. The file is built by src/domain/notices/calendar.ts; a hidden or unknown notice
// has no file (404), as it has no page.
import type { FastifyInstance } from 'fastify';
import { noticeCalendar } from '../../src/domain/notices/calendar';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { siteBase } from '../site/siteAddress';
import { answers, idParams } from '../schemas/common';
import { typed } from './typed';

const calendarFile = {
  type: 'string',
  description: 'iCalendar (RFC 5545), UTF-8: one event, the funeral prayer',
} as const;
const ics = { 200: { ...calendarFile, content: { 'text/calendar': { schema: calendarFile } } } } as const;

export async function noticeCalendarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.get(
    '/notices/:id/calendar.ics',
    {
      schema: {
        summary: "Download a notice's funeral prayer as a calendar event",
        description: "Not found when the notice is unknown or hidden. Times in UTC, from the notice's instant.",
        params: idParams('id'),
        response: answers(ics, { refusals: [404] }),
      },
    },
    async (request, reply) => {
      const found = await ctx.data.notices.get(request.params.id);
      if (!found || found.hidden) throw notFound('notice.notFound');
      // The event links to the notice's page and is named after the site only when its public address is set: an
      // address taken from the request would be one a client chose.
      const site = siteBase(await ctx.data.identity.read());
      const host = site ? new URL(site).host : null;
      const url = site ? `${site}${publicPaths.notice.href(found.id)}` : null;
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="notice-${found.id.replace(/[^\w-]/g, '')}.ics"`);
      reply.header('Cache-Control', 'no-cache');
      return noticeCalendar(found, { url, host });
    },
  );
}
