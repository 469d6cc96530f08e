import { type MESSAGES, parseCategoryType, settingLevelOf, type TSetting, type TSettingWrite } from '@signage/domain';

/** What the register and detail forms edit (SPEC.md section 2, Tags). */
export type TagFormValues = {
  type: string;
  value: string;
  en: string;
  ja: string;
  zh: string;
  ko: string;
  note: string;
};

export const EMPTY_TAG_FORM: TagFormValues = { type: '', value: '', en: '', ja: '', zh: '', ko: '', note: '' };

const FIELDS = Object.keys(EMPTY_TAG_FORM) as (keyof TagFormValues)[];
const REQUIRED: readonly (keyof TagFormValues)[] = ['type', 'value', 'en', 'ja', 'zh', 'ko'];

/** Register is possible once type, value and the four names are filled (the note is optional). */
export function isTagFormComplete(values: TagFormValues): boolean {
  return REQUIRED.every((field) => values[field].trim() !== '');
}

/** SPEC.md section 5: what each required field says while it is empty (message keys of the catalogue). */
const REQUIRED_MESSAGE: Record<Exclude<keyof TagFormValues, 'note'>, keyof typeof MESSAGES> = {
  type: 'selectType',
  value: 'enterValue',
  en: 'enterNameEn',
  ja: 'enterNameJp',
  zh: 'enterNameCn',
  ko: 'enterNameKr',
};

/** The message key of an empty required field, or null. */
export function tagFieldMessage(values: TagFormValues, field: keyof TagFormValues): keyof typeof MESSAGES | null {
  if (field === 'note' || values[field].trim() !== '') return null;
  return REQUIRED_MESSAGE[field];
}

/** Whether any field differs; surrounding spaces do not count (the server trims them). */
export function tagFormDiffers(values: TagFormValues, other: TagFormValues): boolean {
  return FIELDS.some((field) => values[field].trim() !== other[field].trim());
}

export function tagFormValuesOf(setting: TSetting): TagFormValues {
  const { type, value, en, ja, zh, ko, note } = setting;
  return { type, value, en, ja, zh, ko, note };
}

/**
 * The request body. Choosing a type sets the level (2 for a dashed type) and the type id (the
 * category's id); the server derives both again and trusts its own.
 */
export function tagWriteOf(values: TagFormValues, categories: readonly TSetting[]): TSettingWrite {
  const trimmed = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()])) as TagFormValues;
  const category = parseCategoryType(trimmed.type);
  const typeId = category
    ? (categories.find((c) => c.type === category.type && c.value === category.value)?.id ?? null)
    : null;
  return { ...trimmed, level: settingLevelOf(trimmed.type), type_id: typeId };
}
