import type { TDeviceTag } from '@signage/domain';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, deviceTags, settings } from '../../db/schema';

/** Players carrying any of the tags, as a condition on the devices table. */
export function tagged(ids: string[]): SQL {
  return sql`exists (select 1 from ${deviceTags} where ${deviceTags.deviceCode} = ${devices.deviceCode} and ${inArray(deviceTags.settingId, ids)})`;
}

export async function tagIdsOf(db: Database, codes: string[]): Promise<Map<string, string[]>> {
  const byDevice = new Map<string, string[]>();
  if (codes.length === 0) return byDevice;
  const rows = await db.select().from(deviceTags).where(inArray(deviceTags.deviceCode, codes));
  for (const row of rows) byDevice.set(row.deviceCode, [...(byDevice.get(row.deviceCode) ?? []), row.settingId]);
  return byDevice;
}

/** Tag names from the settings table; an id without a row (none: device_tags has a foreign key) gets empty names. */
export async function tagNames(db: Database, ids: string[]): Promise<Map<string, TDeviceTag>> {
  const names = new Map<string, TDeviceTag>();
  if (ids.length === 0) return names;
  const rows = await db
    .select({ id: settings.id, en: settings.en, ja: settings.ja, zh: settings.zh, ko: settings.ko })
    .from(settings)
    .where(inArray(settings.id, ids));
  for (const row of rows) names.set(row.id, row);
  for (const id of ids) if (!names.has(id)) names.set(id, { id, en: '', ja: '', zh: '', ko: '' });
  return names;
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
