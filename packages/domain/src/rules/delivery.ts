import { HOUR_MS, NIGHT_DELIVERY_HOUR } from '../catalog/constants';

/**
 * Night delivery spread over its window (issue 28 item 3). A Night schedule's new media download from its
 * download hour (download_allow_hour, the store's wall clock) to the store's midnight; if every player started
 * at the hour, a campaign for 20,000 stores would start 20,000 downloads in the same minute. Each player starts
 * instead at its own moment in the window, drawn from its device code: the same moment every night (a player
 * can tell when it will fetch, and a restart does not move it), spread evenly over the fleet.
 */

/**
 * The end of the window kept free of moments: a player notices its moment at its next poll (every 60-70 s), so
 * the latest moment still leaves it inside the window with time to spare.
 */
export const NIGHT_DELIVERY_TAIL_MS = 5 * 60_000;

/** The window of a download hour, in ms after the store's midnight: [hour:00, 24:00). */
export function nightDeliveryWindow(downloadAllowHour: string | number = NIGHT_DELIVERY_HOUR): {
  startMs: number;
  endMs: number;
} {
  const hour =
    typeof downloadAllowHour === 'number' || /^\d{1,2}$/.test(downloadAllowHour) ? Number(downloadAllowHour) : NaN;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`download hour must be a whole hour from 0 to 23, got '${downloadAllowHour}'`);
  }
  return { startMs: hour * HOUR_MS, endMs: 24 * HOUR_MS };
}

/**
 * A well-mixed 32-bit hash of a text (FNV-1a, then murmur3's finaliser): device codes are near-sequential
 * ('0001', '0002', ...), and the finaliser spreads such neighbours over the whole range.
 */
export function spreadHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The player's moment to start its Night downloads, in ms after the store's midnight: within
 * [window start, window end - NIGHT_DELIVERY_TAIL_MS), whole seconds, the same for the same device code.
 */
export function nightDeliveryMomentMs(
  deviceCode: string,
  downloadAllowHour: string | number = NIGHT_DELIVERY_HOUR,
): number {
  const { startMs, endMs } = nightDeliveryWindow(downloadAllowHour);
  const spreadSeconds = Math.max(1, Math.floor((endMs - startMs - NIGHT_DELIVERY_TAIL_MS) / 1000));
  const offsetSeconds = Math.floor((spreadHash(deviceCode) / 2 ** 32) * spreadSeconds);
  return startMs + offsetSeconds * 1000;
}
