import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/blob/create';
import { DiskBlobStore } from '../../src/blob/disk';
import { BlobNotFoundError, BlobRangeError, InvalidBlobKeyError } from '../../src/blob/types';
import { failingBody, readAll, sha256 } from './blob-helpers';
import { makeTempDir } from './fixtures';

let dir: string;
let remove: () => Promise<void>;
let store: DiskBlobStore;
const root = () => join(dir, 'media');

beforeEach(async () => {
  ({ dir, remove } = await makeTempDir('disk'));
  store = new DiskBlobStore(root());
});
afterEach(() => remove());

const put = (key: string, body: string, contentType = 'image/png') =>
  store.put(key, Readable.from([Buffer.from(body)]), { contentType });

describe('DiskBlobStore', () => {
  it('stores a stream, measuring size and sha256 on the way', async () => {
    const body = 'x'.repeat(300_000);
    const result = await store.put('contents/1/original.mp4', Readable.from([body.slice(0, 1000), body.slice(1000)]), {
      contentType: 'video/mp4',
    });
    expect(result).toEqual({ size: 300_000, sha256: sha256(body) });
    expect(await readFile(join(root(), 'contents', '1', 'original.mp4'), 'utf8')).toBe(body);
    const object = await store.get('contents/1/original.mp4');
    expect(object).toMatchObject({ size: 300_000, totalSize: 300_000, contentType: 'video/mp4' });
    expect(await readAll(object.stream)).toBe(body);
    expect(await store.head('contents/1/original.mp4')).toEqual({ size: 300_000, contentType: 'video/mp4' });
    expect(await store.exists('contents/1/original.mp4')).toBe(true);
  });

  it('serves byte ranges', async () => {
    await put('a/thumb.png', '0123456789');
    const middle = await store.get('a/thumb.png', { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 4, totalSize: 10, range: { start: 2, end: 5 } });
    expect(await readAll(middle.stream)).toBe('2345');
    const tail = await store.get('a/thumb.png', { start: 7 });
    expect(tail).toMatchObject({ size: 3, range: { start: 7, end: 9 } });
    expect(await readAll(tail.stream)).toBe('789');
    const clamped = await store.get('a/thumb.png', { start: 8, end: 500 });
    expect(await readAll(clamped.stream)).toBe('89');
    await expect(store.get('a/thumb.png', { start: 10 })).rejects.toBeInstanceOf(BlobRangeError);
  });

  it('deletes, and treats missing objects as missing', async () => {
    await put('contents/7/thumb.png', 'png');
    await store.delete('contents/7/thumb.png');
    expect(await store.exists('contents/7/thumb.png')).toBe(false);
    expect(await store.head('contents/7/thumb.png')).toBeNull();
    await expect(store.get('contents/7/thumb.png')).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete('contents/7/thumb.png');
    // Emptied folders go too.
    expect(await readdir(root())).not.toContain('contents');
  });

  it('leaves no file and no temp file when the source fails midway', async () => {
    await expect(store.put('contents/9/original.mp4', failingBody(5), { contentType: 'video/mp4' })).rejects.toThrow(
      'connection reset by client',
    );
    expect(await store.exists('contents/9/original.mp4')).toBe(false);
    expect(await readdir(join(root(), '.tmp'))).toEqual([]);
  });

  it('keeps the previous object until a replacement is complete', async () => {
    await put('contents/3/thumb.png', 'old');
    await expect(store.put('contents/3/thumb.png', failingBody(2), { contentType: 'image/png' })).rejects.toThrow();
    expect(await readAll((await store.get('contents/3/thumb.png')).stream)).toBe('old');
    await put('contents/3/thumb.png', 'new');
    expect(await readAll((await store.get('contents/3/thumb.png')).stream)).toBe('new');
  });

  it('copies or moves a local file in', async () => {
    const source = join(dir, 'upload.bin');
    await writeFile(source, 'movie bytes');
    expect(await store.putFile('c/1.mp4', source, { contentType: 'video/mp4' })).toEqual({
      size: 11,
      sha256: sha256('movie bytes'),
    });
    expect(await readFile(source, 'utf8')).toBe('movie bytes');
    expect(await store.putFile('c/2.mp4', source, { contentType: 'video/mp4', sha256: 'given' })).toEqual({
      size: 11,
      sha256: 'given',
    });
    expect(await store.putFile('c/3.mp4', source, { contentType: 'video/mp4', removeSource: true })).toEqual({
      size: 11,
      sha256: sha256('movie bytes'),
    });
    await expect(stat(source)).rejects.toMatchObject({ code: 'ENOENT' });
    for (const key of ['c/1.mp4', 'c/2.mp4', 'c/3.mp4']) {
      expect(await readAll((await store.get(key)).stream)).toBe('movie bytes');
    }
  });

  it('derives content types from the key and refuses a contradicting one', async () => {
    await expect(put('x/photo.jpg', 'data', 'video/mp4')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await put('x/photo.jpg', 'data', 'image/jpeg');
    expect((await store.get('x/photo.jpg')).contentType).toBe('image/jpeg');
    await put('logs/device.log', 'line', 'text/plain');
    expect((await store.head('logs/device.log'))?.contentType).toBe('text/plain; charset=utf-8');
  });

  it('rejects keys that could escape the root or reach the temp folder', async () => {
    const bad = [
      '../escape.png',
      'a/../../escape.png',
      '/etc/passwd',
      'a\\b.png',
      '',
      'a//b.png',
      '.tmp/x.png',
      'a/./b',
    ];
    for (const key of bad) {
      await expect(put(key, 'evil'), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    await expect(store.deletePrefix('')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.deletePrefix('../')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('deletes by string prefix, as S3 does', async () => {
    for (const key of ['contents/1/a.png', 'contents/1/sub/b.png', 'contents/12/c.png', 'contents/2/d.png']) {
      await put(key, key);
    }
    expect(await store.deletePrefix('contents/1/')).toBe(2);
    expect(await store.exists('contents/12/c.png')).toBe(true);
    expect(await readdir(join(root(), 'contents'))).toEqual(['12', '2']);
    expect(await store.deletePrefix('contents/1')).toBe(1);
    expect(await store.deletePrefix('nothing/here/')).toBe(0);
    expect(await store.exists('contents/2/d.png')).toBe(true);
  });

  it('cleanTemp removes what crashed uploads left', async () => {
    const temp = join(root(), '.tmp');
    await mkdir(temp, { recursive: true });
    await writeFile(join(temp, 'crashed-1.part'), 'half');
    await writeFile(join(temp, 'crashed-2.part'), 'half');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(join(temp, 'crashed-1.part'), old, old);
    expect(await store.cleanTemp({ olderThanMs: 60_000 })).toBe(1);
    expect(await readdir(temp)).toEqual(['crashed-2.part']);
    expect(await store.cleanTemp()).toBe(1);
    expect(await readdir(temp)).toEqual([]);
    expect(await new DiskBlobStore(join(dir, 'never-used')).cleanTemp()).toBe(0);
  });

  it('lists a prefix with write times, a file handed over counting as written when stored', async () => {
    await put('contents/a/original.png', 'a');
    await put('logs/p1/x.log', 'log', 'text/plain');
    await mkdir(join(root(), '.tmp'), { recursive: true });
    await writeFile(join(root(), '.tmp', 'crashed.part'), 'half');
    // A resumable upload finished an hour before it is registered: stored now, not an hour ago.
    const upload = join(dir, 'finished-upload');
    await writeFile(upload, 'movie');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(upload, old, old);
    const before = Date.now() - 1000;
    await store.putFile('contents/b/original.mp4', upload, {
      contentType: 'video/mp4',
      removeSource: true,
      sha256: 'x',
    });

    const listed = [];
    for await (const page of store.list('contents/')) listed.push(...page);
    expect(listed.map((blob) => blob.key).sort()).toEqual(['contents/a/original.png', 'contents/b/original.mp4']);
    for (const blob of listed) expect(blob.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    const none = [];
    for await (const page of store.list('exports/')) none.push(...page);
    expect(none).toEqual([]);
  });
});

describe('createBlobStore', () => {
  it('uses DATA_DIR/media on disk when STORAGE_URL is unset', () => {
    const created = createBlobStore(undefined, '/srv/signage');
    expect(created).toBeInstanceOf(DiskBlobStore);
    expect((created as DiskBlobStore).rootDir).toBe('/srv/signage/media');
    expect(createBlobStore('  ', '/srv/signage').kind).toBe('disk');
  });
});
