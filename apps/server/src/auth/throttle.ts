/**
 * The sign-in throttle policy (docs/throttles.md). Counting is per ID and address
 * pair, so a stranger guessing somebody's password from elsewhere only ever blocks themselves:
 * - 5 failures of one ID from one address within 15 minutes refuse that pair until the oldest leaves
 *   the window; a successful sign-in clears the pair;
 * - 30 failures from one address within 15 minutes, whatever the IDs, refuse that address;
 * - 100 failures of one ID within 15 minutes from anywhere (a distributed attack) refuse that ID only
 *   to addresses that have failed for it themselves: an address with a clean record still signs in.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perIdAndAddress: 5,
  perAddress: 30,
  perIdUnderAttack: 100,
} as const;

export type LoginThrottleKeys = { pair: string; address: string; id: string };

/** Keys in login_failures; no IP address holds "|", so the pair key cannot be read two ways. */
export function loginThrottleKeys(userId: string, address: string): LoginThrottleKeys {
  return { pair: `pair:${address}|${userId}`, address: `ip:${address}`, id: `id:${userId}` };
}

/**
 * Seconds until fewer than `limit` failures remain inside the window, or 0 when not throttled.
 * `times` are the failures inside the window, newest first.
 */
export function throttleDelaySeconds(times: Date[], limit: number, windowMs: number, now: Date): number {
  const limiting = times[limit - 1];
  if (!limiting) return 0;
  return Math.max(1, Math.ceil((limiting.getTime() + windowMs - now.getTime()) / 1000));
}

/** How long this ID and address must wait, from the failures of each key inside the window (newest first). */
export function loginDelaySeconds(failures: Record<keyof LoginThrottleKeys, Date[]>, now: Date): number {
  const { windowMs } = LOGIN_THROTTLE;
  const underAttack =
    failures.pair.length > 0 ? throttleDelaySeconds(failures.id, LOGIN_THROTTLE.perIdUnderAttack, windowMs, now) : 0;
  return Math.max(
    throttleDelaySeconds(failures.pair, LOGIN_THROTTLE.perIdAndAddress, windowMs, now),
    throttleDelaySeconds(failures.address, LOGIN_THROTTLE.perAddress, windowMs, now),
    underAttack,
  );
}
