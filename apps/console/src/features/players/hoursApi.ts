import {
  HOURS_CONTRACTS,
  type OpeningHours,
  type TBulkHoursRequestIn,
  type TBulkHoursResult,
  type TPlayerHours,
} from '@signage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const hoursKey = (code: string) => ['players', 'hours', code] as const;

export function usePlayerHours(code: string) {
  return useQuery<TPlayerHours>({
    queryKey: hoursKey(code),
    queryFn: ({ signal }) => call(HOURS_CONTRACTS.get, { params: { device_code: code }, signal }),
  });
}

export function useSetPlayerHours(code: string) {
  const client = useQueryClient();
  return useMutation<TPlayerHours, Error, OpeningHours | null>({
    mutationFn: (hours) => call(HOURS_CONTRACTS.set, { params: { device_code: code }, body: { hours } }),
    onSuccess: (data) => {
      client.setQueryData(hoursKey(code), data);
      // The list's 'Closed now' follows.
      void client.invalidateQueries({ queryKey: ['players', 'list'] });
    },
  });
}

export function useSetBulkHours() {
  const client = useQueryClient();
  return useMutation<TBulkHoursResult, Error, TBulkHoursRequestIn>({
    mutationFn: (body) => call(HOURS_CONTRACTS.bulk, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['players'] }),
  });
}
