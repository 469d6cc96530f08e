// @vitest-environment node
import { AREAS, AUDIT_ACTIONS, COUNTRIES, LOCATIONS, MESSAGES, ROLES, ROUTES, STORE_TYPES } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import enFirstLoad from './en.json';
import enLive from './en.live.json';
import enSchedules from './en.schedules.json';
import ja from './ja.json';
import ko from './ko.json';
import tw from './tw.json';

/** The English reference: the first-load catalogue and the deferred sections (schedule screens, live streams). */
const en = { ...enFirstLoad, ...enSchedules, ...enLive };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const catalogues = { en, ja, tw, ko } as Record<string, Tree>;
const flat = Object.fromEntries(Object.entries(catalogues).map(([lang, tree]) => [lang, flatten(tree)]));
const enKeys = flat.en!;
const allKeys = new Set(Object.values(flat).flatMap((catalogue) => [...catalogue.keys()]));

describe('language catalogues', () => {
  it.each(Object.keys(catalogues))('%s has every key another catalogue has', (lang) => {
    const missing = [...allKeys].filter((key) => !flat[lang]!.has(key)).sort();
    expect(missing, `keys missing from ${lang}.json`).toEqual([]);
  });

  it.each(Object.keys(catalogues))('%s has no empty text', (lang) => {
    const empty = [...flat[lang]!].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty, `empty texts in ${lang}.json`).toEqual([]);
  });

  it.each(['ja', 'tw', 'ko'])('%s is translated, not an English copy', (lang) => {
    const copied = [...flat[lang]!].filter(([key, text]) => key.startsWith('messages.') && text === enKeys.get(key));
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('keeps the interpolation placeholders of English in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [lang, catalogue] of Object.entries(flat)) {
      for (const [key, text] of enKeys) {
        expect(placeholders(catalogue.get(key) ?? ''), `${lang}: ${key}`).toEqual(placeholders(text));
      }
    }
  });
});

describe('English catalogue and the domain', () => {
  it('holds every message of the domain catalogue with its exact text', () => {
    for (const [key, text] of Object.entries(MESSAGES)) expect(enKeys.get(`messages.${key}`), key).toBe(text);
    const extra = [...enKeys.keys()].filter((k) => k.startsWith('messages.') && !(k.slice(9) in MESSAGES));
    expect(extra).toEqual([]);
  });

  it('titles every route with the English title of the route table', () => {
    for (const route of ROUTES) expect(enKeys.get(route.titleKey), route.path).toBe(route.title);
  });

  it('names every action of the audit trail (its filter and its rows)', () => {
    const expected = AUDIT_ACTIONS.map((action) => `audit.actions.${action.replace('.', '_')}`);
    expect(expected.filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('names every area, country, store type, location and role', () => {
    const expected = [
      ...AREAS.map((area) => `area.${area.code}`),
      ...COUNTRIES.map((country) => `country.${country}`),
      ...STORE_TYPES.map((value) => `storeType.${value}`),
      ...LOCATIONS.map((value) => `location.${value}`),
      ...ROLES.map((role) => `role.${role}`),
    ];
    expect(expected.filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('has the login and shell texts the spec names', () => {
    expect(enKeys.get('login.title')).toBe('Digital signage system');
    expect(enKeys.get('login.id')).toBe('ID');
    expect(enKeys.get('login.password')).toBe('Password');
    expect(enKeys.get('login.forVendor')).toBe('For Vendor');
    expect(enKeys.get('login.forFrGroup')).toBe('For FR Group');
    expect(enKeys.get('shell.logout')).toBe('Logout');
  });
});
