// One search across all sections, by the words a family says (src/domain/search/names): visitors often do not know
// in which section a relative lies, nor how the ledger wrote the name.
import type { FastifyInstance } from 'fastify';
import { deriveStatus } from '../../src/domain/rules/graveStatus';
import { prepareQuery, tokenCount, type PreparedQuery } from '../../src/domain/search/names';
import { searchableText } from '../../src/domain/text/textRules';
import type { OfflineIndex } from '../../src/domain/search/offlineIndex';
import type { SearchMatch } from '../../src/domain/types';
import { LIMITS } from '../../src/domain/rules/validation';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { GRAVE_SCOPES } from '../data/dataVersions';
import { answers } from '../schemas/common';
import { offlineIndex, searchMatches } from '../schemas/entities';
import { typed } from './typed';

export const SEARCH_LIMIT = 50;

/** The index of every buried person's name, as of the register's current counters (server/data/searchIndex.ts). */
export const namesIndex = async (app: FastifyInstance, ctx: AppContext) =>
  ctx.searchIndex.current(await app.keptAnswers.searchVersions());

const searchQuery = {
  type: 'object',
  properties: { q: { type: 'string', maxLength: LIMITS.searchQueryMax } },
} as const;

export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(
    '/search',
    {
      schema: {
        summary: 'Find buried people by name or grave number',
        querystring: searchQuery,
        response: answers({ 200: searchMatches }, { refusals: [400], kept: true }),
      },
      config: {
        fieldErrors: { q: 'errors.badQuery' },
        answerCache: { shows: ['burials'], query: ['q'], typed: ['q'] },
      },
    },
    // Only people are found, so only graves already holding someone: a new, empty grave changes no answer.
    async (request): Promise<SearchMatch[]> => {
      const text = searchableText(request.query.q ?? '');
      if (prepareQuery(text) === null) return [];
      // The index first, then the query: a query keeps a compound («عبد الستار») whole only when an indexed name
      // holds it, and a server's first search is what builds or reads its index.
      const index = await namesIndex(app, ctx);
      const query = prepareQuery(text)!;
      const found = index.search(query, SEARCH_LIMIT).map(({ item, match }) => ({ person: index.person(item), match }));
      // Kept until a write changes a grave it shows or puts in one someone it finds. The query is read again when the
      // index has learnt new words since (a compound is kept whole only when a stored name holds it).
      let asked: { query: PreparedQuery | null; words: number } = { query, words: tokenCount() };
      app.answerCache.searched(request, {
        graves: found.map((f) => f.person.graveId),
        finds: (now, graves) => {
          if (asked.words !== tokenCount()) asked = { query: prepareQuery(text), words: tokenCount() };
          return asked.query === null || now.findsIn(asked.query, graves);
        },
        // What the check holds: the query's tables (one query at a time: a query read again replaces it).
        bytes: query.heldBytes(),
      });
      // The index holds no names nor statuses: the answer's are those kept of earlier searches, and the others read
      // here, 50 rows at most.
      const shown = await ctx.searchIndex.details.of(found.map((f) => f.person));
      const sc = ctx.statusContext();
      const matches: SearchMatch[] = [];
      for (const { person, match } of found) {
        const now = shown.get(person.personId);
        if (!now) continue; // removed since the index read it
        matches.push({
          grave: {
            _id: now.graveId,
            number: now.number,
            gender: now.gender,
            status: deriveStatus(
              { gender: now.gender, full: now.full, lastBurialDate: now.lastBurialDate },
              sc.today,
              sc.restingPeriodDays,
            ).status,
          },
          person: {
            _id: person.personId,
            name: now.name,
            burialDate: now.burialDate,
            ...(now.transferredFrom && { transferredFrom: now.transferredFrom }),
            ...(now.datePrecision && { datePrecision: now.datePrecision }),
          },
          match: match.match,
          words: match.words,
        });
      }
      return matches;
    },
  );

  // The whole register in compact columns for the offline site: kept with its ETag like the sections,
  // so a phone that already holds it gets a 304 of a few bytes on each visit. Read a page of graves at a time
  //, and not at all past OFFLINE_INDEX_MAX_BURIALS: a 404 is not kept by the phone, which goes on with
  // the copy it holds, if any, and otherwise searches online.
  typed(app).get(
    '/search/index',
    {
      schema: {
        summary: 'Download the register for offline search',
        description: 'Answers 404 when the register holds more burials than OFFLINE_INDEX_MAX_BURIALS.',
        response: answers({ 200: offlineIndex }, { refusals: [404], kept: true }),
      },
      config: { answerCache: { shows: GRAVE_SCOPES } },
    },
    async (): Promise<OfflineIndex> => {
      const ceiling = ctx.config.offlineIndexMaxBurials;
      if (ceiling > 0) {
        // A refusal is not kept as answers are: the count is, until a write, so each visit past it costs nothing.
        const burials = await app.keptAnswers.offlineBurials(() => ctx.data.offlineIndex.burials());
        if (burials > ceiling) throw notFound('search.offlineTooLarge');
      }
      return ctx.data.offlineIndex.read(ctx.statusContext(), ctx.now());
    },
  );
}
