import { MANIFEST_HORIZON_HOURS, scheduleWindowsBetween } from '@signage/domain';
import type { Database } from '../../db/client';
import { sharedClock } from './clocks';
import { presentBrief, resolvable } from './present';
import { unendedSchedulesWithContents } from './repo';

const HORIZON_MS = MANIFEST_HORIZON_HOURS * 3600 * 1000;

export type ManifestSchedule = ReturnType<typeof presentBrief> & { contentIds: string[] };

/**
 * The schedules a player's manifest carries: those with a window (read in the player's zone by the
 * domain's rules) overlapping [now, now + 48 h), i.e. current or starting within the horizon, newest first,
 * each with its ordered content ids.
 */
export async function manifestSchedulesOf(
  db: Database,
  player: { deviceCode: string; timeZone: string },
  now: Date,
): Promise<ManifestSchedule[]> {
  const rows = await unendedSchedulesWithContents(db, player.deviceCode, player.timeZone);
  if (rows.length === 0) return [];
  const clock = sharedClock(player.timeZone, now.getTime());
  const horizon = new Date(now.getTime() + HORIZON_MS);
  return rows
    .filter(({ schedule }) => scheduleWindowsBetween(resolvable(schedule), clock, now, horizon).length > 0)
    .map(({ schedule, contentIds }) => ({ ...presentBrief(schedule), contentIds }));
}
