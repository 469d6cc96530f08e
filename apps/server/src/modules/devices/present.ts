import { isAlive, type TDevice } from '@signage/domain';
import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { floorMapPresence } from '../floormap';
import type { PlayerSchedulesPort } from '../types';
import type { DeviceRow } from './repo';
import { tagIdsOf, tagNames } from './tags';

/** What presenting players needs: the database, the schedules port, and the blob store for floor maps. */
export type PlayerDeps = { db: Database; schedules: PlayerSchedulesPort; blobs?: BlobStore };

/**
 * Rows as the API shows them: ISO times, effective alive state, tags with their names, has_schedule with
 * the current and next schedule (one query for the page), and whether the shop has a floor map (looked up
 * when `blobs` is given; the 'all' picker lists skip it).
 */
export async function presentDevices(
  { db, schedules, blobs }: PlayerDeps,
  rows: DeviceRow[],
  now: Date,
): Promise<TDevice[]> {
  const [tagIds, hasFloorMap, summaries] = await Promise.all([
    tagIdsOf(
      db,
      rows.map((row) => row.deviceCode),
    ),
    blobs ? floorMapPresence(blobs, rows) : () => false,
    schedules.summaries(db, rows, now),
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
    has_schedule: summaries.get(row.deviceCode)?.hasSchedule ?? false,
    current_schedule: summaries.get(row.deviceCode)?.current ?? null,
    next_schedule: summaries.get(row.deviceCode)?.next ?? null,
    last_accessed: row.lastAccessed?.toISOString() ?? null,
    activated_at: row.activatedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  }));
}
