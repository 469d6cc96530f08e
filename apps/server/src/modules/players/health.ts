import {
  aliveCutoff,
  FLEET_BEHIND_MINUTES,
  FLEET_ERROR_HOURS,
  FLEET_HEALTH_STATES,
  FLEET_STORAGE_FULL_RATIO,
  type FleetHealthState,
} from '@signage/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { playerReach, playerReachWhere } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import type { PlayerHealthSql } from '../types';
import { deliveryPendingSql } from './delivery';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Each fleet-health state (schemas/fleet.ts) as a condition over a devices row at `now`: the one definition the
 * health screen counts with and the player list filters by, so a count and the list it links to agree.
 */
export function healthConditionSql(state: FleetHealthState, now: Date, health: PlayerHealthSql): SQL {
  const online = sql`(${devices.isAlive} and ${devices.lastAccessed} is not null and ${devices.lastAccessed} >= ${at(aliveCutoff(now))})`;
  const open = health.storeOpenSql(sql`${devices.deviceCode}`, at(now));
  switch (state) {
    case 'online':
      return online;
    case 'offline_open':
      return sql`(not ${online} and ${open})`;
    case 'offline_closed':
      return sql`(not ${online} and not ${open})`;
    case 'behind':
      return sql`(${deliveryPendingSql} and ${devices.manifestChangedAt} < ${at(new Date(now.getTime() - FLEET_BEHIND_MINUTES * 60_000))})`;
    case 'errors':
      return health.playbackErrorSinceSql(
        sql`${devices.deviceCode}`,
        at(new Date(now.getTime() - FLEET_ERROR_HOURS * 3_600_000)),
      );
    case 'storage':
      return sql`(coalesce((${devices.delivery}->>'quota_bytes')::bigint, 0) > 0 and (${devices.delivery}->>'cache_bytes')::bigint >= ${FLEET_STORAGE_FULL_RATIO}::float8 * (${devices.delivery}->>'quota_bytes')::bigint)`;
  }
}

/** Whether each player's store is open at `now` by its opening hours (true without them), in one statement. */
export async function storesOpen(
  db: Database,
  deviceCodes: readonly string[],
  now: Date,
  health: PlayerHealthSql,
): Promise<Map<string, boolean>> {
  if (deviceCodes.length === 0) return new Map();
  const result = await db.execute(
    sql`select c.code, ${health.storeOpenSql(sql`c.code`, at(now))} as open from (values ${sql.join(
      deviceCodes.map((code) => sql`(${code}::text)`),
      sql`, `,
    )}) as c(code)`,
  );
  const rows = (result as unknown as { rows: { code: string; open: boolean }[] }).rows;
  return new Map(rows.map((row) => [row.code, row.open === true || (row.open as unknown) === 't']));
}

export type HealthCountsRow = { region: string; players: number } & Record<FleetHealthState, number>;

/**
 * The paired players the user reaches (its region, or every region for DS_FRIT), counted per country and
 * health state in one scan: each count is what the player list filtered by that state and country shows.
 */
export async function healthByRegion(
  db: Database,
  user: SessionUser,
  now: Date,
  health: PlayerHealthSql,
): Promise<HealthCountsRow[]> {
  const reach = playerReach(user, { isActivated: true });
  const where = and(
    isNull(devices.deletedAt),
    sql`${devices.registeredAt} is not null`,
    eq(devices.isActivated, true),
    playerReachWhere(reach, { region: devices.region, shopNo: devices.shopNo, isActivated: devices.isActivated }),
  );
  const counts = FLEET_HEALTH_STATES.map(
    (state) => sql`count(*) filter (where ${healthConditionSql(state, now, health)})::int as ${sql.identifier(state)}`,
  );
  const result = await db.execute(
    sql`select ${devices.region} as region, count(*)::int as players, ${sql.join(counts, sql`, `)}
      from ${devices} where ${where} group by ${devices.region} order by ${devices.region}`,
  );
  return (result as unknown as { rows: HealthCountsRow[] }).rows.map((row) => ({
    ...row,
    players: Number(row.players),
    ...Object.fromEntries(FLEET_HEALTH_STATES.map((state) => [state, Number(row[state])])),
  })) as HealthCountsRow[];
}
