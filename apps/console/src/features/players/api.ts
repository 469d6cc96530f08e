import {
  PLAYER_CONTRACTS,
  type TDevice,
  type TDeviceUpdate,
  type TIssuedPin,
  type TNewDeviceRegister,
  type TPairingStatus,
  type TPlayerRegister,
  type TWaitingList,
} from '@signage/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const playerKeys = {
  all: ['players'] as const,
  waiting: (page: number, order: string, isActivated?: boolean) =>
    ['players', 'waiting', page, order, isActivated] as const,
  detail: (code: string) => ['players', 'detail', code] as const,
  pairing: (code: string) => ['players', 'pairing', code] as const,
};

const PAIRING_POLL_MS = 2000;

/** Whether a just-registered player has paired: asked every 2 s while `code` is set, until it has. */
export function usePairingStatus(code: string | null) {
  return useQuery<TPairingStatus>({
    queryKey: playerKeys.pairing(code ?? ''),
    enabled: code !== null,
    queryFn: ({ signal }) => call(PLAYER_CONTRACTS.pairingStatus, { params: { device_code: code ?? '' }, signal }),
    refetchInterval: (query) => (query.state.data?.is_activated ? false : PAIRING_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function useWaitingList(page: number, order: 'ASC' | 'DESC', isActivated?: boolean) {
  return useQuery<TWaitingList>({
    queryKey: playerKeys.waiting(page, order, isActivated),
    queryFn: ({ signal }) =>
      call(PLAYER_CONTRACTS.waitingList, { query: { page, order, is_activated: isActivated }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(code: string | null, refetchInterval: number | false = false) {
  return useQuery<TDevice | null>({
    queryKey: playerKeys.detail(code ?? ''),
    enabled: code !== null,
    refetchInterval,
    queryFn: async ({ signal }) =>
      (await call(PLAYER_CONTRACTS.detail, { params: { device_code: code ?? '' }, signal })).devices[0] ?? null,
  });
}

export function useRegisterNewDevice() {
  return useMutation<TIssuedPin, Error, TNewDeviceRegister>({
    mutationFn: (body) => call(PLAYER_CONTRACTS.registerWaiting, { body }),
  });
}

export function useReissuePin() {
  return useMutation<TIssuedPin, Error, TPlayerRegister>({
    mutationFn: (body) => call(PLAYER_CONTRACTS.reissuePin, { body }),
  });
}

export function useEditPlayer(code: string) {
  const client = useQueryClient();
  return useMutation<TDevice | undefined, Error, TDeviceUpdate>({
    mutationFn: async (body) =>
      (await call(PLAYER_CONTRACTS.update, { params: { device_code: code }, body })).devices[0],
    onSuccess: (device) => {
      if (device) client.setQueryData(playerKeys.detail(code), device);
    },
  });
}

export function useDeletePlayer() {
  const client = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (code) => call(PLAYER_CONTRACTS.remove, { params: { device_code: code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.all }),
  });
}

/** Uploads a shop's floor map (the PDF as the request body); the player's data then says it has one. */
export function useUploadFloorMap(code: string) {
  const client = useQueryClient();
  return useMutation<unknown, Error, { region: string; shopNo: string; file: Blob }>({
    mutationFn: ({ region, shopNo, file }) =>
      call(PLAYER_CONTRACTS.floorMapUpload, {
        params: { region, shop_no: shopNo },
        body: new Blob([file], { type: 'application/pdf' }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.detail(code) }),
  });
}
