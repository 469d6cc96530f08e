import { aliveCutoff, type TDeviceTag } from '@signage/domain';
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
import { scopeWhere } from '../../auth/policies';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { preparedPerDatabase } from '../../db/prepared';
import { devices, playerListVersion } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';
import type { PlayerSchedulesPort } from '../types';
import type { Counted } from './counts';
import type { DeviceListFilter } from './scope';
import { tagged, tagsJsonSql } from './tags';

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

/**
 * Confirmed delivery's 'pending' over this table: the player has reported what it plays, and the server's
 * plan for it changed since it last collected (manifest_version null) or differs from what it applied.
 */
export const deliveryPendingSql = sql`(${devices.delivery} is not null and ${devices.manifestChangedAt} is not null and (${devices.manifestVersion} is null or ${devices.delivery}->>'applied_version' is distinct from ${devices.manifestVersion}))`;

const contains = (text: string) => `%${escapeLike(text)}%`;

/** The WHERE clause of a player list query (SPEC.md section 7 filters), without the cursor. */
function conditions(filter: DeviceListFilter, now: Date, scheduledSql: ScheduledSql): SQL[] {
  const where: (SQL | undefined)[] = [isNull(devices.deletedAt)];
  const cutoff = aliveCutoff(now);
  where.push(scopeWhere(filter, { region: devices.region, shopNo: devices.shopNo }));
  // The player list holds players registered to a store; waiting ones are on the waiting list.
  where.push(sql`${devices.registeredAt} is not null`);
  if (filter.is_activated !== undefined) where.push(eq(devices.isActivated, filter.is_activated));
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

/** The token of what the list's totals count, read in the statement's own snapshot (see counts.ts). */
const listToken = sql<string>`(select ${playerListVersion.token} from ${playerListVersion})`;

/**
 * One page in keyset order (updated_at, device_code); no OFFSET. Each row with its tags (named), and the
 * token of player_list_version its snapshot read (null when the page is empty).
 */
export async function listDevices(
  db: Database,
  filter: DeviceListFilter,
  page: { cursor: KeysetCursor | null; limit: number; now: Date },
  scheduledSql: ScheduledSql,
): Promise<{ rows: (DeviceRow & { tags: TDeviceTag[] })[]; token: string | null }> {
  const where = conditions(filter, page.now, scheduledSql);
  const descending = filter.order === 'DESC';
  if (page.cursor) {
    const { at, key } = page.cursor;
    where.push(
      descending
        ? sql`(${devices.updatedAt}, ${devices.deviceCode}) < (${at}, ${key})`
        : sql`(${devices.updatedAt}, ${devices.deviceCode}) > (${at}, ${key})`,
    );
  }
  const direction = descending ? desc : asc;
  const found = await db
    .select({ ...playerColumns, tags: tagsJsonSql, listToken })
    .from(devices)
    .where(and(...where))
    .orderBy(direction(devices.updatedAt), direction(devices.deviceCode))
    .limit(page.limit);
  const rows = found.map(({ listToken: _token, ...row }) => row);
  return { rows, token: found[0]?.listToken ?? null };
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
 * Locks the live (not deleted) players among `deviceCodes` until the transaction ends, against a concurrent
 * delete; answers the codes found. A player deleted meanwhile is then either seen as gone here, or deleted
 * after this transaction commits (and its removal from schedules sees what this one wrote).
 */
export async function lockLivePlayers(tx: Database, deviceCodes: readonly string[]): Promise<string[]> {
  if (deviceCodes.length === 0) return [];
  const rows = await tx
    .select({ code: devices.deviceCode })
    .from(devices)
    .where(and(inArray(devices.deviceCode, [...new Set(deviceCodes)]), isNull(devices.deletedAt)))
    .for('share');
  return rows.map((row) => row.code);
}

/**
 * A change to these players' manifests was notified (in the write's transaction): until each collects again,
 * its delivery is pending. The first change since it last collected sets the moment; later ones keep it.
 */
export async function markManifestsChanged(tx: Database, deviceCodes: string[], now: Date): Promise<void> {
  if (deviceCodes.length === 0) return;
  await tx
    .update(devices)
    .set({
      manifestChangedAt: sql`case when ${devices.manifestVersion} is null and ${devices.manifestChangedAt} is not null then ${devices.manifestChangedAt} else ${now} end`,
      manifestVersion: null,
    })
    .where(and(inArray(devices.deviceCode, deviceCodes), isNull(devices.deletedAt)));
}

/**
 * The manifest version the server served a player (only written when it differs from the stored one, so an
 * unchanged poll writes nothing). A version that moved without a notified change (the 48-hour window slid, a
 * licence ended) starts its pending time now.
 */
export async function recordServedManifest(db: Database, row: DeviceRow, version: string, now: Date): Promise<void> {
  if (row.manifestVersion === version) return;
  const since = row.manifestVersion === null && row.manifestChangedAt !== null ? row.manifestChangedAt : now;
  await db
    .update(devices)
    .set({ manifestVersion: version, manifestChangedAt: since })
    .where(eq(devices.deviceCode, row.deviceCode));
}
