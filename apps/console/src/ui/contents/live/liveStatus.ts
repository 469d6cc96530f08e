import { LIVE_CONTRACTS } from '@signage/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, call } from '../../../lib/api';

/** How often an open preview asks whether its stream is on air: a started or stopped broadcast shows within this. */
export const LIVE_STATUS_POLL_MS = 3000;

export const liveStatusKey = (contentId: string) => ['live', 'status', contentId] as const;

/**
 * The on-air state of a live content, asked again every `pollMs` while a component shows it (react-query pauses
 * while the tab is hidden). A failed ask keeps the last known state; the next poll tries again.
 */
export function useLiveStatus(contentId: string, pollMs = LIVE_STATUS_POLL_MS) {
  return useQuery({
    queryKey: liveStatusKey(contentId),
    queryFn: ({ signal }) => call(LIVE_CONTRACTS.status, { params: { content_id: contentId }, signal }),
    refetchInterval: pollMs,
    retry: false,
  });
}

/** The playlist address the server gave (relative to it), on the API's origin. */
export function playlistUrl(playbackUrl: string): string {
  return playbackUrl.startsWith('/') ? `${API_BASE}${playbackUrl}` : playbackUrl;
}
