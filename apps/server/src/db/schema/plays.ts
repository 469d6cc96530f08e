import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './players';

/**
 * Proof of play (owned by modules/plays): one row per play a player reported, idempotent by (device_code,
 * sequence), so a batch sent twice counts once. Kept raw; content and schedule are not foreign keys (a
 * schedule may be deleted and the play still happened). `started_at` is the instant, `utc_offset_minutes`
 * the store's offset then (its local day for history).
 */
export const playEvents = pgTable(
  'play_events',
  {
    deviceCode: text('device_code')
      .notNull()
      .references(() => devices.deviceCode),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    contentId: uuid('content_id').notNull(),
    scheduleId: uuid('schedule_id'),
    /** The emergency message shown (issue 29 item 6); null for a schedule's play. */
    emergencyId: uuid('emergency_id'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    utcOffsetMinutes: smallint('utc_offset_minutes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceCode, t.sequence] }),
    index('play_events_content_started_idx').on(t.contentId, t.startedAt),
    index('play_events_emergency_idx').on(t.emergencyId, t.deviceCode).where(sql`${t.emergencyId} is not null`),
  ],
);

/**
 * Plays rolled up per content, player and UTC date (proof-of-play history), kept for good while raw plays
 * may be pruned. Updated in the transaction that inserts the raw plays, from the rows that were new, so a
 * re-delivered batch adds nothing.
 */
export const playDaily = pgTable(
  'play_daily',
  {
    contentId: uuid('content_id').notNull(),
    playDate: date('play_date', { mode: 'string' }).notNull(),
    deviceCode: text('device_code')
      .notNull()
      .references(() => devices.deviceCode),
    plays: integer('plays').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.playDate, t.deviceCode] }),
    index('play_daily_device_date_idx').on(t.deviceCode, t.playDate),
    index('play_daily_date_content_idx').on(t.playDate, t.contentId),
  ],
);

/**
 * Per content and UTC date, how many distinct players showed it and how many plays (the history list and
 * chart). Kept in step with play_daily in the same transaction: `players` grows by one when a (content, date,
 * player) row of play_daily is new, so the list reads one row per content and day, never every player's.
 */
export const playContentDaily = pgTable(
  'play_content_daily',
  {
    contentId: uuid('content_id').notNull(),
    playDate: date('play_date', { mode: 'string' }).notNull(),
    players: integer('players').notNull(),
    plays: bigint('plays', { mode: 'number' }).notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.playDate] })],
);

/**
 * Per content, player and UTC month, the days of that month it showed the content, as bits (day d is bit
 * d - 1). Kept in step with play_daily in the same transaction (`days = days | new`). The history's "players
 * in a window" reads one row per player and month instead of one per player and day.
 */
export const playContentMonths = pgTable(
  'play_content_months',
  {
    contentId: uuid('content_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    deviceCode: text('device_code')
      .notNull()
      .references(() => devices.deviceCode),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.month, t.deviceCode] })],
);

/** Per player, the highest sequence n with every play 1..n held (the plays answer's `acked`). */
export const playAcks = pgTable('play_acks', {
  deviceCode: text('device_code')
    .primaryKey()
    .references(() => devices.deviceCode),
  acked: bigint('acked', { mode: 'number' }).notNull().default(0),
});
