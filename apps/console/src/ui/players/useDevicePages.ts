import { PAGE_SIZE, type TDeviceListQuery } from '@signage/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';
import { fetchDevices } from './api';

/**
 * Player list rows loaded by cursor (SPEC.md section 4): pages of ten are fetched until the shown
 * pages and the one after them are loaded, so a short page with more results loads again by itself.
 * `pagesShown` grows when the user scrolls to the bottom (cursor loading beside the pager).
 */
export function useDevicePages(query: TDeviceListQuery, page: number, pagesShown = 1) {
  const result = useInfiniteQuery({
    queryKey: ['players', 'list', query],
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) => fetchDevices({ ...query, endCursor: pageParam, limit: PAGE_SIZE }, signal),
    getNextPageParam: nextPageParam,
  });
  const rows = result.data?.pages.flatMap((p) => p.devices) ?? [];
  const total = result.data?.pages[0]?.summary.total ?? 0;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = result;
  const lastShown = page - 1 + pagesShown;
  const wanted = (lastShown + 1) * PAGE_SIZE;

  useEffect(() => {
    if (rows.length < wanted && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [rows.length, wanted, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return {
    rows: rows.slice((page - 1) * PAGE_SIZE, lastShown * PAGE_SIZE),
    total,
    /** Whether rows exist past the shown ones (scrolling further loads them). */
    more: total > lastShown * PAGE_SIZE,
    loading: result.isLoading || (rows.length < lastShown * PAGE_SIZE && (hasNextPage || isFetchingNextPage)),
    error: result.error,
    refetch: result.refetch,
  };
}
