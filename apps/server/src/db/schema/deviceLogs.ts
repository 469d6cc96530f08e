import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { devices } from './players';

/** Log files a player uploaded; the text lives in the blob store under blob_key. */
export const deviceLogs = pgTable(
  'device_logs',
  {
    logId: uuid('log_id').primaryKey().defaultRandom(),
    deviceCode: text('device_code')
      .notNull()
      .references(() => devices.deviceCode, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: text('level').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('device_logs_device_started_idx').on(t.deviceCode, t.startedAt, t.logId)],
);
