import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

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

/**
 * A token that changes in every transaction that writes settings (migration 0019): a process keeps the names
 * of settings it read while the token it read them with is unchanged (modules/tags/names.ts).
 */
export const settingNamesVersion = pgTable('setting_names_version', {
  id: boolean('id').primaryKey().default(true),
  token: uuid('token').notNull().defaultRandom(),
});
