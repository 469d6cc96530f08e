import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { createAgentClient } from '@signage/agent-client';
import { AGENT_MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/blob';
import { createMediaDeps } from '../../src/modules/contents';
import { bearer, pairedPlayer, storedImage, testMedia } from '../agent/fixtures';
import { createTestApp, createUser, loginAs, type TestApp, testConfig } from '../helpers';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { sha256 } from './blob-helpers';
import { BUCKET, startS3rver } from './s3rver-fixture';

/**
 * Media from object storage (issue 28 item 3): with S3 the media route answers a redirect to a short-lived URL
 * signed for exactly the player's file, so its bytes never pass through a server; the disk store streams.
 * Both apps listen on loopback and are called with the agent client over real fetch, as the web player does.
 */
const CONSOLE_ORIGIN = 'http://console.test';
const TTL = 120;

type Served = TestApp & { baseUrl: string; sentBytes: () => number; blobs: BlobStore; cookie: string };

let s3: Awaited<ReturnType<typeof startS3rver>>;
let onS3: Served;
let onDisk: Served;

/** A test app listening on a loopback port, counting every byte its sockets send. */
async function serve(blobs: BlobStore, uploadDir: string): Promise<Served> {
  const t = await createTestApp({ media: { blobs, uploadDir }, config: { mediaUrlTtlSeconds: TTL } });
  const sockets = new Set<Socket>();
  t.app.server.on('connection', (socket: Socket) => sockets.add(socket));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  return {
    ...t,
    blobs,
    cookie,
    baseUrl: `http://127.0.0.1:${address.port}`,
    sentBytes: () => [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
  };
}

beforeAll(async () => {
  s3 = await startS3rver({ corsOrigin: CONSOLE_ORIGIN });
  onS3 = await serve(s3.store(), testMedia().uploadDir);
  const disk = testMedia();
  onDisk = await serve(disk.blobs, disk.uploadDir);
});

afterAll(async () => {
  await onS3?.close();
  await onDisk?.close();
  await s3?.close();
});

/** A paired player with a file of `bytes` scheduled for it (Immediate, from today), and its agent client. */
async function playerWithFile(at: Served, bytes: Buffer) {
  const player = await pairedPlayer(at.db);
  const file = await storedImage(at.db, at.blobs, { bytes });
  const body = createBody([player.deviceCode], [file.id], { available_date_from: dayFrom(0), download_allow_hour: '' });
  expectOk(await call(at.app, at.cookie, 'POST', '/api/schedules', body));
  const client = createAgentClient({ baseUrl: at.baseUrl, token: player.token });
  return { player, file, client, path: `/agent/v1/media/${file.id}` };
}

const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('media with S3 storage', () => {
  it("redirects the player to a URL signed for exactly its file, which downloads with the manifest's sha256", async () => {
    const { player, file, client, path } = await playerWithFile(onS3, randomBytes(300_000));
    const answer = await onS3.app.inject({ method: 'GET', url: path, headers: bearer(player.token) });
    expect(answer.statusCode).toBe(307);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.length).toBe(0);
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toMatch(
      new RegExp(`^${s3.endpoint}/${BUCKET}/contents/[^/]+/file\\.png$`),
    );
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(TTL));
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const fresh = await client.manifest();
    if (!fresh.changed) throw new Error('expected a manifest');
    const listed = fresh.manifest.schedules[0]?.media[0];
    // The manifest names the server's route, not a signed URL: its version stays the same between polls.
    expect(listed?.url).toBe(path);
    // The player's own call: fetch follows the redirect and leaves the device token behind (another origin;
    // the storage refuses a request that carries two kinds of authorisation).
    const download = await client.media(file.id);
    expect(download.status).toBe(200);
    expect(download.url.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true);
    expect(sha256(await bodyOf(download))).toBe(listed?.sha256);
    expect(listed?.sha256).toBe(sha256(file.bytes));
  });

  it('serves a Range through the redirect (a resumed download, a seek)', async () => {
    const { file, client } = await playerWithFile(onS3, randomBytes(50_000));
    const part = await client.media(file.id, { from: 1000, to: 1999 });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/50000');
    expect((await bodyOf(part)).equals(file.bytes.subarray(1000, 2000))).toBe(true);
    const tail = await client.media(file.id, { from: 49_990 });
    expect(tail.status).toBe(206);
    expect((await bodyOf(tail)).equals(file.bytes.subarray(49_990))).toBe(true);
  });

  it("refuses another player's media with 403 before anything is signed, and a call without token with 401", async () => {
    const { path } = await playerWithFile(onS3, randomBytes(1000));
    const other = await pairedPlayer(onS3.db);
    const refused = await onS3.app.inject({ method: 'GET', url: path, headers: bearer(other.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AGENT_MESSAGES.mediaNotInManifest);
    expect(refused.headers.location).toBeUndefined();
    const anonymous = await onS3.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.location).toBeUndefined();
  });

  it("lets the console's origin read the bucket (CORS with Range), and a signed URL stops working when it expires", async () => {
    const { player, path, file } = await playerWithFile(onS3, randomBytes(2000));
    const answer = await onS3.app.inject({ method: 'GET', url: path, headers: bearer(player.token) });
    const location = String(answer.headers.location);
    const preflight = await fetch(location, {
      method: 'OPTIONS',
      headers: {
        origin: CONSOLE_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('range');
    const read = await fetch(location, { headers: { origin: CONSOLE_ORIGIN, range: 'bytes=0-9' } });
    expect(read.status).toBe(206);
    expect(read.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect((await bodyOf(read)).equals(file.bytes.subarray(0, 10))).toBe(true);

    const key = decodeURIComponent(new URL(location).pathname.slice(`/${BUCKET}/`.length));
    const stale = await onS3.blobs.signedGetUrl?.(key, {
      expiresInSeconds: 900,
      signedAt: new Date(Date.now() - 3600_000),
    });
    const expired = await fetch(String(stale));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('signs for STORAGE_PUBLIC_URL when it is set: the URL names that host and its signature covers it', async () => {
    const publicBase = `http://localhost:${s3.port}`;
    const deps = createMediaDeps(
      testConfig({
        storageUrl: `s3://${BUCKET}?endpoint=${encodeURIComponent(s3.endpoint)}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`,
        storagePublicUrl: publicBase,
      }),
      { uploadDir: testMedia().uploadDir },
    );
    const { file } = await playerWithFile(onS3, randomBytes(4000));
    const [row] = await onS3.db.query.contents.findMany({ where: (c, { eq }) => eq(c.id, file.id) });
    const key = String(row?.mediaKey);
    const signedAt = new Date();
    try {
      const outside = String(await deps.blobs.signedGetUrl?.(key, { expiresInSeconds: TTL, signedAt }));
      const inside = String(await onS3.blobs.signedGetUrl?.(key, { expiresInSeconds: TTL, signedAt }));
      expect(outside.startsWith(`${publicBase}/${BUCKET}/${key}?`)).toBe(true);
      expect(new URL(outside).searchParams.get('X-Amz-Signature')).not.toBe(
        new URL(inside).searchParams.get('X-Amz-Signature'),
      );
      const read = await fetch(outside);
      expect(read.status).toBe(200);
      expect(sha256(await bodyOf(read))).toBe(file.sha256);
    } finally {
      (deps.blobs as { destroy?: () => void }).destroy?.();
    }
  });
});

describe("the pages' content security policy", () => {
  const connectSrc = (headers: Record<string, unknown>) =>
    String(headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('connect-src '));

  it("lets the web player follow the redirect to the storage's origin (S3), and nothing else (disk)", async () => {
    // A redirect's target must pass connect-src as well: without the storage there, Chromium blocks the download.
    expect(connectSrc((await onS3.app.inject({ method: 'GET', url: '/player/' })).headers)).toBe(
      `connect-src 'self' ${s3.endpoint}`,
    );
    expect(connectSrc((await onDisk.app.inject({ method: 'GET', url: '/player/' })).headers)).toBe(
      "connect-src 'self'",
    );
  });

  it('still starts when the storage credentials cannot sign yet, with the pages on their own origin', async () => {
    const media = testMedia();
    const unsigned = Object.assign(media.blobs, {
      signedGetUrl: async () => {
        throw new Error('Could not load credentials from any providers');
      },
    });
    const t = await createTestApp({ media: { blobs: unsigned, uploadDir: media.uploadDir } });
    try {
      expect(connectSrc((await t.app.inject({ method: 'GET', url: '/player/' })).headers)).toBe("connect-src 'self'");
    } finally {
      await t.close();
    }
  });
});

describe('media with the disk store', () => {
  it('streams through the route as before, whole and by Range, with no redirect', async () => {
    const { player, file, client, path } = await playerWithFile(onDisk, randomBytes(20_000));
    const whole = await onDisk.app.inject({ method: 'GET', url: path, headers: bearer(player.token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers.location).toBeUndefined();
    expect(whole.rawPayload.equals(file.bytes)).toBe(true);
    const part = await client.media(file.id, { from: 19_000 });
    expect(part.status).toBe(206);
    expect((await bodyOf(part)).equals(file.bytes.subarray(19_000))).toBe(true);
  });
});

describe('bytes through the server per player for a new 50 MB video', () => {
  const SIZE = 50_000_000;

  /** What the server sent while one player took its new manifest and downloaded (and checked) the file. */
  async function sentForOnePlayer(at: Served): Promise<number> {
    const { client } = await playerWithFile(at, randomBytes(SIZE));
    const before = at.sentBytes();
    const answer = await client.manifest();
    if (!answer.changed) throw new Error('expected a manifest');
    const item = answer.manifest.schedules[0]?.media[0];
    const body = await bodyOf(await client.media(String(item?.content_id)));
    expect(body.length).toBe(SIZE);
    expect(sha256(body)).toBe(item?.sha256);
    return at.sentBytes() - before;
  }

  it('is the manifest and a redirect with S3 storage, the whole file with the disk store', async () => {
    const withS3 = await sentForOnePlayer(onS3);
    const withDisk = await sentForOnePlayer(onDisk);
    console.info(
      `bytes sent by the server for one player, manifest + ${SIZE} byte file: S3 ${withS3}, disk ${withDisk} (${(withDisk / withS3).toFixed(0)}x)`,
    );
    expect(withS3).toBeLessThan(16_384);
    expect(withDisk).toBeGreaterThan(SIZE);
  });
});
