// The section pages' cards a page at a time: a phone shows the first cards of a 1,500-grave section
// without receiving every grave with every burial (2 MB of JSON). A search (q) is answered here with the register's
// one name matcher, from the index /api/search uses, so the words families say find the same people.
import type { FastifyInstance } from 'fastify';
import { matchBurial, prepareQuery, type PreparedQuery } from '../../../src/domain/search/names';
import { SECTION_CARDS } from '../../../src/domain/rules/sectionCards';
import type { Gender, GraveCardPage } from '../../../src/domain/types';
import { LIMITS } from '../../../src/domain/rules/validation';
import { paths } from '../../../src/api/paths';
import type { AppContext } from '../../http/context';
import { answers } from '../../schemas/common';
import { graveCardPage } from '../../schemas/entities';
import { namesIndex } from '../search';
import { sectionCardsPage, SHOWS } from '../publicAnswers';
import { typed } from '../typed';

const SECTIONS: ReadonlyArray<Gender> = ['men', 'women', 'bones'];

const cardsQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: LIMITS.searchQueryMax, description: 'a name or a grave number, as on /search' },
    // Query strings are not coerced (app.ts): whole numbers as digits.
    offset: { type: 'string', pattern: '^[0-9]{1,7}$', description: 'the first card to give (0 = the first)' },
    limit: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,5}$',
      description: `how many cards (default ${SECTION_CARDS.firstPage}, at most ${SECTION_CARDS.maxLimit})`,
    },
  },
} as const;

/**
 * The people of the section a search ranks for its cards: a name as common as محمد is a third of a
 * city's men (100,000 people of a 300,000 register), and ranking and building every one of them on each keystroke
 * would cost seconds. The best 3,000 (ranked as /search ranks them) give at most 3,000 graves, whose cards are read
 * by id, 500 at a time; nobody scrolls past them.
 */
const SEARCH_PEOPLE = 3_000;

export async function cardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The people a search finds (the best SEARCH_PEOPLE), best first, from the index /api/search uses. */
  const peopleFound = async (query: PreparedQuery, gender: Gender) => {
    const index = await namesIndex(app, ctx);
    return index
      .search(query, SEARCH_PEOPLE, gender)
      .map(({ item, match }) => ({ grave: index.graveOfPerson(item), match }));
  };

  /**
   * A page of the cards matching a search, best first: a grave ranks by its best matching person, as the page used
   * to; only the page's cards are built.
   */
  async function matching(gender: Gender, query: PreparedQuery, offset: number, limit: number): Promise<GraveCardPage> {
    const sc = ctx.statusContext();
    if (query.words.length === 0) {
      // Numbers only: every grave whose number fits, empty ones too (the index holds only graves with burials);
      // a year adds the graves of that year's burials, from the index, after them. The graves are read
      // as numbers in the section's order (the digits narrow them in SQL), the page's cards alone in full.
      const byYear = new Map<string, number>();
      if (query.year !== null) {
        for (const { grave, match } of await peopleFound(query, gender)) {
          byYear.set(grave.id, Math.max(byYear.get(grave.id) ?? -1, match.score));
        }
      }
      const numbers = await ctx.data.graves.sectionNumbersHolding(gender, query.numbers, [...byYear.keys()]);
      const hits: Array<{ key: string; score: number }> = [];
      for (const grave of numbers) {
        const byNumber = matchBurial(query, null, grave.number, { gender })?.score ?? -1;
        const score = Math.max(byNumber, grave.id === undefined ? -1 : (byYear.get(grave.id) ?? -1));
        if (score >= 0) hits.push({ key: grave.key, score });
      }
      // Stable: equal scores keep the section's order.
      hits.sort((a, b) => b.score - a.score);
      const keys = hits.slice(offset, offset + limit).map((hit) => hit.key);
      return { total: hits.length, offset, cards: await ctx.data.graves.sectionCardsByNumber(sc, gender, keys) };
    }
    // Best first, ties by the newest burial: the first person met of a grave is its best.
    const ids: string[] = [];
    const seen = new Set<string>();
    const index = await namesIndex(app, ctx);
    for (const slot of index.found(query, SEARCH_PEOPLE, gender)) {
      const grave = index.graveOfPerson(slot);
      if (seen.has(grave.id)) continue;
      seen.add(grave.id);
      ids.push(grave.id);
    }
    // Graves the index still holds but the register no longer does are left out, as before.
    const cards = new Map((await ctx.data.graves.sectionCardsOf(sc, gender, ids)).map((card) => [card._id, card]));
    const found = ids.flatMap((id) => cards.get(id) ?? []);
    return { total: found.length, offset, cards: found.slice(offset, offset + limit) };
  }

  for (const gender of SECTIONS) {
    typed(app).get(
      paths.sectionCards(gender),
      {
        schema: {
          summary: `Page through the ${gender}'s section as cards, or search it`,
          querystring: cardsQuery,
          response: answers({ 200: graveCardPage }, { refusals: [400], kept: true }),
        },
        config: {
          fieldErrors: { q: 'errors.badQuery' },
          answerCache: { shows: SHOWS.sectionCards(gender), query: ['q', 'offset', 'limit'], typed: ['q'] },
        },
      },
      async (request): Promise<GraveCardPage> => {
        const { q = '' } = request.query;
        const offset = Number(request.query.offset ?? 0);
        const limit = Math.min(Number(request.query.limit ?? SECTION_CARDS.firstPage), SECTION_CARDS.maxLimit);
        // The index before the query: a query's compounds are the words the indexed names hold (see /api/search).
        if (prepareQuery(q) !== null) await namesIndex(app, ctx);
        const query = prepareQuery(q);
        if (query !== null) return matching(gender, query, offset, limit);
        // No search: the page itself, read in the section's order.
        return sectionCardsPage(ctx, gender, offset, limit);
      },
    );
  }
}
