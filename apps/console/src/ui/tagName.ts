import { type Language, TAG_NAME_FIELD, type TDeviceTag } from '@signage/domain';
import { useLocale } from '../i18n';

/** The four names of a tag (SPEC.md section 3: en, ja, zh, ko). */
export type TagNames = Pick<TDeviceTag, 'en' | 'ja' | 'zh' | 'ko'>;

/** A tag's name in the interface language (tw reads zh), falling back to English when that one is empty. */
export function tagName(setting: TagNames, language: Language): string {
  return setting[TAG_NAME_FIELD[language]] || setting.en;
}

/** `tagName` bound to the active interface language. */
export function useTagName(): (setting: TagNames) => string {
  const language = useLocale((state) => state.language);
  return (setting) => tagName(setting, language);
}
