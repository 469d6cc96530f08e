import { FLEET_CONTRACTS, FLEET_HEALTH_POLL_MS, type TFleetHealth } from '@signage/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The fleet's health, asked again every FLEET_HEALTH_POLL_MS (15 s) while the screen is open. */
export function useFleetHealth() {
  return useQuery<TFleetHealth>({
    queryKey: ['fleet', 'health'],
    queryFn: ({ signal }) => call(FLEET_CONTRACTS.health, { signal }),
    refetchInterval: FLEET_HEALTH_POLL_MS,
  });
}
