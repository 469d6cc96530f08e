import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduleContents, scheduleDevices, schedulePlayerEnds, schedules } from '../../db/schema';

/**
 * The SQL of the schedules, schedule_contents, schedule_devices and schedule_player_ends tables: this
 * module owns them. Players and contents are reached through their modules; only the foreign keys name
 * their tables. Every write that changes a schedule's players or end refreshes the players' last end.
 */
export type ScheduleRow = typeof schedules.$inferSelect;

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
  zoneCode: string;
};

/** Both drivers (node-postgres, PGlite) answer a raw query with `rows`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The last wall-clock second a schedule plays (schedules.ends_local, repeated on each of its players). */
export const endsLocalOf = (fields: Pick<ScheduleFields, 'dateTo' | 'timeTo'>) =>
  fields.dateTo === null ? null : `${fields.dateTo} ${fields.timeTo ?? '23:59:59'}`;

/**
 * "Has not ended at the moment the query runs", for a schedule_devices end read in a zone: its last
 * wall-clock second, plus the second itself, is still ahead. No end date never ends.
 */
export function notEndedSql(endsLocal: Column | SQL, timeZone: Column | SQL | string): SQL<boolean> {
  return sql<boolean>`(${endsLocal} is null or (${endsLocal} at time zone ${timeZone}) + interval '1 second' > now())`;
}

export async function insertSchedule(
  tx: Database,
  fields: ScheduleFields & { createdBy: string; createdAt?: Date },
  contentIds: readonly string[],
  deviceCodes: readonly string[],
): Promise<ScheduleRow> {
  const [row] = await tx.insert(schedules).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  await replaceContents(tx, row.id, contentIds);
  await addDevices(tx, row.id, deviceCodes, endsLocalOf(fields));
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
  const rows = await tx
    .update(scheduleDevices)
    .set({ endsLocal: endsLocalOf(fields) })
    .where(eq(scheduleDevices.scheduleId, id))
    .returning({ deviceCode: scheduleDevices.deviceCode });
  await refreshPlayerEnds(
    tx,
    rows.map((row) => row.deviceCode),
  );
}

export async function deleteSchedule(tx: Database, id: string) {
  const rows = await tx
    .delete(scheduleDevices)
    .where(eq(scheduleDevices.scheduleId, id))
    .returning({ deviceCode: scheduleDevices.deviceCode });
  await tx.delete(schedules).where(eq(schedules.id, id));
  await refreshPlayerEnds(
    tx,
    rows.map((row) => row.deviceCode),
  );
}

export async function replaceContents(tx: Database, id: string, contentIds: readonly string[]) {
  await tx.delete(scheduleContents).where(eq(scheduleContents.scheduleId, id));
  if (contentIds.length === 0) return;
  await tx
    .insert(scheduleContents)
    .values(contentIds.map((contentId, position) => ({ scheduleId: id, position, contentId })));
}

export async function addDevices(tx: Database, id: string, deviceCodes: readonly string[], endsLocal: string | null) {
  if (deviceCodes.length === 0) return;
  await tx
    .insert(scheduleDevices)
    .values(deviceCodes.map((deviceCode) => ({ scheduleId: id, deviceCode, endsLocal })))
    .onConflictDoNothing();
  await refreshPlayerEnds(tx, deviceCodes);
}

export async function removeDevices(tx: Database, id: string, deviceCodes: readonly string[]) {
  if (deviceCodes.length === 0) return;
  await tx
    .delete(scheduleDevices)
    .where(and(eq(scheduleDevices.scheduleId, id), inArray(scheduleDevices.deviceCode, [...deviceCodes])));
  await refreshPlayerEnds(tx, deviceCodes);
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

/** One player's schedules, newest first; only those not ended in `timeZone` unless `includeEnded`. */
export async function schedulesOfDevice(
  db: Database,
  deviceCode: string,
  timeZone: string,
  includeEnded: boolean,
): Promise<ScheduleRow[]> {
  const where = [eq(scheduleDevices.deviceCode, deviceCode)];
  if (!includeEnded) where.push(notEndedSql(scheduleDevices.endsLocal, timeZone));
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
  players: readonly { deviceCode: string; timeZone: string }[],
): Promise<{ deviceCode: string; schedule: ScheduleRow }[]> {
  if (players.length === 0) return [];
  const values = sql.join(
    players.map((p) => sql`(${p.deviceCode}::text, ${p.timeZone}::text)`),
    sql`, `,
  );
  const pairs = await rowsOf<{ device_code: string; schedule_id: string }>(
    db,
    sql`
    select sd.device_code, sd.schedule_id
    from (values ${values}) as p(device_code, time_zone)
    join ${scheduleDevices} sd on sd.device_code = p.device_code
    where ${notEndedSql(sql`sd.ends_local`, sql`p.time_zone`)}`,
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
export function unendedIdsSql(player: { deviceCode: Column | SQL; timeZone: Column | SQL }): SQL<string> {
  return sql<string>`array_to_string(array(select sd.schedule_id from ${scheduleDevices} sd where sd.device_code = ${player.deviceCode} and ${notEndedSql(sql`sd.ends_local`, player.timeZone)} order by sd.schedule_id), ',')`;
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
 * The SQL boolean of PlayerSchedulesPort.scheduledSql: an un-ended schedule in the player's zone, read
 * from the player's last end (one row per player). A local end read in a zone grows with the local value,
 * so the latest end is un-ended iff any is.
 */
export function scheduledSql(player: { deviceCode: Column; timeZone: Column }): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${schedulePlayerEnds} spe where spe.device_code = ${player.deviceCode} and (spe.open or ${notEndedSql(sql`spe.last_end_local`, player.timeZone)}))`;
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
  await refreshPlayerEnds(tx, [deviceCode]);
}

/**
 * Recomputes the last end of these players from their schedule links. Serialised per player with a
 * transaction-scoped advisory lock, so that two concurrent writes on one player both count: the second
 * recomputes after the first has committed. Level 4 of the lock order (devices/repo.ts, lockPlayers): in
 * code order, and only for players whose devices rows the transaction already holds.
 */
async function refreshPlayerEnds(tx: Database, deviceCodes: readonly string[]) {
  const codes = [...new Set(deviceCodes)].sort();
  if (codes.length === 0) return;
  const list = sql.join(
    codes.map((code) => sql`(${code}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('schedule_player_ends:' || c.code)) from (values ${list}) as c(code) order by c.code`,
  );
  await tx.execute(sql`
    insert into ${schedulePlayerEnds} (device_code, last_end_local, open)
    select sd.device_code, max(sd.ends_local), bool_or(sd.ends_local is null)
    from ${scheduleDevices} sd where sd.device_code in (select c.code from (values ${list}) as c(code))
    group by sd.device_code
    on conflict (device_code) do update set last_end_local = excluded.last_end_local, open = excluded.open`);
  await tx.execute(sql`
    delete from ${schedulePlayerEnds} e
    where e.device_code in (select c.code from (values ${list}) as c(code))
      and not exists (select 1 from ${scheduleDevices} sd where sd.device_code = e.device_code)`);
}

/**
 * Names of the schedules using a content that have not ended for at least one of their players, read in
 * each player's zone (`zoneOf` gives the SQL of a player's zone from its code column).
 */
export async function unendedSchedulesUsing(
  tx: Database,
  contentId: string,
  zoneOf: (deviceCode: SQL) => SQL,
): Promise<string[]> {
  const rows = await rowsOf<{ schedule_name: string }>(
    tx,
    sql`
    select s.schedule_name from ${schedules} s
    where exists (select 1 from ${scheduleContents} sc where sc.schedule_id = s.id and sc.content_id = ${contentId})
      and exists (select 1 from ${scheduleDevices} sd where sd.schedule_id = s.id
        and ${notEndedSql(sql`sd.ends_local`, zoneOf(sql`sd.device_code`))})
    order by s.created_at desc, s.id`,
  );
  return rows.map((row) => row.schedule_name);
}

/**
 * One player's schedules not ended in `timeZone`, newest first, each with its ordered content ids: one
 * query (the manifest poll runs it every minute for every player).
 */
export async function unendedSchedulesWithContents(
  db: Database,
  deviceCode: string,
  timeZone: string,
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
    .where(and(eq(scheduleDevices.deviceCode, deviceCode), notEndedSql(scheduleDevices.endsLocal, timeZone)))
    .orderBy(desc(schedules.createdAt), desc(schedules.id));
  return rows.map((row) => ({ schedule: row.schedule, contentIds: row.contentIds ?? [] }));
}

/** The players of the schedules that play a content and have not ended for them (whose manifests carry it). */
export async function playersUsingContent(
  tx: Database,
  contentId: string,
  zoneOf: (deviceCode: SQL) => SQL,
): Promise<string[]> {
  const rows = await rowsOf<{ device_code: string }>(
    tx,
    sql`
    select distinct sd.device_code from ${scheduleDevices} sd
    join ${scheduleContents} sc on sc.schedule_id = sd.schedule_id and sc.content_id = ${contentId}
    where ${notEndedSql(sql`sd.ends_local`, zoneOf(sql`sd.device_code`))}`,
  );
  return rows.map((row) => row.device_code);
}
