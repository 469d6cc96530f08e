import {
  type InstantWindow,
  MANIFEST_HORIZON_HOURS,
  MANIFEST_WINDOW_DAYS,
  scheduleWindowsBetween,
  zoneClock,
} from '@signage/domain';
import type { Database } from '../../db/client';
import { presentBrief, resolvable } from './present';
import { type ScheduleRow, zoneOfPlayer } from './rows';
import { unendedSchedulesWithContents, unendedSchedulesWithContentsOf } from './unended';

const HORIZON_MS = MANIFEST_HORIZON_HOURS * 3600 * 1000;
const WINDOW_MS = MANIFEST_WINDOW_DAYS * 24 * 3600 * 1000;

export type ManifestSchedule = ReturnType<typeof presentBrief> & { contentIds: string[]; windows: InstantWindow[] };

const msOf = (at: string | null, open: number) => (at === null ? open : Date.parse(at));

/**
 * The schedules a player's manifest carries: those with a window (read in the player's zone by the
 * domain's rules) overlapping [now, now + 48 h), i.e. current or starting within the horizon, newest first,
 * each with its ordered content ids and its windows as instants over [now, now + MANIFEST_WINDOW_DAYS) (what
 * the player resolves from). `changesAt`: the first moment before `until` at which time alone could change
 * that answer (a window ends, enters the horizon or enters the windows' days), else `until`; writes to the
 * schedules end it sooner (the triggers of migration 0021).
 */
export async function manifestSchedulesOf(
  db: Database,
  player: { deviceCode: string; timeZone: string },
  now: Date,
  until: Date = now,
): Promise<{ schedules: ManifestSchedule[]; changesAt: Date }> {
  return schedulesOf(await unendedSchedulesWithContents(db, player.deviceCode, now), player, now, until);
}

/**
 * manifestSchedulesOf for many players at once (a change pushed to thousands of them): one query for all
 * their schedules, by player code. `until` is each player's own bound. Players of one zone with the same
 * bound on the same schedules (a campaign's stores) share one answer, worked out once: the windows are the
 * zone arithmetic of the whole resolution, and they are the same for all of them.
 */
export async function manifestSchedulesOfMany(
  db: Database,
  players: readonly { deviceCode: string; timeZone: string; until: Date }[],
  now: Date,
): Promise<Map<string, { schedules: ManifestSchedule[]; changesAt: Date }>> {
  const byPlayer = await unendedSchedulesWithContentsOf(
    db,
    players.map((p) => p.deviceCode),
    now,
  );
  const shared = new Map<string, { schedules: ManifestSchedule[]; changesAt: Date }>();
  return new Map(
    players.map((p) => {
      const rows = byPlayer.get(p.deviceCode) ?? [];
      // One query's rows: a schedule id stands for the same row and contents for every player of the batch.
      const key = `${p.timeZone}\n${p.until.getTime()}\n${rows.map((row) => row.schedule.id).join(',')}`;
      let answer = shared.get(key);
      if (!answer) {
        answer = schedulesOf(rows, p, now, p.until);
        shared.set(key, answer);
      }
      return [p.deviceCode, answer] as const;
    }),
  );
}

function schedulesOf(
  rows: { schedule: ScheduleRow; contentIds: string[] }[],
  player: { timeZone: string },
  now: Date,
  until: Date,
): { schedules: ManifestSchedule[]; changesAt: Date } {
  if (rows.length === 0) return { schedules: [], changesAt: until };
  // One clock for this answer: it memoises the zone arithmetic of its windows, and lives as long as the answer.
  const clock = zoneClock(zoneOfPlayer(player));
  const at = now.getTime();
  const reach = new Date(Math.max(until.getTime(), at) + WINDOW_MS);
  let changesAt = until.getTime();
  const schedules: ManifestSchedule[] = [];
  for (const { schedule, contentIds } of rows) {
    const all = scheduleWindowsBetween(resolvable(schedule), clock, now, reach);
    for (const window of all) {
      const end = msOf(window.end, Number.POSITIVE_INFINITY);
      const start = msOf(window.start, Number.NEGATIVE_INFINITY);
      for (const moment of [end, start - HORIZON_MS, start - WINDOW_MS]) {
        if (moment > at) changesAt = Math.min(changesAt, moment);
      }
    }
    const windows = all.filter((w) => msOf(w.start, Number.NEGATIVE_INFINITY) < at + WINDOW_MS);
    if (!windows.some((w) => msOf(w.start, Number.NEGATIVE_INFINITY) < at + HORIZON_MS)) continue;
    schedules.push({ ...presentBrief(schedule), contentIds, windows });
  }
  return { schedules, changesAt: new Date(changesAt) };
}
