import type { ParseKeys, TFunction } from 'i18next';
import i18n from 'i18next';

/** Every key of the English catalogue (the reference): what t() accepts (see i18next.d.ts). */
export type I18nKey = ParseKeys;

/**
 * Whether a key built at run time (from a value the server sent, such as a country code) is in
 * the English catalogue as loaded (the first load's sections, plus the sections of the screens whose code
 * has loaded: en.schedules.json and en.live.json, added by schedules.ts and live.ts). Reading the loaded
 * catalogue keeps the key list out of the first load. Keys written in the code are checked by the typecheck instead; this is the one
 * way to turn a computed string into a key.
 */
export function isI18nKey(key: string): key is I18nKey {
  return i18n.isInitialized && typeof i18n.getResource('en', 'translation', key) === 'string';
}

/** The text of a key computed from data, or `fallback` (usually the raw value) when the catalogue has none. */
export function textOr(t: TFunction, key: string, fallback: string): string {
  return isI18nKey(key) ? t(key) : fallback;
}
