// The men and women pages: a search box over the section's graves and their cards: the first ones drawn with the
// page, the rest in steps (a village's section searched here, a town's a page at a time from the server).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBrowserValue } from '../browserValue';
import { paths } from '../../api';
import { formatNumber } from '../../domain/text/format';
import { SECTION_CARDS } from '../../domain/rules/sectionCards';
import { typedQuery } from '../searchQuery';
import type { Grave, GraveCardData, GraveCardPage } from '../../domain/types';
import { preloadGravePage } from '../gravePage';
import { useSectionCards, type SectionCards } from '../useSectionCards';
import { indexGraves, searchGraves } from '../graveSearch';
import { afterFirstPaint } from '../firstPaint';
import { useApi } from '../useApi';
import { GraveCard } from './GraveCard';
import { SearchBox } from './SearchBox';
import { ErrorMessage, Loading } from './Status';
import { SteppedList } from './SteppedList';
import { ui, pt, fill } from '../text';
import { Link } from '../router';
import { gravePlace } from '../../domain/rules/graveMoves';
import { graveLifePublicText } from '../../domain/messages/graveLifePublic';
import { planPublicText } from '../../domain/messages/planPublic';
import { publicPaths } from '../../domain/paths/publicPaths';
import { emptyRegisterText } from '../../domain/messages/emptyRegister';

interface Props {
  gender: 'men' | 'women';
  heading: string;
  /** sessionStorage key of the search text. */
  storageKey: string;
  /** 'leave': saved when leaving to a grave's details (men); 'keystroke': saved at each keystroke (women). */
  saveOn: 'leave' | 'keystroke';
}

function readStored(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function store(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the search still works.
  }
}

export function GravesSection({ gender, heading, storageKey, saveOn }: Props) {
  // The first cards come with the page (drawn by the server); their answer says how large the section is.
  const first = useApi<GraveCardPage>(paths.sectionCards(gender));
  const firstPage = first.state === 'done' ? first.data : null;
  const large = firstPage !== null && firstPage.total > SECTION_CARDS.localSearchMax;
  // A village's section is taken whole once the page is shown, and searched here at each keystroke; a town's is
  // paged and searched by the server.
  const graves = useApi<Grave[]>(firstPage !== null && !large ? paths.gravesOfSection(gender) : null);
  // The saved search is browser-only: the server's markup (and the render hydrating it) has none, and React
  // re-renders with the saved text right after; a page drawn in the browser has it from its first render.
  const stored = useBrowserValue(() => readStored(storageKey), '');
  const [typed, setTyped] = useState<string | null>(null);
  const term = typed ?? stored;
  const needle = typedQuery(term);
  const paged = useSectionCards(gender, firstPage, needle, large);

  // The grave page's chunk comes with the section page, once it is shown: a tap then waits only for its answer.
  useEffect(() => {
    void afterFirstPaint().then(preloadGravePage);
  }, []);

  const loaded = graves.state === 'done' ? graves.data : null;
  // Each grave's names are indexed for the matcher a slice at a time once the list is shown (no long task when the
  // data arrives), or at once if a search needs them first.
  useEffect(() => {
    if (!loaded) return;
    let timer = 0;
    const slice = () => {
      if (indexGraves(loaded, indexGraves(loaded, 0) + 100) < loaded.length) timer = window.setTimeout(slice, 0);
    };
    timer = window.setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [loaded]);

  // Each keystroke matches the indexed names and redraws only the first step of cards, most of them memoised, so
  // the list follows the input in the same task rather than a deferred one.
  const matches = useMemo(() => (loaded ? searchGraves(loaded, needle) : null), [loaded, needle]);
  // What is shown: the whole section searched here; or the server's pages (a town, or a village's section until
  // its whole list has arrived, when no search waits for it).
  const shownCards = matches ?? (large ? paged.cards : needle === '' && firstPage ? firstPage.cards : null);

  // Time from a keystroke to the commit of the list drawn for it (performance marks; read by the browser tests
  // and the benchmark). A layout effect runs in the commit itself, once the new cards are in the document.
  useLayoutEffect(() => {
    if (performance.getEntriesByName('search-input', 'mark').length === 0) return;
    if (large && (paged.term !== needle || paged.total === null)) return;
    performance.measure('search-keystroke', 'search-input');
    performance.clearMarks('search-input');
  }, [shownCards, large, paged.term, paged.total, needle]);

  const onChange = (value: string) => {
    performance.clearMarks('search-input');
    performance.mark('search-input');
    setTyped(value);
    if (saveOn === 'keystroke') store(storageKey, value);
  };
  // Stable across keystrokes, so the memoised cards are not redrawn for a new term.
  const termRef = useRef(term);
  termRef.current = term;
  const onOpen = useCallback(() => {
    if (saveOn === 'leave') store(storageKey, termRef.current);
  }, [saveOn, storageKey]);

  const render = (grave: GraveCardData) => <GraveCard key={grave._id} grave={grave} onOpen={onOpen} />;
  const count = matches ? matches.length : large ? paged.total : needle === '' ? (firstPage?.total ?? null) : null;
  // A section with no grave yet says so, whatever was typed: nothing failed.
  const sectionEmpty = firstPage !== null && firstPage.total === 0;

  return (
    // list-page: as tall as the screen from the start, so the footer is not in view to be pushed down when the
    // cards arrive (layout shift).
    // data-q: the search the cards shown answer (the last one's stay while the next is asked).
    <section className="list-page" aria-labelledby="section-heading" data-q={large ? paged.term : needle}>
      <h1 id="section-heading">{heading}</h1>
      <NextGrave gender={gender} />
      <SearchBox value={term} onChange={onChange} placeholder={ui['search.placeholder']} />
      {first.state === 'loading' && <Loading />}
      {first.state === 'error' && <ErrorMessage text={pt['public.loadError']} onRetry={first.reload} />}
      {first.state === 'done' && (
        <>
          {sectionEmpty && <p className="message">{emptyRegisterText['empty.section']}</p>}
          {count !== null && !sectionEmpty && (
            <p className="result-count" aria-live="polite">
              {fill(pt['public.gravesCount'], { count: formatNumber(count) })}
            </p>
          )}
          {count === 0 && !sectionEmpty && <p className="message">{ui['search.noResults']}</p>}
          {matches && matches.length > 0 && (
            <SteppedList items={matches} resetKey={needle} className="card-grid" render={render} />
          )}
          {!matches && large && <PagedCards section={paged} render={render} />}
          {!matches && !large && shownCards && <ul className="card-grid">{shownCards.map(render)}</ul>}
          {!matches && !large && graves.state === 'loading' && (needle !== '' || shownCards === null) && <Loading />}
          {!matches && !large && graves.state === 'error' && (
            <ErrorMessage text={pt['public.loadError']} onRetry={graves.reload} />
          )}
        </>
      )}
    </section>
  );
}

/**
 * A town's section: the cards received so far, and at their end the next page asked for as it comes near the
 * screen, with a line saying it is coming, or why it did not and a button to ask again.
 */
function PagedCards({ section, render }: { section: SectionCards; render: (card: GraveCardData) => ReactNode }) {
  const { cards, total, state, more } = section;
  const sentinel = useRef<HTMLDivElement>(null);
  // A new search on its way: the cards of the last stay as they are, with no line coming and going under them.
  const searching = section.asked !== section.term;
  const hasMore = searching || total === null || cards.length < total;
  const waiting = state === 'idle' && total !== null && hasMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!waiting || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), {
      rootMargin: '600px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [waiting, more, cards.length]);
  return (
    <>
      {cards.length > 0 && <ul className="card-grid">{cards.map(render)}</ul>}
      {hasMore && (
        <div ref={sentinel} className="list-more">
          {state === 'loading' && !searching && (
            <Loading text={total === null ? pt['public.searching'] : pt['public.loadingMoreGraves']} />
          )}
          {state === 'error' && (
            <ErrorMessage
              text={total === null || searching ? pt['public.searchError'] : pt['public.moreGravesError']}
              onRetry={more}
            />
          )}
          {waiting && (
            <button type="button" className="button button-secondary" onClick={more}>
              {pt['public.showMoreGraves']}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/**
 * The section's next grave to use, as the committee's setting picks it: one line under the heading, its
 * room kept from the start so the cards do not move when it arrives. Nothing is said when it cannot be read: the
 * list below is what the page is for.
 */
function NextGrave({ gender }: { gender: 'men' | 'women' }) {
  const next = useApi<Record<'men' | 'women', Grave | null>>(paths.nextGraves());
  const grave = next.state === 'done' ? next.data[gender] : undefined;
  return (
    <p className="next-grave muted">
      {grave === null && graveLifePublicText['next.publicNone']}
      {grave && (
        <Link to={publicPaths.grave.href(grave._id)}>
          {fill(graveLifePublicText['next.publicLine'], { place: gravePlace(grave) })}
        </Link>
      )}{' '}
      <Link to={publicPaths.plan.href()} className="plan-link">
        {planPublicText['plan.link']}
      </Link>
    </p>
  );
}
