import { CLOCK_OFF_MS, isAlive, type TDevice, type TDeviceDelivery, type TDeviceTag } from '@signage/domain';
import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { isoString } from '../../db/timestamps';
import { findContentsById } from '../contents';
import { floorMapPresence } from '../floormap';
import type { PlayerHealthSql, PlayerSchedulesPort } from '../types';
import { deliveryStateOf } from './delivery';
import { storesOpen } from './health';
import type { PageDevice } from './pageRows';
import { tagsOf } from './tags';

/**
 * What presenting players needs: the database, the schedules port, opening hours and playback errors
 * (PlayerHealthSql), and the blob store for floor maps.
 */
export type PlayerDeps = { db: Database; schedules: PlayerSchedulesPort; health: PlayerHealthSql; blobs?: BlobStore };

/** Whether every row was read with its un-ended schedule ids (the list page reads them in its statement). */
const withScheduleIds = (
  rows: (PageDevice & { scheduleIds?: readonly string[] })[],
): rows is (PageDevice & { scheduleIds: readonly string[] })[] => rows.every((row) => row.scheduleIds !== undefined);

/**
 * Rows as the API shows them: ISO times, effective alive state, tags with their names, has_schedule with
 * the current and next schedule (one query for the page), and whether the shop has a floor map (looked up
 * when `blobs` is given; the 'all' picker lists skip it). Rows read with their tags (the list page) are not
 * looked up again; rows read with their schedule ids need the schedules' rows only, and only when they
 * have any.
 */
export async function presentDevices(
  { db, schedules, health, blobs }: PlayerDeps,
  rows: (PageDevice & { tags?: TDeviceTag[]; scheduleIds?: readonly string[] })[],
  now: Date,
): Promise<TDevice[]> {
  const onScreenIds = [...new Set(rows.flatMap((row) => row.delivery?.on_screen?.content_id ?? []))];
  const untagged = rows.filter((row) => row.tags === undefined).map((row) => row.deviceCode);
  const [tags, hasFloorMap, summaries, contentNames, open] = await Promise.all([
    tagsOf(db, untagged),
    blobs ? floorMapPresence(blobs, rows) : () => false,
    withScheduleIds(rows) ? schedules.summariesOf(db, rows, now) : schedules.summaries(db, rows, now),
    onScreenIds.length > 0
      ? findContentsById(db, onScreenIds).then((found) => new Map(found.map((c) => [c.id, c.name])))
      : new Map<string, string>(),
    storesOpen(
      db,
      rows.map((row) => row.deviceCode),
      now,
      health,
    ),
  ]);
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
    tags: row.tags ?? tags.get(row.deviceCode) ?? [],
    s2id: row.s2id,
    time_zone: row.timeZone,
    reported_time_zone: row.reportedTimeZone,
    is_alive: isAlive({ is_alive: row.isAlive, last_accessed: row.lastAccessed }, now),
    is_activated: row.isActivated,
    store_open: open.get(row.deviceCode) ?? true,
    has_schedule: summaries.get(row.deviceCode)?.hasSchedule ?? false,
    current_schedule: summaries.get(row.deviceCode)?.current ?? null,
    next_schedule: summaries.get(row.deviceCode)?.next ?? null,
    delivery: deliveryOf(row, contentNames),
    last_accessed: row.lastAccessed ? isoString(row.lastAccessed) : null,
    activated_at: row.activatedAt ? isoString(row.activatedAt) : null,
    updated_at: isoString(row.updatedAt),
  }));
}

/** Confirmed delivery of a row: its state (deliveryStateOf) and what the player reported. */
export function deliveryOf(row: PageDevice, contentNames: Map<string, string>): TDeviceDelivery {
  const report = row.delivery;
  const state = deliveryStateOf(row);
  const skew = report?.clock_skew_ms ?? null;
  const onScreen = report?.on_screen ?? null;
  return {
    state,
    pending_since: state === 'pending' && row.manifestChangedAt ? isoString(row.manifestChangedAt) : null,
    applied_version: report?.applied_version ?? null,
    on_screen: onScreen
      ? { ...onScreen, content_name: onScreen.content_id ? (contentNames.get(onScreen.content_id) ?? null) : null }
      : null,
    download: report?.download ?? null,
    cache_bytes: report?.cache_bytes ?? null,
    quota_bytes: report?.quota_bytes ?? null,
    clock_skew_ms: skew,
    clock_off: skew !== null && Math.abs(skew) > CLOCK_OFF_MS,
    player_version: report?.player_version ?? null,
    plays_unrecorded: row.playsUnrecorded,
    reported_at: row.deliveryReportedAt ? isoString(row.deliveryReportedAt) : null,
  };
}
