import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { ZInstant, ZSummary, ZText, zText } from './common';

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
 *
 * Decisions where the spec is silent:
 * - `key` is the setting's id (a UUID); both are returned because the spec names both.
 * - A category is a level-1 entry that is not a preset (presets are the values of their type, not
 *   groups of tags), so the dropdown loads them with `preset=false&excludeLevel=2`.
 * - `level` and `type_id` sent by a client are ignored: the server derives them from `type`.
 * - Preset entries keep their type and value (the console and players key their texts on them);
 *   their names and note may be corrected. They cannot be deleted (409).
 * - Renaming a category (its type or value) renames the dashed type of its tags in the same
 *   transaction; turning a category that has tags into a level-2 tag fails like deleting it.
 * - The list filter `type` matches exactly, and a base type also matches its dashed sub-types
 *   (`type=DEVICE_TAG` lists the categories and their tags; `excludeLevel=1` leaves only tags).
 */
export const BASE_SETTING_TYPES = ['STORE_TYPE', 'DEVICE_TYPE', 'DEVICE_TAG'] as const;
export const HIDDEN_SETTING_TYPE = 'NEW_CONTENT_LIMIT_TIME';
export const PRESET_SETTING_TYPES = ['STORE_TYPE', 'DEVICE_TYPE'] as const;

export type BaseSettingType = (typeof BASE_SETTING_TYPES)[number];

/**
 * The one base type whose level-1 entries are categories: a category groups the level-2 tags players
 * carry (`DEVICE_TAG-<category value>`). Store types and installation sites are plain values of their
 * lists, so a new one never turns up in the Tag type dropdown as if it were a category.
 */
export const TAG_CATEGORY_BASE = 'DEVICE_TAG' satisfies BaseSettingType;

export function isBaseSettingType(type: string): type is BaseSettingType {
  return (BASE_SETTING_TYPES as readonly string[]).includes(type);
}

/** SPEC.md section 4: the level is 2 when the chosen type contains a dash, else 1. */
export function settingLevelOf(type: string): 1 | 2 {
  return type.includes('-') ? 2 : 1;
}

/** The dashed type that places tags under a category, e.g. `DEVICE_TAG-campaign`. */
export function categoryTypeOf(category: { type: string; value: string }): string {
  return `${category.type}-${category.value}`;
}

/**
 * Splits a dashed type at its first dash into the category's base type and value (base types hold
 * no dash, values may). Undefined for a type without a dash.
 */
export function parseCategoryType(type: string): { type: string; value: string } | undefined {
  const dash = type.indexOf('-');
  if (dash < 0) return undefined;
  return { type: type.slice(0, dash), value: type.slice(dash + 1) };
}

/** Longest value and name (characters); notes may be longer. No bound is shown in the spec. */
export const SETTING_TEXT_MAX = 200;
export const SETTING_NOTE_MAX = 1000;

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
  updated_at: ZInstant,
});
export type TSetting = z.infer<typeof ZSetting>;

const required = (message: string) =>
  zText(message).trim().min(1, message).max(SETTING_TEXT_MAX, MESSAGES.tagTextTooLong);

/**
 * Register (POST) and update (PUT /{key}) body. `level` and `type_id` may be sent (the console
 * sends what it derived) but the server derives them from `type` itself.
 */
export const ZSettingWrite = z.object({
  type: required(MESSAGES.selectType),
  value: required(MESSAGES.enterValue),
  en: required(MESSAGES.enterNameEn),
  ja: required(MESSAGES.enterNameJp),
  zh: required(MESSAGES.enterNameCn),
  ko: required(MESSAGES.enterNameKr),
  note: ZText.trim().max(SETTING_NOTE_MAX, MESSAGES.tagTextTooLong).default(''),
  type_id: ZText.nullable().optional(),
  level: ZSettingLevel.optional(),
});
export type TSettingWrite = z.infer<typeof ZSettingWrite>;

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/** List query (GET /api/setting). `excludeLevel` 0 excludes nothing. */
export const ZSettingListQuery = z.object({
  type: ZText.trim().optional(),
  endCursor: ZText.optional(),
  preset: booleanish.optional(),
  excludeLevel: z.coerce.number().int().min(0).max(2).default(0),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type TSettingListQuery = z.infer<typeof ZSettingListQuery>;

export const ZSettingKeyParams = z.object({ key: ZText.min(1).max(100) });

export const ZSettingList = z.object({ settings: z.array(ZSetting), summary: ZSummary });
export type TSettingList = z.infer<typeof ZSettingList>;
