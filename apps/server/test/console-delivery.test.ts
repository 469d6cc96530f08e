import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tempDir } from './helpers';

const INDEX_HTML = `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-4f2a9c.js"></script>${' '.repeat(2048)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word ${i}`))};\n`;

/** A built console as `vite build` leaves it: hashed assets with .br and .gz copies next to them. */
function makeDist(): string {
  const dist = tempDir('signage-delivery-');
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string, compressed: boolean) => {
    const full = path.join(dist, file);
    fs.writeFileSync(full, text);
    if (!compressed) return;
    fs.writeFileSync(`${full}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${full}.gz`, gzipSync(text));
  };
  write('index.html', INDEX_HTML, true);
  write('assets/index-4f2a9c.js', SCRIPT, true);
  write('assets/tiny-77aa01.js', 'export {};\n', false);
  return dist;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { consoleDist: makeDist() } });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('console delivery', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-4f2a9c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length);
  });

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/index-4f2a9c.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get('/assets/index-4f2a9c.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends a small asset without a compressed copy as it is', async () => {
    const response = await get('/assets/tiny-77aa01.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('never lets index.html be cached, whether asked for or answered as the SPA fallback', async () => {
    const accept = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    for (const url of ['/', '/index.html', '/device/list']) {
      const response = await get(url, accept);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const body =
        response.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(response.rawPayload).toString()
          : response.body;
      expect(body, url).toBe(INDEX_HTML);
    }
  });
});
