import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AgentEvent, createAgentClient } from '@signage/agent-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedPlayer } from '../agent/fixtures';
import { upload } from '../contents/support';
import { createUser, loginAs, tempDir } from '../helpers';
import { writeImage } from '../media/fixtures';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { HOOK_SECRET, hook, liveWorld, makeStream } from './support';

/**
 * nginx-rtmp's hooks (on_publish, on_publish_done, on_update) as nginx calls them: the stream key issued at
 * registration is the only way on air; a wrong, deleted or rotated-out key is refused; the content's players
 * hear when it goes on and off air; no key and no hook secret reaches the log.
 */
let w: Awaited<ReturnType<typeof liveWorld>>;
let mk: string;
let base: string;
/** Every key this file used: none may appear in any log line. */
const keysUsed: string[] = [];

beforeAll(async () => {
  w = await liveWorld();
  base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  mk = await loginAs(w.t.app, await createUser(w.t.db, { role: 'DS_MK' }));
});
afterAll(async () => {
  await w?.close();
});

const status = async (contentId: string) => {
  const response = await w.t.app.inject({ url: `/api/live/${contentId}/status`, headers: { cookie: mk } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

async function registerLive(): Promise<{ content_id: string; key: string; stream_key: string; rtmp_url: string }> {
  const file = path.join(tempDir(), 'live.png');
  await writeImage(file, 'png', 800, 600);
  const response = await upload(
    w.t.app,
    mk,
    {
      name: 'Morning live',
      display_pattern: 'Multi,CW',
      livePlatform: 'selfhosted',
      layout: 'Fullscreen',
      livestation_url: 'https://station.example.com/live/1',
      output_resolution: 'W1280xH720_Pixels',
      output_resolution_width: '',
      output_resolution_height: '',
      live_prompt: 'Soon on air',
      live_logo_position: 'upper_right',
      live_dashboard: 'hide',
    },
    { filename: 'live.png', type: 'image/png', data: await readFile(file) },
  );
  expect(response.statusCode, response.body).toBe(200);
  const content = response.json().data;
  keysUsed.push(content.stream_key);
  return content;
}

/** A player with a live schedule of the content from today, and its push channel open. */
async function watchingPlayer(contentId: string) {
  const player = await pairedPlayer(w.t.db);
  const body = createBody([player.deviceCode], [contentId], {
    available_date_from: dayFrom(0),
    available_date_to: dayFrom(1),
    download_allow_hour: '',
  });
  expectOk(await call(w.t.app, mk, 'POST', '/api/schedules', body));
  const abort = new AbortController();
  const events = createAgentClient({ baseUrl: base, token: player.token }).events(abort.signal);
  const next = async () => ((await events.next()).value as AgentEvent | undefined) ?? null;
  expect((await next())?.event).toBe('hello');
  return { ...player, next, stop: () => abort.abort() };
}

describe('the publish hooks', () => {
  it('put a content on air with the key issued at registration, and off air again; its players hear both', async () => {
    const content = await registerLive();
    expect(content.rtmp_url).toBe('rtmp://live.example.com:1935/live');
    const player = await watchingPlayer(content.content_id);
    try {
      expect(await status(content.content_id)).toMatchObject({
        on_air: false,
        on_air_since: null,
        last_ended_at: null,
      });

      const published = await hook(w.t.app, 'publish', content.stream_key, { client: '41' });
      expect(published.statusCode).toBe(200);
      const onAir = await status(content.content_id);
      expect(onAir).toMatchObject({
        content_id: content.content_id,
        on_air: true,
        playback_url: `/api/live/${content.content_id}/index.m3u8`,
        ingest: 'external',
      });
      expect(Date.now() - Date.parse(onAir.on_air_since)).toBeLessThan(60_000);
      expect(await player.next()).toEqual({ event: 'live', data: { content_id: content.content_id, on_air: true } });

      // nginx confirms the publisher every few seconds while it streams.
      expect((await hook(w.t.app, 'update', content.stream_key, { client: '41' })).statusCode).toBe(200);
      expect((await status(content.content_id)).on_air).toBe(true);

      expect((await hook(w.t.app, 'publish_done', content.stream_key, { client: '41' })).statusCode).toBe(200);
      const offAir = await status(content.content_id);
      expect(offAir).toMatchObject({ on_air: false, on_air_since: null });
      expect(Date.parse(offAir.last_ended_at)).toBeGreaterThanOrEqual(Date.parse(onAir.on_air_since));
      expect(await player.next()).toEqual({ event: 'live', data: { content_id: content.content_id, on_air: false } });
    } finally {
      player.stop();
    }
  });

  it('keeps a content on air while a second publisher of it remains', async () => {
    const stream = await makeStream(w.t.db);
    keysUsed.push(stream.streamKey);
    expect((await hook(w.t.app, 'publish', stream.streamKey, { client: '51' })).statusCode).toBe(200);
    expect((await hook(w.t.app, 'publish', stream.streamKey, { client: '52' })).statusCode).toBe(200);
    // nginx refuses the second one itself (the stream name is taken) and reports its end: the first stays.
    expect((await hook(w.t.app, 'publish_done', stream.streamKey, { client: '52' })).statusCode).toBe(200);
    expect((await status(stream.id)).on_air).toBe(true);
    expect((await hook(w.t.app, 'publish_done', stream.streamKey, { client: '51' })).statusCode).toBe(200);
    expect((await status(stream.id)).on_air).toBe(false);
  });

  it("refuses a wrong key, a deleted content's key and another platform's key", async () => {
    const live = await makeStream(w.t.db);
    const deleted = await makeStream(w.t.db, { deleted: true });
    const bambuser = await makeStream(w.t.db, { platform: 'bambuser' });
    keysUsed.push(live.streamKey, deleted.streamKey, bambuser.streamKey);
    const wrong = `${live.streamKey.slice(0, -1)}${live.streamKey.endsWith('A') ? 'B' : 'A'}`;
    // A well-formed name that is no live content's current key: 403 (nginx closes the encoder's connection).
    for (const key of [wrong, deleted.streamKey, bambuser.streamKey]) {
      const response = await hook(w.t.app, 'publish', key);
      expect({ status: response.statusCode, body: response.body }, key).toEqual({ status: 403, body: 'refused' });
    }
    // No name, or one longer than nginx's stream names: 400, before any key is looked up.
    for (const key of ['', 'x'.repeat(300)]) {
      const response = await hook(w.t.app, 'publish', key);
      expect({ status: response.statusCode, body: response.body }, key).toEqual({ status: 400, body: 'refused' });
    }
    expect((await status(live.id)).on_air).toBe(false);
  });

  it('refuses any call without the secret nginx was given', async () => {
    const stream = await makeStream(w.t.db);
    keysUsed.push(stream.streamKey);
    for (const secret of ['', 'nope', `${HOOK_SECRET}x`]) {
      const response = await hook(w.t.app, 'publish', stream.streamKey, { secret });
      expect({ status: response.statusCode, body: response.body }).toEqual({ status: 403, body: 'refused' });
    }
    const noSecret = await w.t.app.inject({
      method: 'POST',
      url: '/internal/live/publish',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=${stream.streamKey}&clientid=1`,
    });
    expect({ status: noSecret.statusCode, body: noSecret.body }).toEqual({ status: 403, body: 'refused' });
    expect((await status(stream.id)).on_air).toBe(false);
  });

  it('drops a publisher whose key stopped working: the content was deleted while on air', async () => {
    const stream = await makeStream(w.t.db, { region: '' });
    keysUsed.push(stream.streamKey);
    expect((await hook(w.t.app, 'publish', stream.streamKey, { client: '61' })).statusCode).toBe(200);
    const it_ = await loginAs(w.t.app, await createUser(w.t.db, { role: 'DS_FRIT' }));
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/contents/${stream.id}`,
      headers: { cookie: it_ },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Deleting cut the broadcast at once (nginx's control), and nginx's next check refuses the key.
    expect(w.control.dropped).toContain(stream.streamKey);
    expect((await hook(w.t.app, 'update', stream.streamKey, { client: '61' })).statusCode).toBe(403);
    expect((await hook(w.t.app, 'publish', stream.streamKey)).statusCode).toBe(403);
  });

  it('never writes a stream key or the hook secret to the log', async () => {
    expect(keysUsed.length).toBeGreaterThan(5);
    const hookLines = w.logs.filter((line) => line.includes('/internal/live/'));
    expect(hookLines.length).toBeGreaterThan(10);
    expect(w.logs.some((line) => line.includes('live: publish refused'))).toBe(true);
    for (const line of w.logs) {
      for (const key of keysUsed) expect(line).not.toContain(key);
      expect(line).not.toContain(HOOK_SECRET);
    }
  });
});
