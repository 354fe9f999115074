// The committee's planning: when each section is expected to have no grave free (the capacity forecast, with a
// what-if), its one-sentence summary for the public statistics, and the years in pictures. The rule is
// src/domain/statistics; the sums are the data layer's (server/data/statistics.ts), kept like the answers that show
// the same sections, so a what-if typed digit by digit recomputes only the forecast.
import type { FastifyInstance } from 'fastify';
import {
  FORECAST_ADD_MAX,
  FORECAST_MONTHS,
  forecastSection,
  type ForecastSection,
} from '../../src/domain/statistics/forecast';
import { yearsInPictures } from '../../src/domain/statistics/yearsInPictures';
import { formatNumber } from '../../src/domain/text/format';
import { GRAVE_SCOPES } from '../data/dataVersions';
import type { AppContext } from '../http/context';
import { badRequest } from '../http/errors';
import { answers, STAFF } from '../schemas/common';
import { forecastAnswer, forecastQuery, forecastSummary, yearsAnswer } from '../schemas/statistics';
import { typed } from './typed';

const SECTIONS: readonly ForecastSection[] = ['men', 'women'];

/** A whole number written in digits within [min, max], or undefined when the text is not one. */
function wholeNumber(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^[0-9]{1,7}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

export async function statisticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  /** Each section's forecast; the sums behind it are kept until a grave or burial of any section changes. */
  const forecasts = async (months: number, add: number, sections: readonly ForecastSection[]) => {
    const status = ctx.statusContext();
    const facts = await app.keptAnswers.forecastFacts(() => ctx.data.statistics.forecastFacts(status));
    return sections.map((section) => forecastSection({ section, ...status, ...facts[section], months, add }));
  };

  r.get(
    '/statistics/forecast',
    {
      schema: {
        summary: 'Forecast when each section will have no grave free, with a what-if of graves added',
        querystring: forecastQuery,
        response: answers({ 200: forecastAnswer }, { refusals: [400, ...STAFF] }),
      },
      config: { access: { resource: 'statistics', action: 'list' } },
    },
    async (request) => {
      const { query } = request;
      const months =
        query.months === undefined
          ? FORECAST_MONTHS.default
          : wholeNumber(query.months, FORECAST_MONTHS.min, FORECAST_MONTHS.max);
      if (months === undefined) {
        throw badRequest('forecast.monthsInvalid', {
          min: formatNumber(FORECAST_MONTHS.min),
          max: formatNumber(FORECAST_MONTHS.max),
        });
      }
      const add = query.add === undefined ? 0 : wholeNumber(query.add, 0, FORECAST_ADD_MAX);
      if (add === undefined) throw badRequest('forecast.addInvalid', { max: formatNumber(FORECAST_ADD_MAX) });
      const section = SECTIONS.find((s) => s === query.section);
      if (query.section !== undefined && section === undefined) throw badRequest('forecast.sectionInvalid');
      return forecasts(months, add, section ? [section] : SECTIONS);
    },
  );

  r.get(
    '/statistics/forecast/summary',
    {
      schema: {
        summary: "Each section's forecast in one sentence (the public statistics)",
        response: answers({ 200: forecastSummary }, { kept: true }),
      },
      config: { answerCache: { shows: GRAVE_SCOPES } },
    },
    async () =>
      (await forecasts(FORECAST_MONTHS.default, 0, SECTIONS)).map(({ section, sentence }) => ({ section, sentence })),
  );

  r.get(
    '/statistics/years',
    {
      schema: {
        summary: 'The years in pictures: burials by month and year in both calendars, transfers, what families sent',
        response: answers({ 200: yearsAnswer }, { refusals: STAFF }),
      },
      config: { access: { resource: 'statistics', action: 'list' } },
    },
    async () => yearsInPictures({ today: ctx.today(), ...(await ctx.data.statistics.pictureFacts()) }),
  );
}
