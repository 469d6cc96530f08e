import { randomUUID } from 'node:crypto';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, contentTypeForKey, DiskBlobStore, S3BlobStore } from '../../src/blob';
import { devices } from '../../src/db/schema';
import { contentPrefixOf, thumbnailKeyOf } from '../../src/modules/contents/keys';
import { insertContent, markContentDeleted } from '../../src/modules/contents/repo';
import { storeUploadedLog } from '../../src/modules/deviceLogs';
import { putFloorMap } from '../../src/modules/floormap/service';
import { claimSlot, sweepOrphans } from '../../src/modules/orphans';
import { BLOB_OWNERS } from '../../src/registry';
import { signedIn, upload } from '../contents/support';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeImage } from './fixtures';

const GRACE_MS = 60 * 60_000;
/** A sweep as it runs once every blob written by the test is older than the grace. */
const later = () => Date.now() + GRACE_MS + 60_000;
const BUCKET = 'orphans';

let s3: S3rver;
let endpoint: string;
beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tempDir(), 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
});
afterAll(() => s3?.close());

const stores: Array<[string, () => BlobStore]> = [
  ['disk', () => new DiskBlobStore(path.join(tempDir(), 'media'))],
  [
    's3',
    () =>
      new S3BlobStore({
        bucket: BUCKET,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

const silent = { info: () => {}, error: () => {} };

async function put(blobs: BlobStore, key: string) {
  await blobs.put(key, Readable.from([Buffer.from(`bytes of ${key}`)]), { contentType: contentTypeForKey(key) });
}

/** What the store holds under `prefix`, or under every prefix the test writes when none is given. */
async function listAll(blobs: BlobStore, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for (const each of prefix ? [prefix] : ['contents/', 'logs/', 'floormap/', 'exports/']) {
    for await (const page of blobs.list(each)) keys.push(...page.map((blob) => blob.key));
  }
  return keys.sort();
}

describe.each(stores)('orphan sweep on the %s store', (_kind, makeStore) => {
  let t: TestApp;
  let blobs: BlobStore;
  let media: { blobs: BlobStore; uploadDir: string };
  let png: Buffer;
  beforeAll(async () => {
    blobs = makeStore();
    const uploadDir = path.join(tempDir(), 'uploads');
    t = await createTestApp({ media: { blobs, uploadDir } });
    media = { blobs, uploadDir };
    const dir = tempDir();
    await writeImage(path.join(dir, 'a.png'), 'png', 320, 180);
    png = await readFile(path.join(dir, 'a.png'));
  });
  afterAll(() => t.close());

  const sweep = (now: number) =>
    sweepOrphans({ db: t.db, media, owners: BLOB_OWNERS, graceMs: GRACE_MS, log: silent }, now);

  it('removes old blobs no row names, and keeps every blob a row names and every fresh one', async () => {
    const cookie = await signedIn(t.app, t.db, 'DS_MK');
    // An image uploaded through the API: original and thumbnail, both named by its row once processed.
    const uploaded = await upload(
      t.app,
      cookie,
      { name: 'Spring sale', display_pattern: 'Multi,CW', region: 'JP' },
      { filename: 'spring.png', type: 'image/png', data: png },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await t.app.contentProcessing.idle();
    const ready = await listAll(blobs, 'contents/');
    expect(ready).toHaveLength(2);

    // A live content's image and thumbnail, a deleted content whose blobs stayed, a content still processing
    // whose thumbnail is stored but not yet recorded.
    const live = randomUUID();
    await put(blobs, `${contentPrefixOf(live)}original.png`);
    await put(blobs, thumbnailKeyOf(live));
    await insertContent(t.db, {
      ...row(live, 'stream'),
      mediaKey: `${contentPrefixOf(live)}original.png`,
      thumbnailKey: thumbnailKeyOf(live),
    });
    const deleted = randomUUID();
    await put(blobs, `${contentPrefixOf(deleted)}original.png`);
    await insertContent(t.db, { ...row(deleted, 'image'), mediaKey: `${contentPrefixOf(deleted)}original.png` });
    expect(await markContentDeleted(t.db, deleted)).toBe(true);
    const processing = randomUUID();
    await put(blobs, `${contentPrefixOf(processing)}original.png`);
    await put(blobs, thumbnailKeyOf(processing));
    await insertContent(t.db, {
      ...row(processing, 'image'),
      mediaKey: `${contentPrefixOf(processing)}original.png`,
      processingState: 'processing',
    });
    // A player's uploaded log, and a shop's floor map (no row: the blob is the map).
    const deviceCode = `P${randomUUID().slice(0, 8)}`;
    await t.db.insert(devices).values({ deviceCode, deviceName: deviceCode, region: 'JP', shopNo: '0001' });
    const log = await storeUploadedLog(t.db, blobs, deviceCode, {
      name: 'player.log',
      level: 'INFO',
      started_at: '2026-01-01T00:00:00Z',
      ended_at: '2026-01-01T01:00:00Z',
      content: 'started',
    });
    const pdf = path.join(tempDir(), 'map.pdf');
    await writeFile(pdf, '%PDF-1.4 floor');
    const map = await putFloorMap(blobs, { region: 'JP', shopNo: '12', file: pdf });
    const kept = await listAll(blobs);

    // What a crash between a blob's write and its row's commit leaves: an original and thumbnail with no
    // row, a log with no row, and a second original beside a row that names another one. Unowned prefixes
    // are never the sweep's business.
    const orphans = [
      `${contentPrefixOf(randomUUID())}original.png`,
      thumbnailKeyOf(randomUUID()),
      `logs/${deviceCode}/${randomUUID()}.log`,
      `${contentPrefixOf(live)}original.jpg`,
    ];
    for (const key of orphans) await put(blobs, key);
    await put(blobs, 'exports/report.zip');

    expect(await sweep(Date.now())).toEqual({ blobs: [], files: 0 });
    expect(await listAll(blobs)).toEqual([...kept, ...orphans, 'exports/report.zip'].sort());

    const swept = await sweep(later());
    expect(swept.blobs.sort()).toEqual([...orphans].sort());
    expect(await listAll(blobs)).toEqual([...kept, 'exports/report.zip'].sort());
    expect(kept).toEqual(
      expect.arrayContaining([
        ...ready,
        thumbnailKeyOf(live),
        `${contentPrefixOf(deleted)}original.png`,
        thumbnailKeyOf(processing),
        `logs/${deviceCode}/${log.log_id}.log`,
        map.key,
      ]),
    );
    // What the API serves still works.
    const content = (
      await t.app.inject({ url: `/api/contents/${uploaded.json().data.key}`, headers: { cookie } })
    ).json().data;
    expect((await t.app.inject({ url: content.thumbnail_url, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: content.content_url, headers: { cookie } })).rawPayload.equals(png)).toBe(true);
  });

  it('removes upload temp files not written for the grace, and keeps fresh ones and resumable uploads', async () => {
    const old = new Date(Date.now() - GRACE_MS - 60_000);
    const files = {
      oldIncoming: path.join(media.uploadDir, 'incoming', `${randomUUID()}.upload`),
      freshIncoming: path.join(media.uploadDir, 'incoming', `${randomUUID()}.upload`),
      oldThumbnail: path.join(media.uploadDir, 'processing', `${randomUUID()}.thumb.jpg`),
      freshThumbnail: path.join(media.uploadDir, 'processing', `${randomUUID()}.thumb.jpg`),
      oldTus: path.join(media.uploadDir, 'tus', randomUUID()),
    };
    for (const file of Object.values(files)) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'partial');
    }
    for (const file of [files.oldIncoming, files.oldThumbnail, files.oldTus]) await utimes(file, old, old);
    expect((await sweep(Date.now())).files).toBe(2);
    const left = await Promise.all(
      Object.values(files).map((file) =>
        readFile(file).then(
          () => file,
          () => null,
        ),
      ),
    );
    expect(left.filter(Boolean).sort()).toEqual([files.freshIncoming, files.freshThumbnail, files.oldTus].sort());
  });
});

describe('the periodic sweep slot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is claimed once per slot, by whichever process asks first', async () => {
    const slot = new Date('2030-01-01T10:00:00Z');
    const claims = await Promise.all([claimSlot(t.db, 'test-job', slot), claimSlot(t.db, 'test-job', slot)]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await claimSlot(t.db, 'test-job', slot)).toBe(false);
    expect(await claimSlot(t.db, 'test-job', new Date('2030-01-01T09:00:00Z'))).toBe(false);
    expect(await claimSlot(t.db, 'test-job', new Date('2030-01-01T11:00:00Z'))).toBe(true);
  });
});

function row(id: string, type: 'image' | 'stream') {
  return {
    id,
    key: id.slice(0, 12),
    name: `Content ${id}`,
    type,
    displayPattern: 'Multi,CW',
    region: 'JP',
    createdBy: 'test',
  };
}
