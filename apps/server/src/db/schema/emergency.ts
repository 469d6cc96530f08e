import type { TEmergencyTarget } from '@signage/domain';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/*
 * Emergency messages (issue 29 item 6), owned by modules/emergency. No foreign key to devices or contents:
 * players are deleted softly, and a message's history keeps what it showed.
 */

/**
 * A text or an image (a content of the library) shown over every schedule of its players from `starts_at`
 * until `ends_at`, or until `cancelled_at` when a user ended it sooner. `target` is the selection as posted;
 * the players it reached then are in emergency_devices. `region`: the poster's region (null for DS_FRIT).
 */
export const emergencyMessages = pgTable(
  'emergency_messages',
  {
    emergencyId: uuid('emergency_id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    text: text('text'),
    contentId: uuid('content_id'),
    target: jsonb('target').$type<TEmergencyTarget>().notNull(),
    region: text('region'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    playerCount: integer('player_count').notNull(),
  },
  (t) => [index('emergency_messages_created_idx').on(t.createdAt)],
);

/** The players an emergency message was sent to (chosen when it was posted). */
export const emergencyDevices = pgTable(
  'emergency_devices',
  {
    deviceCode: text('device_code').notNull(),
    emergencyId: uuid('emergency_id')
      .notNull()
      .references(() => emergencyMessages.emergencyId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.deviceCode, t.emergencyId] }),
    index('emergency_devices_emergency_idx').on(t.emergencyId),
  ],
);
