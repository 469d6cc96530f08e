import type { LocalDate, LocalTime } from '@signage/domain';
import { boolean, date, index, integer, pgTable, primaryKey, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contents } from './contents';
import { devices } from './players';

/**
 * Schedules (SPEC.md sections 3 to 7), owned by the schedules module. Dates and times are wall-clock values
 * read in each player's own zone; null is the spec's "missing" (no start or end date, all day). What instants
 * they name for a player is decided once, by the domain's rules, and kept in schedule_devices. `live`: the first content is a stream, so all of them are (a schedule never mixes the kinds).
 * `created_at` decides priority (latest wins) and has millisecond precision so that it travels through
 * JavaScript dates unchanged (a scoped edit that splits a schedule keeps it).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleName: text('schedule_name').notNull(),
    playlistName: text('playlist_name').notNull(),
    // Written only from the domain's parsed values (schemas/schedules.ts), read back as them.
    dateFrom: date('date_from').$type<LocalDate>(),
    dateTo: date('date_to').$type<LocalDate>(),
    timeFrom: time('time_from').$type<LocalTime>(),
    timeTo: time('time_to').$type<LocalTime>(),
    downloadAllowHour: text('download_allow_hour').notNull().default('23'),
    live: boolean('live').notNull().default(false),
    // Read by nobody since migration 0025 (the answer's zone_code is derived from the players' zone) and no longer
    // written: its default keeps the previous release's servers working during a rolling upgrade (they still write
    // and answer it). The next release drops it, a contract step (docs/operations.md section 4).
    zoneCode: text('zone_code').notNull().default('UTC'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('schedules_created_idx').on(t.createdAt, t.id)],
);

/** A schedule's playlist: its contents in order. Contents are soft-deleted, so the reference always holds. */
export const scheduleContents = pgTable(
  'schedule_contents',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.position] }),
    // "Which schedules use this content" (the content-in-use check).
    index('schedule_contents_content_idx').on(t.contentId, t.scheduleId),
  ],
);

/**
 * The players a schedule plays on, with when it plays for each: `starts_at` its first window's start and
 * `ends_at` its last one's end (null: open), the schedule's dates and times read in the player's zone by the
 * domain's rules (scheduleExtent, DST policy included). Written with every write of the schedule and again
 * whenever the player's zone changes, so SQL compares instants only: un-ended is `ends_at is null or ends_at >
 * now()`.
 */
export const scheduleDevices = pgTable(
  'schedule_devices',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    deviceCode: text('device_code')
      .notNull()
      .references(() => devices.deviceCode),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.deviceCode] }),
    // "Schedules of a player", with the end so the has-schedule test is answered from the index.
    index('schedule_devices_device_idx').on(t.deviceCode, t.endsAt, t.scheduleId),
  ],
);
