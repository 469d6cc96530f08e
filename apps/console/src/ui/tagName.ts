import { type Language, TAG_NAME_FIELD, type TSetting } from '@signage/domain';

/** A tag's name in the user's language (tw reads the Chinese name), falling back to English. */
export function tagName(setting: Pick<TSetting, 'en' | 'ja' | 'zh' | 'ko'>, language: Language): string {
  return setting[TAG_NAME_FIELD[language]] || setting.en;
}
