// The public sections (men, women, bones), the most recent burials and the statistics of the home page.
import type { FastifyInstance } from 'fastify';
import type { Gender } from '../../../src/domain/types';
import type { AppContext } from '../../http/context';
import { GRAVE_SCOPES } from '../../data/dataVersions';
import { sendStreamed } from '../../http/streamedAnswer';
import { tagOf } from '../../data/sectionStream';
import { answers } from '../../schemas/common';
import { count, graves, nextGraveAnswer } from '../../schemas/entities';
import { nextGraves, SHOWS } from '../publicAnswers';
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
        // the section's counter and the day (server/data/sectionStream.ts); a copy of what was sent is kept while
        // that ETag holds, when it is small (a town's).
      },
      async (request, reply) => {
        const status = ctx.statusContext();
        // From the counters as the kept answers read them (at most half a second old, and read again after each
        // write of this process), as the other public answers: reading them for each request was a statement per
        // section asked, about one in ten of the database's statements under the scale-out bench. The body is never
        // older than the tag: its copy is built from the counters read when it is made.
        const versions = await app.answerCache.versions();
        const etag = tagOf(versions, status, `section:${gender}`, [gender]);
        return sendStreamed(
          request,
          reply,
          {
            etag,
            kept: {
              streams: app.keptStreams,
              key: `section:${gender}`,
              // Patched from the graves a write changed, not built again (server/http/sectionCopies.ts).
              gzip: () => app.sectionCopies.gzip(gender, status, versions.get(gender)),
            },
          },
          () => ctx.data.graves.sectionJson(status, gender),
        );
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

  // The grave the committee uses next in each section (config NEXT_GRAVE_ORDER).
  r.get(
    '/graves/next',
    {
      schema: {
        summary: 'Offer the next available graves',
        response: answers({ 200: nextGraveAnswer }, { kept: true }),
      },
      config: { answerCache: { shows: SHOWS.nextGraves } },
    },
    async () => nextGraves(ctx),
  );

  /**
   * Burial counts by section and the availability of men and women graves, read from the counts each grave keeps
   *: a figure asks only the query it needs.
   */
  async function statistic(figure: (typeof figures)[number]): Promise<number> {
    if (figure === 'availableGravesCount') return ctx.data.graves.countGraves(ctx.statusContext(), 'available');
    if (figure === 'unavailableGravesCount') return ctx.data.graves.countGraves(ctx.statusContext(), 'unavailable');
    const deaths = await ctx.data.graves.burialCounts();
    return figure === 'maleDeaths' ? deaths.men : figure === 'femaleDeaths' ? deaths.women : deaths.men + deaths.women;
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
      async () => ({ [figure]: await statistic(figure) }),
    );
  }
}
