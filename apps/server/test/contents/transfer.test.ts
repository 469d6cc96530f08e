import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CONTENT_MESSAGES, MAX_UPLOAD_BYTES, MESSAGES } from '@signage/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, type S3BlobStore } from '../../src/blob';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeImage } from '../media/fixtures';
import { expectFailure, filesUnder, signedIn, upload } from './support';

const BUCKET = 'signage-media';
let t: TestApp;
let cookie: string;
let s3: S3rver;
let store: S3BlobStore;
let uploadDir: string;
let png: Buffer;
const form = { name: 'Via S3', display_pattern: '1x1v', region: 'JP' };

beforeAll(async () => {
  const dir = tempDir();
  uploadDir = path.join(dir, 'uploads');
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  const endpoint = encodeURIComponent(`http://127.0.0.1:${port}`);
  store = createBlobStore(
    `s3://${BUCKET}?endpoint=${endpoint}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`,
    dir,
    {},
  ) as S3BlobStore;
  t = await createTestApp({ media: { blobs: store, uploadDir } });
  cookie = await signedIn(t.app, t.db, 'DS_MK');
  await writeImage(path.join(dir, 'a.png'), 'png', 400, 300);
  png = await readFile(path.join(dir, 'a.png'));
});
afterAll(async () => {
  await t.close();
  store.client.destroy();
  await s3.close();
});

describe('S3 blob store (s3rver)', () => {
  it('stores the upload in the bucket and serves it with Range', async () => {
    const response = await upload(t.app, cookie, form, { filename: 'a.png', type: 'image/png', data: png });
    expect(response.statusCode, response.body).toBe(200);
    const content = response.json().data;
    expect(content.processing_state).toBe('processing');
    expect(await store.exists(`contents/${content.content_id}/original.png`)).toBe(true);
    // The thumbnail is made after the answer, from the original fetched back from the bucket.
    await t.app.contentProcessing.idle();
    expect(await store.exists(`contents/${content.content_id}/thumbnail.jpg`)).toBe(true);
    const shown = await t.app.inject({ url: `/api/contents/${content.key}`, headers: { cookie } });
    expect(shown.json().data).toMatchObject({ processing_state: 'ready' });
    expect(await filesUnder(uploadDir)).toEqual([]);
    const part = await t.app.inject({ url: content.content_url, headers: { cookie, range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${png.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('PNG');
  });
});

const tusHeaders = (extra: Record<string, string> = {}) => ({ cookie, 'tus-resumable': '1.0.0', ...extra });
const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

describe('resumable uploads (tus)', () => {
  it('resumes from the stored offset, then registers through the same checks', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders({
        'upload-length': String(png.length),
        'upload-metadata': meta({ filename: 'big.png', filetype: 'image/png' }),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').pop() as string;
    const half = Math.floor(png.length / 2);
    const patch = (offset: number, chunk: Buffer) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: tusHeaders({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        payload: chunk,
      });
    expect((await patch(0, png.subarray(0, half))).statusCode).toBe(204);
    // The connection dropped here; the client asks where to go on.
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders() });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await patch(half, png.subarray(half))).statusCode).toBe(204);

    const other = await signedIn(t.app, t.db, 'DS_FRIT');
    const stolen = await t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { ...tusHeaders(), cookie: other },
    });
    expect(stolen.statusCode).toBe(404);
    const notMine = await t.app.inject({
      method: 'POST',
      url: '/api/contents/from-upload',
      headers: { cookie: other },
      payload: { ...form, upload_id: id },
    });
    expectFailure(notMine, 404, CONTENT_MESSAGES.uploadNotFound);

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/contents/from-upload',
      headers: { cookie },
      payload: { ...form, upload_id: id },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({ name: 'Via S3', type: 'image', size: png.length });
    expect(await filesUnder(path.join(uploadDir, 'tus'))).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/contents/from-upload',
      headers: { cookie },
      payload: { ...form, upload_id: id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses uploads over 400 MB at creation, incomplete uploads and disguised files', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders({ 'upload-length': String(MAX_UPLOAD_BYTES + 1) }),
    });
    expect(huge.statusCode).toBe(413);

    const text = Buffer.from('plain text, not an image');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders({
        'upload-length': String(text.length),
        'upload-metadata': meta({ filename: 'fake.png', filetype: 'image/png' }),
      }),
    });
    const id = (created.headers.location as string).split('/').pop() as string;
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contents/from-upload',
        headers: { cookie },
        payload: { ...form, upload_id: id },
      });
    expectFailure(await register(), 409, CONTENT_MESSAGES.uploadNotFound);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: tusHeaders({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      payload: text,
    });
    expectFailure(await register(), 400, MESSAGES.uploadBadExtension);
    expect(await filesUnder(path.join(uploadDir, 'tus'))).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('oversized bodies', () => {
  it('refuses a body announced over 400 MB before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contents',
      headers: {
        cookie,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_UPLOAD_BYTES + 2 * 1024 * 1024),
      },
      payload: Readable.from([Buffer.from('--x\r\n')]),
    });
    expectFailure(response, 413, MESSAGES.uploadTooLarge);
  });

  it('stops reading a streamed (chunked) upload at 400 MB, answers 413 and keeps no temp file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'bnd';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig\r\n--${boundary}\r\nContent-Disposition: form-data; name="display_pattern"\r\n\r\nLED\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const total = 450;
    let sent = 0;
    const body = Readable.from(
      (function* () {
        yield head;
        for (; sent < total; sent += 1) yield chunk;
      })(),
    );
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/contents',
          headers: {
            cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });
    body.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ message: MESSAGES.uploadTooLarge });
    expect(sent).toBeLessThan(total);
    expect(await filesUnder(path.join(uploadDir, 'incoming'))).toEqual([]);
  });
});
