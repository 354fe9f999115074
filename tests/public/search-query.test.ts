// The public search boxes send the text as typed but for its leading spaces (a last word with no space
// after it is still being typed), cut at the API's own limit on q.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/rules/validation';
import { SEARCH_QUERY_MAX, typedQuery } from '../../src/public/searchQuery';

describe('what a public search box sends', () => {
  it("holds the API's limit on q", () => {
    expect(SEARCH_QUERY_MAX).toBe(LIMITS.searchQueryMax);
    expect(typedQuery('م'.repeat(150))).toHaveLength(LIMITS.searchQueryMax);
  });

  it('keeps the space after a finished last word and drops the ones before the first', () => {
    expect(typedQuery('  محمد ')).toBe('محمد ');
    expect(typedQuery('محمد عب')).toBe('محمد عب');
    expect(typedQuery('   ')).toBe('');
  });
});
