export const LANGUAGES = ['en', 'ja', 'tw', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Which name field of a tag a language reads (tw reads the Chinese name `zh`). */
export const TAG_NAME_FIELD = { en: 'en', ja: 'ja', tw: 'zh', ko: 'ko' } as const satisfies Record<
  Language,
  'en' | 'ja' | 'zh' | 'ko'
>;
