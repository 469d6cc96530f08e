import {
  FLEET_BEHIND_MINUTES,
  FLEET_ERROR_HOURS,
  FLEET_HEALTH_STATES,
  FLEET_STORAGE_FULL_RATIO,
  type TFleetCounts,
  type TFleetHealth,
} from '@signage/domain';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { playbackErrorSinceSql } from '../commands';
import { storeOpenSql } from '../hours';
import { healthByRegion } from '../players';
import type { PlayerHealthSql } from '../types';

/** Opening hours (modules/hours) and playback errors (modules/commands) as the players module reads them. */
export const playerHealthSql: PlayerHealthSql = { storeOpenSql, playbackErrorSinceSql };

/** GET /api/fleet/health: the user's region's paired players by health state, per country and in all. */
export async function fleetHealth(db: Database, user: SessionUser, now: Date = new Date()): Promise<TFleetHealth> {
  const countries = await healthByRegion(db, user, now, playerHealthSql);
  const totals: TFleetCounts = {
    players: 0,
    online: 0,
    offline_open: 0,
    offline_closed: 0,
    behind: 0,
    errors: 0,
    storage: 0,
  };
  for (const row of countries) {
    totals.players += row.players;
    for (const state of FLEET_HEALTH_STATES) totals[state] += row[state];
  }
  return {
    generated_at: now.toISOString(),
    behind_minutes: FLEET_BEHIND_MINUTES,
    error_hours: FLEET_ERROR_HOURS,
    storage_full_ratio: FLEET_STORAGE_FULL_RATIO,
    totals,
    countries,
  };
}
