// The men and women pages: a search box over the section's graves and their cards, rendered in steps.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useBrowserValue } from '../browserValue';
import { paths } from '../../api';
import { formatNumber } from '../../domain/format';
import type { Grave } from '../../domain/types';
import { indexGraves, searchGraves } from '../graveSearch';
import { useApi } from '../useApi';
import { GraveCard } from './GraveCard';
import { SearchBox } from './SearchBox';
import { ErrorMessage, Loading } from './Status';
import { SteppedList } from './SteppedList';
import { ui, pt, fill } from '../text';
import { Link } from '../router';
import { gravePlace } from '../../domain/graveMoves';
import { graveLifePublicText } from '../../domain/messages/graveLifePublic';
import { planPublicText } from '../../domain/messages/planPublic';
import { publicPaths } from '../../domain/publicPaths';

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
  const graves = useApi<Grave[]>(paths.gravesOfSection(gender));
  // The saved search is browser-only: the server's markup (and the render hydrating it) has none, and React
  // re-renders with the saved text right after; a page drawn in the browser has it from its first render.
  const stored = useBrowserValue(() => readStored(storageKey), '');
  const [typed, setTyped] = useState<string | null>(null);
  const term = typed ?? stored;

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
  const needle = term.trim();
  const matches = useMemo(() => (loaded ? searchGraves(loaded, needle) : []), [loaded, needle]);

  // Time from a keystroke to the commit of the list drawn for it (performance marks; read by the browser tests
  // and the benchmark). A layout effect runs in the commit itself, once the new cards are in the document.
  useLayoutEffect(() => {
    if (performance.getEntriesByName('search-input', 'mark').length === 0) return;
    performance.measure('search-keystroke', 'search-input');
    performance.clearMarks('search-input');
  }, [matches]);

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

  return (
    // list-page: as tall as the screen from the start, so the footer is not in view to be pushed down when the
    // cards arrive (layout shift).
    <section className="list-page" aria-labelledby="section-heading">
      <h1 id="section-heading">{heading}</h1>
      <NextGrave gender={gender} />
      <SearchBox value={term} onChange={onChange} placeholder={ui['search.placeholder']} />
      {graves.state === 'loading' && <Loading />}
      {graves.state === 'error' && <ErrorMessage text={pt['public.loadError']} onRetry={graves.reload} />}
      {graves.state === 'done' && (
        <>
          <p className="result-count" aria-live="polite">
            {fill(pt['public.gravesCount'], { count: formatNumber(matches.length) })}
          </p>
          {matches.length === 0 ? (
            <p className="message">{ui['search.noResults']}</p>
          ) : (
            <SteppedList
              items={matches}
              resetKey={needle}
              className="card-grid"
              render={(grave) => <GraveCard key={grave._id} grave={grave} onOpen={onOpen} />}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * The section's next grave to use, as the committee's setting picks it (issue 13): one line under the heading, its
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
