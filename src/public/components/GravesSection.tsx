// The men and women pages: a search box over the section's graves and their cards, rendered in steps.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { paths } from '../../api';
import { formatNumber } from '../../domain/format';
import { graveSearchText, normalizeArabic } from '../../domain/normalize';
import type { Grave } from '../../domain/types';
import { useApi } from '../useApi';
import { GraveCard } from './GraveCard';
import { SearchBox } from './SearchBox';
import { ErrorMessage, Loading } from './Status';
import { SteppedList } from './SteppedList';
import { ui, pt, fill } from '../text';

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
  const [term, setTerm] = useState(() => readStored(storageKey));
  // The input stays responsive while the list catches up with the newest term.
  const deferredTerm = useDeferredValue(term);

  // One normalised haystack per grave, computed once per load, so each keystroke is a substring test.
  const index = useMemo(
    () => (graves.state === 'done' ? graves.data.map((g) => ({ grave: g, text: graveSearchText(g) })) : []),
    [graves],
  );
  const needle = normalizeArabic(deferredTerm);
  const matches = useMemo(
    () => (needle === '' ? index : index.filter((entry) => entry.text.includes(needle))).map((e) => e.grave),
    [index, needle],
  );

  // Time from a keystroke to the list drawn for it (performance marks; read by the browser tests).
  useEffect(() => {
    if (performance.getEntriesByName('search-input', 'mark').length === 0) return;
    performance.measure('search-keystroke', 'search-input');
    performance.clearMarks('search-input');
  }, [matches]);

  const onChange = (value: string) => {
    performance.clearMarks('search-input');
    performance.mark('search-input');
    setTerm(value);
    if (saveOn === 'keystroke') store(storageKey, value);
  };
  // Stable across keystrokes, so the memoised cards are not redrawn for a new term.
  const termRef = useRef(term);
  termRef.current = term;
  const onOpen = useCallback(() => {
    if (saveOn === 'leave') store(storageKey, termRef.current);
  }, [saveOn, storageKey]);

  return (
    <section aria-labelledby="section-heading">
      <h1 id="section-heading">{heading}</h1>
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
