import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskHlsSource, HttpHlsSource } from '../../src/live/ingest/hls';
import { tempDir } from '../helpers';

const KEY = 'Fbl8Sg7lZMj5FUXES5J-FtiQ24iHswHj';

describe('DiskHlsSource', () => {
  const dir = tempDir('signage-hls-');
  mkdirSync(path.join(dir, KEY));
  writeFileSync(path.join(dir, KEY, 'index.m3u8'), '#EXTM3U\n');
  writeFileSync(path.join(dir, 'secret.ts'), 'outside');
  symlinkSync(path.join(dir, 'secret.ts'), path.join(dir, KEY, 'link.ts'));
  const source = new DiskHlsSource(dir);

  it("reads a file of the key's folder, with its size", async () => {
    const file = await source.read(KEY, 'index.m3u8');
    expect(file?.size).toBe(8);
    expect(await text(file!.body)).toBe('#EXTM3U\n');
    expect(await source.read(KEY, '3.ts')).toBeNull();
  });

  it('reads nothing outside it: no other names, no symbolic links', async () => {
    expect(await source.read(KEY, 'link.ts')).toBeNull();
    expect(await source.read('..', 'secret.ts')).toBeNull();
    expect(await source.read(KEY, '../secret.ts')).toBeNull();
    expect(await source.read(`${KEY}/..`, 'secret.ts')).toBeNull();
    expect(await source.read('short', 'index.m3u8')).toBeNull();
  });
});

describe('HttpHlsSource (nginx on another machine)', () => {
  let origin: string;
  const server = createServer((request, response) => {
    if (request.url === `/hls/${KEY}/index.m3u8`) response.writeHead(200, { 'content-length': '8' }).end('#EXTM3U\n');
    else if (request.url === `/hls/${KEY}/broken.ts`) response.writeHead(500).end();
    else response.writeHead(404).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hls/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('proxies what the origin has, nothing for what it has not, and fails without naming the key', async () => {
    const source = new HttpHlsSource(origin);
    const file = await source.read(KEY, 'index.m3u8');
    expect(file?.size).toBe(8);
    expect(await text(file!.body)).toBe('#EXTM3U\n');
    expect(await source.read(KEY, '1.ts')).toBeNull();
    const failure = await source.read(KEY, 'broken.ts').catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('answered 500');
    expect((failure as Error).message).not.toContain(KEY);
    const unreachable = await new HttpHlsSource('http://127.0.0.1:1/hls')
      .read(KEY, 'index.m3u8')
      .catch((e: Error) => e);
    expect((unreachable as Error).message).not.toContain(KEY);
  });
});
