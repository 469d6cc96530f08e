import { CONTENT_CONTRACTS, PAGE_SIZE, type TContentList, type TContentListQuery } from '@signage/domain';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call } from '../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';

/** The content search as a screen keeps it (no cursor, order or page size). */
export type ContentCriteria = Omit<TContentListQuery, 'endCursor' | 'order' | 'limit'>;

/** How often a list with a content still processing asks again. */
export const PROCESSING_REFRESH_MS = 2000;

export const contentListKey = (criteria: ContentCriteria, order: string) =>
  ['contents', 'list', criteria, order] as const;

export function useContentPages(criteria: ContentCriteria, order: 'ASC' | 'DESC') {
  return useInfiniteQuery<TContentList, Error, InfiniteData<TContentList>, readonly unknown[], string | undefined>({
    queryKey: contentListKey(criteria, order),
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(CONTENT_CONTRACTS.list, { query: { ...criteria, order, endCursor: pageParam }, signal }),
    getNextPageParam: nextPageParam,
    // A fresh upload's thumbnail is made after its answer: the rows refresh until none is processing.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.contents.some((c) => c.processing_state === 'processing'))
        ? PROCESSING_REFRESH_MS
        : false,
  });
}

/**
 * The rows of a content search loaded by cursor (SPEC.md section 4): an empty page, or fewer rows than a
 * page, while more results exist fetches on at once; `loadMore` is for reaching the bottom.
 */
export function useContentRows(criteria: ContentCriteria, order: 'ASC' | 'DESC') {
  const pages = useContentPages(criteria, order);
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.contents) ?? [], [pages.data]);
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  const lastPageEmpty = pages.data?.pages.at(-1)?.contents.length === 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && (lastPageEmpty || rows.length < PAGE_SIZE)) void fetchNextPage();
  }, [hasNextPage, isFetching, lastPageEmpty, rows.length, fetchNextPage]);
  return {
    rows,
    loading: pages.isLoading,
    loadingMore: pages.isFetchingNextPage,
    error: pages.error,
    loadMore: () => {
      if (hasNextPage && !isFetching) void fetchNextPage();
    },
  };
}
