import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TContent } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../../src/blob';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeImage } from '../media/fixtures';
import { signedIn, upload } from './support';

let t: TestApp;
let mk: string;
let png: Buffer;
let global: TContent;
let jpOnly: TContent;
let usOnly: TContent;

async function register(name: string, region: string): Promise<TContent> {
  const response = await upload(
    t.app,
    mk,
    { name, display_pattern: 'Multi,CW', region },
    { filename: 'a.png', type: 'image/png', data: png },
  );
  expect(response.statusCode, response.body).toBe(200);
  // The thumbnail is made after the answer: the content as it is once processed.
  await t.app.contentProcessing.idle();
  const shown = await t.app.inject({ url: `/api/contents/${response.json().data.key}`, headers: { cookie: mk } });
  return shown.json().data as TContent;
}

async function listedNames(cookie: string, query = ''): Promise<string[]> {
  const response = await t.app.inject({ url: `/api/contents?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.contents as TContent[]).map((c) => c.name);
}

beforeAll(async () => {
  const dir = tempDir();
  t = await createTestApp({
    media: { blobs: new DiskBlobStore(path.join(dir, 'media')), uploadDir: path.join(dir, 'uploads') },
  });
  mk = await signedIn(t.app, t.db, 'DS_MK');
  await writeImage(path.join(dir, 'a.png'), 'png', 320, 180);
  png = await readFile(path.join(dir, 'a.png'));
  global = await register('For all countries', '');
  jpOnly = await register('Japan only', 'JP');
  usOnly = await register('US only', 'US');
});
afterAll(() => t.close());

describe('content published for all countries', () => {
  for (const role of ['DS_LHQBIZ', 'DS_LHQIT'] as const) {
    it(`is listed, shown and played for ${role}, who still cannot change it`, async () => {
      const jp = await signedIn(t.app, t.db, role, 'JP');
      expect(await listedNames(jp)).toEqual(['Japan only', 'For all countries']);
      expect(await listedNames(jp, 'region=JP')).toEqual(['Japan only', 'For all countries']);

      const detail = await t.app.inject({ url: `/api/contents/${global.key}`, headers: { cookie: jp } });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({ name: 'For all countries', region: '' });
      const part = await t.app.inject({ url: String(global.content_url), headers: { cookie: jp, range: 'bytes=0-7' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(png.subarray(0, 8))).toBe(true);
      const thumb = await t.app.inject({ url: String(global.thumbnail_url), headers: { cookie: jp } });
      expect(thumb.statusCode).toBe(200);

      const other = await t.app.inject({ url: `/api/contents/${usOnly.key}`, headers: { cookie: jp } });
      expect(other.statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/contents/${global.key}`,
        headers: { cookie: jp },
        payload: { name: 'renamed' },
      });
      expect(put.statusCode).toBe(403);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/contents/${global.content_id}`,
        headers: { cookie: jp },
      });
      expect(del.statusCode).toBe(403);
      expect(await listedNames(mk)).toContain('For all countries');
    });
  }

  it('is left out when DS_MK filters by one country, as before', async () => {
    expect(await listedNames(mk, 'region=JP')).toEqual(['Japan only']);
    expect(await listedNames(mk)).toEqual(['US only', 'Japan only', 'For all countries']);
    expect(jpOnly.region).toBe('JP');
  });
});
