import { MORE_RESULTS } from '@signage/domain';

/** The page parameter of a paged list's first page: no cursor. */
export const FIRST_PAGE = undefined as string | undefined;

/**
 * The console's next-page rule for every paged list (TanStack's `getNextPageParam`): a page whose summary says
 * more results follow names the cursor of the next one; otherwise there is none (undefined ends the list).
 */
export function nextPageParam(page: {
  summary: { moreResults: string; endCursor?: string | null };
}): string | undefined {
  return page.summary.moreResults === MORE_RESULTS ? (page.summary.endCursor ?? undefined) : undefined;
}
