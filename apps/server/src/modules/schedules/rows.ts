import { type LocalDate, type LocalTime, parseZone, type TimeZone, UTC } from '@signage/domain';
import type { SQL } from 'drizzle-orm';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { schedules } from '../../db/schema';

/** A stored schedule (its rows are read here, in repo.ts and unended.ts). */
export type ScheduleRow = typeof schedules.$inferSelect;

/** A row in the resolution rules' shape (empty strings are the spec's "missing"). */
export function resolvable(row: ScheduleRow): {
  schedule_id: string;
  created_at: Date;
  available_date_from: LocalDate | '';
  available_date_to: LocalDate | '';
  available_time_from: LocalTime | '';
  available_time_to: LocalTime | '';
} {
  return {
    schedule_id: row.id,
    created_at: row.createdAt,
    available_date_from: row.dateFrom ?? '',
    available_date_to: row.dateTo ?? '',
    available_time_from: row.timeFrom ?? '',
    available_time_to: row.timeTo ?? '',
  };
}

/** Both drivers (node-postgres, PGlite) answer a raw query with `rows`. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
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
 * A player's zone as the domain's type: stored only from parsed values (registration and player edit check it
 * against the country), parsed back here, the one place the schedules module reads it; UTC for a name the
 * runtime no longer knows.
 */
export const zoneOfPlayer = (player: { timeZone: string }): TimeZone => parseZone(player.timeZone) ?? UTC;
