import { HIDDEN_SETTING_TYPE } from '@signage/domain';
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';

export type SettingRow = typeof settings.$inferSelect;
export type NewSettingRow = typeof settings.$inferInsert;
export type SettingChange = Omit<NewSettingRow, 'id' | 'createdAt' | 'preset'>;

export type SettingFilter = {
  /** Exact type; a base type (no dash) also matches its dashed sub-types. */
  type?: string;
  preset?: boolean;
  /** 1 or 2 leaves that level out; 0 excludes nothing. */
  excludeLevel: number;
};

function filterConditions(filter: SettingFilter): SQL[] {
  const conditions: SQL[] = [ne(settings.type, HIDDEN_SETTING_TYPE)];
  if (filter.type) {
    const exact = eq(settings.type, filter.type);
    // starts_with, not LIKE: base types contain '_', a LIKE wildcard.
    const subTypes = sql`starts_with(${settings.type}, ${`${filter.type}-`})`;
    conditions.push(filter.type.includes('-') ? exact : (or(exact, subTypes) as SQL));
  }
  if (filter.preset !== undefined) conditions.push(eq(settings.preset, filter.preset));
  if (filter.excludeLevel === 1 || filter.excludeLevel === 2) conditions.push(ne(settings.level, filter.excludeLevel));
  return conditions;
}

/** One page, newest update first; `limit + 1` rows are read so the caller knows whether more follow. */
export async function listSettings(
  db: Database,
  filter: SettingFilter,
  after: KeysetCursor | null,
  limit: number,
): Promise<SettingRow[]> {
  const conditions = filterConditions(filter);
  if (after) {
    conditions.push(
      sql`(${settings.updatedAt}, ${settings.id}) < (${after.at.toISOString()}::timestamptz, ${after.key}::uuid)`,
    );
  }
  return db
    .select()
    .from(settings)
    .where(and(...conditions))
    .orderBy(desc(settings.updatedAt), desc(settings.id))
    .limit(limit + 1);
}

export async function countSettings(db: Database, filter: SettingFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(settings)
    .where(and(...filterConditions(filter)));
  return row?.n ?? 0;
}

export async function findSettingById(db: Database, id: string): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
  return row;
}

export async function findSettingByTypeValue(
  db: Database,
  type: string,
  value: string,
): Promise<SettingRow | undefined> {
  const [row] = await db
    .select()
    .from(settings)
    .where(and(eq(settings.type, type), eq(settings.value, value)))
    .limit(1);
  return row;
}

/** Whether every one of `ids` is a device tag (level 2 of a DEVICE_TAG category): what a player may carry. */
export async function allDeviceTags(db: Database, ids: readonly string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const [found] = await db
    .select({ n: count() })
    .from(settings)
    .where(and(inArray(settings.id, unique), eq(settings.level, 2), sql`starts_with(${settings.type}, 'DEVICE_TAG-')`));
  return Number(found?.n ?? 0) === unique.length;
}

export async function countTagsOfCategory(db: Database, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(settings).where(eq(settings.typeId, categoryId));
  return row?.n ?? 0;
}

/** Inserts a setting; undefined when its value is taken within the type (callers answer 409). */
export async function insertSetting(db: Database, values: NewSettingRow): Promise<SettingRow | undefined> {
  const [row] = await db
    .insert(settings)
    .values(values)
    .onConflictDoNothing({ target: [settings.type, settings.value] })
    .returning();
  return row;
}

export async function updateSetting(db: Database, id: string, change: SettingChange): Promise<SettingRow | undefined> {
  const [row] = await db.update(settings).set(change).where(eq(settings.id, id)).returning();
  return row;
}

/** Moves the tags of a renamed category to its new dashed type. */
export async function retypeTagsOfCategory(db: Database, categoryId: string, type: string, at: Date): Promise<void> {
  await db.update(settings).set({ type, updatedAt: at }).where(eq(settings.typeId, categoryId));
}

export async function deleteSetting(db: Database, id: string): Promise<void> {
  await db.delete(settings).where(eq(settings.id, id));
}
