import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enFirstLoad from './en.json';
import enSchedules from './en.schedules.json';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const REGISTRAR = join(SRC, 'i18n', 'schedules.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the schedule screens' English, kept out of the first load", () => {
  it('shares no section with the first-load catalogue', () => {
    expect(Object.keys(enSchedules).filter((section) => section in enFirstLoad)).toEqual([]);
  });

  it.each(Object.keys(enSchedules))('every module using %s keys imports i18n/schedules', (section) => {
    const uses = new RegExp(`['\`]${section}\\.`);
    const missing = sources(SRC)
      .filter((file) => file !== REGISTRAR && uses.test(readFileSync(file, 'utf8')))
      .filter((file) => {
        const path = relative(dirname(file), REGISTRAR.replace(/\.ts$/, '')).replaceAll('\\', '/');
        return !readFileSync(file, 'utf8').includes(`import '${path.startsWith('.') ? path : `./${path}`}';`);
      })
      .map((file) => relative(SRC, file));
    expect(missing).toEqual([]);
  });
});
