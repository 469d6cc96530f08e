import { MESSAGES, resolveCurrentSchedule, resolveNextSchedule, zoneClock } from '@signage/domain';
import type { ContentPlayersPort, ContentUsageCheck, PlayerScheduleSummary, PlayerSchedulesPort } from '../types';
import { refreshInstants } from './instants';
import { presentBrief, resolvable } from './present';
import { deleteIfNoDevices, lockSchedulesOfDevice, removeDeviceEverywhere, scheduleIdsOfDevice } from './repo';
import { type ScheduleRow, schedulesById, zoneOfPlayer } from './rows';
import { playersUsingContent, scheduledSql, unendedIdsSql, unendedSchedulesOf, unendedSchedulesUsing } from './unended';

const NONE: PlayerScheduleSummary = { hasSchedule: false, current: null, next: null };

/**
 * The players feature's view of schedules (PlayerSchedulesPort), handed to the devices module by buildApp:
 * the has-schedule SQL of the list filter, has_schedule with current and next for a page of players (one
 * query, or none but the schedules' rows when the page read its players' schedule ids; one zone clock per
 * player), and the removal of a deleted player from its schedules.
 */
export const playerSchedules: PlayerSchedulesPort = {
  scheduledSql,

  unendedIdsSql,

  async summaries(db, players, now) {
    if (players.length === 0) return new Map();
    const pairs = await unendedSchedulesOf(db, players, now);
    const byDevice = new Map<string, ScheduleRow[]>();
    for (const { deviceCode, schedule } of pairs) {
      const list = byDevice.get(deviceCode) ?? [];
      list.push(schedule);
      byDevice.set(deviceCode, list);
    }
    return summarise(players, byDevice, now);
  },

  async summariesOf(db, players, now) {
    const ids = [...new Set(players.flatMap((player) => player.scheduleIds))];
    const byId = new Map((await schedulesById(db, ids)).map((row) => [row.id, row]));
    const byDevice = new Map<string, ScheduleRow[]>();
    for (const player of players) {
      byDevice.set(
        player.deviceCode,
        player.scheduleIds.flatMap((id) => byId.get(id) ?? []),
      );
    }
    return summarise(players, byDevice, now);
  },

  lockSchedulesOf: lockSchedulesOfDevice,

  async zoneChanged(tx, deviceCode) {
    await refreshInstants(tx, { deviceCode });
  },

  async detachPlayer(tx, deviceCode) {
    const ids = await scheduleIdsOfDevice(tx, deviceCode);
    await removeDeviceEverywhere(tx, deviceCode);
    for (const id of ids) await deleteIfNoDevices(tx, id);
  },
};

/** has-schedule, current and next of each player from its un-ended schedules (one shared zone clock per zone). */
function summarise(
  players: readonly { deviceCode: string; timeZone: string }[],
  byDevice: Map<string, ScheduleRow[]>,
  now: Date,
): Map<string, PlayerScheduleSummary> {
  const answer = new Map<string, PlayerScheduleSummary>();
  for (const player of players) {
    const rows = byDevice.get(player.deviceCode);
    if (!rows || rows.length === 0) {
      answer.set(player.deviceCode, NONE);
      continue;
    }
    const clock = zoneClock(zoneOfPlayer(player));
    const candidates = rows.map((row) => ({ ...resolvable(row), row }));
    const current = resolveCurrentSchedule(candidates, clock, now);
    const next = resolveNextSchedule(candidates, clock, now);
    answer.set(player.deviceCode, {
      hasSchedule: true,
      current: current ? presentBrief(current.row) : null,
      next: next ? presentBrief(next.schedule.row) : null,
    });
  }
  return answer;
}

const NAMES_SHOWN = 5;

/**
 * The content-usage check (ContentUsageCheck): a content a current or future schedule plays may not be
 * deleted; the message names those schedules. A schedule counts as ended once it has ended in the zone of
 * every one of its players. Contents only ended schedules used may go; those schedules keep the name.
 */
export const scheduleContentUsage: ContentUsageCheck = async (tx, contentId) => {
  const names = await unendedSchedulesUsing(tx, contentId);
  if (names.length === 0) return null;
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length > NAMES_SHOWN ? ` (+${names.length - NAMES_SHOWN})` : '';
  return `${MESSAGES.scheduleContentInUse}: ${shown}${more}`;
};

/** ContentPlayersPort: the players of the unended schedules that play a content, each in its own zone. */
export const contentPlayers: ContentPlayersPort = (tx, contentId) => playersUsingContent(tx, contentId);
