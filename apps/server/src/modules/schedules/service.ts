import {
  type ScheduleValues,
  type TSchedule,
  type TScheduleCreate,
  type TScheduleUpdate,
  todayIn,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { isRowBound } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { notFound } from '../../http/envelope';
import { type ContentRow, findContentsById } from '../contents';
import { changeManifests, type DeviceRow } from '../players';
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
import { valuesOf } from './present';
import { getSchedule, writableSchedule } from './read';
import {
  addDevices,
  deleteSchedule,
  insertSchedule,
  lockSchedule,
  removeDevices,
  replaceContents,
  type ScheduleFields,
  updateScheduleFields,
} from './repo';

/** The stored fields of validated values ('' is null in the database). */
function fieldsOf(values: ScheduleValues, live: boolean): ScheduleFields {
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
  };
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
  const fields = fieldsOf(values, live);
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
    const fields = fieldsOf(after, live);
    // Players newly put on the schedule must still exist when it is written.
    const had = new Set(reach.visible);
    const added = visibleDest.filter((code) => !had.has(code));
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
        const kept = new Set(visibleDest);
        await removeDevices(
          tx,
          row.id,
          reach.visible.filter((code) => !kept.has(code)),
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
