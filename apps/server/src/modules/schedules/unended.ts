import { and, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduleContents, scheduleDevices, schedules } from '../../db/schema';
import { rowsOf, type ScheduleRow, schedulesById } from './rows';

/**
 * The queries that ask what has not ended: each compares a schedule_devices row's end instant (written by
 * instants.ts in its player's zone) with a moment, so they read instants only.
 */

/**
 * "Has not ended", over a schedule_devices row's end instant (null: never ends): at `at` when given (one moment
 * for a whole answer, its SQL and its JavaScript alike), else when the query runs.
 */
const unendedSql = (endsAt: Column | SQL, at?: Date): SQL<boolean> =>
  at === undefined
    ? sql<boolean>`(${endsAt} is null or ${endsAt} > now())`
    : sql<boolean>`(${endsAt} is null or ${endsAt} > ${at.toISOString()}::timestamptz)`;

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

/**
 * The SQL boolean of PlayerSchedulesPort.scheduledSql: an un-ended schedule, from the player's
 * schedule_devices rows (answered from schedule_devices_device_idx: device code, then end).
 */
export function scheduledSql(player: { deviceCode: Column }): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${scheduleDevices} sd where sd.device_code = ${player.deviceCode} and ${unendedSql(sql`sd.ends_at`)})`;
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

type WithContents = { schedule: ScheduleRow; contentIds: string[] };

/** Schedule rows with their ordered content ids, newest first: the players' rows `where` picks. */
async function withContents(db: Database, where: SQL | undefined) {
  const rows = await db
    .select({
      deviceCode: scheduleDevices.deviceCode,
      schedule: schedules,
      contentIds: sql<
        string[] | null
      >`(select array_agg(sc.content_id::text order by sc.position) from ${scheduleContents} sc where sc.schedule_id = ${schedules.id})`,
    })
    .from(scheduleDevices)
    .innerJoin(schedules, eq(schedules.id, scheduleDevices.scheduleId))
    .where(where)
    .orderBy(desc(schedules.createdAt), desc(schedules.id));
  return rows.map((row) => ({ deviceCode: row.deviceCode, schedule: row.schedule, contentIds: row.contentIds ?? [] }));
}

/**
 * One player's schedules not ended, newest first, each with its ordered content ids: one
 * query (the manifest poll runs it every minute for every player).
 */
export async function unendedSchedulesWithContents(
  db: Database,
  deviceCode: string,
  at?: Date,
): Promise<WithContents[]> {
  const rows = await withContents(
    db,
    and(eq(scheduleDevices.deviceCode, deviceCode), unendedSql(scheduleDevices.endsAt, at)),
  );
  return rows.map(({ schedule, contentIds }) => ({ schedule, contentIds }));
}

/** The same for many players in one query (a change pushed to thousands of them), by player code. */
export async function unendedSchedulesWithContentsOf(
  db: Database,
  deviceCodes: readonly string[],
  at: Date,
): Promise<Map<string, WithContents[]>> {
  const byPlayer = new Map<string, WithContents[]>();
  if (deviceCodes.length === 0) return byPlayer;
  const rows = await withContents(
    db,
    and(inArray(scheduleDevices.deviceCode, [...deviceCodes]), unendedSql(scheduleDevices.endsAt, at)),
  );
  for (const { deviceCode, schedule, contentIds } of rows) {
    const list = byPlayer.get(deviceCode) ?? [];
    byPlayer.set(deviceCode, list);
    list.push({ schedule, contentIds });
  }
  return byPlayer;
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
