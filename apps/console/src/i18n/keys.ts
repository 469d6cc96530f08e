import type { ParseKeys, TFunction } from 'i18next';
import en from './en.json';

/** Every key of the English catalogue (the reference): what t() accepts (see i18next.d.ts). */
export type I18nKey = ParseKeys;

type Tree = { [key: string]: string | Tree };

function collectKeys(tree: Tree, prefix: string, out: Set<string>): Set<string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(path);
    else collectKeys(value, path, out);
  }
  return out;
}

const KEYS: ReadonlySet<string> = collectKeys(en, '', new Set());

/**
 * Whether a key built at run time (from a value the server sent, such as a country code) is in
 * the catalogue. Keys written in the code are checked by the typecheck instead; this is the one
 * way to turn a computed string into a key.
 */
export function isI18nKey(key: string): key is I18nKey {
  return KEYS.has(key);
}

/** The text of a key computed from data, or `fallback` (usually the raw value) when the catalogue has none. */
export function textOr(t: TFunction, key: string, fallback: string): string {
  return isI18nKey(key) ? t(key) : fallback;
}
