import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Staff accounts. Region, shop number and shop name are '' when unset (SPEC.md section 3, user info). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull().unique(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  authority: text('authority').notNull(),
  region: text('region').notNull().default(''),
  shopNo: text('shop_no').notNull().default(''),
  shopName: text('shop_name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions. `id` is the sha256 of the cookie token, so a database leak yields no usable cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userPk: uuid('user_pk')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_pk_idx').on(t.userPk), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins, one row per failure and key ('id:<userId>' or 'ip:<address>'). Kept in the
 * database, not in memory, so every server instance behind a load balancer sees the same count.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at), index('login_failures_at_idx').on(t.at)],
);

/** Who did what: sign-ins, sign-outs and account changes (later: content, players, schedules). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

const live = sql`deleted_at is null`;

/**
 * Media content: images, movies and live streams (SPEC.md section 3). A row exists only once its blobs are
 * stored. Deleting sets `deleted_at` and keeps the row, so play history still shows the name. `updated_at`
 * has millisecond precision: it is half of the list's keyset cursor, which travels through JavaScript dates.
 */
export const contents = pgTable(
  'contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull().$type<'image' | 'movie' | 'stream'>(),
    displayPattern: text('display_pattern').notNull(),
    region: text('region').notNull().default(''),
    licenseFrom: date('license_from'),
    licenseTo: date('license_to'),
    mediaKey: text('media_key'),
    thumbnailKey: text('thumbnail_key'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    livePlatform: text('live_platform'),
    liveRef: text('live_ref'),
    title: text('title'),
    livestationUrl: text('livestation_url'),
    bambuserShowId: text('bambuser_show_id'),
    layout: text('layout'),
    outputResolution: text('output_resolution'),
    outputWidth: integer('output_width'),
    outputHeight: integer('output_height'),
    liveLogoPosition: text('live_logo_position'),
    livePrompt: text('live_prompt'),
    liveDashboard: text('live_dashboard'),
    rtmpUrl: text('rtmp_url'),
    streamKey: text('stream_key'),
    playbackUrl: text('playback_url'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('contents_updated_idx').on(t.updatedAt, t.id).where(live),
    index('contents_region_updated_idx').on(t.region, t.updatedAt, t.id).where(live),
    index('contents_type_updated_idx').on(t.type, t.updatedAt, t.id).where(live),
    index('contents_pattern_updated_idx').on(t.displayPattern, t.updatedAt, t.id).where(live),
  ],
);
