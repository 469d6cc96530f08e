import {
  ROLE_GROUPS,
  resolveCurrentSchedule,
  resolveNextSchedule,
  type TSchedule,
  type TScheduleList,
  zoneClock,
} from '@signage/domain';
import { canSeeSchedule, schedulePlayers } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { notFound } from '../../http/envelope';
import { findContentsById } from '../contents';
import { type DeviceRow, findDevicesByCode } from '../players';
import { checkedPlayers, unique } from './access';
import { presentSchedule, presentScheduleContent, resolvable, zoneOfPlayers } from './present';
import { contentIdsOf, deviceCodesOf, findSchedule } from './repo';
import { type ScheduleRow, zoneOfPlayer } from './rows';
import { schedulesOfDevice } from './unended';

/** The schedules' answers: one schedule, a player's list with its current and next, and what a write may see. */

/** Which of a schedule's players the user sees, and the rows of all of them. */
type Reach = { visible: string[]; hidden: string[]; rows: Map<string, DeviceRow> };

function reachOf(user: SessionUser, codes: readonly string[], rows: Map<string, DeviceRow>): Reach {
  return { ...schedulePlayers(user, codes, rows), rows };
}

/** Full answers for several schedules: three queries whatever their number. */
async function presentMany(db: Database, user: SessionUser, rows: ScheduleRow[]): Promise<TSchedule[]> {
  const ids = rows.map((row) => row.id);
  const [contentIds, deviceCodes] = await Promise.all([contentIdsOf(db, ids), deviceCodesOf(db, ids)]);
  const [contents, devices] = await Promise.all([
    findContentsById(db, unique([...contentIds.values()].flat())),
    findDevicesByCode(db, unique([...deviceCodes.values()].flat())),
  ]);
  const contentById = new Map(contents.map((row) => [row.id, row]));
  const deviceByCode = new Map(devices.map((row) => [row.deviceCode, row]));
  // A role that may not read contents (DS_KT, SPEC.md section 6) gets no thumbnail address: its requests
  // would only answer 403 (issue 31: broken images in the device content list).
  const readsMedia = (ROLE_GROUPS.contentReaders as readonly string[]).includes(user.authority);
  return rows.map((row) => {
    const reach = reachOf(user, deviceCodes.get(row.id) ?? [], deviceByCode);
    const items = (contentIds.get(row.id) ?? []).flatMap((id) => {
      const content = contentById.get(id);
      if (!content) return [];
      const item = presentScheduleContent(content);
      return [readsMedia ? item : { ...item, thumbnail_url: null }];
    });
    const zones = reach.visible.flatMap((code) => deviceByCode.get(code)?.timeZone ?? []);
    const patterns = [...reach.visible, ...reach.hidden].flatMap(
      (code) => deviceByCode.get(code)?.displayPattern ?? [],
    );
    return presentSchedule(row, items, {
      visible: reach.visible,
      hidden: reach.hidden.length,
      zone: zoneOfPlayers(zones),
      patterns,
    });
  });
}

/** A schedule with what the user may see of it; 404 when it does not exist or the user sees none of it. */
export async function getSchedule(db: Database, user: SessionUser, id: string): Promise<TSchedule> {
  const row = await findSchedule(db, id);
  if (!row) throw notFound();
  const [schedule] = await presentMany(db, user, [row]);
  if (!schedule || !canSeeSchedule(user, { visible: schedule.dest.length, hidden: schedule.dest_hidden })) {
    throw notFound();
  }
  return schedule;
}

/** A schedule a write names: 404 when it does not exist or the user does not see it (auth/rows.ts). */
export async function writableSchedule(db: Database, user: SessionUser, id: string) {
  const row = await findSchedule(db, id);
  if (!row) throw notFound();
  const [contentIds, deviceCodes] = await Promise.all([contentIdsOf(db, [row.id]), deviceCodesOf(db, [row.id])]);
  const codes = deviceCodes.get(row.id) ?? [];
  const rows = new Map((await findDevicesByCode(db, codes)).map((device) => [device.deviceCode, device]));
  const reach = reachOf(user, codes, rows);
  if (!canSeeSchedule(user, { visible: reach.visible.length, hidden: reach.hidden.length })) throw notFound();
  return { row, contentIds: contentIds.get(row.id) ?? [], codes, reach };
}

/**
 * GET /api/schedules?device_code=: the player's schedules not ended in its zone (all with include_ended),
 * newest first, with the current and next schedule resolved now in the player's zone.
 */
export async function listSchedules(
  db: Database,
  user: SessionUser,
  query: { device_code: string; include_ended?: boolean },
  now: Date = new Date(),
): Promise<TScheduleList> {
  const [player] = await checkedPlayers(db, user, [query.device_code]);
  if (!player) throw notFound();
  const zone = zoneOfPlayer(player);
  const rows = await schedulesOfDevice(db, player.deviceCode, query.include_ended === true, now);
  const schedules = await presentMany(db, user, rows);
  const clock = zoneClock(zone);
  const candidates = rows.map((row, index) => ({ ...resolvable(row), index }));
  const current = resolveCurrentSchedule(candidates, clock, now);
  const next = resolveNextSchedule(candidates, clock, now);
  return {
    device_code: player.deviceCode,
    time_zone: zone,
    now: now.toISOString(),
    schedules,
    current_schedule: current ? (schedules[current.index] ?? null) : null,
    next_schedule: next ? (schedules[next.schedule.index] ?? null) : null,
  };
}
