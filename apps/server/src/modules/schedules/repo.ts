import { type LocalDate, type LocalTime, scheduleExtent, type TimeZone } from '@signage/domain';
import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduleContents, scheduleDevices, schedules } from '../../db/schema';
import { deviceTimeZoneSql } from '../devices';

/**
 * The SQL of the schedules, schedule_contents and schedule_devices tables: this module owns them. Players and
 * contents are reached through their modules; only the foreign keys name their tables. Every write that
 * changes a schedule's dates, times or players, and every change of a player's zone, writes the instants of
 * its (schedule, player) rows (refreshInstants), so every query below compares instants only.
 */
export type ScheduleRow = typeof schedules.$inferSelect;

/** A row in the resolution rules' shape (empty strings are the spec's "missing"). */
export function resolvable(row: ScheduleRow) {
  return {
    schedule_id: row.id,
    created_at: row.createdAt,
    available_date_from: (row.dateFrom ?? '') as LocalDate | '',
    available_date_to: (row.dateTo ?? '') as LocalDate | '',
    available_time_from: (row.timeFrom ?? '') as LocalTime | '',
    available_time_to: (row.timeTo ?? '') as LocalTime | '',
  };
}

/** The stored part of a schedule (what a write sets). */
export type ScheduleFields = {
  scheduleName: string;
  playlistName: string;
  dateFrom: string | null;
  dateTo: string | null;
  timeFrom: string | null;
  timeTo: string | null;
  downloadAllowHour: string;
  live: boolean;
};

/** Both drivers (node-postgres, PGlite) answer a raw query with `rows`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Has not ended", over a schedule_devices row's end instant (null: never ends): at `at` when given (one moment
 * for a whole answer, its SQL and its JavaScript alike), else when the query runs.
 */
const unendedSql = (endsAt: Column | SQL, at?: Date): SQL<boolean> =>
  at === undefined
    ? sql<boolean>`(${endsAt} is null or ${endsAt} > now())`
    : sql<boolean>`(${endsAt} is null or ${endsAt} > ${at.toISOString()}::timestamptz)`;

export async function insertSchedule(
  tx: Database,
  fields: ScheduleFields & { createdBy: string; createdAt?: Date },
  contentIds: readonly string[],
  deviceCodes: readonly string[],
): Promise<ScheduleRow> {
  const [row] = await tx.insert(schedules).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  await replaceContents(tx, row.id, contentIds);
  await addDevices(tx, row.id, deviceCodes);
  return row;
}

export async function findSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  return row;
}

/**
 * Locks the row for the rest of the transaction (concurrent edits of one schedule queue up): level 2 of the
 * lock order (devices/repo.ts, lockPlayers), after the contents a write puts on it, before its players.
 */
export async function lockSchedule(tx: Database, id: string): Promise<ScheduleRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await tx.select().from(schedules).where(eq(schedules.id, id)).for('update').limit(1);
  return row;
}

export async function updateScheduleFields(tx: Database, id: string, fields: ScheduleFields, now: Date) {
  await tx
    .update(schedules)
    .set({ ...fields, updatedAt: now })
    .where(eq(schedules.id, id));
  await refreshInstants(tx, { scheduleId: id });
}

export async function deleteSchedule(tx: Database, id: string) {
  await tx.delete(scheduleDevices).where(eq(scheduleDevices.scheduleId, id));
  await tx.delete(schedules).where(eq(schedules.id, id));
}

export async function replaceContents(tx: Database, id: string, contentIds: readonly string[]) {
  await tx.delete(scheduleContents).where(eq(scheduleContents.scheduleId, id));
  if (contentIds.length === 0) return;
  await tx
    .insert(scheduleContents)
    .values(contentIds.map((contentId, position) => ({ scheduleId: id, position, contentId })));
}

export async function addDevices(tx: Database, id: string, deviceCodes: readonly string[]) {
  if (deviceCodes.length === 0) return;
  await tx
    .insert(scheduleDevices)
    .values(deviceCodes.map((deviceCode) => ({ scheduleId: id, deviceCode })))
    .onConflictDoNothing();
  await refreshInstants(tx, { scheduleId: id, deviceCodes });
}

export async function removeDevices(tx: Database, id: string, deviceCodes: readonly string[]) {
  if (deviceCodes.length === 0) return;
  await tx
    .delete(scheduleDevices)
    .where(and(eq(scheduleDevices.scheduleId, id), inArray(scheduleDevices.deviceCode, [...deviceCodes])));
}

/** Deletes the schedule when it has no player left; true when it did. */
export async function deleteIfNoDevices(tx: Database, id: string): Promise<boolean> {
  const rows = await tx
    .delete(schedules)
    .where(
      and(
        eq(schedules.id, id),
        sql`not exists (select 1 from ${scheduleDevices} where ${scheduleDevices.scheduleId} = ${schedules.id})`,
      ),
    )
    .returning({ id: schedules.id });
  return rows.length > 0;
}

/** Ordered content ids of each schedule. */
export async function contentIdsOf(db: Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(scheduleContents)
    .where(inArray(scheduleContents.scheduleId, [...ids]))
    .orderBy(asc(scheduleContents.scheduleId), asc(scheduleContents.position));
  for (const row of rows) map.get(row.scheduleId)?.push(row.contentId);
  return map;
}

/** Device codes of each schedule, sorted. */
export async function deviceCodesOf(db: Database, ids: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({ scheduleId: scheduleDevices.scheduleId, deviceCode: scheduleDevices.deviceCode })
    .from(scheduleDevices)
    .where(inArray(scheduleDevices.scheduleId, [...ids]))
    .orderBy(asc(scheduleDevices.scheduleId), asc(scheduleDevices.deviceCode));
  for (const row of rows) map.get(row.scheduleId)?.push(row.deviceCode);
  return map;
}

/** One player's schedules, newest first; only those not ended unless `includeEnded`. */
export async function schedulesOfDevice(
  db: Database,
  deviceCode: string,
  includeEnded: boolean,
  at?: Date,
): Promise<ScheduleRow[]> {
  const where = [eq(scheduleDevices.deviceCode, deviceCode)];
  if (!includeEnded) where.push(unendedSql(scheduleDevices.endsAt, at));
  const rows = await db
    .select({ schedule: schedules })
    .from(scheduleDevices)
    .innerJoin(schedules, eq(schedules.id, scheduleDevices.scheduleId))
    .where(and(...where))
    .orderBy(desc(schedules.createdAt), desc(schedules.id));
  return rows.map((row) => row.schedule);
}

/**
 * The un-ended schedules of many players in one query: each player's own zone decides what has ended.
 * Answers [device code, schedule] pairs.
 */
export async function unendedSchedulesOf(
  db: Database,
  players: readonly { deviceCode: string }[],
  at?: Date,
): Promise<{ deviceCode: string; schedule: ScheduleRow }[]> {
  if (players.length === 0) return [];
  const values = sql.join(
    players.map((p) => sql`(${p.deviceCode}::text)`),
    sql`, `,
  );
  const pairs = await rowsOf<{ device_code: string; schedule_id: string }>(
    db,
    sql`
    select sd.device_code, sd.schedule_id
    from (values ${values}) as p(device_code)
    join ${scheduleDevices} sd on sd.device_code = p.device_code
    where ${unendedSql(sql`sd.ends_at`, at)}`,
  );
  if (pairs.length === 0) return [];
  const rows = await schedulesById(db, [...new Set(pairs.map((pair) => pair.schedule_id))]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return pairs.flatMap((pair) => {
    const schedule = byId.get(pair.schedule_id);
    return schedule ? [{ deviceCode: pair.device_code, schedule }] : [];
  });
}

/**
 * PlayerSchedulesPort.unendedIdsSql: the ids of the schedules a player is on that have not ended in its zone
 * when the query runs, comma-separated in id order ('' when none), for a column of a query on players. An
 * ARRAY subquery, not an aggregate (no aggregate or sort per player), written out as text: the drivers parse
 * a text column for nothing, an array column character by character.
 */
export function unendedIdsSql(player: { deviceCode: Column | SQL }): SQL<string> {
  return sql<string>`array_to_string(array(select sd.schedule_id from ${scheduleDevices} sd where sd.device_code = ${player.deviceCode} and ${unendedSql(sql`sd.ends_at`)} order by sd.schedule_id), ',')`;
}

/** Schedules by their ids. */
export async function schedulesById(db: Database, ids: readonly string[]): Promise<ScheduleRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(schedules)
    .where(inArray(schedules.id, [...ids]));
}

/**
 * The SQL boolean of PlayerSchedulesPort.scheduledSql: an un-ended schedule, from the player's
 * schedule_devices rows (answered from schedule_devices_device_idx: device code, then end).
 */
export function scheduledSql(player: { deviceCode: Column }): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${scheduleDevices} sd where sd.device_code = ${player.deviceCode} and ${unendedSql(sql`sd.ends_at`)})`;
}

/**
 * Level 2 of the lock order for a player's delete (devices/repo.ts, lockPlayers): the rows of the schedules
 * it is on, in id order, before the player's row is written.
 */
export async function lockSchedulesOfDevice(tx: Database, deviceCode: string): Promise<void> {
  await tx.execute(
    sql`select s.id from ${schedules} s where s.id in (select sd.schedule_id from ${scheduleDevices} sd where sd.device_code = ${deviceCode}) order by s.id for update`,
  );
}

/** The schedules a player is on (for its removal). */
export async function scheduleIdsOfDevice(tx: Database, deviceCode: string): Promise<string[]> {
  const rows = await tx
    .select({ id: scheduleDevices.scheduleId })
    .from(scheduleDevices)
    .where(eq(scheduleDevices.deviceCode, deviceCode));
  return rows.map((row) => row.id);
}

export async function removeDeviceEverywhere(tx: Database, deviceCode: string) {
  await tx.delete(scheduleDevices).where(eq(scheduleDevices.deviceCode, deviceCode));
}

/**
 * Writes the instants of (schedule, player) rows: each schedule's dates and times read in its player's zone by
 * the domain's rules (scheduleExtent). Of one schedule (`scheduleId`, optionally only some of its players), or
 * of every schedule of one player (`deviceCode`, after its zone changed), or of all rows (`all`, at start: an
 * upgraded install's rows were backfilled with the old reading). Only rows whose instants change are written.
 */
export async function refreshInstants(
  tx: Database,
  which: { scheduleId: string; deviceCodes?: readonly string[] } | { deviceCode: string } | { all: true },
): Promise<number> {
  const where =
    'all' in which
      ? sql`true`
      : 'deviceCode' in which
        ? sql`sd.device_code = ${which.deviceCode}`
        : which.deviceCodes
          ? sql`sd.schedule_id = ${which.scheduleId} and sd.device_code in (${sql.join(
              which.deviceCodes.map((code) => sql`${code}`),
              sql`, `,
            )})`
          : sql`sd.schedule_id = ${which.scheduleId}`;
  if ('scheduleId' in which && which.deviceCodes?.length === 0) return 0;
  const rows = await rowsOf<{
    schedule_id: string;
    device_code: string;
    time_zone: string | null;
    starts_at: string | Date | null;
    ends_at: string | Date | null;
  }>(
    tx,
    sql`select sd.schedule_id, sd.device_code, sd.starts_at, sd.ends_at, ${deviceTimeZoneSql(sql`sd.device_code`)} as time_zone
      from ${scheduleDevices} sd where ${where}`,
  );
  if (rows.length === 0) return 0;
  const byId = new Map((await schedulesById(tx, [...new Set(rows.map((r) => r.schedule_id))])).map((r) => [r.id, r]));
  const ms = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());
  const changed: SQL[] = [];
  for (const row of rows) {
    const schedule = byId.get(row.schedule_id);
    if (!schedule || row.time_zone === null) continue;
    const extent = scheduleExtent(resolvable(schedule), row.time_zone as TimeZone);
    if (ms(extent.start) === ms(row.starts_at) && ms(extent.end) === ms(row.ends_at)) continue;
    changed.push(
      sql`(${row.schedule_id}::uuid, ${row.device_code}::text, ${extent.start}::timestamptz, ${extent.end}::timestamptz)`,
    );
  }
  if (changed.length === 0) return 0;
  await tx.execute(sql`
    update ${scheduleDevices} sd set starts_at = v.starts_at, ends_at = v.ends_at
    from (values ${sql.join(changed, sql`, `)}) as v(schedule_id, device_code, starts_at, ends_at)
    where sd.schedule_id = v.schedule_id and sd.device_code = v.device_code`);
  return changed.length;
}

/**
 * Names of the schedules using a content that have not ended for at least one of their players, read in
 * the instants of each player's row.
 */
export async function unendedSchedulesUsing(tx: Database, contentId: string): Promise<string[]> {
  const rows = await rowsOf<{ schedule_name: string }>(
    tx,
    sql`
    select s.schedule_name from ${schedules} s
    where exists (select 1 from ${scheduleContents} sc where sc.schedule_id = s.id and sc.content_id = ${contentId})
      and exists (select 1 from ${scheduleDevices} sd where sd.schedule_id = s.id
        and ${unendedSql(sql`sd.ends_at`)})
    order by s.created_at desc, s.id`,
  );
  return rows.map((row) => row.schedule_name);
}

/**
 * One player's schedules not ended, newest first, each with its ordered content ids: one
 * query (the manifest poll runs it every minute for every player).
 */
export async function unendedSchedulesWithContents(
  db: Database,
  deviceCode: string,
  at?: Date,
): Promise<{ schedule: ScheduleRow; contentIds: string[] }[]> {
  const rows = await db
    .select({
      schedule: schedules,
      contentIds: sql<
        string[] | null
      >`(select array_agg(sc.content_id::text order by sc.position) from ${scheduleContents} sc where sc.schedule_id = ${schedules.id})`,
    })
    .from(scheduleDevices)
    .innerJoin(schedules, eq(schedules.id, scheduleDevices.scheduleId))
    .where(and(eq(scheduleDevices.deviceCode, deviceCode), unendedSql(scheduleDevices.endsAt, at)))
    .orderBy(desc(schedules.createdAt), desc(schedules.id));
  return rows.map((row) => ({ schedule: row.schedule, contentIds: row.contentIds ?? [] }));
}

/** The players of the schedules that play a content and have not ended for them (whose manifests carry it). */
export async function playersUsingContent(tx: Database, contentId: string): Promise<string[]> {
  const rows = await rowsOf<{ device_code: string }>(
    tx,
    sql`
    select distinct sd.device_code from ${scheduleDevices} sd
    join ${scheduleContents} sc on sc.schedule_id = sd.schedule_id and sc.content_id = ${contentId}
    where ${unendedSql(sql`sd.ends_at`)}`,
  );
  return rows.map((row) => row.device_code);
}
