import {
  HISTORY_CONTRACTS,
  PAGE_SIZE,
  type TContentHistoryDetail,
  type TContentHistoryDetailQuery,
  type TContentHistoryList,
  type TContentHistoryQuery,
} from '@signage/domain';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { download } from '../../app/download';
import { call } from '../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';

/** The history search as the screen keeps it: the content search plus the play period. */
export type HistoryCriteria = Omit<TContentHistoryQuery, 'endCursor' | 'order' | 'limit'>;
/** The detail's player filter (the device search overlay's fields the history answers). */
export type HistoryDeviceCriteria = Pick<TContentHistoryDetailQuery, 'shop_name' | 'shop_no' | 'memo'>;

/**
 * The history list by cursor. A short or empty page while more exist fetches on at once (SPEC.md section 4),
 * `loadMore` is for reaching the bottom.
 */
export function useHistoryRows(criteria: HistoryCriteria, order: 'ASC' | 'DESC') {
  const pages = useInfiniteQuery<
    TContentHistoryList,
    Error,
    InfiniteData<TContentHistoryList>,
    readonly unknown[],
    string | undefined
  >({
    queryKey: ['history', 'list', criteria, order],
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(HISTORY_CONTRACTS.list, { query: { ...criteria, order, endCursor: pageParam }, signal }),
    getNextPageParam: nextPageParam,
  });
  const rows = useMemo(() => pages.data?.pages.flatMap((page) => page.contentHistory) ?? [], [pages.data]);
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  const lastPageEmpty = pages.data?.pages.at(-1)?.contentHistory.length === 0;
  useEffect(() => {
    if (hasNextPage && !isFetching && (lastPageEmpty || rows.length < PAGE_SIZE)) void fetchNextPage();
  }, [hasNextPage, isFetching, lastPageEmpty, rows.length, fetchNextPage]);
  const first = pages.data?.pages[0];
  return {
    rows,
    window: first ? { from: first.start_date, to: first.end_date } : null,
    loading: pages.isLoading,
    loadingMore: pages.isFetchingNextPage,
    error: pages.error,
    retry: () => void pages.refetch(),
    loadMore: () => {
      if (hasNextPage && !isFetching) void fetchNextPage();
    },
  };
}

/** One content's history over a window (its row of the list): the summary screen's header and chart. */
export function useContentHistory(key: string | null, window: { start_date: string; end_date: string }) {
  return useQuery({
    queryKey: ['history', 'summary', key, window],
    enabled: key !== null,
    queryFn: ({ signal }) =>
      call(HISTORY_CONTRACTS.detail, {
        params: { contentHistoryKey: key ?? '' },
        query: { ...window, limit: 1 },
        signal,
      }),
    select: (data) => data.content,
  });
}

/** The players that showed a content in a window, by cursor. */
export function useHistoryDevices(
  key: string | null,
  window: { start_date: string; end_date: string },
  criteria: HistoryDeviceCriteria,
) {
  const pages = useInfiniteQuery<
    TContentHistoryDetail,
    Error,
    InfiniteData<TContentHistoryDetail>,
    readonly unknown[],
    string | undefined
  >({
    queryKey: ['history', 'detail', key, window, criteria],
    enabled: key !== null,
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(HISTORY_CONTRACTS.detail, {
        params: { contentHistoryKey: key ?? '' },
        query: { ...window, ...criteria, endCursor: pageParam },
        signal,
      }),
    getNextPageParam: nextPageParam,
    placeholderData: (previous) => previous,
  });
  const devices = useMemo(() => pages.data?.pages.flatMap((page) => page.devices) ?? [], [pages.data]);
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  return {
    content: pages.data?.pages[0]?.content ?? null,
    devices,
    loading: pages.isLoading,
    fetching: pages.isFetching,
    loadingMore: pages.isFetchingNextPage,
    error: pages.error,
    retry: () => void pages.refetch(),
    loadMore: () => {
      if (hasNextPage && !isFetching) void fetchNextPage();
    },
  };
}

export const exportHistoryList = (criteria: HistoryCriteria, order: 'ASC' | 'DESC') =>
  download(HISTORY_CONTRACTS.listCsv, { query: { ...criteria, order } }, 'content-history.csv');

export const exportHistoryDetail = (
  key: string,
  window: { start_date: string; end_date: string },
  criteria: HistoryDeviceCriteria,
) =>
  download(
    HISTORY_CONTRACTS.detailCsv,
    { params: { contentHistoryKey: key }, query: { ...window, ...criteria } },
    'content-history.csv',
  );
