import type { TAlertPlayer } from '@signage/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/*
 * Alerts that reach people (issue 29 item 3), owned by modules/alerts. No foreign key to devices or users:
 * players are deleted softly, and the evaluation drops subscriptions of users who no longer watch the fleet.
 */

/** What a user asked to be told: which conditions, of which countries ('{}': all within reach), by which channel. */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    subscriptionId: uuid('subscription_id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    conditions: text('conditions').array().notNull(),
    countries: text('countries').array().notNull(),
    channel: text('channel').notNull(),
    /** The e-mail address or the webhook URL. */
    target: text('target').notNull(),
    /** The webhook's HMAC-SHA256 key (null for e-mail); never sent back to anyone. */
    secret: text('secret'),
    createdAt: createdAt(),
  },
  (t) => [index('alert_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A player's state for one condition. `alerting` rows were announced; the evaluation's claims (an upsert whose
 * WHERE sees the row as it is after any other process's commit) move a row between the two states once, so
 * several server processes announce each change once. `alerted_at` starts the player's quiet period.
 */
export const alertStates = pgTable(
  'alert_states',
  {
    deviceCode: text('device_code').notNull(),
    condition: text('condition').notNull(),
    alerting: boolean('alerting').notNull(),
    since: timestamp('since', { withTimezone: true }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.deviceCode, t.condition] }),
    index('alert_states_alerting_idx').on(t.deviceCode).where(sql`alerting`),
  ],
);

/**
 * One outgoing message to one subscription: every player that entered (alert) or left (recovery) a condition in
 * one evaluation. Delivered by whichever process claims it (FOR UPDATE SKIP LOCKED); a claim holds it until
 * `locked_until`, after which a crashed sender's message is taken up again.
 */
export const alertMessages = pgTable(
  'alert_messages',
  {
    messageId: uuid('message_id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => alertSubscriptions.subscriptionId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    players: jsonb('players').$type<TAlertPlayer[]>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('alert_messages_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending')`),
    index('alert_messages_subscription_idx').on(t.subscriptionId, t.createdAt),
  ],
);

/** Every attempt to deliver a message (the delivery log the console shows). */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => alertMessages.messageId, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.attempt] })],
);
