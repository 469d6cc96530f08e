import { type BodyIn, SCHEDULE_CONTRACTS, type TSchedule, type TScheduleList } from '@signage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';

const S = SCHEDULE_CONTRACTS;

export const scheduleKeys = {
  all: ['schedules'] as const,
  ofDevice: (code: string, includeEnded: boolean) => ['schedules', 'device', code, includeEnded] as const,
  detail: (id: string) => ['schedules', 'detail', id] as const,
};

/** The players feature's query keys start with this (player rows carry current and next schedule). */
const PLAYER_QUERIES = ['players'] as const;

/**
 * One player's schedules with current and next resolved by the server at its `now`, in the player's zone.
 * `includeEnded` adds the ended ones (the effective-schedule view may ask about a past moment).
 */
export function useDeviceSchedules(code: string | null, { includeEnded = false } = {}) {
  return useQuery<TScheduleList>({
    queryKey: scheduleKeys.ofDevice(code ?? '', includeEnded),
    enabled: Boolean(code),
    queryFn: ({ signal }) =>
      call(S.list, { query: { device_code: code ?? '', include_ended: includeEnded || undefined }, signal }),
  });
}

export function useSchedule(id: string | null) {
  return useQuery<TSchedule>({
    queryKey: scheduleKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => call(S.get, { params: { schedule_id: id ?? '' }, signal }),
  });
}

/** After a write every schedule answer and every player row (current and next schedule) may have changed. */
function useRefreshAfterWrite() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: scheduleKeys.all }),
      client.invalidateQueries({ queryKey: PLAYER_QUERIES }),
    ]);
  };
}

export function useUpdateSchedule(id: string) {
  const refresh = useRefreshAfterWrite();
  return useMutation<TSchedule, Error, BodyIn<typeof S.update>>({
    mutationFn: (body) => call(S.update, { params: { schedule_id: id }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteSchedule() {
  const refresh = useRefreshAfterWrite();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => call(S.remove, { params: { schedule_id: id } }),
    onSuccess: refresh,
  });
}
