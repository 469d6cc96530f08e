import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type TContent } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type BlobStore, DiskBlobStore } from '../../src/blob';
import { bearer, pairedPlayer } from '../agent/fixtures';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeClip, writeImage } from '../media/fixtures';
import { call, createBody, dayFrom } from '../schedules/fixtures';
import { filesUnder, signedIn, upload } from './support';

/**
 * The work an upload's answer does not wait for (issue 15): the thumbnail is made after the answer while the
 * content is 'processing'; players only get it once it is 'ready'; a failure leaves it 'failed', which
 * schedules refuse; a restart finishes what was left undone.
 */
let t: TestApp;
let mk: string;
let mediaDir: string;
let uploadDir: string;
let png: Buffer;
let mp4: Buffer;
let disk: DiskBlobStore;

/** While set, storing a thumbnail waits for it (the thumbnail is still being made). */
let gate: Promise<void> | null = null;
/** When set, storing a thumbnail fails (processing fails). */
let failThumbnails = false;

function gatedStore(inner: BlobStore): BlobStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'putFile') {
        return async (
          key: string,
          ...rest: Parameters<BlobStore['putFile']> extends [string, ...infer R] ? R : never
        ) => {
          if (key.endsWith('/thumbnail.jpg')) {
            if (gate) await gate;
            if (failThumbnails) throw new Error('thumbnail storage unavailable');
          }
          return target.putFile(key, ...rest);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** Closes the gate; the answer opens it again. */
function holdThumbnails(): () => void {
  let open = () => {};
  gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    gate = null;
    open();
  };
}

const form = { name: 'Fresh', display_pattern: 'Multi,CW', region: 'JP' };

beforeAll(async () => {
  const dir = tempDir();
  mediaDir = path.join(dir, 'media');
  uploadDir = path.join(dir, 'uploads');
  disk = new DiskBlobStore(mediaDir);
  t = await createTestApp({ media: { blobs: gatedStore(disk), uploadDir } });
  mk = await signedIn(t.app, t.db, 'DS_MK');
  await writeImage(path.join(dir, 'a.png'), 'png', 640, 360);
  await writeClip(path.join(dir, 'a.mp4'), '320x240', 2);
  png = await readFile(path.join(dir, 'a.png'));
  mp4 = await readFile(path.join(dir, 'a.mp4'));
});
afterAll(() => t.close());

const shown = async (key: string): Promise<TContent> =>
  (await t.app.inject({ url: `/api/contents/${key}`, headers: { cookie: mk } })).json().data;

const manifestMedia = async (token: string) => {
  const response = await t.app.inject({ url: '/agent/v1/manifest', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.schedules as { media: { content_id: string; sha256: string | null }[] }[]).flatMap(
    (s) => s.media,
  );
};

async function scheduleFor(deviceCode: string, contentId: string) {
  return call(
    t.app,
    mk,
    'POST',
    '/api/schedules',
    createBody([deviceCode], [contentId], { available_date_from: dayFrom(0), download_allow_hour: '' }),
  );
}

describe('processing after the answer', () => {
  it('answers before the thumbnail is made, and players get the content only once it is ready', async () => {
    const release = holdThumbnails();
    let key: string;
    let contentId: string;
    const player = await pairedPlayer(t.db);
    try {
      const response = await upload(
        t.app,
        mk,
        { ...form, name: 'Fresh clip' },
        { filename: 'a.mp4', type: 'video/mp4', data: mp4 },
      );
      expect(response.statusCode, response.body).toBe(200);
      const answered = response.json().data as TContent;
      // What validation needs is in the answer; the thumbnail is not made yet (its storing is held).
      expect(answered).toMatchObject({ type: 'movie', width: 320, height: 240, size: mp4.length });
      expect(answered.duration).toBeCloseTo(2, 0);
      expect(answered).toMatchObject({ processing_state: 'processing', thumbnail_url: null });
      key = answered.key;
      contentId = answered.content_id;
      expect(await shown(key)).toMatchObject({ processing_state: 'processing', thumbnail_url: null });
      const thumb = await t.app.inject({ url: `/api/contents/${key}/thumbnail`, headers: { cookie: mk } });
      expect(thumb.statusCode).toBe(404);

      // A processing content may be scheduled, but the player's manifest does not carry it yet.
      expect((await scheduleFor(player.deviceCode, contentId)).statusCode).toBe(200);
      expect(await manifestMedia(player.token)).toEqual([]);
      const early = await t.app.inject({ url: `/agent/v1/media/${contentId}`, headers: bearer(player.token) });
      expect(early.statusCode).toBe(403);
    } finally {
      release();
    }
    await t.app.contentProcessing.idle();
    const ready = await shown(key);
    expect(ready.processing_state).toBe('ready');
    const thumb = await t.app.inject({ url: String(ready.thumbnail_url), headers: { cookie: mk } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const media = await manifestMedia(player.token);
    expect(media.map((m) => m.content_id)).toEqual([contentId]);
    expect(media[0]?.sha256).toBe(createHash('sha256').update(mp4).digest('hex'));
    expect(await filesUnder(uploadDir)).toEqual([]);
  });

  it('marks a content whose processing failed, which then cannot be scheduled nor reach players', async () => {
    failThumbnails = true;
    let answered: TContent;
    try {
      const response = await upload(
        t.app,
        mk,
        { ...form, name: 'Broken poster' },
        { filename: 'a.png', type: 'image/png', data: png },
      );
      expect(response.statusCode, response.body).toBe(200);
      answered = response.json().data;
      await t.app.contentProcessing.idle();
    } finally {
      failThumbnails = false;
    }
    expect(await shown(answered.key)).toMatchObject({ processing_state: 'failed', thumbnail_url: null });
    const listed = await t.app.inject({ url: '/api/contents?name=Broken%20poster', headers: { cookie: mk } });
    expect(listed.json().data.contents).toMatchObject([{ processing_state: 'failed' }]);

    const player = await pairedPlayer(t.db);
    const refused = await scheduleFor(player.deviceCode, answered.content_id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      result: 'Failure',
      message: `${MESSAGES.scheduleContentProcessingFailed}: "Broken poster"`,
    });
    expect(await manifestMedia(player.token)).toEqual([]);
    // It can still be deleted, with its files.
    const removed = await call(t.app, mk, 'DELETE', `/api/contents/${answered.content_id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await filesUnder(mediaDir)).filter((f) => f.includes(answered.content_id))).toEqual([]);
  });

  it('hashes a resumable upload after the answer, not on the request', async () => {
    const release = holdThumbnails();
    let key: string;
    try {
      const tus = { cookie: mk, 'tus-resumable': '1.0.0' };
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...tus,
          'upload-length': String(png.length),
          'upload-metadata': `filename ${Buffer.from('big.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}`,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = String(created.headers.location).split('/').pop() as string;
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: png,
      });
      expect(patched.statusCode).toBe(204);
      const registered = await call(t.app, mk, 'POST', '/api/contents/from-upload', {
        ...form,
        name: 'Resumed',
        upload_id: id,
      });
      expect(registered.statusCode, registered.body).toBe(200);
      key = registered.json().data.key;
      expect(registered.json().data).toMatchObject({ processing_state: 'processing', size: png.length });
      // Not hashed yet: no entity tag on the file.
      const file = await t.app.inject({ url: `/api/contents/${key}/file`, headers: { cookie: mk } });
      expect(file.statusCode).toBe(200);
      expect(file.headers.etag).toBeUndefined();
    } finally {
      release();
    }
    await t.app.contentProcessing.idle();
    expect(await shown(key)).toMatchObject({ processing_state: 'ready' });
    const file = await t.app.inject({ url: `/api/contents/${key}/file`, headers: { cookie: mk } });
    expect(file.headers.etag).toBe(`"${createHash('sha256').update(png).digest('hex')}"`);
  });

  it('is finished by the next server when the one that answered stopped before processing', async () => {
    // The first server is stuck making the thumbnail (as if it died there): the row stays 'processing'.
    const release = holdThumbnails();
    let key: string;
    try {
      const response = await upload(
        t.app,
        mk,
        { ...form, name: 'Left undone' },
        { filename: 'a.png', type: 'image/png', data: png },
      );
      expect(response.statusCode, response.body).toBe(200);
      key = response.json().data.key;
      // A new server on the same database and storage takes it up when it starts.
      const next = await buildApp({ config: t.config, db: t.db, media: { blobs: disk, uploadDir } });
      try {
        await next.ready();
        await next.contentProcessing.idle();
        const content = await shown(key);
        expect(content).toMatchObject({ processing_state: 'ready' });
        const thumb = await next.inject({ url: String(content.thumbnail_url), headers: { cookie: mk } });
        expect(thumb.statusCode).toBe(200);
      } finally {
        await next.close();
      }
    } finally {
      release();
    }
    // The first server's late job finds it done and leaves it (and its thumbnail) as it is.
    await t.app.contentProcessing.idle();
    const content = await shown(key);
    expect(content.processing_state).toBe('ready');
    expect((await t.app.inject({ url: String(content.thumbnail_url), headers: { cookie: mk } })).statusCode).toBe(200);
  });
});
