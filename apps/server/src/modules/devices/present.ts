import { isAlive, type TDevice } from '@signage/domain';
import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { floorMapPresence } from '../floormap';
import type { DeviceRow } from './repo';
import { tagIdsOf, tagNames } from './tags';

/**
 * Rows as the API shows them: ISO times, effective alive state, tags with their names, and whether the
 * shop has a floor map (looked up when `blobs` is given; the 'all' picker lists skip it).
 */
export async function presentDevices(
  db: Database,
  rows: DeviceRow[],
  now: Date,
  blobs?: BlobStore,
): Promise<TDevice[]> {
  const [tagIds, hasFloorMap] = await Promise.all([
    tagIdsOf(
      db,
      rows.map((row) => row.deviceCode),
    ),
    blobs ? floorMapPresence(blobs, rows) : () => false,
  ]);
  const names = await tagNames(db, [...new Set([...tagIds.values()].flat())]);
  return rows.map((row) => ({
    device_code: row.deviceCode,
    has_floor_map: hasFloorMap(row.region, row.shopNo),
    device_name: row.deviceName,
    region: row.region,
    shop_no: row.shopNo,
    shop_name: row.shopName,
    display_pattern: row.displayPattern,
    memo: row.memo,
    store_type: row.storeType,
    device_type: row.deviceType,
    tags: (tagIds.get(row.deviceCode) ?? []).map((id) => names.get(id) ?? { id, en: '', ja: '', zh: '', ko: '' }),
    s2id: row.s2id,
    time_zone: row.timeZone,
    reported_time_zone: row.reportedTimeZone,
    is_alive: isAlive({ is_alive: row.isAlive, last_accessed: row.lastAccessed }, now),
    is_activated: row.isActivated,
    has_schedule: row.hasSchedule,
    current_schedule: null,
    next_schedule: null,
    last_accessed: row.lastAccessed?.toISOString() ?? null,
    activated_at: row.activatedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  }));
}
