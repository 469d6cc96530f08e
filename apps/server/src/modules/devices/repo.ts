import { aliveCutoff } from '@signage/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, deviceTags, settings } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';
import type { DeviceListFilter } from './scope';

export type DeviceRow = typeof devices.$inferSelect;
export type TagNames = { id: string; en: string; ja: string; zh: string; ko: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

function tagged(ids: string[]): SQL {
  return sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceCode} = ${devices.deviceCode} and ${inArray(deviceTags.settingId, ids)})`;
}

/** The WHERE clause of a player list query (SPEC.md section 7 filters), without the cursor. */
function conditions(filter: DeviceListFilter, now: Date): SQL[] {
  const where: (SQL | undefined)[] = [];
  const cutoff = aliveCutoff(now);
  if (filter.region !== null) where.push(eq(devices.region, filter.region));
  if (filter.shopNo !== null) where.push(eq(devices.shopNo, filter.shopNo));
  // The player list holds players registered to a store; waiting ones are on the waiting list.
  where.push(sql`${devices.registeredAt} is not null`);
  if (filter.is_activated !== undefined) where.push(eq(devices.isActivated, filter.is_activated));
  if (filter.shop_name) where.push(ilike(devices.shopName, contains(filter.shop_name)));
  if (filter.memo) where.push(ilike(devices.memo, contains(filter.memo)));
  if (filter.has_schedule !== undefined) where.push(eq(devices.hasSchedule, filter.has_schedule));
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

/** One page in keyset order (updated_at, device_code); no OFFSET. */
export async function listDevices(
  db: Database,
  filter: DeviceListFilter,
  page: { cursor: KeysetCursor | null; limit: number; now: Date },
): Promise<DeviceRow[]> {
  const where = conditions(filter, page.now);
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
  return db
    .select()
    .from(devices)
    .where(and(...where))
    .orderBy(direction(devices.updatedAt), direction(devices.deviceCode))
    .limit(page.limit);
}

export async function countDevices(db: Database, filter: DeviceListFilter, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(...conditions(filter, now)));
  return row?.n ?? 0;
}

export async function findDevice(db: Database, deviceCode: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.deviceCode, deviceCode)).limit(1);
  return row;
}

export async function tagIdsOf(db: Database, codes: string[]): Promise<Map<string, string[]>> {
  const byDevice = new Map<string, string[]>();
  if (codes.length === 0) return byDevice;
  const rows = await db.select().from(deviceTags).where(inArray(deviceTags.deviceCode, codes));
  for (const row of rows) byDevice.set(row.deviceCode, [...(byDevice.get(row.deviceCode) ?? []), row.settingId]);
  return byDevice;
}

/** Tag names from the settings table; an id without a row (none: device_tags has a foreign key) gets empty names. */
export async function tagNames(db: Database, ids: string[]): Promise<Map<string, TagNames>> {
  const names = new Map<string, TagNames>();
  if (ids.length === 0) return names;
  const rows = await db
    .select({ id: settings.id, en: settings.en, ja: settings.ja, zh: settings.zh, ko: settings.ko })
    .from(settings)
    .where(inArray(settings.id, ids));
  for (const row of rows) names.set(row.id, row);
  for (const id of ids) if (!names.has(id)) names.set(id, { id, en: '', ja: '', zh: '', ko: '' });
  return names;
}

export type DeviceChange = Partial<
  Pick<DeviceRow, 'memo' | 'storeType' | 'deviceType' | 'region' | 'shopNo' | 'shopName' | 'displayPattern'>
>;

export async function updateDevice(db: Database, deviceCode: string, change: DeviceChange, now: Date): Promise<void> {
  await db
    .update(devices)
    .set({ ...change, updatedAt: now })
    .where(eq(devices.deviceCode, deviceCode));
}

/**
 * Replaces a player's tags. Only device tags (level 2 of a DEVICE_TAG category) may be set: returns
 * false and changes nothing when an id is not one.
 */
export async function replaceDeviceTags(db: Database, deviceCode: string, ids: string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const [found] = await db
      .select({ n: count() })
      .from(settings)
      .where(
        and(inArray(settings.id, unique), eq(settings.level, 2), sql`starts_with(${settings.type}, 'DEVICE_TAG-')`),
      );
    if (Number(found?.n ?? 0) !== unique.length) return false;
  }
  await db.delete(deviceTags).where(eq(deviceTags.deviceCode, deviceCode));
  if (unique.length > 0) await db.insert(deviceTags).values(unique.map((settingId) => ({ deviceCode, settingId })));
  return true;
}

/** Deletes the player; its tags, PIN and log rows go with it (cascade), and its token stops working. */
export async function deleteDevice(db: Database, deviceCode: string): Promise<boolean> {
  const rows = await db
    .delete(devices)
    .where(eq(devices.deviceCode, deviceCode))
    .returning({ code: devices.deviceCode });
  return rows.length > 0;
}
