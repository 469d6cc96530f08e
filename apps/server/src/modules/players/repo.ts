import { aliveCutoff, PAGE_SIZE, type TDeviceTag } from '@signage/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  lt,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { playerReachWhere } from '../../auth/rows';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { executeRows, preparedPerDatabase, rawRows } from '../../db/prepared';
import { devices, playerListVersion } from '../../db/schema';
import { parseTimestamp } from '../../db/timestamps';
import type { KeysetCursor } from '../../http/cursor';
import { type SettingNames, settingNames, settingNamesTokenSql } from '../tags';
import type { PlayerSchedulesPort } from '../types';
import type { Counted } from './counts';
import { deliveryPendingSql } from './delivery';
import type { DeviceListFilter } from './scope';
import { idsOf, namedTags, tagged, tagIdsSql } from './tags';

/**
 * A player row as the module reads it. Whether a player has a schedule is derived, never stored: the
 * schedules feature answers it through the PlayerSchedulesPort (a SQL fragment for the list filter, a
 * summary for the rows shown), so schedule changes never touch the devices row and never move
 * updated_at, the list's cursor key.
 */
const playerColumns = getTableColumns(devices);
export type DeviceRow = typeof devices.$inferSelect;

/** The has-schedule test of the list filter, over this table's columns (see PlayerSchedulesPort). */
export type ScheduledSql = PlayerSchedulesPort['scheduledSql'];

const contains = (text: string) => `%${escapeLike(text)}%`;

/** What the list's statements need of the schedules feature (see PlayerSchedulesPort). */
export type ListSchedulesSql = Pick<PlayerSchedulesPort, 'scheduledSql' | 'unendedIdsSql'>;

/**
 * A value of the WHERE clause: the value itself, or the placeholder `name` in a statement prepared once
 * for many values (preparedPage).
 */
type Bind = <T>(name: string, value: T) => T;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** The players a user may list at all (the policy's reach, auth/rows.ts), registered and not deleted. */
function baseConditions(filter: DeviceListFilter, bind: Bind): SQL[] {
  const reach = {
    region: filter.region === null ? null : bind('region', filter.region),
    shopNo: filter.shopNo === null ? null : bind('shopNo', filter.shopNo),
    isActivated: filter.is_activated === undefined ? undefined : bind('isActivated', filter.is_activated),
  };
  const where: (SQL | undefined)[] = [isNull(devices.deletedAt)];
  where.push(
    playerReachWhere(reach, { region: devices.region, shopNo: devices.shopNo, isActivated: devices.isActivated }),
  );
  // The player list holds players registered to a store; waiting ones are on the waiting list.
  where.push(sql`${devices.registeredAt} is not null`);
  return where.filter((c): c is SQL => c !== undefined);
}

/** The search's own filters (SPEC.md section 7) beyond the base: none for an unfiltered list. */
function filterConditions(filter: DeviceListFilter, now: Date, scheduledSql: ScheduledSql): SQL[] {
  const where: (SQL | undefined)[] = [];
  const cutoff = aliveCutoff(now);
  if (filter.shop_name) where.push(ilike(devices.shopName, contains(filter.shop_name)));
  if (filter.memo) where.push(ilike(devices.memo, contains(filter.memo)));
  if (filter.has_schedule !== undefined) {
    const scheduled = scheduledSql({ deviceCode: devices.deviceCode, timeZone: devices.timeZone });
    where.push(filter.has_schedule ? scheduled : not(scheduled));
  }
  if (filter.delivery_pending) where.push(deliveryPendingSql);
  if (filter.is_alive === true) where.push(and(eq(devices.isAlive, true), sql`${devices.lastAccessed} >= ${cutoff}`));
  if (filter.is_alive === false) {
    where.push(or(eq(devices.isAlive, false), isNull(devices.lastAccessed), lt(devices.lastAccessed, cutoff)));
  }
  if (filter.display_pattern?.length) where.push(inArray(devices.displayPattern, filter.display_pattern));
  if (filter.store_type?.length) where.push(inArray(devices.storeType, filter.store_type));
  if (filter.device_type?.length) where.push(inArray(devices.deviceType, filter.device_type));
  if (filter.exclude_store_type?.length) where.push(notInArray(devices.storeType, filter.exclude_store_type));
  if (filter.exclude_device_type?.length) where.push(notInArray(devices.deviceType, filter.exclude_device_type));
  if (filter.tags?.length) where.push(tagged(filter.tags));
  if (filter.exclude_tag?.length) where.push(not(tagged(filter.exclude_tag)));
  return where.filter((c): c is SQL => c !== undefined);
}

/** The WHERE clause of a player list query (SPEC.md section 7 filters), without the cursor. */
function conditions(filter: DeviceListFilter, now: Date, scheduledSql: ScheduledSql): SQL[] {
  return [...baseConditions(filter, inline), ...filterConditions(filter, now, scheduledSql)];
}

/** The token of what the list's totals count, read in the statement's own snapshot (see counts.ts). */
const listToken = sql<string>`(select ${playerListVersion.token} from ${playerListVersion})`;

/** The devices row's own columns, qualified: a select list renders bare names, which a subquery would rebind. */
const qualifiedPlayer = { deviceCode: sql.raw('"devices"."device_code"'), timeZone: sql.raw('"devices"."time_zone"') };

/**
 * The columns a list page shows (presentDevices): not the token hash, nor the lifecycle times it does not
 * show. Each column less is less for PostgreSQL to write out and for this process to parse, per row.
 */
const pageColumns = {
  deviceCode: devices.deviceCode,
  deviceName: devices.deviceName,
  region: devices.region,
  shopNo: devices.shopNo,
  shopName: devices.shopName,
  displayPattern: devices.displayPattern,
  memo: devices.memo,
  storeType: devices.storeType,
  deviceType: devices.deviceType,
  s2id: devices.s2id,
  timeZone: devices.timeZone,
  reportedTimeZone: devices.reportedTimeZone,
  isAlive: devices.isAlive,
  isActivated: devices.isActivated,
  activatedAt: devices.activatedAt,
  lastAccessed: devices.lastAccessed,
  delivery: devices.delivery,
  deliveryReportedAt: devices.deliveryReportedAt,
  playsUnrecorded: devices.playsUnrecorded,
  manifestVersion: devices.manifestVersion,
  manifestChangedAt: devices.manifestChangedAt,
  updatedAt: devices.updatedAt,
};
export type PageDevice = { [K in keyof typeof pageColumns]: DeviceRow[K] };
export type ListedDevice = PageDevice & { tags: TDeviceTag[]; scheduleIds: string[] };

/**
 * A page row as the driver answers it, by column name (see pageRows): timestamps in PostgreSQL's text form,
 * JSON parsed, booleans and text as they are.
 */
type RawPageRow = {
  device_code: string;
  device_name: string;
  region: string;
  shop_no: string;
  shop_name: string;
  display_pattern: string;
  memo: string;
  store_type: string;
  device_type: string;
  s2id: string;
  time_zone: string;
  reported_time_zone: string | null;
  is_alive: boolean;
  is_activated: boolean;
  activated_at: string | null;
  last_accessed: string | null;
  delivery: DeviceRow['delivery'];
  delivery_reported_at: string | null;
  plays_unrecorded: number;
  manifest_version: string | null;
  manifest_changed_at: string | null;
  updated_at: string;
  /** Comma-separated (idsOf). */
  tag_ids: string;
  schedule_ids: string;
  list_token: string;
  names_token: string;
};

const dateOf = (text: string | null) => (text === null ? null : parseTimestamp(text));

/**
 * Page rows as the module reads them, tags named (settingNames). Mapped here instead of by the query builder,
 * whose generic per-column mapping cost about 8% of the server's time on a page of the list.
 */
function pageRows(raw: RawPageRow[], tagIds: string[][], names: Map<string, SettingNames>): ListedDevice[] {
  return raw.map((row, i) => ({
    deviceCode: row.device_code,
    deviceName: row.device_name,
    region: row.region,
    shopNo: row.shop_no,
    shopName: row.shop_name,
    displayPattern: row.display_pattern,
    memo: row.memo,
    storeType: row.store_type,
    deviceType: row.device_type,
    s2id: row.s2id,
    timeZone: row.time_zone,
    reportedTimeZone: row.reported_time_zone,
    isAlive: row.is_alive,
    isActivated: row.is_activated,
    activatedAt: dateOf(row.activated_at),
    lastAccessed: dateOf(row.last_accessed),
    delivery: row.delivery,
    deliveryReportedAt: dateOf(row.delivery_reported_at),
    playsUnrecorded: row.plays_unrecorded,
    manifestVersion: row.manifest_version,
    manifestChangedAt: dateOf(row.manifest_changed_at),
    updatedAt: parseTimestamp(row.updated_at),
    tags: namedTags(tagIds[i] ?? [], names),
    scheduleIds: idsOf(row.schedule_ids),
  }));
}

type PageOptions = { cursor: KeysetCursor | null; limit: number; now: Date };

/** One page's statement: the rows in keyset order (updated_at, device_code), no OFFSET. */
function pageQuery(
  db: Database,
  filter: DeviceListFilter,
  where: SQL[],
  cursor: { at: unknown; key: unknown } | null,
  limit: unknown,
  schedulesSql: ListSchedulesSql,
) {
  const descending = filter.order === 'DESC';
  const clauses = [...where];
  if (cursor) {
    clauses.push(
      descending
        ? sql`(${devices.updatedAt}, ${devices.deviceCode}) < (${cursor.at}, ${cursor.key})`
        : sql`(${devices.updatedAt}, ${devices.deviceCode}) > (${cursor.at}, ${cursor.key})`,
    );
  }
  const direction = descending ? desc : asc;
  return db
    .select({
      ...pageColumns,
      tagIds: tagIdsSql.as('tag_ids'),
      scheduleIds: schedulesSql.unendedIdsSql(qualifiedPlayer).as('schedule_ids'),
      listToken: listToken.as('list_token'),
      namesToken: settingNamesTokenSql.as('names_token'),
    })
    .from(devices)
    .where(and(...clauses))
    .orderBy(direction(devices.updatedAt), direction(devices.deviceCode))
    .limit(limit as number);
}

/**
 * The page statements of the unfiltered list (any scope, activation, order, with or without a cursor) at the
 * console's page size, each prepared once per database under its own name: on PostgreSQL each pooled
 * connection parses it once and, after its first executions, plans it once (a generic plan: every value
 * here leaves the plan as it is, the index on the scope and updated_at serving each). The row count is
 * written into the statement: with LIMIT as a parameter the generic plan is costed for a tenth of the table
 * and PostgreSQL keeps planning every execution. Filtered searches and other page sizes are built per
 * request: their plans depend on the values (a rare tag, a name pattern) and a generic plan could read the
 * whole table.
 */
const preparedPages = preparedPerDatabase(() => new Map<string, ReturnType<typeof buildPreparedPage>>());

/** The rows a console page asks for: its page and one more that tells whether more follow. */
const PREPARED_LIMIT = PAGE_SIZE + 1;

function buildPreparedPage(db: Database, filter: DeviceListFilter, cursor: boolean, schedulesSql: ListSchedulesSql) {
  const at = sql.placeholder('at');
  const key = sql.placeholder('key');
  return pageQuery(
    db,
    filter,
    baseConditions(filter, placeholder),
    cursor ? { at, key } : null,
    sql.raw(String(PREPARED_LIMIT)),
    schedulesSql,
  ).prepare(`devices_page_${shapeOf(filter, cursor)}`);
}

/** What the text of an unfiltered page statement depends on. */
function shapeOf(filter: DeviceListFilter, cursor: boolean): string {
  const region = filter.region === null ? 'any' : 'region';
  const shop = filter.shopNo === null ? 'any' : 'shop';
  const activated = filter.is_activated === undefined ? 'all' : 'activated';
  return `${filter.order === 'DESC' ? 'desc' : 'asc'}_${region}_${shop}_${activated}_${cursor ? 'after' : 'first'}`;
}

/**
 * One page in keyset order (updated_at, device_code); no OFFSET. Each row with its tags (named: see
 * settingNames) and the ids of its un-ended schedules, and the token of player_list_version its snapshot read
 * (null when the page is empty).
 */
export async function listDevices(
  db: Database,
  filter: DeviceListFilter,
  page: PageOptions,
  schedulesSql: ListSchedulesSql,
): Promise<{ rows: ListedDevice[]; token: string | null }> {
  const filters = filterConditions(filter, page.now, schedulesSql.scheduledSql);
  let found: RawPageRow[];
  if (filters.length === 0 && page.limit === PREPARED_LIMIT) {
    const shape = shapeOf(filter, page.cursor !== null);
    const prepared = preparedPages(db);
    let query = prepared.get(shape);
    if (!query) {
      query = buildPreparedPage(db, filter, page.cursor !== null, schedulesSql);
      prepared.set(shape, query);
    }
    found = await rawRows<RawPageRow>(query, {
      region: filter.region,
      shopNo: filter.shopNo,
      isActivated: filter.is_activated,
      at: page.cursor?.at,
      key: page.cursor?.key,
    });
  } else {
    const where = [...baseConditions(filter, inline), ...filters];
    const cursor = page.cursor ? { at: page.cursor.at, key: page.cursor.key } : null;
    found = await executeRows<RawPageRow>(db, pageQuery(db, filter, where, cursor, page.limit, schedulesSql));
  }
  const first = found[0];
  const tagIds = found.map((row) => idsOf(row.tag_ids));
  const names = await settingNames(db, first?.names_token ?? null, tagIds.flat());
  return { rows: pageRows(found, tagIds, names), token: first?.list_token ?? null };
}

/** The number of players a search finds, with the token of player_list_version in the same snapshot. */
export async function countDevices(
  db: Database,
  filter: DeviceListFilter,
  now: Date,
  scheduledSql: ScheduledSql,
): Promise<Counted> {
  const [row] = await db
    .select({ token: listToken, n: count() })
    .from(devices)
    .where(and(...conditions(filter, now, scheduledSql)));
  if (!row) throw new Error('a count answered no row');
  return { total: row.n, token: row.token };
}

/** A player that is not deleted, by its code. */
export async function findDevice(db: Database, deviceCode: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(playerColumns)
    .from(devices)
    .where(and(eq(devices.deviceCode, deviceCode), isNull(devices.deletedAt)))
    .limit(1);
  return row;
}

/** Players by their codes, deleted ones included (the caller decides what a deleted player means). */
export async function findDevicesByCode(db: Database, deviceCodes: readonly string[]): Promise<DeviceRow[]> {
  if (deviceCodes.length === 0) return [];
  return db
    .select(playerColumns)
    .from(devices)
    .where(inArray(devices.deviceCode, [...deviceCodes]));
}

/** A player that is not deleted, by its serial (unique among live players). */
export async function findDeviceBySerial(db: Database, serial: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(playerColumns)
    .from(devices)
    .where(and(eq(devices.deviceName, serial), isNull(devices.deletedAt)))
    .limit(1);
  return row;
}

// Every agent call runs this lookup (see preparedPerDatabase).
const tokenQuery = preparedPerDatabase((db) =>
  db
    .select(playerColumns)
    .from(devices)
    .where(
      and(
        eq(devices.tokenHash, sql.placeholder('tokenHash')),
        isNull(devices.deletedAt),
        eq(devices.isActivated, true),
      ),
    )
    .limit(1)
    .prepare('find_device_by_token'),
);

/** The live, paired player holding a device token (by its sha256); a deleted player holds none. */
export async function findDeviceByTokenHash(db: Database, tokenHash: string): Promise<DeviceRow | undefined> {
  const [row] = await tokenQuery(db).execute({ tokenHash });
  return row;
}

export type DeviceChange = Partial<
  Pick<
    DeviceRow,
    'memo' | 'storeType' | 'deviceType' | 'timeZone' | 'region' | 'shopNo' | 'shopName' | 'displayPattern'
  >
>;

/** Staff edits; false when the player is gone (deleted meanwhile). */
export async function updateDevice(db: Database, deviceCode: string, change: DeviceChange, now: Date) {
  const rows = await db
    .update(devices)
    .set({ ...change, updatedAt: now })
    .where(and(eq(devices.deviceCode, deviceCode), isNull(devices.deletedAt)))
    .returning({ code: devices.deviceCode });
  return rows.length > 0;
}

/**
 * The SQL of a player's time zone from an expression naming its code, for other modules' queries that
 * must read wall-clock values in the player's zone (a schedule's end) without reading this table.
 */
export function deviceTimeZoneSql(deviceCode: SQL): SQL {
  return sql`(select ${devices.timeZone} from ${devices} where ${devices.deviceCode} = ${deviceCode})`;
}

/**
 * THE LOCK ORDER of every write transaction (issue 30: schedule writes on shared players deadlocked on
 * PostgreSQL when one took a player's schedule_player_ends advisory lock and then its devices row while
 * another held the row and wanted the advisory lock). A transaction takes its locks in these levels, each
 * level's rows in the order given, and never goes back to an earlier level:
 *
 *   1. contents rows, in id order: FOR SHARE by a schedule write (lockLiveContents), the row's UPDATE by a
 *      content edit, its processing or its delete;
 *   2. schedules rows, in id order: FOR UPDATE by a schedule update or delete (lockSchedule), a player
 *      delete's schedules (lockSchedulesOfPlayer) before the player's row;
 *   3. devices rows, in device_code order, every player the write will touch, all before any is written:
 *      lockPlayers (FOR NO KEY UPDATE), or the row's own UPDATE by a write naming one player (edit,
 *      registration, pairing, delete); markManifestsChanged locks its players in this order itself;
 *   4. (none since issue 26: the per-player advisory locks of schedule_player_ends went with the table);
 *   5. everything else the write inserts, updates or deletes (schedule_devices with their instants,
 *      schedule_contents, tags, pins, audit): rows no other transaction locks before a level above.
 *
 * A foreign key's check takes FOR KEY SHARE on the row it names, which no UPDATE of a non-key column
 * waits for. db/client.ts retries a transaction PostgreSQL still ends with a deadlock or a serialisation
 * failure (a path outside this order, e.g. a schedule created on a player while that player's delete was
 * locking its schedules), a bounded number of times.
 *
 * Level 3: locks the rows of `deviceCodes` (deleted ones too) in code order until the transaction ends,
 * against a concurrent write of the same players; answers the codes of the live (not deleted) ones. A
 * player deleted meanwhile is then either seen as gone here, or deleted after this transaction commits
 * (and its removal from schedules sees what this one wrote).
 */
export async function lockPlayers(tx: Database, deviceCodes: readonly string[]): Promise<string[]> {
  const codes = [...new Set(deviceCodes)].sort();
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ code: devices.deviceCode, deletedAt: devices.deletedAt })
    .from(devices)
    .where(inArray(devices.deviceCode, codes))
    .orderBy(asc(devices.deviceCode))
    .for('no key update');
  return rows.filter((row) => row.deletedAt === null).map((row) => row.code);
}

/**
 * A change to these players' manifests was notified (in the write's transaction): until each collects again,
 * its delivery is pending. The first change since it last collected sets the moment; later ones keep it.
 * The rows are locked in code order first (level 3 of the lock order, lockPlayers), not in whatever order
 * the UPDATE would reach them.
 */
export async function markManifestsChanged(tx: Database, deviceCodes: string[], now: Date): Promise<void> {
  if (deviceCodes.length === 0) return;
  const live = await lockPlayers(tx, deviceCodes);
  if (live.length === 0) return;
  await tx
    .update(devices)
    .set({
      manifestChangedAt: sql`case when ${devices.manifestVersion} is null and ${devices.manifestChangedAt} is not null then ${devices.manifestChangedAt} else ${now} end`,
      manifestVersion: null,
      manifestValidUntil: null,
      manifestChanges: sql`${devices.manifestChanges} + 1`,
    })
    .where(and(inArray(devices.deviceCode, live), isNull(devices.deletedAt)));
}

/**
 * Whether an unchanged poll may be answered from the player's row: it names the stored version, nothing it is
 * made of was written since (the version and its validity are cleared then), and time alone has not changed
 * it yet.
 */
export function servedManifestHolds(row: DeviceRow, now: Date): row is DeviceRow & { manifestVersion: string } {
  return row.manifestVersion !== null && row.manifestValidUntil !== null && row.manifestValidUntil > now;
}

/**
 * The manifest version the server resolved for a player and until when it holds (only written when the
 * version differs or the stored validity has ended, so an unchanged poll writes nothing, with or without
 * If-None-Match: a validity still running ends no later than one resolved since would). Written only if nothing the manifest
 * is made of was written since the player's row was read (manifest_changes, counted by migration 0021's
 * triggers): what a poll resolved before a change committed is never stored as valid after it. A version
 * that moved without a notified change (the 48-hour window slid, a licence ended) starts its pending time now.
 */
export async function recordServedManifest(
  db: Database,
  row: DeviceRow,
  served: { version: string; validUntil: Date },
  now: Date,
): Promise<void> {
  const { version, validUntil } = served;
  if (row.manifestVersion === version && servedManifestHolds(row, now)) return;
  const pendingSince = row.manifestVersion === null && row.manifestChangedAt !== null ? row.manifestChangedAt : now;
  // Only its validity moved: the plan did not change.
  const since = row.manifestVersion === version ? row.manifestChangedAt : pendingSince;
  await db
    .update(devices)
    .set({ manifestVersion: version, manifestChangedAt: since, manifestValidUntil: validUntil })
    .where(and(eq(devices.deviceCode, row.deviceCode), eq(devices.manifestChanges, row.manifestChanges)));
}
