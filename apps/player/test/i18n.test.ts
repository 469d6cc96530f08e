import { describe, expect, it } from 'vitest';
import { languageOf, PLAYER_TEXTS } from '../src/i18n';

describe("the player's texts", () => {
  it('exist in en, ja, tw and ko with the same keys, none empty', () => {
    const keys = Object.keys(PLAYER_TEXTS.en).sort();
    for (const texts of Object.values(PLAYER_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(keys);
      expect(Object.values(texts).every((text) => text.trim().length > 0)).toBe(true);
    }
  });

  it('follow ?lang=, else the browser language, else English', () => {
    expect(languageOf('?lang=ko', 'en-US')).toBe('ko');
    expect(languageOf('', 'ja-JP')).toBe('ja');
    expect(languageOf('', 'zh-TW')).toBe('tw');
    expect(languageOf('?lang=xx', 'fr-FR')).toBe('en');
  });
});
