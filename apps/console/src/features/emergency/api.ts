import {
  CONTENT_CONTRACTS,
  EMERGENCY_CONTRACTS,
  type TContentList,
  type TEmergency,
  type TEmergencyList,
  type TEmergencyPost,
} from '@signage/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';

const listKey = ['emergencies', 'list'] as const;

/** While a message is on screen its list is read again every 5 s (its state and the players that showed it). */
const ACTIVE_POLL_MS = 5000;

/** The messages, newest first, 50 a page (keyset cursor); the pages loaded are read again while one is active. */
export function useEmergencyPages() {
  return useInfiniteQuery<TEmergencyList>({
    queryKey: listKey,
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(EMERGENCY_CONTRACTS.list, { query: { endCursor: pageParam as string | undefined }, signal }),
    getNextPageParam: nextPageParam,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.emergencies.some((m) => m.state === 'active'))
        ? ACTIVE_POLL_MS
        : false,
  });
}

export function usePostEmergency() {
  const client = useQueryClient();
  return useMutation<TEmergency, Error, TEmergencyPost>({
    mutationFn: (body) => call(EMERGENCY_CONTRACTS.post, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useCancelEmergency() {
  const client = useQueryClient();
  return useMutation<TEmergency, Error, string>({
    mutationFn: (id) => call(EMERGENCY_CONTRACTS.cancel, { params: { emergency_id: id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: listKey }),
  });
}

/** Image contents whose name contains `name` (the first 50), for the image message's picker. */
export function useImageContents(name: string) {
  return useQuery<TContentList>({
    queryKey: ['emergencies', 'images', name],
    queryFn: ({ signal }) =>
      call(CONTENT_CONTRACTS.list, { query: { media_type: 'image', name: name || undefined, limit: 50 }, signal }),
    staleTime: 30_000,
  });
}
