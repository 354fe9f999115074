// What the public site's search boxes send (issue 26): the text as typed but for its leading spaces, so that a last
// word with no space after it reads as still being typed (matched by its beginning) and one followed by a space as
// finished; cut at the API's limit on q.

/** LIMITS.searchQueryMax (tests/public/search-query.test.ts checks they agree): a literal keeps the validation rules,
 * and every message they carry, out of the public pages. */
export const SEARCH_QUERY_MAX = 100;

export const typedQuery = (typed: string): string => typed.trimStart().slice(0, SEARCH_QUERY_MAX);
