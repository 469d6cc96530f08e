import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveAccessCache } from '../../src/agent/liveAccess';
import { bearer, pairedPlayer } from '../agent/fixtures';
import { createUser, loginAs } from '../helpers';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { hook, liveWorld, makeStream, writeHls } from './support';

/**
 * A live content's HLS through the server: GET /api/live/:content_id/:file for a session allowed to read the
 * content, GET /agent/v1/live/:content_id/:file for a player whose manifest carries it. 404 while off air.
 */
let w: Awaited<ReturnType<typeof liveWorld>>;
const as: Record<string, string> = {};
const mkCookie = () => as.mk ?? '';

beforeAll(async () => {
  w = await liveWorld();
  const users = {
    mk: { role: 'DS_MK' },
    jp: { role: 'DS_LHQBIZ', region: 'JP' },
    us: { role: 'DS_LHQBIZ', region: 'US' },
    kt: { role: 'DS_KT', region: 'JP' },
  } as const;
  for (const [name, user] of Object.entries(users)) as[name] = await loginAs(w.t.app, await createUser(w.t.db, user));
});
afterAll(async () => {
  await w?.close();
});

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  w.t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe('HLS for the console (GET /api/live/:content_id/:file)', () => {
  it('serves the playlist and its segments only while on air, with their types and caching', async () => {
    const stream = await makeStream(w.t.db, { region: 'JP' });
    const { playlist, segment } = writeHls(w.hlsDir, stream.streamKey);
    const url = `/api/live/${stream.id}`;
    expect((await get(`${url}/index.m3u8`, as.mk)).statusCode).toBe(404);

    expect((await hook(w.t.app, 'publish', stream.streamKey, { client: '81' })).statusCode).toBe(200);
    const list = await get(`${url}/index.m3u8`, as.mk);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.body).toBe(playlist);
    // The playlist's segment names are relative: they resolve under this same address.
    const first = new URL('7.ts', `http://console${url}/index.m3u8`).pathname;
    const part = await get(first, as.jp);
    expect(part.statusCode).toBe(200);
    expect(part.headers['content-type']).toBe('video/mp2t');
    expect(part.headers['cache-control']).toBe('private, max-age=10');
    expect(part.headers['content-length']).toBe(String(segment.length));
    expect(part.rawPayload.equals(segment)).toBe(true);
    expect((await get(`${url}/9.ts`, as.mk)).statusCode).toBe(404);

    expect((await hook(w.t.app, 'publish_done', stream.streamKey, { client: '81' })).statusCode).toBe(200);
    expect((await get(`${url}/index.m3u8`, as.mk)).statusCode).toBe(404);
    expect((await get(first, as.mk)).statusCode).toBe(404);
  });

  it("answers only the content's readers: 401 without a session, 403 for other roles, 404 in another region", async () => {
    const stream = await makeStream(w.t.db, { region: 'JP' });
    writeHls(w.hlsDir, stream.streamKey);
    expect((await hook(w.t.app, 'publish', stream.streamKey)).statusCode).toBe(200);
    const url = `/api/live/${stream.id}/index.m3u8`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, as.kt)).statusCode).toBe(403);
    expect((await get(url, as.us)).statusCode).toBe(404);
    expect((await get(`/api/live/${stream.id}/status`, as.us)).statusCode).toBe(404);
    expect((await get(url, as.jp)).statusCode).toBe(200);
  });

  it('reads the folder of the current key only, and never outside it', async () => {
    const stream = await makeStream(w.t.db);
    writeHls(w.hlsDir, stream.streamKey);
    expect((await hook(w.t.app, 'publish', stream.streamKey)).statusCode).toBe(200);
    const base = `/api/live/${stream.id}`;
    for (const file of ['..%2F..%2Fetc%2Fpasswd', '.index.m3u8', 'index.m3u8%00', 'a%2Fb.ts', 'index.txt']) {
      const response = await get(`${base}/${file}`, as.mk);
      expect(response.statusCode, file).toBe(400);
    }
    for (const path of [`${base}/..`, `${base}/%2E%2E`, `${base}/../../${stream.id}/index.m3u8`]) {
      expect((await get(path, as.mk)).statusCode, path).not.toBe(200);
    }
    expect((await get('/api/live/not-a-uuid/index.m3u8', as.mk)).statusCode).toBe(400);

    // After a new key, the old key's folder is not served: the new broadcast writes its own.
    const renewed = await call(w.t.app, mkCookie(), 'POST', `/api/contents/${stream.key}/stream-key`);
    const newKey = renewed.json().data.stream_key as string;
    expect((await hook(w.t.app, 'publish', newKey)).statusCode).toBe(200);
    expect((await get(`${base}/index.m3u8`, as.mk)).statusCode).toBe(404);
    writeHls(w.hlsDir, newKey);
    expect((await get(`${base}/index.m3u8`, as.mk)).statusCode).toBe(200);
  });
});

describe('HLS for players (GET /agent/v1/live/:content_id/:file)', () => {
  it('serves a player whose manifest carries the stream, and refuses another player', async () => {
    const stream = await makeStream(w.t.db, { region: 'JP' });
    const { playlist } = writeHls(w.hlsDir, stream.streamKey);
    const viewer = await pairedPlayer(w.t.db);
    const other = await pairedPlayer(w.t.db);
    const body = createBody([viewer.deviceCode], [stream.id], {
      available_date_from: dayFrom(0),
      available_date_to: dayFrom(1),
      download_allow_hour: '',
    });
    expectOk(await call(w.t.app, mkCookie(), 'POST', '/api/schedules', body));
    const manifest = (await get('/agent/v1/manifest', undefined, bearer(viewer.token))).json().data;
    const media = manifest.schedules[0].media[0];
    expect(media.stream_url).toBe(`/agent/v1/live/${stream.id}/index.m3u8`);

    expect((await get(media.stream_url, undefined, bearer(viewer.token))).statusCode).toBe(404);
    expect((await hook(w.t.app, 'publish', stream.streamKey)).statusCode).toBe(200);
    const list = await get(media.stream_url, undefined, bearer(viewer.token));
    expect(list.statusCode).toBe(200);
    expect(list.body).toBe(playlist);
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect((await get(`/agent/v1/live/${stream.id}/8.ts`, undefined, bearer(viewer.token))).statusCode).toBe(200);
    expect((await get(media.stream_url, undefined, bearer(other.token))).statusCode).toBe(403);
    expect((await get(media.stream_url)).statusCode).toBe(401);
    expect((await get(media.stream_url, as.mk)).statusCode).toBe(401);
  });
});

describe('LiveAccessCache', () => {
  it('remembers a decision for its time to live, per player and content', () => {
    const cache = new LiveAccessCache(5000, 100);
    cache.set('P1', 'c1', true, 1000);
    cache.set('P2', 'c1', false, 1000);
    expect(cache.get('P1', 'c1', 5999)).toBe(true);
    expect(cache.get('P2', 'c1', 5999)).toBe(false);
    expect(cache.get('P1', 'c2', 5999)).toBeUndefined();
    expect(cache.get('P1', 'c1', 6000)).toBeUndefined();
  });

  it('holds at most its bound, dropping the oldest first', () => {
    const cache = new LiveAccessCache(5000, 3);
    for (const code of ['A', 'B', 'C', 'D']) cache.set(code, 'c', true, 0);
    expect(cache.size).toBe(3);
    expect(cache.get('A', 'c', 1)).toBeUndefined();
    expect(cache.get('D', 'c', 1)).toBe(true);
  });
});
