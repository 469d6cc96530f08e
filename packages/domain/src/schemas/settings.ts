import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { ZSummary } from './common';

/**
 * Tags ("settings", SPEC.md section 2 Tags and section 3).
 *
 * A setting classifies players. It has a `type`, a `value` (unique within its type), names in four
 * languages (en, ja, zh, ko) and a note. Types:
 * - `STORE_TYPE` and `DEVICE_TYPE` (installation site / location): presets installed by a migration.
 * - `DEVICE_TAG`: free device tags created by staff.
 * - `NEW_CONTENT_LIMIT_TIME`: a system setting that never appears in lists.
 *
 * Two levels. A level-1 entry of a base type defines a category (for example value `campaign`
 * of type `DEVICE_TAG`). The type dropdown offers the base types plus each level-1 category as a
 * dashed code (`DEVICE_TAG-campaign`); choosing a dashed type makes a level-2 tag under that
 * category: `level` 2 and `type_id` = the category's id. A category cannot be deleted while it has
 * tags (`Failed. Please delete tag of the type first.`).
 */
export const BASE_SETTING_TYPES = ['STORE_TYPE', 'DEVICE_TYPE', 'DEVICE_TAG'] as const;
export const HIDDEN_SETTING_TYPE = 'NEW_CONTENT_LIMIT_TIME';
export const PRESET_SETTING_TYPES = ['STORE_TYPE', 'DEVICE_TYPE'] as const;

/** SPEC.md section 4: the level is 2 when the chosen type contains a dash, else 1. */
export function settingLevelOf(type: string): 1 | 2 {
  return type.includes('-') ? 2 : 1;
}

export const ZSettingLevel = z.union([z.literal(1), z.literal(2)]);

export const ZSetting = z.object({
  id: z.string(),
  key: z.string(),
  type: z.string(),
  type_id: z.string().nullable(),
  value: z.string(),
  note: z.string(),
  level: ZSettingLevel,
  en: z.string(),
  ja: z.string(),
  zh: z.string(),
  ko: z.string(),
  preset: z.boolean(),
  updated_at: z.string(),
});
export type TSetting = z.infer<typeof ZSetting>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

/** Register (POST) and update (PUT /{key}) body. `level` and `type_id` are derived by the server from `type`. */
export const ZSettingWrite = z.object({
  type: required(MESSAGES.selectType),
  value: required(MESSAGES.enterValue),
  en: required(MESSAGES.enterNameEn),
  ja: required(MESSAGES.enterNameJp),
  zh: required(MESSAGES.enterNameCn),
  ko: required(MESSAGES.enterNameKr),
  note: z.string().trim().max(1000).default(''),
  type_id: z.string().nullable().optional(),
  level: ZSettingLevel.optional(),
});
export type TSettingWrite = z.infer<typeof ZSettingWrite>;

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** List query (GET /api/setting). `excludeLevel` 0 excludes nothing. */
export const ZSettingListQuery = z.object({
  type: z.string().optional(),
  endCursor: z.string().optional(),
  preset: booleanish.optional(),
  excludeLevel: z.coerce.number().int().min(0).max(2).default(0),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type TSettingListQuery = z.infer<typeof ZSettingListQuery>;

export const ZSettingList = z.object({ settings: z.array(ZSetting), summary: ZSummary });
export type TSettingList = z.infer<typeof ZSettingList>;
