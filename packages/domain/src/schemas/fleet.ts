import { z } from 'zod';
import { ZInstant } from './common';

/**
 * Fleet health (issue 29 item 2): the paired players of the user's region by state, per country. Each state is
 * also a filter of the player list (`health`), so every count links to the players it counts.
 * - online: alive (a heartbeat within the alive window);
 * - offline_open / offline_closed: not alive, while its store is open / closed (opening hours, modules/hours;
 *   a player without opening hours is open at all times, so offline counts as offline_open);
 * - behind: its delivery pending (the plan changed and it has not applied it) for more than FLEET_BEHIND_MINUTES;
 * - errors: it reported a playback error within the last FLEET_ERROR_HOURS;
 * - storage: its media cache uses at least FLEET_STORAGE_FULL_RATIO of its storage quota.
 */
export const FLEET_HEALTH_STATES = ['online', 'offline_open', 'offline_closed', 'behind', 'errors', 'storage'] as const;
export type FleetHealthState = (typeof FLEET_HEALTH_STATES)[number];
export const FLEET_BEHIND_MINUTES = 30;
export const FLEET_ERROR_HOURS = 24;
export const FLEET_STORAGE_FULL_RATIO = 0.9;
/** The console asks again this often (the bound: at most every 15 s). */
export const FLEET_HEALTH_POLL_MS = 15_000;

export const ZFleetHealthState = z.enum(FLEET_HEALTH_STATES);
export const ZFleetCounts = z.object({
  players: z.number().int(),
  online: z.number().int(),
  offline_open: z.number().int(),
  offline_closed: z.number().int(),
  behind: z.number().int(),
  errors: z.number().int(),
  storage: z.number().int(),
});
export type TFleetCounts = z.infer<typeof ZFleetCounts>;
export const ZFleetHealth = z.object({
  generated_at: ZInstant,
  behind_minutes: z.number().int(),
  error_hours: z.number().int(),
  storage_full_ratio: z.number(),
  totals: ZFleetCounts,
  countries: z.array(ZFleetCounts.extend({ region: z.string() })),
});
export type TFleetHealth = z.infer<typeof ZFleetHealth>;
