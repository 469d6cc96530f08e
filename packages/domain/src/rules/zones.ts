/**
 * A zone name's validity alone, without the Temporal polyfill: what the agent's schemas check of the zone a
 * player reports of its own clock (recorded for staff to see, never applied, so never parsed into a TimeZone).
 * Asking the runtime's Intl directly, the zone database the polyfill reads too, keeps the zone arithmetic
 * out of the player's bundle, which only builds and reads these schemas.
 */

// Zone ids are names ('Area/City', 'UTC'); offsets like '+09:00' are refused because they know no DST.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const known = new Set<string>();
const KNOWN_MAX = 4096;

/** A zone name the runtime knows (in any letter case). */
export function isZoneName(value: string): boolean {
  if (typeof value !== 'string' || value.length > 64 || !ZONE_NAME.test(value)) return false;
  if (known.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  if (known.size < KNOWN_MAX) known.add(value);
  return true;
}
