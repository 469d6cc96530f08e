import { type TimeZone, type ZoneClock, zoneClock } from '@signage/domain';

/** How long a zone clock is shared: its memo grows with the moments asked, so it is renewed this often. */
const CLOCK_LIFETIME_MS = 60_000;
const clocks = new Map<string, { clock: ZoneClock; until: number }>();

/**
 * The zone clock of a zone, shared between requests for a minute. A clock only memoises the zone rules'
 * answers (pure: a local date and time name the same instant in a zone every time), so sharing it changes
 * no answer and no instance depends on another's; it spares every player-list page the polyfill's costly
 * zone arithmetic for the days and times the previous pages already asked.
 */
export function sharedClock(zone: string, nowMs = Date.now()): ZoneClock {
  const held = clocks.get(zone);
  if (held && held.until > nowMs) return held.clock;
  if (clocks.size > 1000) clocks.clear();
  const clock = zoneClock(zone as TimeZone);
  clocks.set(zone, { clock, until: nowMs + CLOCK_LIFETIME_MS });
  return clock;
}
