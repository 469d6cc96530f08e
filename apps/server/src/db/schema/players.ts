import type { TDeliveryReport } from '@signage/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { settings } from './tags';

/**
 * Players (SPEC.md section 3). A row is born when a player announces its serial (device_name):
 * waiting (no store) -> registered (store set, PIN issued: registered_at) -> activated (paired with
 * the PIN: activated_at, token_hash) -> deleted (deleted_at; the token is cleared, the row and its
 * names stay for play history). The steps are rules/playerLifecycle.ts in domain; the players module
 * owns every statement on this table. Only the sha256 of the device token is stored. A serial is unique
 * among live rows only, so a deleted player's serial can announce again as a new player. updated_at is
 * the list's cursor key: staff edits and registration move it, heartbeats and schedules do not.
 */
const livePlayer = sql`deleted_at is null`;

/** A live player registered to a store: the rows of the player list. */
const registeredPlayer = sql`deleted_at is null and registered_at is not null`;

export const devices = pgTable(
  'devices',
  {
    deviceCode: text('device_code').primaryKey(),
    deviceName: text('device_name').notNull(),
    region: text('region').notNull().default(''),
    shopNo: text('shop_no').notNull().default(''),
    shopName: text('shop_name').notNull().default(''),
    displayPattern: text('display_pattern').notNull().default(''),
    memo: text('memo').notNull().default(''),
    storeType: text('store_type').notNull().default(''),
    deviceType: text('device_type').notNull().default('9Unset'),
    s2id: text('s2id').notNull().default(''),
    // IANA zone the store's schedule times are read in; UTC until registration gives the player a country.
    timeZone: text('time_zone').notNull().default('UTC'),
    // What the player last said its own clock uses; shown to staff when it differs, never applied.
    reportedTimeZone: text('reported_time_zone'),
    isAlive: boolean('is_alive').notNull().default(false),
    isActivated: boolean('is_activated').notNull().default(false),
    tokenHash: text('token_hash').unique(),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastAccessed: timestamp('last_accessed', { withTimezone: true }),
    // Confirmed delivery: the player's last delivery report (heartbeat) and when it came...
    delivery: jsonb('delivery').$type<TDeliveryReport>(),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
    // Plays the player could not record since it was paired (its storage full or unavailable), as it last said.
    playsUnrecorded: integer('plays_unrecorded').notNull().default(0),
    // ...and the manifest version the server last served it (null: a change was notified and the player has
    // not collected since), with the moment the server's plan for it last changed.
    manifestVersion: text('manifest_version'),
    manifestChangedAt: timestamp('manifest_changed_at', { withTimezone: true }),
    // Until when the served version stays the manifest (the next moment time alone could change it: a window
    // entering the horizon or ending, the store's midnight), so an unchanged poll is answered from this row;
    // null: resolve. Every write to what a manifest is made of clears it and counts manifest_changes (the
    // triggers of migration 0021), and a poll records what it resolved only if that count did not move.
    manifestValidUntil: timestamp('manifest_valid_until', { withTimezone: true }),
    manifestChanges: integer('manifest_changes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('devices_device_name_live_key').on(t.deviceName).where(livePlayer),
    // Keyset order of the player list (updated_at, device_code), per region and for all regions.
    index('devices_activated_updated_idx').on(t.isActivated, t.updatedAt, t.deviceCode).where(livePlayer),
    index('devices_region_updated_idx').on(t.region, t.isActivated, t.updatedAt, t.deviceCode).where(livePlayer),
    index('devices_region_shop_idx').on(t.region, t.shopNo).where(livePlayer),
    // No index holds a column the heartbeat writes (is_alive, last_accessed, reported_time_zone, delivery):
    // its update stays HOT (heap only, no index touched; migration 0015 also leaves room in each page for it).
    index('devices_waiting_idx').on(t.isActivated, t.createdAt).where(livePlayer),
    // The kitting view (DS_KT, region-bound) has no is_activated condition: its order needs indexes of its own.
    index('devices_kitting_region_updated_idx').on(t.region, t.updatedAt, t.deviceCode).where(registeredPlayer),
    index('devices_kitting_updated_idx').on(t.updatedAt, t.deviceCode).where(registeredPlayer),
    // 'Store name contains' and memo search (ILIKE '%...%') through trigram indexes (pg_trgm). Without
    // fastupdate: PGlite runs no autovacuum to flush a pending list, and store edits are rare.
    index('devices_shop_name_trgm_idx')
      .using('gin', sql`${t.shopName} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(registeredPlayer),
    index('devices_memo_trgm_idx')
      .using('gin', sql`${t.memo} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(registeredPlayer),
  ],
);

/**
 * The version of what the player list's totals count (modules/players/counts.ts): one row whose token a
 * deferred trigger replaces in every transaction that inserts or deletes a player, changes a column a list
 * filter reads (the heartbeat's columns excepted), or writes device_tags or schedule_devices (migrations
 * 0017, 0023). Read in the same statement as a page or a count, so a total cached with a token is the total of
 * every later snapshot that reads the same token, in any server process sharing the database.
 */
export const playerListVersion = pgTable('player_list_version', {
  id: boolean('id').primaryKey().default(true),
  token: uuid('token').notNull().defaultRandom(),
});

/**
 * Tags of a player: settings of type DEVICE_TAG. Deleting a tag removes it from its players.
 */
export const deviceTags = pgTable(
  'device_tags',
  {
    deviceCode: text('device_code')
      .notNull()
      .references(() => devices.deviceCode, { onDelete: 'cascade' }),
    settingId: uuid('setting_id')
      .notNull()
      .references(() => settings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.deviceCode, t.settingId] }),
    index('device_tags_setting_idx').on(t.settingId, t.deviceCode),
  ],
);

/** The open PIN of a registered player: sha256 only, single use, with its expiry. */
export const devicePins = pgTable('device_pins', {
  deviceCode: text('device_code')
    .primaryKey()
    .references(() => devices.deviceCode, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Guesses against this PIN from all addresses; at PAIR_THROTTLE.guessesPerPin the PIN is void (kept, so staff see why). */
  wrongGuesses: integer('wrong_guesses').notNull().default(0),
  createdAt: createdAt(),
});
