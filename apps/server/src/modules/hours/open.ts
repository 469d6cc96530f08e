import { type SQL, sql } from 'drizzle-orm';
import { storeHours, storeHoursWindows } from '../../db/schema';

/**
 * A SQL boolean: the store of the player `deviceCode` names is open at the instant `at` (a timestamptz
 * expression). A player without opening hours counts as open at all times, and so does an instant outside the
 * days its windows were written for (the hourly extension keeps them HOURS_AHEAD_DAYS ahead; docs/opening-hours.md):
 * a store is never taken for closed for want of a window. SQL compares instants only; the windows were computed
 * by the domain's rules (openingWindows) in the player's zone, joined where they touch, so the last window opening
 * at or before `at` is the only one that may hold it (one index probe).
 */
export function storeOpenSql(deviceCode: SQL, at: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select case
      when ${at} < h.windows_from or ${at} >= h.windows_until then true
      else coalesce((select w.closes_at > ${at} from ${storeHoursWindows} w
        where w.device_code = h.device_code and w.opens_at <= ${at} order by w.opens_at desc limit 1), false)
    end from ${storeHours} h where h.device_code = ${deviceCode}), true)`;
}
