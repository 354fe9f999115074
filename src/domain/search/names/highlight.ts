// Drawing a matched name: kept apart from the matcher so a page that only shows the server's answers (the home
// search) does not download the matcher.

/** The name in pieces for drawing, matched words marked (ranges as in NameMatch.words). */
export function highlightRanges(
  name: string,
  words: ReadonlyArray<readonly [number, number]>,
): Array<{ text: string; match: boolean }> {
  const pieces: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const [start, end] of [...words].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    if (start > at) pieces.push({ text: name.slice(at, start), match: false });
    pieces.push({ text: name.slice(start, end), match: true });
    at = end;
  }
  if (at < name.length) pieces.push({ text: name.slice(at), match: false });
  return pieces;
}
