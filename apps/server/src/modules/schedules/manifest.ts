import {
  MANIFEST_HORIZON_HOURS,
  type ResolvableSchedule,
  scheduleWindowsBetween,
  type ZoneClock,
} from '@signage/domain';
import type { Database } from '../../db/client';
import { sharedClock } from './clocks';
import { presentBrief, resolvable } from './present';
import { unendedSchedulesWithContents } from './repo';

const HORIZON_MS = MANIFEST_HORIZON_HOURS * 3600 * 1000;

export type ManifestSchedule = ReturnType<typeof presentBrief> & { contentIds: string[] };

/**
 * The schedules a player's manifest carries: those with a window (read in the player's zone by the
 * domain's rules) overlapping [now, now + 48 h), i.e. current or starting within the horizon, newest first,
 * each with its ordered content ids. `changesAt`: the first moment before `until` at which time alone could
 * change that choice (a window ends, or a later one enters the horizon), else `until`; writes to the
 * schedules end it sooner (the triggers of migration 0021).
 */
export async function manifestSchedulesOf(
  db: Database,
  player: { deviceCode: string; timeZone: string },
  now: Date,
  until: Date = now,
): Promise<{ schedules: ManifestSchedule[]; changesAt: Date }> {
  const rows = await unendedSchedulesWithContents(db, player.deviceCode, player.timeZone);
  if (rows.length === 0) return { schedules: [], changesAt: until };
  const clock = sharedClock(player.timeZone, now.getTime());
  const horizon = new Date(now.getTime() + HORIZON_MS);
  let changesAt = until.getTime();
  for (const { schedule } of rows) changesAt = nextChange(resolvable(schedule), clock, now.getTime(), changesAt);
  const schedules = rows
    .filter(({ schedule }) => scheduleWindowsBetween(resolvable(schedule), clock, now, horizon).length > 0)
    .map(({ schedule, contentIds }) => ({ ...presentBrief(schedule), contentIds }));
  return { schedules, changesAt: new Date(changesAt) };
}

/**
 * The first moment in (now, until) at which a schedule's presence in the manifest could change, else
 * `until`: each end of a window (the last one in the horizon ending takes it out) and each start less the
 * horizon (a window entering it brings it in), of the windows overlapping [now, until + horizon).
 */
function nextChange(schedule: ResolvableSchedule, clock: ZoneClock, now: number, until: number): number {
  let next = until;
  for (const window of scheduleWindowsBetween(schedule, clock, new Date(now), new Date(until + HORIZON_MS))) {
    const end = window.end === null ? null : Date.parse(window.end);
    if (end !== null && end > now) next = Math.min(next, end);
    const enters = window.start === null ? null : Date.parse(window.start) - HORIZON_MS;
    if (enters !== null && enters > now) next = Math.min(next, enters);
  }
  return next;
}
