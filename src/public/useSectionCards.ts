// A large section's cards, a page at a time from the server (issue 14): the first page comes with the page itself,
// the next ones as the visitor scrolls, and a search asks the server (the whole section of a town is 2 MB of JSON).
// A page that fails is said so and can be asked again: what was shown stays, and nothing pretends to be empty.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, paths } from '../api';
import { SECTION_CARDS } from '../domain/rules/sectionCards';
import type { Gender, GraveCardData, GraveCardPage } from '../domain/types';

export interface SectionCards {
  /** The search these cards answer ('' = the whole section). */
  term: string;
  cards: readonly GraveCardData[];
  /** How many match; null until the first page of this search has arrived. */
  total: number | null;
  state: 'idle' | 'loading' | 'error';
  /** Asks for the next page (or again for the one that failed). */
  more: () => void;
}

/** Keystrokes closer than this make one request, for the last one. */
const TYPING_PAUSE_MS = 250;

interface Held {
  term: string;
  cards: readonly GraveCardData[];
  total: number | null;
  state: 'idle' | 'loading' | 'error';
}

/**
 * `first`: the section's first page (drawn with the page), or null while it is not there; `term`: the search typed.
 * Enabled only when `enabled` (a small section is searched in the browser instead).
 */
export function useSectionCards(
  gender: Gender,
  first: GraveCardPage | null,
  term: string,
  enabled: boolean,
): SectionCards {
  const fromFirst = useCallback(
    (): Held => ({ term: '', cards: first?.cards ?? [], total: first?.total ?? null, state: 'idle' }),
    [first],
  );
  const [held, setHeld] = useState<Held>(fromFirst);
  const heldRef = useRef(held);
  heldRef.current = held;
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    (q: string, offset: number) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setHeld((h) => ({ ...h, state: 'loading' }));
      call<GraveCardPage>(paths.sectionCards(gender, { q, offset, limit: SECTION_CARDS.firstPage }), {
        signal: controller.signal,
      }).then(
        (page) => {
          if (controller.signal.aborted) return;
          setHeld((h) => ({
            term: q,
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
    if (heldRef.current.term === '' && first && heldRef.current.cards !== first.cards) setHeld(fromFirst());
  }, [first, fromFirst]);

  // A new search starts again from its first page, once the typing pauses; back to no search, the first page is
  // the one the page came with.
  useEffect(() => {
    if (!enabled || term === heldRef.current.term) return;
    request.current?.abort();
    if (term === '' && first) {
      setHeld(fromFirst());
      return;
    }
    setHeld({ term, cards: [], total: null, state: 'loading' });
    const timer = setTimeout(() => load(term, 0), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [enabled, term, first, fromFirst, load]);

  useEffect(() => () => request.current?.abort(), []);

  const more = useCallback(() => {
    const h = heldRef.current;
    if (h.state === 'loading' && h.total !== null) return;
    if (h.total === null) load(h.term, 0);
    else if (h.cards.length < h.total) load(h.term, h.cards.length);
  }, [load]);

  return { ...held, more };
}
