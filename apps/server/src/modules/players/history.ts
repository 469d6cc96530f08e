import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../auth/policies';
import { playsWhere } from '../../auth/rows';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { devices } from '../../db/schema';

/**
 * Players as the proof-of-play history reads them: deleted ones included (their plays stay), in store code
 * order, among the codes another module's subquery names (the players that showed a content).
 */

export type DeviceFilter = { scope: Scope; shopName?: string; shopNo?: string; memo?: string };
/** Keyset position in the detail's (shop_no, device_code) order. */
export type DeviceCursor = { shopNo: string; deviceCode: string };
export type HistoryDeviceRow = Pick<
  typeof devices.$inferSelect,
  'deviceCode' | 'shopName' | 'shopNo' | 'region' | 'storeType' | 'deviceType' | 'memo' | 'deletedAt'
>;

/** What the history shows of a player. */
const HISTORY_COLUMNS = {
  deviceCode: devices.deviceCode,
  shopName: devices.shopName,
  shopNo: devices.shopNo,
  region: devices.region,
  storeType: devices.storeType,
  deviceType: devices.deviceType,
  memo: devices.memo,
  deletedAt: devices.deletedAt,
};

/** One page of the players among `among` (a subquery of device codes), in store code order, deleted ones included. */
export async function listDevicesAmong(
  db: Database,
  among: SQL,
  filter: DeviceFilter,
  page: { cursor: DeviceCursor | null; limit: number },
): Promise<HistoryDeviceRow[]> {
  const conditions: SQL[] = [sql`${devices.deviceCode} in (${among})`];
  const scope = playsWhere(filter.scope, { region: devices.region, shopNo: devices.shopNo });
  if (scope) conditions.push(scope);
  if (filter.shopName) conditions.push(ilike(devices.shopName, `%${escapeLike(filter.shopName)}%`));
  if (filter.shopNo) conditions.push(eq(devices.shopNo, filter.shopNo));
  if (filter.memo) conditions.push(ilike(devices.memo, `%${escapeLike(filter.memo)}%`));
  if (page.cursor) {
    conditions.push(
      sql`(${devices.shopNo}, ${devices.deviceCode}) > (${page.cursor.shopNo}, ${page.cursor.deviceCode})`,
    );
  }
  return db
    .select(HISTORY_COLUMNS)
    .from(devices)
    .where(and(...conditions))
    .orderBy(asc(devices.shopNo), asc(devices.deviceCode))
    .limit(page.limit + 1);
}

/** A player (deleted or not) by its code. */
export async function findDeviceForHistory(db: Database, deviceCode: string): Promise<HistoryDeviceRow | undefined> {
  const [row] = await db.select(HISTORY_COLUMNS).from(devices).where(eq(devices.deviceCode, deviceCode)).limit(1);
  return row;
}
