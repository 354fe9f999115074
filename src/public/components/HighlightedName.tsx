// A name with the words a search matched marked (<mark>), as the matcher reports them.
// The highlighting alone (not the matcher): the home page's search shows the server's answers.
import { highlightRanges } from '../../domain/search/names/highlight';

interface Props {
  name: string;
  /** Character ranges [start, end) of the matched words; none draws the name plainly. */
  words: ReadonlyArray<readonly [number, number]>;
}

export function HighlightedName({ name, words }: Props) {
  if (words.length === 0) return <>{name}</>;
  return (
    <>
      {highlightRanges(name, words).map((piece, i) =>
        piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>,
      )}
    </>
  );
}
