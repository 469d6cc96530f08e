// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enFirstLoad from './en.json';
import enLive from './en.live.json';
import enSchedules from './en.schedules.json';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each English catalogue kept out of the first load, and the module that adds it when a screen's code loads. */
const DEFERRED = [
  { name: 'the schedule screens', catalogue: enSchedules, registrar: join(SRC, 'i18n', 'schedules.ts') },
  { name: 'live streams', catalogue: enLive, registrar: join(SRC, 'i18n', 'live.ts') },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe.each(DEFERRED)('the English of $name, kept out of the first load', ({ catalogue, registrar }) => {
  it('shares no section with the first-load catalogue or another deferred one', () => {
    const others = DEFERRED.filter((other) => other.registrar !== registrar).map((other) => other.catalogue);
    const clashes = Object.keys(catalogue).filter(
      (section) => section in enFirstLoad || others.some((other) => section in other),
    );
    expect(clashes).toEqual([]);
  });

  it.each(Object.keys(catalogue))('every module using %s keys imports its registrar', (section) => {
    const uses = new RegExp(`['\`]${section}\\.`);
    const missing = sources(SRC)
      .filter((file) => file !== registrar && uses.test(readFileSync(file, 'utf8')))
      .filter((file) => {
        const path = relative(dirname(file), registrar.replace(/\.ts$/, '')).replaceAll('\\', '/');
        return !readFileSync(file, 'utf8').includes(`import '${path.startsWith('.') ? path : `./${path}`}';`);
      })
      .map((file) => relative(SRC, file));
    expect(missing).toEqual([]);
  });
});
