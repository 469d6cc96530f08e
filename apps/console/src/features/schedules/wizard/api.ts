import { SCHEDULE_CONTRACTS, type TSchedule } from '@signage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import type { WizardMode } from './state';

type CreateBody = z.input<typeof SCHEDULE_CONTRACTS.create.body>;

/** The schedule a copy starts from (GET /api/schedules/{id}). */
export function useScheduleSource(scheduleId: string | null) {
  return useQuery<TSchedule>({
    queryKey: ['schedules', 'detail', scheduleId ?? ''],
    enabled: scheduleId !== null,
    queryFn: ({ signal }) => call(SCHEDULE_CONTRACTS.get, { params: { schedule_id: scheduleId ?? '' }, signal }),
    retry: false,
  });
}

/** Sets the schedule: a new one, or a copy of `sourceId` for other players. */
export function useSetSchedule(mode: WizardMode, sourceId: string | null) {
  const client = useQueryClient();
  return useMutation<TSchedule, Error, CreateBody>({
    mutationFn: (body) =>
      mode === 'duplicate' && sourceId
        ? call(SCHEDULE_CONTRACTS.duplicate, { params: { schedule_id: sourceId }, body })
        : call(SCHEDULE_CONTRACTS.create, { body }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['players'] }),
        client.invalidateQueries({ queryKey: ['schedules'] }),
      ]);
    },
  });
}
