// One search across all sections, by the words a family says (src/domain/nameSearch): visitors often do not know
// in which section a relative lies, nor how the ledger wrote the name.
import type { FastifyInstance } from 'fastify';
import { deriveStatus } from '../../src/domain/graveStatus';
import { prepareQuery } from '../../src/domain/nameSearch';
import type { SearchMatch } from '../../src/domain/types';
import { LIMITS } from '../../src/domain/validation';
import type { AppContext } from '../context';
import { GRAVE_SCOPES } from '../data/dataVersions';
import { lastBurialDates } from '../data/graves';
import { buildSearchIndex } from '../data/searchIndex';
import { answers } from '../schemas/common';
import { searchMatches } from '../schemas/entities';
import { typed } from './typed';

export const SEARCH_LIMIT = 50;

/** The index of every buried person's name: built once per change of the graves or burials, when a search needs it. */
export const namesIndex = (app: FastifyInstance, ctx: AppContext) =>
  app.answerCache.remember({ key: 'search:names', shows: GRAVE_SCOPES }, () => buildSearchIndex(ctx.db));

const searchQuery = {
  type: 'object',
  properties: { q: { type: 'string', maxLength: LIMITS.searchQueryMax } },
} as const;

export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(
    '/search',
    {
      schema: { querystring: searchQuery, response: answers({ 200: searchMatches }, { refusals: [400], kept: true }) },
      config: { fieldErrors: { q: 'errors.badQuery' }, answerCache: { shows: GRAVE_SCOPES, query: ['q'] } },
    },
    async (request): Promise<SearchMatch[]> => {
      const query = prepareQuery(request.query.q ?? '');
      if (query === null) return [];
      const found = (await namesIndex(app, ctx)).search(query, SEARCH_LIMIT);
      if (found.length === 0) return [];
      const lastOf = await lastBurialDates(ctx.db, [...new Set(found.map((f) => f.item.graveId))]);
      const sc = ctx.statusContext();
      return found.map(({ item, match }) => ({
        grave: {
          _id: item.graveId,
          number: item.number,
          gender: item.gender,
          status: deriveStatus(
            { gender: item.gender, full: item.full, lastBurialDate: lastOf.get(item.graveId) ?? null },
            sc.today,
            sc.restingPeriodDays,
          ).status,
        },
        person: { _id: item.personId, name: item.name, burialDate: item.burialDate },
        match: match.match,
        words: match.words,
      }));
    },
  );
}
