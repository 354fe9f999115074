// A large section's cards, a page at a time from the server: the first page comes with the page itself,
// the next ones as the visitor scrolls, and a search asks the server (the whole section of a town is 2 MB of JSON).
// A page that fails is said so and can be asked again: what was shown stays, and nothing pretends to be empty.
// The search answers as the visitor types: the cards shown stay until the next text's first page arrives,
// and each text cancels the request of the one before.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, paths } from '../api';
import { SECTION_CARDS } from '../domain/rules/sectionCards';
import { TYPING_PAUSE_MS } from './searchQuery';
import type { Gender, GraveCardData, GraveCardPage } from '../domain/types';

export interface SectionCards {
  /** The search these cards answer ('' = the whole section). */
  term: string;
  /** The search asked: another than `term` while its first page has not arrived (the cards shown are the last). */
  asked: string;
  cards: readonly GraveCardData[];
  /** How many match `term`; null until the first page of a search has arrived. */
  total: number | null;
  state: 'idle' | 'loading' | 'error';
  /** Asks for the next page (or again for the one that failed, or for the search asked). */
  more: () => void;
}

type Held = Omit<SectionCards, 'more'>;

/**
 * `first`: the section's first page (drawn with the page), or null while it is not there; `term`: the search typed
 * (sent as it is: a last word with no space after it is still being typed). Enabled only when `enabled` (a small
 * section is searched in the browser instead).
 */
export function useSectionCards(
  gender: Gender,
  first: GraveCardPage | null,
  term: string,
  enabled: boolean,
): SectionCards {
  const fromFirst = useCallback(
    (): Held => ({ term: '', asked: '', cards: first?.cards ?? [], total: first?.total ?? null, state: 'idle' }),
    [first],
  );
  const [held, setHeld] = useState<Held>(fromFirst);
  const heldRef = useRef(held);
  heldRef.current = held;
  /** The request in flight and the search it is for. */
  const request = useRef<{ controller: AbortController; q: string } | null>(null);
  const cancel = () => {
    request.current?.controller.abort();
    request.current = null;
  };

  const load = useCallback(
    (q: string, offset: number) => {
      cancel();
      const controller = new AbortController();
      request.current = { controller, q };
      setHeld((h) => ({ ...h, asked: q, state: 'loading' }));
      const limit = offset === 0 ? SECTION_CARDS.firstPage : SECTION_CARDS.nextPage;
      call<GraveCardPage>(paths.sectionCards(gender, { q, offset, limit }), { signal: controller.signal }).then(
        (page) => {
          if (controller.signal.aborted) return;
          setHeld((h) => ({
            term: q,
            asked: q,
            cards: offset === 0 ? page.cards : [...h.cards, ...page.cards],
            total: page.total,
            state: 'idle',
          }));
        },
        () => {
          if (!controller.signal.aborted) setHeld((h) => ({ ...h, state: 'error' }));
        },
      );
    },
    [gender],
  );

  // The first page arrived after the page (drawn in the browser, or asked again after a failure).
  useEffect(() => {
    const h = heldRef.current;
    if (h.term === '' && h.asked === '' && first && h.cards !== first.cards) setHeld(fromFirst());
  }, [first, fromFirst]);

  // A new search starts again from its first page, asked once this keystroke's task is over; the cards shown stay
  // until it arrives. Back to no search, the first page is the one the page came with, at once.
  useEffect(() => {
    const h = heldRef.current;
    // This search already answered (or failed: asked again by its button), or its request is on its way.
    if (!enabled || (term === h.asked && (h.state !== 'loading' || request.current?.q === term))) return;
    cancel();
    if (term === '' && first) {
      setHeld(fromFirst());
      return;
    }
    setHeld((h) => ({ ...h, asked: term, state: 'loading' }));
    const timer = setTimeout(() => load(term, 0), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [enabled, term, first, fromFirst, load]);

  useEffect(() => () => request.current?.controller.abort(), []);

  const more = useCallback(() => {
    const h = heldRef.current;
    if (h.state === 'loading' && (h.total !== null || h.asked !== h.term)) return;
    if (h.total === null || h.asked !== h.term) load(h.asked, 0);
    else if (h.cards.length < h.total) load(h.term, h.cards.length);
  }, [load]);

  return { ...held, more };
}
