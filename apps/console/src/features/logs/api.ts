import { PLAYER_CONTRACTS, pathOf, type TDevice, type TLogDownload, type TLogListQuery } from '@signage/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { saveDownload } from '../../app/download';
import { call } from '../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';

export function useLogDevice(code: string | null) {
  return useQuery<TDevice | null>({
    queryKey: ['logs', 'device', code],
    enabled: code !== null,
    queryFn: async ({ signal }) =>
      (await call(PLAYER_CONTRACTS.detail, { params: { device_code: code ?? '' }, signal })).devices[0] ?? null,
  });
}

/** The logs of a player, ten at a time by cursor. */
export function useLogPages(query: TLogListQuery | null) {
  return useInfiniteQuery({
    queryKey: ['logs', 'list', query],
    enabled: query !== null,
    initialPageParam: FIRST_PAGE,
    // Only called while enabled, so the query is there.
    queryFn: ({ pageParam, signal }) =>
      call(PLAYER_CONTRACTS.logs, { query: { ...(query as TLogListQuery), endCursor: pageParam }, signal }),
    getNextPageParam: nextPageParam,
  });
}

/** Downloads a log (or all of them) and saves it as the .log file the server names. */
export async function downloadLog(body: TLogDownload): Promise<void> {
  const contract = PLAYER_CONTRACTS.logDownload;
  const response = await fetch(pathOf(contract), {
    method: contract.method,
    headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`download failed (${response.status})`);
  await saveDownload(response, 'player.log');
}
