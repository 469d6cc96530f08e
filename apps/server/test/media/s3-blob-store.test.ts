import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, parseS3StorageUrl } from '../../src/blob/create';
import { S3BlobStore } from '../../src/blob/s3';
import { BlobNotFoundError, BlobRangeError, InvalidBlobKeyError } from '../../src/blob/types';
import { failingBody, readAll, sha256 } from './blob-helpers';
import { makeTempDir } from './fixtures';

const BUCKET = 'signage-media';
let dir: string;
let remove: () => Promise<void>;
let server: S3rver;
let endpoint: string;
let store: S3BlobStore;

beforeAll(async () => {
  ({ dir, remove } = await makeTempDir('s3'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // The same path production takes: a STORAGE_URL with s3rver's fixed credentials.
  const created = createBlobStore(
    `s3://${BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`,
    dir,
    {},
  );
  expect(created).toBeInstanceOf(S3BlobStore);
  store = created as S3BlobStore;
});

afterAll(async () => {
  store?.client.destroy();
  await server?.close();
  await remove();
});

const put = (key: string, body: string | Buffer, contentType = 'image/png') =>
  store.put(key, Readable.from([Buffer.from(body)]), { contentType });

async function keysInBucket(): Promise<string[]> {
  const page = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('S3BlobStore against s3rver', () => {
  it('puts and gets, with size, sha256 and content type', async () => {
    const body = 'spring sale '.repeat(1000);
    expect(await put('contents/1/thumb.jpg', body, 'image/jpeg')).toEqual({ size: body.length, sha256: sha256(body) });
    const object = await store.get('contents/1/thumb.jpg');
    expect(object).toMatchObject({ size: body.length, totalSize: body.length, contentType: 'image/jpeg' });
    expect(await readAll(object.stream)).toBe(body);
    expect(await store.head('contents/1/thumb.jpg')).toEqual({ size: body.length, contentType: 'image/jpeg' });
    expect(await store.exists('contents/1/thumb.jpg')).toBe(true);
  });

  it('gets byte ranges', async () => {
    await put('ranges/digits.png', '0123456789');
    const middle = await store.get('ranges/digits.png', { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 4, totalSize: 10, range: { start: 2, end: 5 } });
    expect(await readAll(middle.stream)).toBe('2345');
    const tail = await store.get('ranges/digits.png', { start: 7 });
    expect(tail).toMatchObject({ size: 3, totalSize: 10, range: { start: 7, end: 9 } });
    expect(await readAll(tail.stream)).toBe('789');
    await expect(store.get('ranges/digits.png', { start: 50 })).rejects.toBeInstanceOf(BlobRangeError);
  });

  const multipartStore = () =>
    new S3BlobStore({
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
    });

  it('streams large bodies as a multipart upload', async () => {
    const multipart = multipartStore();
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const body = Readable.from(Array.from({ length: 12 }, (_, index) => Buffer.concat([chunk, Buffer.from([index])])));
    const result = await multipart.put('big/original.mp4', body, { contentType: 'video/mp4' });
    expect(result.size).toBe(12 * (1024 * 1024 + 1));
    expect((await store.head('big/original.mp4'))?.size).toBe(result.size);
    const last = await store.get('big/original.mp4', { start: result.size - 1 });
    expect([...Buffer.from(await readAll(last.stream), 'latin1')]).toEqual([11]);
    multipart.client.destroy();
  });

  it('stores nothing when the source fails midway', async () => {
    await expect(store.put('broken/original.mp4', failingBody(4), { contentType: 'video/mp4' })).rejects.toThrow(
      'connection reset by client',
    );
    expect(await store.exists('broken/original.mp4')).toBe(false);
  });

  it('stores nothing when the source fails after some parts were sent', async () => {
    const multipart = multipartStore();
    const body = failingBody(12, 1024 * 1024);
    await expect(multipart.put('broken/big.mp4', body, { contentType: 'video/mp4' })).rejects.toThrow(
      'connection reset by client',
    );
    expect(await store.exists('broken/big.mp4')).toBe(false);
    multipart.client.destroy();
  });

  it('puts a local file and can remove the source', async () => {
    const source = join(dir, 'upload.bin');
    await writeFile(source, 'file body');
    expect(await store.putFile('files/a.mp4', source, { contentType: 'video/mp4', removeSource: true })).toEqual({
      size: 9,
      sha256: sha256('file body'),
    });
    expect(await readAll((await store.get('files/a.mp4')).stream)).toBe('file body');
  });

  it('deletes one object and whole prefixes', async () => {
    for (const key of ['del/1/a.png', 'del/1/b.png', 'del/12/c.png', 'del/2/d.png']) await put(key, key);
    await store.delete('del/2/d.png');
    await store.delete('del/2/d.png');
    expect(await store.head('del/2/d.png')).toBeNull();
    await expect(store.get('del/2/d.png')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.deletePrefix('del/1/')).toBe(2);
    expect((await keysInBucket()).filter((key) => key.startsWith('del/'))).toEqual(['del/12/c.png']);
    expect(await store.deletePrefix('del/')).toBe(1);
    expect(await store.deletePrefix('del/')).toBe(0);
  });

  it('validates keys like the disk store', async () => {
    await expect(put('../escape.png', 'x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(put('a/photo.jpg', 'x', 'video/mp4')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('cleanTemp tolerates servers that cannot list multipart uploads', async () => {
    expect(await store.cleanTemp()).toBe(0);
  });
});

describe('STORAGE_URL parsing', () => {
  it('reads bucket, endpoint, region and credentials', () => {
    expect(
      parseS3StorageUrl(
        's3://media?endpoint=http://127.0.0.1:4569&region=eu-west-1&accessKeyId=a&secretAccessKey=b',
        {},
      ),
    ).toEqual({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
    });
  });

  it('takes credentials from the environment and defaults the region', () => {
    expect(
      parseS3StorageUrl('s3://media', { AWS_ACCESS_KEY_ID: 'env-id', AWS_SECRET_ACCESS_KEY: 'env-secret' }),
    ).toEqual({
      bucket: 'media',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'env-id',
      secretAccessKey: 'env-secret',
      forcePathStyle: false,
    });
  });

  it('explains what is wrong with other URLs', () => {
    expect(() => createBlobStore('/var/media', dir, {})).toThrow(/not a URL/);
    expect(() => createBlobStore('gs://bucket', dir, {})).toThrow(/scheme 'gs:' is not supported/);
    expect(() => createBlobStore('s3://bucket/prefix', dir, {})).toThrow(/must not have a path/);
    expect(() => createBlobStore('s3://bucket?endpont=http://x', dir, {})).toThrow(/unknown parameter 'endpont'/);
    expect(() => createBlobStore('s3://bucket?endpoint=ftp://x', dir, {})).toThrow(/http\(s\) URL/);
    expect(() => createBlobStore('s3://bucket?accessKeyId=a', dir, {})).toThrow(/incomplete/);
  });
});
