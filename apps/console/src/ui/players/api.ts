import {
  PLAYER_CONTRACTS,
  SETTING_CONTRACTS,
  type TDeviceList,
  type TDeviceListQuery,
  type TSetting,
  urlOf,
} from '@signage/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/**
 * The player reads that more than one feature needs (the player list and the schedule wizard's player
 * step): a page of players, the tags players can carry, a shop's floor-map address.
 */
export function fetchDevices(query: TDeviceListQuery, signal?: AbortSignal): Promise<TDeviceList> {
  return call(PLAYER_CONTRACTS.list, { query, signal });
}

export const tagSettingsKey = ['players', 'tagSettings'] as const;

/** The tags players can carry (settings of type DEVICE_TAG, tags feature); empty while that is unavailable. */
export function useTagSettings() {
  return useQuery<TSetting[]>({
    queryKey: tagSettingsKey,
    queryFn: async ({ signal }) => {
      const list = await call(SETTING_CONTRACTS.list, {
        query: { type: 'DEVICE_TAG', preset: false, excludeLevel: 0, limit: 500 },
        signal,
      });
      return list.settings;
    },
    staleTime: 60_000,
    retry: false,
  });
}

export const floorMapUrl = (region: string, shopNo: string) =>
  urlOf(PLAYER_CONTRACTS.floorMap, { params: { region, shop_no: shopNo } });
