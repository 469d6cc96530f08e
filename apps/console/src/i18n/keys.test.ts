import { MENU, ROUTES } from '@signage/domain';
import i18n, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enFirstLoad from './en.json';
import enLive from './en.live.json';
import enSchedules from './en.schedules.json';
import { type I18nKey, isI18nKey, textOr } from './keys';

/** The English reference: the first-load catalogue and the deferred sections (schedule screens, live streams). */
const en = { ...enFirstLoad, ...enSchedules, ...enLive };

let t: TFunction;

beforeAll(async () => {
  const instance = i18n.createInstance();
  await instance.init({ resources: { en: { translation: en } }, lng: 'en', initAsync: false });
  t = instance.t;
});

describe('typed i18n keys', () => {
  it('rejects a key missing from en.json at compile time', () => {
    // The typecheck (npm run typecheck) fails if this line stops being an error.
    // @ts-expect-error 'missing.key' is not in en.json
    const missing: I18nKey = 'missing.key';
    const present: I18nKey = 'login.title';
    expect(isI18nKey(missing)).toBe(false);
    expect(isI18nKey(present)).toBe(true);
  });

  it('holds the keys the domain names for routes and the menu', () => {
    const named = [
      ...ROUTES.map((route) => route.titleKey),
      ...MENU.flatMap((group) => [group.labelKey, ...group.items.map((item) => item.labelKey)]),
    ];
    expect(named.filter((key) => !isI18nKey(key))).toEqual([]);
  });

  it('translates a key built from data, and shows the raw value when there is no such key', () => {
    expect(textOr(t, 'country.JP', 'JP')).toBe(en.country.JP);
    expect(textOr(t, 'country.XX', 'XX')).toBe('XX');
    expect(textOr(t, 'country', 'country')).toBe('country');
  });
});
