// The grave list's name column: while the list is searched (filter q), the people of the grave the search found,
// their matched words marked as the public site marks them; otherwise the newest burial's name. The server chose
// the graves with the shared matcher (src/domain/search/names); the same matcher tells here which words it matched,
// a last word still being typed (no space after it) by the stored word it begins.
import { useMemo, useState } from 'react';
import { useListContext, useRecordContext } from 'react-admin';
import { highlightRanges, indexName, matchBurial, prepareQuery } from '../../../domain/search/names';
import type { GraveRecord } from '../../../dataProvider';

function Marked({ name, words }: { name: string; words: ReadonlyArray<readonly [number, number]> }) {
  return (
    <>
      {highlightRanges(name, words).map((piece, i) =>
        piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>,
      )}
    </>
  );
}

/**
 * The search the rows on screen answer. While the clerk types on, the list keeps the previous search's rows until the
 * next ones arrive (react-admin's placeholder data): they stay marked by the search that found them, not unmarked by
 * the newer text they were not found for.
 */
function useAnsweredSearch(): unknown {
  const { filterValues, isPending, isPlaceholderData } = useListContext<GraveRecord>();
  const typed: unknown = filterValues.q;
  const [answered, setAnswered] = useState(typed);
  if (!isPending && !isPlaceholderData && answered !== typed) setAnswered(typed);
  return answered;
}

export function MatchedNames() {
  const record = useRecordContext<GraveRecord>();
  const text = useAnsweredSearch();
  const query = useMemo(() => (typeof text === 'string' ? prepareQuery(text) : null), [text]);
  if (!record) return null;
  const found =
    query === null || query.words.length === 0
      ? []
      : record.buriedPersons.flatMap((person) => {
          const match = matchBurial(query, indexName(person.name), record.number);
          return match ? [{ person, match }] : [];
        });
  if (found.length === 0) return <>{record.buriedPersons[0]?.name ?? ''}</>;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }}>
      {found.map(({ person, match }) => (
        <span key={person._id}>
          <Marked name={person.name} words={match.words} />
        </span>
      ))}
    </span>
  );
}
