import type { HoursRange, WeeklyHours } from '@signage/domain';
import { date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Opening hours (issue 29 item 1), owned by modules/hours. No foreign key to devices: players are deleted softly
 * (their row stays). A player with no store_hours row is open at all times.
 */

/**
 * A player's weekly hours (ISO weekday and its ranges, wall-clock at the store) and the instants up to which
 * store_hours_windows holds its open windows: [windows_from, windows_until), read in `time_zone` (the player's
 * zone when they were written; a zone change writes them again).
 */
export const storeHours = pgTable('store_hours', {
  deviceCode: text('device_code').primaryKey(),
  week: jsonb('week').$type<WeeklyHours>().notNull(),
  timeZone: text('time_zone').notNull(),
  windowsFrom: timestamp('windows_from', { withTimezone: true }).notNull(),
  windowsUntil: timestamp('windows_until', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A store-local date whose hours differ from its weekday's: closed (no ranges) or special ranges. */
export const storeHoursExceptions = pgTable(
  'store_hours_exceptions',
  {
    deviceCode: text('device_code').notNull(),
    day: date('day').notNull(),
    ranges: jsonb('ranges').$type<HoursRange[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceCode, t.day] })],
);

/**
 * The open windows of a player's store as instants (end exclusive), computed by the domain's rules
 * (openingWindows, DST policy included) for the days of [windows_from, windows_until), so SQL compares instants
 * only (storeOpenSql).
 */
export const storeHoursWindows = pgTable(
  'store_hours_windows',
  {
    deviceCode: text('device_code').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceCode, t.opensAt] })],
);
