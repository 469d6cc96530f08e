import type { TDeviceTag } from '@signage/domain';
import { devices } from '../../db/schema';
import { parseTimestamp } from '../../db/timestamps';
import type { SettingNames } from '../tags';
import type { DeviceRow } from './repo';
import { idsOf, namedTags } from './tags';

/**
 * The columns a list page shows (presentDevices): not the token hash, nor the lifecycle times it does not
 * show. Each column less is less for PostgreSQL to write out and for this process to parse, per row.
 */
export const pageColumns = {
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
export type RawPageRow = {
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
export function pageRows(raw: RawPageRow[], tagIds: string[][], names: Map<string, SettingNames>): ListedDevice[] {
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
