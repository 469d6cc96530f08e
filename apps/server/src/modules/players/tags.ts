import type { TDeviceTag } from '@signage/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, deviceTags } from '../../db/schema';
import { allDeviceTags, NO_NAMES, type SettingNames, settingNames, settingNamesTokenSql } from '../tags';

/** Players carrying any of the tags, as a condition on the devices table. */
export function tagged(ids: string[]): SQL {
  return sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceCode} = ${devices.deviceCode} and ${inArray(deviceTags.settingId, ids)})`;
}

/**
 * A player's tag ids in tag order, comma-separated ('' when none; see idsOf), for a query on the devices
 * table: the list page reads its rows' tags in its own statement, with the token that names them
 * (settingNames). An ARRAY subquery read in the primary key's order (no aggregate or sort per player), written
 * out as text: the drivers parse a text column for nothing, an array column character by character.
 */
export const tagIdsSql = sql<string>`array_to_string(array(select dt.setting_id from ${deviceTags} dt where dt.device_code = ${sql.raw('"devices"."device_code"')} order by dt.setting_id), ',')`;

/** The ids of a comma-separated id column (tagIdsSql, PlayerSchedulesPort.unendedIdsSql). */
export const idsOf = (text: string): string[] => (text === '' ? [] : text.split(','));

/** Tag ids as the API shows tags, with their names (from settingNames). */
export const namedTags = (ids: readonly string[], names: Map<string, SettingNames>): TDeviceTag[] =>
  ids.map((id) => ({ id, ...(names.get(id) ?? NO_NAMES) }));

/** The tags of players with their names (the list page's tag ids and settingNames, for given players). */
export async function tagsOf(db: Database, codes: string[]): Promise<Map<string, TDeviceTag[]>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ deviceCode: devices.deviceCode, tagIds: tagIdsSql, token: settingNamesTokenSql })
    .from(devices)
    .where(inArray(devices.deviceCode, codes));
  const ids = new Map(rows.map((row) => [row.deviceCode, idsOf(row.tagIds)]));
  const names = await settingNames(db, rows[0]?.token ?? null, [...ids.values()].flat());
  return new Map([...ids].map(([code, tagIds]) => [code, namedTags(tagIds, names)]));
}

/**
 * Replaces a player's tags. Only device tags (level 2 of a DEVICE_TAG category) may be set: returns
 * false and changes nothing when an id is not one.
 */
export async function replaceDeviceTags(db: Database, deviceCode: string, ids: string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  // The settings module says which ids are device tags (it owns the table).
  if (!(await allDeviceTags(db, unique))) return false;
  await db.delete(deviceTags).where(eq(deviceTags.deviceCode, deviceCode));
  if (unique.length > 0) await db.insert(deviceTags).values(unique.map((settingId) => ({ deviceCode, settingId })));
  return true;
}
