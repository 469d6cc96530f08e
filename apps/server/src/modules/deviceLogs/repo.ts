import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceLogs } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';

export type LogRow = typeof deviceLogs.$inferSelect;
export type LogFilter = {
  deviceCode: string;
  start: Date | null;
  end: Date | null;
  level: string | null;
  order: 'ASC' | 'DESC';
};

/** Logs whose time range meets [start, end], of one level or all, in keyset order (started_at, log_id). */
export async function listLogs(db: Database, filter: LogFilter, page: { cursor: KeysetCursor | null; limit: number }) {
  const where: (SQL | undefined)[] = [eq(deviceLogs.deviceCode, filter.deviceCode)];
  if (filter.start) where.push(gte(deviceLogs.endedAt, filter.start));
  if (filter.end) where.push(lte(deviceLogs.startedAt, filter.end));
  if (filter.level) where.push(eq(deviceLogs.level, filter.level));
  const descending = filter.order === 'DESC';
  if (page.cursor) {
    const { at, key } = page.cursor;
    where.push(
      descending
        ? sql`(${deviceLogs.startedAt}, ${deviceLogs.logId}) < (${at}, ${key}::uuid)`
        : sql`(${deviceLogs.startedAt}, ${deviceLogs.logId}) > (${at}, ${key}::uuid)`,
    );
  }
  const direction = descending ? desc : asc;
  return db
    .select()
    .from(deviceLogs)
    .where(and(...where))
    .orderBy(direction(deviceLogs.startedAt), direction(deviceLogs.logId))
    .limit(page.limit);
}

export async function findLog(db: Database, deviceCode: string, logId: string): Promise<LogRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceLogs)
    .where(and(eq(deviceLogs.deviceCode, deviceCode), eq(deviceLogs.logId, logId)))
    .limit(1);
  return row;
}

export async function insertLog(db: Database, values: typeof deviceLogs.$inferInsert): Promise<void> {
  await db.insert(deviceLogs).values(values);
}

/** The blob keys of the logs among `logIds` that have a row. */
export async function logBlobKeys(db: Database, logIds: readonly string[]): Promise<string[]> {
  if (logIds.length === 0) return [];
  const rows = await db
    .select({ blobKey: deviceLogs.blobKey })
    .from(deviceLogs)
    .where(inArray(deviceLogs.logId, [...logIds]));
  return rows.map((row) => row.blobKey);
}
