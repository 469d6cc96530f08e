import {
  MESSAGES,
  type TDevice,
  type TDeviceList,
  type TDeviceListQuery,
  type TDeviceUpdate,
  type TIssuedPin,
  type TNewDeviceRegister,
  type TPairingStatus,
  type TPlayerRegister,
  type TSetting,
  type TSettingList,
  type TWaitingList,
  ZDeviceDetail,
  ZDeviceList,
  ZIssuedPin,
  ZPairingStatus,
  ZSettingList,
  ZWaitingList,
} from '@signage/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../app/api';

export const playerKeys = {
  all: ['players'] as const,
  waiting: (page: number, order: string, isActivated?: boolean) =>
    ['players', 'waiting', page, order, isActivated] as const,
  detail: (code: string) => ['players', 'detail', code] as const,
  tags: ['players', 'tagSettings'] as const,
  pairing: (code: string) => ['players', 'pairing', code] as const,
};

const PAIRING_POLL_MS = 2000;

/** Whether a just-registered player has paired: asked every 2 s while `code` is set, until it has. */
export function usePairingStatus(code: string | null) {
  return useQuery<TPairingStatus>({
    queryKey: playerKeys.pairing(code ?? ''),
    enabled: code !== null,
    queryFn: ({ signal }) =>
      api.get(`/api/players/${encodeURIComponent(code ?? '')}`, { signal, schema: ZPairingStatus }),
    refetchInterval: (query) => (query.state.data?.is_activated ? false : PAIRING_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function useWaitingList(page: number, order: 'ASC' | 'DESC', isActivated?: boolean) {
  return useQuery<TWaitingList>({
    queryKey: playerKeys.waiting(page, order, isActivated),
    queryFn: ({ signal }) =>
      api.get('/api/registrations', {
        query: { page, order, is_activated: isActivated },
        signal,
        schema: ZWaitingList,
      }),
    placeholderData: keepPreviousData,
  });
}

export function fetchDevices(query: TDeviceListQuery, signal?: AbortSignal): Promise<TDeviceList> {
  return api.get('/api/devices', { query: query as Query, signal, schema: ZDeviceList });
}

export function usePlayer(code: string | null) {
  return useQuery<TDevice | null>({
    queryKey: playerKeys.detail(code ?? ''),
    enabled: code !== null,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/devices/${encodeURIComponent(code ?? '')}`, { signal, schema: ZDeviceDetail })).devices[0] ??
      null,
  });
}

export function useRegisterNewDevice() {
  return useMutation<TIssuedPin, Error, TNewDeviceRegister>({
    mutationFn: (body) => api.post('/api/registrations', { body, schema: ZIssuedPin }),
  });
}

export function useReissuePin() {
  return useMutation<TIssuedPin, Error, TPlayerRegister>({
    mutationFn: (body) => api.post('/api/players', { body, schema: ZIssuedPin }),
  });
}

export function useEditPlayer(code: string) {
  const client = useQueryClient();
  return useMutation<TDevice | undefined, Error, TDeviceUpdate>({
    mutationFn: async (body) =>
      (await api.put(`/api/devices/${encodeURIComponent(code)}`, { body, schema: ZDeviceDetail })).devices[0],
    onSuccess: (device) => {
      if (device) client.setQueryData(playerKeys.detail(code), device);
    },
  });
}

export function useDeletePlayer() {
  const client = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (code) => api.del(`/api/devices/${encodeURIComponent(code)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.all }),
  });
}

/** The tags players can carry (settings of type DEVICE_TAG, tags feature); empty while that is unavailable. */
export function useTagSettings() {
  return useQuery<TSetting[]>({
    queryKey: playerKeys.tags,
    queryFn: async ({ signal }) => {
      const list: TSettingList = await api.get('/api/setting', {
        query: { type: 'DEVICE_TAG', preset: false, excludeLevel: 0, limit: 500 },
        signal,
        schema: ZSettingList,
      });
      return list.settings;
    },
    staleTime: 60_000,
    retry: false,
  });
}

export const floorMapUrl = (region: string, shopNo: string) =>
  `/api/floormap/${encodeURIComponent(region)}/${encodeURIComponent(shopNo)}/floormap.pdf`;

/** Uploads a shop's floor map (the PDF as the request body); the player's data then says it has one. */
export function useUploadFloorMap(code: string) {
  const client = useQueryClient();
  return useMutation<unknown, Error, { region: string; shopNo: string; file: Blob }>({
    mutationFn: ({ region, shopNo, file }) =>
      api.put(floorMapUrl(region, shopNo), { body: new Blob([file], { type: 'application/pdf' }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.detail(code) }),
  });
}

export const PLAYER_MESSAGES = {
  get: MESSAGES.playerGetFailed,
  post: MESSAGES.playerPostFailed,
  put: MESSAGES.playerPutFailed,
  del: MESSAGES.playerDeleteFailed,
  registrationGet: MESSAGES.registrationGetFailed,
} as const;
