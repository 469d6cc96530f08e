import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from './env';

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(join(E2E.repoRoot, 'apps/console/src/i18n', `${lang}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** The console's text for `key` (dotted) in language `lang`, read from its catalogue. */
export const text = (lang: string, key: string): string => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue(lang));
  if (typeof value !== 'string') throw new Error(`missing ${lang}:${key}`);
  return value;
};
