import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { CONTENT_MESSAGES, CONTENT_NAME_MAX, MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BambuserProvider, ExternalIngest, SelfHostedProvider } from '../../src/live';
import { createTestApp, type TestApp, tempDir } from '../helpers';
import { writeImage } from '../media/fixtures';
import { expectFailure, signedIn, upload } from './support';

let t: TestApp;
let cookie: string;
let png: Buffer;
let standIn: Server;
const calls: string[] = [];
let bambuserFails = false;

const fullscreen = {
  name: 'Live sale',
  display_pattern: 'Multi,CW',
  livePlatform: 'selfhosted',
  layout: 'Fullscreen',
  livestation_url: 'https://station.example.com/live/1',
  output_resolution: 'W720xH1280_Pixels',
  output_resolution_width: '',
  output_resolution_height: '',
  live_prompt: 'Now live',
  live_logo_position: 'lower_right',
  live_dashboard: 'show',
};

beforeAll(async () => {
  standIn = createServer(async (request, response) => {
    const body = await text(request);
    calls.push(`${request.method} ${request.url} ${body}`);
    if (request.headers.authorization !== 'Bearer key-1') return void response.writeHead(401).end();
    if (bambuserFails) return void response.writeHead(503).end('{"error":"down"}');
    if (request.method === 'POST') {
      response.writeHead(201, { 'content-type': 'application/json' });
      return void response.end(
        JSON.stringify({ id: 'app-9', url: 'rtmp://ingest.bambuser.test/live', key: 'bb-key-9' }),
      );
    }
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const ingest = new ExternalIngest({
    rtmpUrl: 'rtmp://rtmp.example.com/live',
    hlsLocation: tempDir(),
    hookSecrets: ['h'.repeat(32)],
    controlUrl: undefined,
  });
  t = await createTestApp({
    media: {
      liveIngest: ingest,
      liveProviders: [new BambuserProvider({ apiKey: 'key-1', baseUrl }), new SelfHostedProvider(ingest)],
    },
  });
  cookie = await signedIn(t.app, t.db, 'DS_FRIT');
  const file = path.join(tempDir(), 'logo.png');
  await writeImage(file, 'png', 800, 600);
  png = await readFile(file);
});
afterAll(async () => {
  await t.close();
  standIn.close();
});

const image = () => ({ filename: 'logo.png', type: 'image/png', data: png });

describe('live content', () => {
  it('offers the configured platforms', async () => {
    const response = await t.app.inject({ url: '/api/contents/live-platforms', headers: { cookie } });
    expect(response.json().data).toEqual([
      { id: 'bambuser', label: 'Bambuser' },
      { id: 'selfhosted', label: 'Self-hosted RTMP' },
    ]);
  });

  it('registers a self-hosted stream with a unique key, the preset size and its HLS under the content id', async () => {
    const first = await upload(t.app, cookie, fullscreen, image());
    expect(first.statusCode, first.body).toBe(200);
    const content = first.json().data;
    expect(content).toMatchObject({
      type: 'stream',
      rtmp_url: 'rtmp://rtmp.example.com/live',
      output_resolution_width: 608,
      output_resolution_height: 1080,
      live_prompt: 'Now live',
      live_logo_position: 'lower_right',
      layout: 'Fullscreen',
    });
    expect(content.stream_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Played through the server, under the content id: the key is never part of a playback address.
    expect(content.content_url).toBe(`/api/live/${content.content_id}/index.m3u8`);
    expect(content.image_url).toMatch(/\/file$/);
    const second = (await upload(t.app, cookie, fullscreen, image())).json().data;
    expect(second.stream_key).not.toBe(content.stream_key);
  });

  it('gives the stream key only to those who may change contents (it lets anyone broadcast to the stores)', async () => {
    const registered = (await upload(t.app, cookie, fullscreen, image())).json().data;
    const read = async (role: 'DS_MK' | 'DS_LHQBIZ' | 'DS_LHQIT' | 'DS_ST') => {
      const session = await signedIn(t.app, t.db, role, role === 'DS_MK' ? undefined : 'JP');
      const one = await t.app.inject({ url: `/api/contents/${registered.key}`, headers: { cookie: session } });
      const list = await t.app.inject({ url: '/api/contents?media_type=live', headers: { cookie: session } });
      const listed = (list.json().data.contents as { key: string; stream_key: string | null }[]).find(
        (c) => c.key === registered.key,
      );
      return { one: one.json().data?.stream_key, listed: listed?.stream_key };
    };
    expect(await read('DS_MK')).toEqual({ one: registered.stream_key, listed: registered.stream_key });
    for (const role of ['DS_LHQBIZ', 'DS_LHQIT', 'DS_ST'] as const) {
      expect(await read(role), role).toEqual({ one: null, listed: null });
    }
  });

  it('registers a Bambuser stream through its API', async () => {
    const response = await upload(
      t.app,
      cookie,
      { ...fullscreen, livePlatform: 'bambuser', layout: 'Multielement', title: 'Show', bambuser_showId: 'show-1' },
      image(),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      rtmp_url: 'rtmp://ingest.bambuser.test/live',
      stream_key: 'bb-key-9',
      live_prompt: '',
      live_logo_position: '',
      bambuser_showId: 'show-1',
      // Bambuser's own player plays it; this server has no HLS of it.
      content_url: null,
    });
    expect(calls.some((call) => call.startsWith('POST /applications'))).toBe(true);
  });

  it('answers 502 and keeps nothing when the platform fails', async () => {
    bambuserFails = true;
    try {
      const response = await upload(
        t.app,
        cookie,
        { ...fullscreen, name: 'Failing live', livePlatform: 'bambuser', bambuser_showId: 'show-1' },
        image(),
      );
      expectFailure(response, 502, CONTENT_MESSAGES.liveProviderFailed);
    } finally {
      bambuserFails = false;
    }
    const list = await t.app.inject({ url: '/api/contents?name=Failing', headers: { cookie } });
    expect(list.json().data.contents).toEqual([]);
  });

  it('applies every live rule', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ livestation_url: 'http://station.example.com' }, MESSAGES.invalidLiveStationUrl],
      [{ livestation_url: 'station' }, MESSAGES.invalidLiveStationUrl],
      [
        { output_resolution: 'Manual_input', output_resolution_width: '641', output_resolution_height: '360' },
        MESSAGES.invalidWidth,
      ],
      [
        { output_resolution: 'Manual_input', output_resolution_width: '1922', output_resolution_height: '360' },
        MESSAGES.invalidWidth,
      ],
      [
        { output_resolution: 'Manual_input', output_resolution_width: '640', output_resolution_height: '179' },
        MESSAGES.invalidHeight,
      ],
      [
        { output_resolution: 'Manual_input', output_resolution_width: '640', output_resolution_height: '1082' },
        MESSAGES.invalidHeight,
      ],
      [{ live_prompt: '' }, MESSAGES.enterLivePrompt],
      [{ live_logo_position: '' }, CONTENT_MESSAGES.selectLogoPosition],
      [{ layout: 'Multielement', title: '' }, MESSAGES.enterLiveTitle],
      [
        { layout: 'Multielement', title: 'T', display_pattern: 'Multi,CW&1x1v' },
        CONTENT_MESSAGES.multielementNotAllowed,
      ],
      [{ display_pattern: '2x1' }, CONTENT_MESSAGES.liveNotAllowedPattern],
      [{ livePlatform: 'bambuser' }, MESSAGES.enterShowId],
      [{ livePlatform: 'youtube' }, CONTENT_MESSAGES.selectPlatform],
      [{ name: '' }, MESSAGES.enterContentName],
    ];
    for (const [change, message] of cases) {
      expectFailure(await upload(t.app, cookie, { ...fullscreen, ...change }, image()), 400, message);
    }
    expectFailure(await upload(t.app, cookie, fullscreen), 400, MESSAGES.uploadFile);
  });

  it('takes only a jpg or png as the live image', async () => {
    const mp4ish = { filename: 'a.mp4', type: 'video/mp4', data: Buffer.from('not really') };
    expectFailure(await upload(t.app, cookie, fullscreen, mp4ish), 400, MESSAGES.uploadBadExtension);
  });

  it('updates title, show id and station URL of a stream, checking the URL', async () => {
    const created = (await upload(t.app, cookie, fullscreen, image())).json().data;
    const put = (payload: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/contents/${created.key}`, headers: { cookie }, payload });
    expectFailure(await put({ name: 'x', livestation_url: 'http://nope' }), 400, MESSAGES.invalidLiveStationUrl);
    expectFailure(await put({ name: 'n'.repeat(CONTENT_NAME_MAX + 1) }), 400, CONTENT_MESSAGES.nameTooLong);
    expect((await put({ name: 'n'.repeat(CONTENT_NAME_MAX) })).statusCode).toBe(200);
    const ok = await put({
      name: 'Renamed',
      title: 'New title',
      bambuser_showId: 's-2',
      livestation_url: 'https://s.example.com/2',
    });
    expect(ok.json().data).toMatchObject({
      name: 'Renamed',
      title: 'New title',
      bambuser_showId: 's-2',
      livestation_url: 'https://s.example.com/2',
    });
  });
});
