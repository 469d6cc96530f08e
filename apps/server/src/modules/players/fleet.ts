import { aliveCutoff } from '@signage/domain';
import { type SQL, sql } from 'drizzle-orm';
import { devices } from '../../db/schema';
import { deliveryPendingSql } from './delivery';

/**
 * The players' part of the fleet gauges (/metrics, modules/fleet): one scan of the devices table as a JSON
 * object, a scalar subquery the fleet statement selects beside the other owners' parts. Every player that is
 * not deleted is in exactly one of online, offline (paired, not alive within the window) and waiting (not
 * paired yet); delivery_pending and plays_unrecorded are over the paired ones.
 */
export function fleetPlayersSql(now: Date): SQL<unknown> {
  const paired = sql`${devices.isActivated}`;
  const online = sql`${devices.isAlive} and ${devices.lastAccessed} >= ${aliveCutoff(now).toISOString()}::timestamptz`;
  return sql`(select json_build_object(
      'online', count(*) filter (where ${paired} and ${online}),
      'offline', count(*) filter (where ${paired} and not coalesce(${online}, false)),
      'waiting', count(*) filter (where not ${paired}),
      'delivery_pending', count(*) filter (where ${paired} and ${deliveryPendingSql}),
      'plays_unrecorded', coalesce(sum(${devices.playsUnrecorded}) filter (where ${paired}), 0))
    from ${devices} where ${devices.deletedAt} is null)`;
}
