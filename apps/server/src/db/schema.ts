import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
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

/**
 * Tags ("settings"; the model is documented in packages/domain/src/schemas/settings.ts).
 * `type` is the type as chosen (a base type or a dashed category type); `level` 1 or 2;
 * `type_id` is the category of a level-2 tag. Times are kept to the millisecond so the list's
 * keyset cursor (updated_at, id) round-trips exactly through JavaScript dates. STORE_TYPE and
 * DEVICE_TYPE presets are installed by the migration `settings`.
 */
export const settings = pgTable(
  'settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    typeId: uuid('type_id').references((): AnyPgColumn => settings.id, { onDelete: 'restrict' }),
    value: text('value').notNull(),
    level: smallint('level').notNull(),
    note: text('note').notNull().default(''),
    en: text('en').notNull(),
    ja: text('ja').notNull(),
    zh: text('zh').notNull(),
    ko: text('ko').notNull(),
    preset: boolean('preset').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    unique('settings_type_value_key').on(t.type, t.value),
    index('settings_type_level_updated_idx').on(t.type, t.level, t.updatedAt, t.id),
    index('settings_updated_idx').on(t.updatedAt, t.id),
    index('settings_type_id_idx').on(t.typeId),
  ],
);
