// The section pages' cards a page at a time (issue 14): a phone shows the first cards of a 1,500-grave section
// without receiving every grave with every burial (2 MB of JSON). A search (q) is answered here with the register's
// one name matcher, from the index /api/search uses, so the words families say find the same people.
import type { FastifyInstance } from 'fastify';
import { matchBurial, prepareQuery } from '../../../src/domain/search/names';
import { SECTION_CARDS } from '../../../src/domain/rules/sectionCards';
import type { Gender, GraveCardData, GraveCardPage } from '../../../src/domain/types';
import { LIMITS } from '../../../src/domain/rules/validation';
import { paths } from '../../../src/api/paths';
import type { AppContext } from '../../http/context';
import { answers } from '../../schemas/common';
import { graveCardPage } from '../../schemas/entities';
import { namesIndex } from '../search';
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

export async function cardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The section's cards by number, read once per change of the section (the pages are slices of it). */
  const cardsOf = (gender: Gender) =>
    app.answerCache.remember({ key: `section-cards:${gender}`, shows: [gender] }, () =>
      ctx.data.graves.sectionCards(ctx.statusContext(), gender),
    );

  /** The cards matching a search, best first: a grave ranks by its best matching person, as the page used to. */
  async function matching(gender: Gender, q: string): Promise<readonly GraveCardData[]> {
    const query = prepareQuery(q);
    const cards = await cardsOf(gender);
    if (query === null) return cards;
    const byId = new Map(cards.map((card, at) => [card._id, { card, at }]));
    if (query.words.length === 0) {
      // Numbers only: every grave whose number fits, empty ones too (the index holds only graves with burials);
      // a year (issue 26) adds the graves of that year's burials, from the index, after them.
      const hits = new Map<string, { card: GraveCardData; at: number; score: number }>();
      cards.forEach((card, at) => {
        const match = matchBurial(query, null, card.number, { gender });
        if (match !== null) hits.set(card._id, { card, at, score: match.score });
      });
      if (query.year !== null) {
        const index = await namesIndex(app, ctx);
        for (const { item, match } of index.search(query)) {
          const grave = index.graveOfPerson(item);
          const known = byId.get(grave.id);
          const held = hits.get(grave.id);
          if (known && (!held || held.score < match.score)) hits.set(grave.id, { ...known, score: match.score });
        }
      }
      return [...hits.values()].sort((a, b) => b.score - a.score || a.at - b.at).map((hit) => hit.card);
    }
    const seen = new Set<string>();
    const found: GraveCardData[] = [];
    // Best first, ties by the newest burial: the first person met of a grave is its best.
    const index = await namesIndex(app, ctx);
    for (const slot of index.names.searchItems(query)) {
      const grave = index.graveOfPerson(slot);
      if (grave.gender !== gender || seen.has(grave.id)) continue;
      seen.add(grave.id);
      const known = byId.get(grave.id);
      if (known) found.push(known.card);
    }
    return found;
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
          answerCache: { shows: [gender], query: ['q', 'offset', 'limit'] },
        },
      },
      async (request): Promise<GraveCardPage> => {
        const { q = '' } = request.query;
        const offset = Number(request.query.offset ?? 0);
        const limit = Math.min(Number(request.query.limit ?? SECTION_CARDS.firstPage), SECTION_CARDS.maxLimit);
        const all = await matching(gender, q);
        return { total: all.length, offset, cards: all.slice(offset, offset + limit) };
      },
    );
  }
}
