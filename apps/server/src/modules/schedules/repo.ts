import type { LocalDate, LocalTime } from '@signage/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduleContents, scheduleDevices, schedules } from '../../db/schema';
import { refreshInstants } from './instants';
import type { ScheduleRow } from './rows';

/**
 * The SQL of the schedules, schedule_contents and schedule_devices tables: this module owns them. Players and
 * contents are reached through their modules; only the foreign keys name their tables. Every write that
 * changes a schedule's dates, times or players, and every change of a player's zone, writes the instants of
 * its (schedule, player) rows (refreshInstants), so every query (unended.ts) compares instants only.
 */
/** The stored part of a schedule (what a write sets). */
export type ScheduleFields = {
  scheduleName: string;
  playlistName: string;
  dateFrom: LocalDate | null;
  dateTo: LocalDate | null;
  timeFrom: LocalTime | null;
  timeTo: LocalTime | null;
  downloadAllowHour: string;
  live: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
