import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, CONTENT_MESSAGES, CONTENT_NAME_MAX, earliestLicenseStart, MESSAGES } from '@signage/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/blob';
import { DiskBlobStore } from '../../src/blob';
import { findContentIncludingDeleted } from '../../src/modules/contents/repo';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeClip, writeImage } from '../media/fixtures';
import { expectFailure, filesUnder, signedIn, upload } from './support';

let t: TestApp;
let cookie: string;
let mediaDir: string;
let uploadDir: string;
let png: Buffer;
let mp4: Buffer;
/** When set, putFile of a key containing this text fails (a storage outage mid-registration). */
let failKeysContaining: string | null = null;

function flakyStore(inner: BlobStore): BlobStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'putFile') {
        return async (
          key: string,
          ...rest: Parameters<BlobStore['putFile']> extends [string, ...infer R] ? R : never
        ) => {
          if (failKeysContaining && key.includes(failKeysContaining)) throw new Error('storage unavailable');
          return target.putFile(key, ...rest);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

const form = { name: 'Spring sale', display_pattern: 'Multi,CW', region: 'JP' };

beforeAll(async () => {
  const dir = tempDir();
  mediaDir = path.join(dir, 'media');
  uploadDir = path.join(dir, 'uploads');
  t = await createTestApp({ media: { blobs: flakyStore(new DiskBlobStore(mediaDir)), uploadDir } });
  cookie = await signedIn(t.app, t.db, 'DS_MK');
  await writeImage(path.join(dir, 'a.png'), 'png', 640, 360);
  await writeClip(path.join(dir, 'a.mp4'), '320x240', 2);
  png = await readFile(path.join(dir, 'a.png'));
  mp4 = await readFile(path.join(dir, 'a.mp4'));
});
afterAll(() => t.close());
// Thumbnails are made after the answers: each test leaves none in the making for the next one to see.
afterEach(() => t.app.contentProcessing.idle());

describe('POST /api/contents (Video-Image)', () => {
  it('registers an image with size, hash and thumbnail, served with its type and Range support', async () => {
    const response = await upload(t.app, cookie, form, { filename: 'spring.png', type: 'image/png', data: png });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json().data;
    // The answer does not wait for the thumbnail: it is made after, while the content is 'processing'.
    expect(answered).toMatchObject({
      name: 'Spring sale',
      type: 'image',
      width: 640,
      height: 360,
      size: png.length,
      processing_state: 'processing',
      thumbnail_url: null,
    });
    expect(answered.license_from).toBeNull();
    await t.app.contentProcessing.idle();
    const content = (await t.app.inject({ url: `/api/contents/${answered.key}`, headers: { cookie } })).json().data;
    expect(content).toMatchObject({ processing_state: 'ready', size: png.length });

    const thumb = await t.app.inject({ url: content.thumbnail_url, headers: { cookie } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');

    const whole = await t.app.inject({ url: content.content_url, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(png)).toBe(true);

    const part = await t.app.inject({ url: content.content_url, headers: { cookie, range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(0, 8))).toBe(true);

    const tail = await t.app.inject({ url: content.content_url, headers: { cookie, range: 'bytes=-4' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(png.subarray(png.length - 4))).toBe(true);

    const beyond = await t.app.inject({ url: content.content_url, headers: { cookie, range: `bytes=${png.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${png.length}`);

    const anonymous = await t.app.inject({ url: content.content_url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('registers a movie with its duration and a frame as thumbnail, with license dates', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await upload(
      t.app,
      cookie,
      { ...form, name: 'Clip', license_from: today, license_to: '2099-12-31' },
      { filename: 'clip.mp4', type: 'video/mp4', data: mp4 },
    );
    expect(response.statusCode, response.body).toBe(200);
    const content = response.json().data;
    expect(content).toMatchObject({
      type: 'movie',
      width: 320,
      height: 240,
      license_from: today,
      license_to: '2099-12-31',
    });
    expect(content.duration).toBeCloseTo(2, 0);
    await t.app.contentProcessing.idle();
    const ready = (await t.app.inject({ url: `/api/contents/${content.key}`, headers: { cookie } })).json().data;
    const frame = await t.app.inject({ url: ready.thumbnail_url, headers: { cookie } });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/jpeg');
    const seek = await t.app.inject({ url: content.content_url, headers: { cookie, range: 'bytes=100-199' } });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-type']).toBe('video/mp4');
    expect(seek.rawPayload.length).toBe(100);
  });

  it('refuses a text file renamed .png, and other extensions, leaving no row and no file', async () => {
    const before = await filesUnder(mediaDir);
    const fake = await upload(t.app, cookie, form, {
      filename: 'notes.png',
      type: 'image/png',
      data: Buffer.from('hello'),
    });
    expectFailure(fake, 400, MESSAGES.uploadBadExtension);
    const gif = await upload(t.app, cookie, form, { filename: 'a.gif', type: 'image/gif', data: png });
    expectFailure(gif, 400, MESSAGES.uploadBadExtension);
    expect(await filesUnder(mediaDir)).toEqual(before);
    expect(await filesUnder(uploadDir)).toEqual([]);
  });

  it('accepts a licence start that is still today for the last stores on Earth (UTC-12)', async () => {
    const start = earliestLicenseStart(new Date());
    const response = await upload(
      t.app,
      cookie,
      { ...form, name: 'Late zone', license_from: start },
      { filename: 'a.png', type: 'image/png', data: png },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.license_from).toBe(start);
  });

  it('applies the required fields and date rules of the form', async () => {
    const file = { filename: 'a.png', type: 'image/png', data: png };
    expectFailure(await upload(t.app, cookie, { ...form, name: ' ' }, file), 400, MESSAGES.enterContentName);
    expectFailure(
      await upload(t.app, cookie, { ...form, name: 'n'.repeat(CONTENT_NAME_MAX + 1) }, file),
      400,
      CONTENT_MESSAGES.nameTooLong,
    );
    expectFailure(await upload(t.app, cookie, { name: 'x' }, file), 400, CONTENT_MESSAGES.selectDisplayPattern);
    expectFailure(await upload(t.app, cookie, form), 400, MESSAGES.uploadFile);
    expectFailure(await upload(t.app, cookie, { ...form, region: 'XX' }, file), 400, CONTENT_MESSAGES.invalidCountry);
    expectFailure(
      await upload(t.app, cookie, { ...form, license_from: '2000-01-01' }, file),
      400,
      CONTENT_MESSAGES.startInPast,
    );
    // The day before the last zone on Earth (UTC-12) reached today is past for every store.
    const pastEverywhere = addDays(earliestLicenseStart(new Date()), -1);
    expectFailure(
      await upload(t.app, cookie, { ...form, license_from: pastEverywhere }, file),
      400,
      CONTENT_MESSAGES.startInPast,
    );
    expectFailure(
      await upload(t.app, cookie, { ...form, license_from: '2099-02-01', license_to: '2099-01-01' }, file),
      400,
      CONTENT_MESSAGES.endBeforeStart,
    );
    expect(await filesUnder(uploadDir)).toEqual([]);
  });

  it('refuses a second file in one request', async () => {
    const { multipart, fieldsOf } = await import('./support');
    const body = multipart([
      ...fieldsOf(form),
      { name: 'content', filename: 'a.png', type: 'image/png', data: png },
      { name: 'content', filename: 'b.png', type: 'image/png', data: png },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contents',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expectFailure(response, 400, CONTENT_MESSAGES.oneFileOnly);
  });

  it('is atomic: a storage failure of the original leaves no row and no file', async () => {
    const before = await filesUnder(mediaDir);
    failKeysContaining = 'original';
    try {
      const response = await upload(
        t.app,
        cookie,
        { ...form, name: 'Doomed' },
        { filename: 'a.png', type: 'image/png', data: png },
      );
      expectFailure(response, 500, MESSAGES.unexpectedError);
    } finally {
      failKeysContaining = null;
    }
    expect(await filesUnder(mediaDir)).toEqual(before);
    expect(await filesUnder(uploadDir)).toEqual([]);
    const list = await t.app.inject({ url: '/api/contents?name=Doomed', headers: { cookie } });
    expect(list.json().data.contents).toEqual([]);
  });

  it('is refused to roles that may only read, and to readers without a session', async () => {
    const reader = await signedIn(t.app, t.db, 'DS_LHQBIZ');
    const file = { filename: 'a.png', type: 'image/png', data: png };
    expect((await upload(t.app, reader, form, file)).statusCode).toBe(403);
    expect((await upload(t.app, '', form, file)).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/contents', () => {
  it('renames, then deletes keeping the row (and its name) for history while the files go', async () => {
    const created = (
      await upload(t.app, cookie, { ...form, name: 'Old' }, { filename: 'a.png', type: 'image/png', data: png })
    ).json().data;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/contents/${created.key}`,
      headers: { cookie },
      payload: { name: 'New name', zone_code: 'Asia/Tokyo' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'New name' });
    expect(renamed.json().data.updated_at > created.updated_at).toBe(true);
    expectFailure(
      await t.app.inject({
        method: 'PUT',
        url: `/api/contents/${created.key}`,
        headers: { cookie },
        payload: { name: '' },
      }),
      400,
      MESSAGES.enterContentName,
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/contents/${created.content_id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/contents/${created.key}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: created.content_url, headers: { cookie } })).statusCode).toBe(404);
    expect((await findContentIncludingDeleted(t.db, created.content_id))?.name).toBe('New name');
    // A thumbnail still being made when the content was deleted is removed when its job finds it gone.
    await t.app.contentProcessing.idle();
    expect((await filesUnder(mediaDir)).filter((f) => f.includes(created.content_id))).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/contents/${created.content_id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
