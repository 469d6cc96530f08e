import {
  categoryTypeOf,
  HIDDEN_SETTING_TYPE,
  isBaseSettingType,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  PAGE_SIZE,
  parseCategoryType,
  TAG_CATEGORY_BASE,
  type TSetting,
  type TSettingList,
  type TSettingListQuery,
  type TSettingWrite,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { HttpError, notFound } from '../../http/envelope';
import {
  countSettings,
  countTagsOfCategory,
  deleteSetting,
  findSettingById,
  findSettingByTypeValue,
  insertSetting,
  listSettings,
  retypeTagsOfCategory,
  type SettingRow,
  updateSetting,
} from './repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PG_UNIQUE_VIOLATION = '23505';

export function toSetting(row: SettingRow): TSetting {
  return {
    id: row.id,
    key: row.id,
    type: row.type,
    type_id: row.typeId,
    value: row.value,
    note: row.note,
    level: row.level === 2 ? 2 : 1,
    en: row.en,
    ja: row.ja,
    zh: row.zh,
    ko: row.ko,
    preset: row.preset,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSettingPage(db: Database, query: TSettingListQuery): Promise<TSettingList> {
  const after = decodeCursor(query.endCursor, { uuidKey: true, message: MESSAGES.tagInvalidCursor });
  const limit = query.limit ?? PAGE_SIZE;
  const filter = { type: query.type || undefined, preset: query.preset, excludeLevel: query.excludeLevel };
  const [rows, total] = await Promise.all([listSettings(db, filter, after, limit), countSettings(db, filter)]);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    settings: page.map(toSetting),
    summary: {
      endCursor: more && last ? encodeCursor(last.updatedAt, last.id) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
      total,
    },
  };
}

async function existing(db: Database, key: string): Promise<SettingRow> {
  const row = UUID.test(key) ? await findSettingById(db, key) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getSetting(db: Database, key: string): Promise<TSetting> {
  return toSetting(await existing(db, key));
}

/**
 * Level and category of a chosen type (SPEC.md section 4): a base type (or the hidden system type)
 * is level 1; a dashed type is level 2 under the device tag category it names (only DEVICE_TAG entries
 * are categories: see TAG_CATEGORY_BASE).
 */
async function placementOf(
  db: Database,
  type: string,
  self?: string,
): Promise<{ level: 1 | 2; typeId: string | null }> {
  const category = parseCategoryType(type);
  if (!category) {
    if (isBaseSettingType(type) || type === HIDDEN_SETTING_TYPE) return { level: 1, typeId: null };
    throw new HttpError(400, MESSAGES.tagUnknownType);
  }
  if (category.type !== TAG_CATEGORY_BASE) throw new HttpError(400, MESSAGES.tagUnknownType);
  const row = await findSettingByTypeValue(db, category.type, category.value);
  if (row?.level !== 1 || row.preset || row.id === self) throw new HttpError(400, MESSAGES.tagCategoryMissing);
  return { level: 2, typeId: row.id };
}

function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined);
  return codeOf(error) === PG_UNIQUE_VIOLATION || codeOf((error as { cause?: unknown })?.cause) === PG_UNIQUE_VIOLATION;
}

/** Runs a write; a unique violation (two writers racing for one value) is the same 409 as the check. */
async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.tagValueTaken);
    throw error;
  }
}

function fieldsOf(input: TSettingWrite) {
  return {
    type: input.type,
    value: input.value,
    note: input.note,
    en: input.en,
    ja: input.ja,
    zh: input.zh,
    ko: input.ko,
  };
}

export async function createSetting(db: Database, user: SessionUser, input: TSettingWrite): Promise<TSetting> {
  const row = await guardUnique(() =>
    db.transaction(async (tx) => {
      const { level, typeId } = await placementOf(tx, input.type);
      const now = new Date();
      const inserted = await insertSetting(tx, { ...fieldsOf(input), level, typeId, createdAt: now, updatedAt: now });
      if (!inserted) throw new HttpError(409, MESSAGES.tagValueTaken);
      await recordAudit(tx, {
        actor: user.userId,
        region: user.region,
        action: 'setting.create',
        target: inserted.id,
        detail: { type: inserted.type, value: inserted.value },
      });
      return inserted;
    }),
  );
  return toSetting(row);
}

export async function changeSetting(
  db: Database,
  user: SessionUser,
  key: string,
  input: TSettingWrite,
): Promise<TSetting> {
  const row = await guardUnique(() =>
    db.transaction(async (tx) => {
      const current = await existing(tx, key);
      const renamed = current.type !== input.type || current.value !== input.value;
      if (current.preset && renamed) throw new HttpError(409, MESSAGES.tagPresetFixed);
      const { level, typeId } = await placementOf(tx, input.type, current.id);
      const tags = current.level === 1 && renamed ? await countTagsOfCategory(tx, current.id) : 0;
      if (tags > 0 && level === 2) throw new HttpError(409, MESSAGES.tagTypeInUse);
      const taken = renamed ? await findSettingByTypeValue(tx, input.type, input.value) : undefined;
      if (taken) throw new HttpError(409, MESSAGES.tagValueTaken);
      const now = new Date();
      const updated = await updateSetting(tx, current.id, { ...fieldsOf(input), level, typeId, updatedAt: now });
      if (!updated) throw notFound();
      if (tags > 0) await retypeTagsOfCategory(tx, current.id, categoryTypeOf(updated), now);
      await recordAudit(tx, {
        actor: user.userId,
        region: user.region,
        action: 'setting.update',
        target: current.id,
        detail: {
          from: { type: current.type, value: current.value },
          to: { type: updated.type, value: updated.value },
        },
      });
      return updated;
    }),
  );
  return toSetting(row);
}

export async function removeSetting(db: Database, user: SessionUser, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await existing(tx, key);
    if (current.preset) throw new HttpError(409, MESSAGES.tagPresetNotDeletable);
    if (current.level === 1 && (await countTagsOfCategory(tx, current.id)) > 0) {
      throw new HttpError(409, MESSAGES.tagTypeInUse);
    }
    await deleteSetting(tx, current.id);
    await recordAudit(tx, {
      actor: user.userId,
      region: user.region,
      action: 'setting.delete',
      target: current.id,
      detail: { type: current.type, value: current.value },
    });
  });
}
