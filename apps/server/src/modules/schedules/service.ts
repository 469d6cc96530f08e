import {
  ROLE_GROUPS,
  resolveCurrentSchedule,
  resolveNextSchedule,
  type ScheduleValues,
  type TimeZone,
  type TSchedule,
  type TScheduleCreate,
  type TScheduleList,
  type TScheduleUpdate,
  todayIn,
  zoneClock,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { canSeeSchedule, isRowBound, schedulePlayers } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { notFound } from '../../http/envelope';
import { type ContentRow, findContentsById } from '../contents';
import { changeManifests, type DeviceRow, findDevicesByCode } from '../devices';
import {
  checkContents,
  checkedContents,
  checkedPlayers,
  checkValues,
  lockContents,
  lockScheduledPlayers,
  unique,
} from './access';
import { changedValues } from './auditValues';
import { presentSchedule, presentScheduleContent, resolvable, valuesOf } from './present';
import {
  addDevices,
  contentIdsOf,
  deleteSchedule,
  deviceCodesOf,
  findSchedule,
  insertSchedule,
  lockSchedule,
  removeDevices,
  replaceContents,
  type ScheduleFields,
  type ScheduleRow,
  schedulesOfDevice,
  updateScheduleFields,
} from './repo';

/** The stored fields of validated values ('' is null in the database). */
function fieldsOf(values: ScheduleValues, live: boolean, zoneCode: string): ScheduleFields {
  return {
    scheduleName: values.schedule_name.trim(),
    playlistName: values.playlist_name.trim(),
    dateFrom: values.available_date_from || null,
    dateTo: values.available_date_to || null,
    timeFrom: values.available_time_from || null,
    timeTo: values.available_time_to || null,
    // A live schedule plays at once: no night download hour (SPEC.md section 5).
    downloadAllowHour: live ? '' : values.download_allow_hour,
    live,
    zoneCode,
  };
}

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
    return presentSchedule(row, items, { visible: reach.visible, hidden: reach.hidden.length });
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
async function writableSchedule(db: Database, user: SessionUser, id: string) {
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
 * POST /api/schedules, and duplicate's second half: every player and content checked against the user's
 * reach, the contents against the players, the values against the rules (start today for Immediate,
 * tomorrow for Night, both in zone_code), then one transaction.
 */
export async function createSchedule(
  db: Database,
  user: SessionUser,
  body: TScheduleCreate,
  audit: { action: string; source?: string } = { action: 'schedule.create' },
): Promise<TSchedule> {
  const today = todayIn(body.zone_code);
  const players = await checkedPlayers(db, user, body.dest);
  const contents = await checkedContents(db, user, body.contents);
  const live = checkContents(contents, players, { today, fresh: () => true });
  const dest = players.map((player) => player.deviceCode);
  const values: ScheduleValues = { ...body, download_allow_hour: live ? '' : body.download_allow_hour, dest };
  checkValues(values, { today, checkStart: true });
  const fields = fieldsOf(values, live, body.zone_code);
  const id = await db.transaction(async (tx) => {
    // The lock order (devices/repo.ts, lockPlayers): the contents, then the players.
    if (!(await lockContents(tx, body.contents))) throw notFound();
    await lockScheduledPlayers(tx, [], dest);
    const row = await insertSchedule(tx, { ...fields, createdBy: user.userId }, body.contents, dest);
    await changeManifests(tx, dest, 'schedule');
    await recordAudit(tx, {
      actor: user.userId,
      region: user.region,
      action: audit.action,
      target: row.id,
      detail: { ...body, ...(audit.source ? { source: audit.source } : {}) },
    });
    return row.id;
  });
  return getSchedule(db, user, id);
}

/** POST /api/schedules/{id}/duplicate: the source must be one the user sees; the copy is a new schedule. */
export async function duplicateSchedule(
  db: Database,
  user: SessionUser,
  sourceId: string,
  body: TScheduleCreate,
): Promise<TSchedule> {
  const source = await writableSchedule(db, user, sourceId);
  return createSchedule(db, user, body, { action: 'schedule.duplicate', source: source.row.id });
}

/** The fields a PUT sent (absent ones stay as stored). */
function sentValues(body: TScheduleUpdate): Partial<ScheduleValues> {
  const { zone_code: _zone, ...rest } = body;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/**
 * PUT /api/schedules/{id}: the changed fields merged with the stored schedule and checked as a whole (the
 * start-date rule only when the start moved). `dest` replaces the players the user sees; others stay.
 * A region- or shop-bound user editing a schedule that also plays on players outside its reach must not
 * change those screens: its players move to a new schedule carrying the change and the original
 * created_at (same priority), and the answer is that new schedule.
 *
 * All in one transaction, in the lock order (devices/repo.ts, lockPlayers): the contents sent, the
 * schedule's row, then every player it had or gets; the schedule is read once its row is held, so a
 * concurrent write of it is seen whole.
 */
export async function updateSchedule(
  db: Database,
  user: SessionUser,
  id: string,
  body: TScheduleUpdate,
): Promise<TSchedule> {
  const answerId = await db.transaction(async (tx) => {
    // The contents sent are checked below, once held (a delete committed meanwhile is seen there).
    await lockContents(tx, body.contents ?? []);
    if (!(await lockSchedule(tx, id))) throw notFound();
    const { row, contentIds, codes, reach } = await writableSchedule(tx, user, id);
    const today = todayIn(body.zone_code);
    const before = valuesOf(row, contentIds, codes);
    const split = isRowBound(user) && reach.hidden.length > 0;
    const visibleDest = body.dest ? unique(body.dest) : reach.visible;
    const players = body.dest
      ? await checkedPlayers(tx, user, visibleDest)
      : reach.visible.map((code) => reach.rows.get(code) as DeviceRow);
    const nextContentIds = body.contents ?? contentIds;
    let contents: ContentRow[];
    if (body.contents) contents = await checkedContents(tx, user, body.contents);
    else {
      const byId = new Map((await findContentsById(tx, contentIds)).map((content) => [content.id, content]));
      contents = contentIds.flatMap((contentId) => byId.get(contentId) ?? []);
    }
    const hiddenRows = split ? [] : reach.hidden.flatMap((code) => reach.rows.get(code) ?? []);
    const live =
      body.contents || body.dest
        ? checkContents(contents, [...players, ...hiddenRows], {
            today,
            fresh: (contentId) => !contentIds.includes(contentId),
          })
        : row.live;
    const after: ScheduleValues = {
      ...before,
      ...sentValues(body),
      contents: nextContentIds,
      dest: split ? visibleDest : [...reach.hidden, ...visibleDest],
    };
    const startMoved =
      body.available_date_from !== undefined && body.available_date_from !== before.available_date_from;
    checkValues(live ? { ...after, download_allow_hour: '' } : after, { today, checkStart: startMoved });
    const fields = fieldsOf(after, live, body.zone_code);
    // Players newly put on the schedule must still exist when it is written.
    const added = visibleDest.filter((code) => !reach.visible.includes(code));
    await lockScheduledPlayers(tx, [...codes, ...after.dest], added);
    let target = row.id;
    if (split) {
      const created = await insertSchedule(
        tx,
        { ...fields, createdBy: row.createdBy, createdAt: row.createdAt },
        nextContentIds,
        visibleDest,
      );
      await removeDevices(tx, row.id, reach.visible);
      target = created.id;
    } else {
      await updateScheduleFields(tx, row.id, fields, new Date());
      if (body.contents) await replaceContents(tx, row.id, nextContentIds);
      if (body.dest) {
        await removeDevices(
          tx,
          row.id,
          reach.visible.filter((code) => !visibleDest.includes(code)),
        );
        await addDevices(tx, row.id, added);
      }
    }
    // Players the schedule had and players it has now: each manifest may have changed.
    await changeManifests(tx, [...codes, ...after.dest], 'schedule');
    await recordAudit(tx, {
      actor: user.userId,
      region: user.region,
      action: 'schedule.update',
      target,
      // Before and after of each field sent; players as the editor sees them (never codes out of its reach).
      detail: {
        ...body,
        ...(split ? { split_from: row.id } : {}),
        ...changedValues(body, before, after, reach.visible),
      },
    });
    return target;
  });
  return getSchedule(db, user, answerId);
}

/**
 * DELETE /api/schedules/{id}. A region- or shop-bound user only takes its own players off a schedule that
 * also plays elsewhere (the schedule goes when none remain); others delete the schedule itself. In the lock
 * order (devices/repo.ts, lockPlayers): the schedule's row, read once held, then its players.
 */
export async function removeSchedule(db: Database, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockSchedule(tx, id))) throw notFound();
    const { row, reach, codes } = await writableSchedule(tx, user, id);
    const detachOnly = isRowBound(user) && reach.hidden.length > 0;
    const touched = detachOnly ? reach.visible : codes;
    await lockScheduledPlayers(tx, touched, []);
    if (detachOnly) await removeDevices(tx, row.id, reach.visible);
    else await deleteSchedule(tx, row.id);
    await changeManifests(tx, touched, 'schedule');
    await recordAudit(tx, {
      actor: user.userId,
      region: user.region,
      action: detachOnly ? 'schedule.detach' : 'schedule.delete',
      target: row.id,
      detail: { schedule_name: row.scheduleName, ...(detachOnly ? { dest: reach.visible } : {}) },
    });
  });
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
  const zone = player.timeZone as TimeZone;
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
