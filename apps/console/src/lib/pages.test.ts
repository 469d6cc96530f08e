import { MORE_RESULTS, NO_MORE_RESULTS } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { nextPageParam } from './pages';

describe('the next-page rule', () => {
  it("follows a page's cursor while more results follow", () => {
    expect(nextPageParam({ summary: { moreResults: MORE_RESULTS, endCursor: 'c2' } })).toBe('c2');
  });
  it('ends the list on the last page, or where more are claimed but no cursor came', () => {
    expect(nextPageParam({ summary: { moreResults: NO_MORE_RESULTS, endCursor: 'c2' } })).toBeUndefined();
    expect(nextPageParam({ summary: { moreResults: MORE_RESULTS, endCursor: null } })).toBeUndefined();
  });
});
