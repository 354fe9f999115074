// Beyond the spec: one search over every section (GET /api/search), for visitors who do not know the section.
import { useEffect, useState } from 'react';
import { Link } from '../router';
import { ApiError, call, paths } from '../../api';
import { formatBurialDate } from '../../domain/dates/dateText';
import { movedFromText } from '../../domain/rules/graveMoves';
import { normalizeArabic } from '../../domain/search/normalize';
import { publicPaths } from '../../domain/paths/publicPaths';
import type { Gender, SearchMatch } from '../../domain/types';
import { HighlightedName } from './HighlightedName';
import { SearchBox } from './SearchBox';
import { Loading } from './Status';
import { graveWhere } from '../graveText';
import { ui, pt } from '../text';
import { useRegisterEmpty } from '../useRegisterEmpty';
import { emptyRegisterText } from '../../domain/messages/emptyRegister';

const SECTION: Record<Gender, string> = {
  men: pt['public.menSection'],
  women: pt['public.womenSection'],
  bones: pt['public.bonesSection'],
};

// The API's limit on q (LIMITS.searchQueryMax); a literal here keeps the validation rules out of the home bundle.
const SEARCH_QUERY_MAX = 100;

type State =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; matches: SearchMatch[] }
  | { state: 'error' };

/** Matches as the name was typed or spelled another usual way; the others (a spoken swap, a Latin spelling, a
 * slip) are offered under "ربما تقصد". The server sends them best first. */
const SURE: ReadonlySet<SearchMatch['match']> = new Set([undefined, 'exact', 'number', 'folded', 'prefix']);

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
              <span className="result-note move-note">{movedFromText(m.person.transferredFrom)}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteSearch() {
  const [term, setTerm] = useState('');
  const [result, setResult] = useState<State>({ state: 'idle' });

  useEffect(() => {
    const q = term.trim().slice(0, SEARCH_QUERY_MAX);
    if (normalizeArabic(q) === '') {
      setResult({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    // Asks once the visitor pauses typing.
    const timer = setTimeout(() => {
      setResult({ state: 'loading' });
      call<SearchMatch[]>(paths.search(q), { signal: controller.signal }).then(
        (matches) => setResult({ state: 'done', matches }),
        (error: unknown) => {
          if (!controller.signal.aborted && error instanceof ApiError) setResult({ state: 'error' });
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  return (
    <section className="site-search card" aria-labelledby="site-search-heading">
      <h2 id="site-search-heading">{pt['public.searchAll']}</h2>
      <p className="hint">{pt['public.searchAllHint']}</p>
      <SearchBox value={term} onChange={setTerm} placeholder={ui['search.placeholder']} />
      <div aria-live="polite">
        {result.state === 'loading' && <Loading text={pt['public.searching']} />}
        {result.state === 'error' && <p className="message message-error">{pt['public.searchError']}</p>}
        {result.state === 'done' &&
          (result.matches.length === 0 ? (
            <NoMatch />
          ) : (
            <>
              <h3 className="visually-hidden">{pt['public.searchResults']}</h3>
              <ResultList matches={result.matches.filter((m) => SURE.has(m.match))} />
              {result.matches.some((m) => !SURE.has(m.match)) && (
                <>
                  <h3 className="did-you-mean">{pt['public.didYouMean']}</h3>
                  <ResultList matches={result.matches.filter((m) => !SURE.has(m.match))} />
                </>
              )}
            </>
          ))}
      </div>
    </section>
  );
}

/** Nothing found: in an empty register, that there is nothing yet to search (issue 24), not a failed search. */
function NoMatch() {
  const empty = useRegisterEmpty(true);
  if (empty === null) return <Loading text={pt['public.searching']} />;
  return <p className="message">{empty ? emptyRegisterText['empty.search'] : ui['search.noResults']}</p>;
}
