// What the public site's search boxes send: the text as typed but for its leading spaces, so that a last
// word with no space after it reads as still being typed (matched by its beginning) and one followed by a space as
// finished; cut at the API's limit on q.

/** LIMITS.searchQueryMax (tests/public/search-query.test.ts checks they agree): a literal keeps the validation rules,
 * and every message they carry, out of the public pages. */
export const SEARCH_QUERY_MAX = 100;

export const typedQuery = (typed: string): string => typed.trimStart().slice(0, SEARCH_QUERY_MAX);

/**
 * How long a box waits after a keystroke before asking: none beyond the current task (keystrokes of one task, a
 * paste or a held key, make one request). The targets count from the keystroke to the answers drawn, pause
 * included (100 ms desktop, 300 ms on the bench's phone, whose round trip alone is 150 ms); a person's next
 * keystroke cancels the request still on its way, so a longer pause would only delay the answers.
 */
export const TYPING_PAUSE_MS = 0;
