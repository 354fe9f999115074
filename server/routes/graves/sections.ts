// The public sections (men, women, bones), the most recent burials and the statistics of the home page.
import type { FastifyInstance } from 'fastify';
import { GRAVE_STATUS, type Gender } from '../../../src/domain/types';
import type { AppContext } from '../../http/context';
import { GRAVE_SCOPES } from '../../data/dataVersions';
import { sendStreamed } from '../../http/streamedAnswer';
import { answers } from '../../schemas/common';
import { count, graves, nextGraveAnswer } from '../../schemas/entities';
import { typed } from '../typed';

const SECTIONS: ReadonlyArray<[string, Gender]> = [
  ['male', 'men'],
  ['female', 'women'],
  ['bone', 'bones'],
];

export async function sectionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  for (const [path, gender] of SECTIONS) {
    r.get(
      `/graves/${path}`,
      {
        schema: {
          summary: `List the graves of the ${gender}'s section`,
          response: answers({ 200: graves }, { kept: true }),
        },
        // Not kept whole by the answer cache (27 MB for the men's section at 300,000 burials, again after each
        // write, in every process): written as the section is read, a page of graves at a time, with an ETag from
        // the section's counter and the day (server/data/sectionStream.ts).
      },
      async (request, reply) => {
        const status = ctx.statusContext();
        const etag = await ctx.data.graves.answerTag(status, `section:${gender}`, [gender]);
        return sendStreamed(request, reply, { etag }, () => ctx.data.graves.sectionJson(status, gender));
      },
    );
  }

  r.get(
    '/graves/recentBurials',
    {
      schema: {
        summary: 'List the graves of the latest burials',
        response: answers({ 200: graves }, { kept: true }),
      },
      // Graves holding burials only: a new, empty grave does not change it.
      config: { answerCache: { shows: ['burials'] } },
    },
    async () => ctx.data.graves.recentBurials(ctx.statusContext()),
  );

  // Issue 13: the grave the committee uses next in each section (config NEXT_GRAVE_ORDER).
  r.get(
    '/graves/next',
    {
      schema: {
        summary: 'Offer the next available graves',
        response: answers({ 200: nextGraveAnswer }, { kept: true }),
      },
      config: { answerCache: { shows: ['men', 'women'] } },
    },
    async () => ctx.data.graves.next(ctx.statusContext(), ctx.config.nextGraveOrder),
  );

  /** Burial counts by section and the availability of men and women graves. */
  async function statistics() {
    const [deaths, all] = await Promise.all([
      ctx.data.graves.burialCounts(),
      ctx.data.graves.summaries(ctx.statusContext()),
    ]);
    const sections = all.filter((g) => g.gender !== 'bones');
    const available = sections.filter((g) => g.status === GRAVE_STATUS.available).length;
    return {
      totalDeaths: deaths.men + deaths.women,
      maleDeaths: deaths.men,
      femaleDeaths: deaths.women,
      availableGravesCount: available,
      unavailableGravesCount: sections.length - available,
    };
  }

  const figures = [
    'totalDeaths',
    'maleDeaths',
    'femaleDeaths',
    'availableGravesCount',
    'unavailableGravesCount',
  ] as const;
  const pathOf: Partial<Record<(typeof figures)[number], string>> = {
    availableGravesCount: 'available-count',
    unavailableGravesCount: 'unavailable-count',
  };
  for (const figure of figures) {
    const path = pathOf[figure] ?? figure;
    r.get(
      `/graves/${path}`,
      {
        schema: {
          summary: `Count the register's ${figure}`,
          response: answers({ 200: count(figure) }, { kept: true }),
        },
        config: { answerCache: { shows: GRAVE_SCOPES } },
      },
      async () => ({ [figure]: (await statistics())[figure] }),
    );
  }
}
