import { aliveCutoff } from '@signage/domain';
import { type SQL, sql } from 'drizzle-orm';
import { devices } from '../../db/schema';
import { deliveryPendingSql } from './delivery';

/**
 * What the alerts' evaluation (modules/alerts) reads of the players, as a subquery over the paired players that
 * are not deleted: device_code, device_name, region, shop_no, shop_name and, for each condition it watches, the
 * moment the condition began or null when it does not hold:
 * - offline_since: no heartbeat since before `offlineSince` (the last heartbeat, else the pairing);
 * - behind_since: delivery pending ('pending since', deliveryPendingSql) since before `behindSince`;
 * - error_at: its last heartbeat, within the alive window, reported a fault.
 */
export function watchedPlayersSql(
  now: Date,
  { offlineSince, behindSince }: { offlineSince: Date; behindSince: Date },
): SQL {
  const lastSeen = sql`coalesce(${devices.lastAccessed}, ${devices.activatedAt})`;
  return sql`(select ${devices.deviceCode} as device_code, ${devices.deviceName} as device_name,
      ${devices.region} as region, ${devices.shopNo} as shop_no, ${devices.shopName} as shop_name,
      case when ${lastSeen} < ${offlineSince.toISOString()}::timestamptz then ${lastSeen} end as offline_since,
      case when ${deliveryPendingSql} and ${devices.manifestChangedAt} < ${behindSince.toISOString()}::timestamptz
        then ${devices.manifestChangedAt} end as behind_since,
      case when not ${devices.isAlive} and ${devices.lastAccessed} >= ${aliveCutoff(now).toISOString()}::timestamptz
        then ${devices.lastAccessed} end as error_at
    from ${devices}
    where ${devices.deletedAt} is null and ${devices.isActivated})`;
}
