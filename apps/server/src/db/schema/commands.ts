import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Remote commands and screenshots (issue 29 items 4 and 5), owned by modules/commands. No foreign key to
 * devices: players are deleted softly (their row stays), and a command outlives nothing it names.
 */

/**
 * A command a user asked a player to run: screenshot, reload, redownload, identify, restart. `state` is pending
 * until the player answers (done / failed, `message` saying why it failed); a pending one older than
 * COMMAND_FRESH_SECONDS reads as expired and is never handed to the player.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    commandId: uuid('command_id').primaryKey().defaultRandom(),
    deviceCode: text('device_code').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    message: text('message'),
    screenshotId: uuid('screenshot_id'),
  },
  (t) => [index('device_commands_device_requested_idx').on(t.deviceCode, t.requestedAt)],
);

/**
 * A JPEG a player uploaded (its bytes in the blob store under `screenshots/<device_code>/<id>.jpg`): asked by a
 * command, or taken by the player with a playback error (`error`). The last SCREENSHOTS_KEPT per player stay.
 */
export const deviceScreenshots = pgTable(
  'device_screenshots',
  {
    screenshotId: uuid('screenshot_id').primaryKey().defaultRandom(),
    deviceCode: text('device_code').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
    error: text('error'),
    commandId: uuid('command_id'),
  },
  (t) => [index('device_screenshots_device_taken_idx').on(t.deviceCode, t.takenAt)],
);
