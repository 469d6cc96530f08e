import type { TDeliveryReport } from '@signage/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
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

/**
 * Players (SPEC.md section 3). A row is born when a player announces its serial (device_name):
 * waiting (no store) -> registered (store set, PIN issued: registered_at) -> activated (paired with
 * the PIN: activated_at, token_hash) -> deleted (deleted_at; the token is cleared, the row and its
 * names stay for play history). The steps are rules/playerLifecycle.ts in domain; the devices module
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
 * The version of what the player list's totals count (modules/devices/counts.ts): one row whose token a
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
 * A token that changes in every transaction that writes settings (migration 0019): a process keeps the names
 * of settings it read while the token it read them with is unchanged (modules/setting/names.ts).
 */
export const settingNamesVersion = pgTable('setting_names_version', {
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

/** Wrong PINs, one row per failure and key ('pair:<address>|<serial>' or 'ip:<address>'), shared by every server. */
export const pairingFailures = pgTable(
  'pairing_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pairing_failures_key_at_idx').on(t.key, t.at), index('pairing_failures_at_idx').on(t.at)],
);

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
    /**
     * sha256 (hex) of stream_key: nginx's publish hook finds the content by it, so the lookup compares
     * digests, never the key itself, character by character (the key is then compared in constant time).
     */
    streamKeyHash: text('stream_key_hash'),
    /**
     * 'processing' from the upload's answer until the work done after it (the thumbnail, the sha256 of a
     * resumable upload) is finished: 'ready' then, 'failed' when it could not be done. Only ready contents
     * reach players and only failed ones are refused by schedules. Live contents are ready at once.
     */
    processingState: text('processing_state').notNull().default('ready').$type<'processing' | 'ready' | 'failed'>(),
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
    index('contents_stream_key_hash_idx').on(t.streamKeyHash).where(sql`stream_key_hash is not null`),
    // What a restart finds to finish: a handful of rows at most.
    index('contents_processing_idx').on(t.id).where(sql`processing_state = 'processing'`),
  ],
);

/**
 * A live content's broadcasts (owned by modules/live): one row from the ingest's on_publish to its
 * on_publish_done, written by nginx-rtmp's hooks. A content is on air while it has an open row (no
 * `ended_at`). `ingest_client` is nginx's connection id and `key_hash` the sha256 of the key it published
 * with, so publish_done closes exactly its own broadcast (never the key itself: it is a secret).
 */
export const liveBroadcasts = pgTable(
  'live_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id),
    ingestClient: text('ingest_client').notNull(),
    keyHash: text('key_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Last time nginx said the publisher is still there (publish and every on_update). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** publish_done, rotated, deleted, ingest (the embedded nginx stopped or started), lost (no word from nginx). */
    endReason: text('end_reason'),
  },
  (t) => [
    index('live_broadcasts_open_idx').on(t.contentId).where(sql`ended_at is null`),
    index('live_broadcasts_content_ended_idx').on(t.contentId, t.endedAt),
  ],
);

/**
 * Single sign-on (owned by modules/sso). Kept in the database, not in memory, so every server process
 * behind a load balancer agrees. `sso_requests`: the AuthnRequest IDs this server sent (node-saml's
 * CacheProvider), each bound to the sha256 of the browser's state cookie; a response must answer one
 * of them (InResponseTo), once.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    /** What node-saml stored for the request (its issue instant). */
    value: text('value').notNull(),
    stateHash: text('state_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_requests_expires_at_idx').on(t.expiresAt)],
);

/** Assertion IDs already accepted (issuer and ID), kept until the assertion would have expired anyway. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    id: text('id').primaryKey(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_assertions_expires_at_idx').on(t.expiresAt)],
);

/**
 * One-time tokens between the identity provider's post and the console's exchange (sha256 of the token).
 * Deleting the user deletes them; `state_hash` ties the token to the browser that started the sign-in.
 */
export const ssoTokens = pgTable(
  'sso_tokens',
  {
    id: text('id').primaryKey(),
    userPk: uuid('user_pk')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_tokens_expires_at_idx').on(t.expiresAt), index('sso_tokens_user_pk_idx').on(t.userPk)],
);

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
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    timeFrom: time('time_from'),
    timeTo: time('time_to'),
    downloadAllowHour: text('download_allow_hour').notNull().default('23'),
    live: boolean('live').notNull().default(false),
    zoneCode: text('zone_code').notNull(),
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
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    utcOffsetMinutes: smallint('utc_offset_minutes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceCode, t.sequence] }),
    index('play_events_content_started_idx').on(t.contentId, t.startedAt),
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

/**
 * Periodic work that one server process does for all that share the database (migration 0020): the
 * process whose claim moves `slot_start` to the current slot runs that slot's job (modules/orphans).
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
});
export * from './schema-commands';
