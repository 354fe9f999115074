// One search across all sections: visitors often do not know in which section a relative lies.
import type { FastifyInstance } from 'fastify';
import { deriveStatus } from '../../src/domain/graveStatus';
import { normalizeArabic } from '../../src/domain/normalize';
import type { SearchMatch } from '../../src/domain/types';
import { LIMITS } from '../../src/domain/validation';
import type { AppContext } from '../context';
import { graveNumberOf } from '../data/graves';
import { GRAVE_SCOPES } from '../data/dataVersions';
import { likeContains } from '../db/like';

export const SEARCH_LIMIT = 50;

export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get(
    '/search',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { q: { type: 'string', maxLength: LIMITS.searchQueryMax } },
        },
      },
      config: { fieldErrors: { q: 'errors.badQuery' }, answerCache: { shows: GRAVE_SCOPES, query: ['q'] } },
    },
    async (request) => {
      const term = normalizeArabic((request.query as { q?: string }).q ?? '');
      if (term === '') return [];
      const columns = [
        'burials.id as person_id',
        'burials.name',
        'burials.burial_date',
        'graves.id',
        'graves.gender',
        'graves.number',
        'graves.full',
      ] as const;
      // Graves whose number holds the term come first (someone typing 12 wants grave 12), exact ones before others.
      const graves = await db.selectFrom('graves').select(['id', 'number']).execute();
      const numbered = graves
        .filter((g) => normalizeArabic(g.number).includes(term))
        .sort((a, b) => Number(normalizeArabic(b.number) === term) - Number(normalizeArabic(a.number) === term));
      // The people of those graves in that order, newest burial first within a grave. No SQL limit here: a limit
      // by date would let a busy grave whose number merely contains the term (say a bone section "ممر 12")
      // push out the people of grave 12 itself. At most 50 graves are read, so the rows stay few.
      const byNumber = numbered.length
        ? await db
            .selectFrom('burials')
            .innerJoin('graves', 'graves.id', 'burials.grave_id')
            .select(columns)
            .where('graves.id', 'in', numbered.slice(0, SEARCH_LIMIT).map((g) => g.id))
            .orderBy('burials.burial_date', 'desc')
            .orderBy('burials.id')
            .execute()
        : [];
      const rank = new Map(numbered.map((g, i) => [g.id, i]));
      // Array.prototype.sort is stable: within one grave the newest-first order of the query is kept.
      byNumber.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
      const byName = await db
        .selectFrom('burials')
        .innerJoin('graves', 'graves.id', 'burials.grave_id')
        .select(columns)
        .where(likeContains('burials.name_search', term))
        .orderBy('burials.burial_date', 'desc')
        .orderBy('burials.id')
        .limit(SEARCH_LIMIT)
        .execute();
      const seen = new Set<string>();
      const rows = [...byNumber, ...byName].filter((r) => !seen.has(r.person_id) && seen.add(r.person_id)).slice(0, SEARCH_LIMIT);
      if (rows.length === 0) return [];
      const graveIds = [...new Set(rows.map((r) => r.id))];
      const last = await db
        .selectFrom('burials')
        .select(['grave_id', db.fn.max('burial_date').as('last')])
        .where('grave_id', 'in', graveIds)
        .groupBy('grave_id')
        .execute();
      const lastOf = new Map(last.map((r) => [r.grave_id, String(r.last)]));
      const sc = ctx.statusContext();
      return rows.map(
        (r): SearchMatch => ({
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
        }),
      );
    },
  );
}
