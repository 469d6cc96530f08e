import type { TDeliveryReport, TDeviceDelivery } from '@signage/domain';
import { sql } from 'drizzle-orm';
import { devices } from '../../db/schema';

/** What confirmed delivery is read from: the player's last report and the server's manifest bookkeeping. */
export type DeliveryFacts = {
  delivery: Pick<TDeliveryReport, 'applied_version'> | null;
  manifestVersion: string | null;
  manifestChangedAt: Date | null;
};

/**
 * Confirmed delivery's state, the one definition: unknown until the player reports and the server has served
 * it a plan; pending while the plan changed after it last collected (manifest_version null) or differs from
 * what it applied, since a known moment; else up to date.
 */
export function deliveryStateOf(row: DeliveryFacts): TDeviceDelivery['state'] {
  if (row.delivery === null || (row.manifestVersion === null && row.manifestChangedAt === null)) return 'unknown';
  const differs = row.manifestVersion === null || row.delivery.applied_version !== row.manifestVersion;
  return row.manifestChangedAt !== null && differs ? 'pending' : 'up_to_date';
}

/**
 * deliveryStateOf(row) === 'pending' over this table's columns, for the list filter (delivery_pending=true).
 * test/players/deliveryPending.test.ts holds it to deliveryStateOf on every combination of the three facts.
 */
export const deliveryPendingSql = sql`(${devices.delivery} is not null and ${devices.manifestChangedAt} is not null and (${devices.manifestVersion} is null or ${devices.delivery}->>'applied_version' is distinct from ${devices.manifestVersion}))`;
