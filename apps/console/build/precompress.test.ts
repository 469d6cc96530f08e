// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Hooks = {
  configResolved: (config: { root: string; build: { outDir: string } }) => void;
  writeBundle: (options: unknown, bundle: Record<string, unknown>) => Promise<void>;
};

describe('precompress build plugin', () => {
  it('writes .br and .gz copies of text assets, and none for small or binary files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
    const script = `export const list = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `item ${i}`))};`;
    writeFileSync(join(dir, 'dist', 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'dist', 'assets', 'tiny-3c4d.js'), 'export {};');
    writeFileSync(join(dir, 'dist', 'assets', 'logo-5e6f.png'), Buffer.alloc(4096, 7));

    const plugin = precompress() as unknown as Hooks;
    plugin.configResolved({ root: dir, build: { outDir: 'dist' } });
    await plugin.writeBundle({}, { 'assets/app-1a2b.js': {}, 'assets/tiny-3c4d.js': {}, 'assets/logo-5e6f.png': {} });

    const base = join(dir, 'dist', 'assets');
    expect(brotliDecompressSync(readFileSync(join(base, 'app-1a2b.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(base, 'app-1a2b.js.gz'))).toString()).toBe(script);
    expect(() => readFileSync(join(base, 'tiny-3c4d.js.br'))).toThrow();
    expect(() => readFileSync(join(base, 'logo-5e6f.png.br'))).toThrow();
  });
});
