// One search across all sections: visitors often do not know in which section a relative lies.
import type { FastifyInstance } from 'fastify';
import { deriveStatus } from '../../src/domain/graveStatus';
import { normalizeArabic } from '../../src/domain/normalize';
import type { SearchMatch } from '../../src/domain/types';
import { LIMITS } from '../../src/domain/validation';
import type { AppContext } from '../context';
import { GRAVE_SCOPES } from '../data/dataVersions';
import { graveNumberOf, graveNumbers, lastBurialDates, peopleNamed, peopleOfGraves } from '../data/graves';
import { answers } from '../schemas/common';
import { searchMatches } from '../schemas/entities';
import { typed } from './typed';

export const SEARCH_LIMIT = 50;

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
      const term = normalizeArabic(request.query.q ?? '');
      if (term === '') return [];
      // Graves whose number holds the term come first (someone typing 12 wants grave 12), exact ones before others.
      const numbered = (await graveNumbers(ctx.db))
        .filter((g) => normalizeArabic(g.number).includes(term))
        .sort((a, b) => Number(normalizeArabic(b.number) === term) - Number(normalizeArabic(a.number) === term));
      // The people of those graves in that order, newest burial first within a grave. No SQL limit here: a limit
      // by date would let a busy grave whose number merely contains the term (say a bone section "ممر 12")
      // push out the people of grave 12 itself. At most 50 graves are read, so the rows stay few.
      const byNumber = await peopleOfGraves(
        ctx.db,
        numbered.slice(0, SEARCH_LIMIT).map((g) => g.id),
      );
      const rank = new Map(numbered.map((g, i) => [g.id, i]));
      // Array.prototype.sort is stable: within one grave the newest-first order of the query is kept.
      byNumber.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
      const byName = await peopleNamed(ctx.db, term, SEARCH_LIMIT);
      const seen = new Set<string>();
      const rows = [...byNumber, ...byName]
        .filter((r) => !seen.has(r.person_id) && seen.add(r.person_id))
        .slice(0, SEARCH_LIMIT);
      if (rows.length === 0) return [];
      const lastOf = await lastBurialDates(ctx.db, [...new Set(rows.map((r) => r.id))]);
      const sc = ctx.statusContext();
      return rows.map((r) => ({
        grave: {
          _id: r.id,
          number: graveNumberOf(r),
          gender: r.gender,
          status: deriveStatus(
            { gender: r.gender, full: Number(r.full) === 1, lastBurialDate: lastOf.get(r.id) ?? null },
            sc.today,
            sc.restingPeriodDays,
          ).status,
        },
        person: { _id: r.person_id, name: r.name, burialDate: r.burial_date },
      }));
    },
  );
}
