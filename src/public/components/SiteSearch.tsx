// Beyond the spec: one search over every section (GET /api/search), for visitors who do not know the section.
import { waitsForMoreLetters } from '../../domain/search/queryLength';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '../router';
import { ApiError, call, paths } from '../../api';
import { formatBurialDate } from '../../domain/dates/dateText';
import { normalizeArabic } from '../../domain/search/normalize';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { Gender, SearchMatch } from '../../domain/types';
import { HighlightedName } from './HighlightedName';
import { SearchBox } from './SearchBox';
import { typedQuery } from '../searchQuery';
import { ErrorMessage, Loading } from './Status';
import { graveWhere } from '../graveText';
import { ui, pt } from '../text';
import { useRegisterEmpty } from '../useRegisterEmpty';
import { emptyRegisterText } from '../../domain/messages/emptyRegister';

const MoveNote = lazy(() => import('./MoveNote'));

const SECTION: Record<Gender, string> = {
  men: pt['public.menSection'],
  women: pt['public.womenSection'],
  bones: pt['public.bonesSection'],
};

/** Matches as the name was typed or spelled another usual way, or begun; the others (a spoken swap, a Latin
 * spelling, a slip) are offered under "ربما تقصد". The server sends them best first. */
const SURE: ReadonlySet<SearchMatch['match']> = new Set([undefined, 'exact', 'number', 'folded', 'prefix']);

/**
 * The results drawn in an answer's own frame; the others follow in the next. Fifty results at once took a cheap
 * phone's layout 59-66 ms of that frame, ten took 16 ms (traced at 360 px, CPU 4x slower): a screenful is ten.
 */
export const FIRST_RESULTS = 10;

function ResultList({ matches }: { matches: SearchMatch[] }) {
  if (matches.length === 0) return null;
  return (
    <ul className="search-results">
      {matches.map((m) => (
        <li key={m.person._id}>
          <Link to={publicPaths.grave.href(m.grave._id)} className="search-result">
            <span className="result-name">
              <HighlightedName name={m.person.name} words={m.words ?? []} />
            </span>
            {/* Commas, not middle dots: beside Arabic-Indic digits a dot reads as the digit zero. */}
            <span className="result-meta">
              {SECTION[m.grave.gender]}، {graveWhere(m.grave.number)}، {formatBurialDate(m.person.burialDate, m.person.datePrecision)}
            </span>
            {m.person.transferredFrom && (
              <Suspense>
                <MoveNote move={m.person.transferredFrom} />
              </Suspense>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteSearch() {
  const [term, setTerm] = useState('');
  // The answers drawn and the text they answer: kept on screen while the next text is asked (no flicker).
  const [shown, setShown] = useState<{ q: string; matches: SearchMatch[] } | null>(null);
  // The text whose search failed: said so, with a button to ask again; the next text asks anew.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const q = typedQuery(term);
  const empty = normalizeArabic(q) === '';
  const oneLetter = waitsForMoreLetters(q);
  const failed = failedFor === q;
  // The text whose answers are all drawn: an answer's first FIRST_RESULTS results go in its own frame, the rest in
  // the next.
  const [whole, setWhole] = useState<string>();

  useEffect(() => {
    if (empty || oneLetter) {
      setShown(null);
      return;
    }
    if (failed) return;
    // Asked at once (no pause: the keystroke's time to its answers drawn is the target); the next text cancels
    // this one: its request, or its answer arriving late.
    const controller = new AbortController();
    const { signal } = controller;
    call<SearchMatch[]>(paths.search(q), { signal }).then(
      (matches) => signal.aborted || setShown({ q, matches }),
      (error: unknown) => signal.aborted || (error instanceof ApiError && setFailedFor(q)),
    );
    return () => controller.abort();
  }, [q, empty, oneLetter, failed]);

  // After the frame that draws the first results (a late call for an older answer changes nothing: `cut` below).
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(setWhole, 0, shown?.q));
  }, [shown]);

  // Emptied with the box (the effect above, run before the next paint for a keystroke).
  const matches = shown?.matches;
  const cut = whole === shown?.q ? undefined : FIRST_RESULTS;
  const sure = matches?.filter((m) => SURE.has(m.match)).slice(0, cut);
  const others = matches?.filter((m) => !SURE.has(m.match)).slice(0, cut && cut - sure!.length);
  return (
    <section className="site-search card" aria-labelledby="site-search-heading">
      <h2 id="site-search-heading">{pt['public.searchAll']}</h2>
      <p className="hint">{pt['public.searchAllHint']}</p>
      <SearchBox value={term} onChange={setTerm} placeholder={ui['search.placeholder']} />
      {/* Busy while the rest is drawn: a screen reader reads the answers once, whole. */}
      <div aria-live="polite" aria-busy={whole !== shown?.q} data-q={shown?.q}>
        {oneLetter && <p className="message hint">{ui['search.oneMoreLetter']}</p>}
        {failed && <ErrorMessage text={pt['public.searchError']} onRetry={() => setFailedFor(null)} />}
        {matches &&
          (matches.length === 0 ? (
            <NoMatch />
          ) : (
            <>
              <h3 className="visually-hidden">{pt['public.searchResults']}</h3>
              <ResultList matches={sure!} />
              {others!.length > 0 && (
                <>
                  <h3 className="did-you-mean">{pt['public.didYouMean']}</h3>
                  <ResultList matches={others!} />
                </>
              )}
            </>
          ))}
      </div>
    </section>
  );
}

/** Nothing found: in an empty register, that there is nothing yet to search, not a failed search. */
function NoMatch() {
  const empty = useRegisterEmpty(true);
  if (empty === null) return <Loading text={pt['public.searching']} />;
  return <p className="message">{empty ? emptyRegisterText['empty.search'] : ui['search.noResults']}</p>;
}
