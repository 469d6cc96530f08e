import type { TDeviceTag } from '@signage/domain';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, deviceTags, settings } from '../../db/schema';

/** Players carrying any of the tags, as a condition on the devices table. */
export function tagged(ids: string[]): SQL {
  return sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceCode} = ${devices.deviceCode} and ${inArray(deviceTags.settingId, ids)})`;
}

/**
 * A player's tags with their names as a JSON array ordered by tag, for a query on the devices
 * table: the list page reads its rows' tags in its own statement (one round trip less per request).
 */
export const tagsJsonSql = sql<
  TDeviceTag[]
>`coalesce((select json_agg(json_build_object('id', dt.setting_id, 'en', coalesce(s.en, ''), 'ja', coalesce(s.ja, ''), 'zh', coalesce(s.zh, ''), 'ko', coalesce(s.ko, '')) order by dt.setting_id) from ${deviceTags} dt left join ${settings} s on s.id = dt.setting_id where dt.device_code = ${sql.raw('"devices"."device_code"')}), '[]'::json)`;

/** The tags of players with their names, in one query (the list page's tagsJsonSql, for given players). */
export async function tagsOf(db: Database, codes: string[]): Promise<Map<string, TDeviceTag[]>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ deviceCode: devices.deviceCode, tags: tagsJsonSql })
    .from(devices)
    .where(inArray(devices.deviceCode, codes));
  return new Map(rows.map((row) => [row.deviceCode, row.tags]));
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
