import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BambuserProvider } from '../../src/live/bambuser';
import { createLiveProviders, LOCAL_SELF_HOSTED } from '../../src/live/providers';
import { SelfHostedProvider } from '../../src/live/selfhosted';
import { LiveProviderError } from '../../src/live/types';

const API_KEY = 'test-api-key';
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
let server: Server;
let baseUrl: string;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Answers as Bambuser's API does: bearer key, versioned Accept header, JSON bodies. */
async function bambuserStandIn(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await text(request);
  seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
  if (request.url?.startsWith('/slow/')) return; // never answers
  if (request.headers.authorization !== `Bearer ${API_KEY}`) return json(response, 401, { error: 'Unauthorized' });
  if (request.url?.startsWith('/broken/')) return json(response, 500, { error: 'Internal error' });
  if (request.method === 'POST' && request.url === '/applications') {
    const { title, platform } = JSON.parse(body) as { title: string; platform: string };
    return json(response, 201, {
      id: 'app-1',
      title,
      platform,
      url: 'rtmp://ingest.bambuser.test/b-live',
      key: 'k-42',
    });
  }
  if (request.method === 'DELETE' && request.url === '/applications/app-1') {
    response.writeHead(204).end();
    return;
  }
  return json(response, 404, { error: 'Not found' });
}

beforeAll(async () => {
  server = createServer((request, response) => void bambuserStandIn(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const input = { contentKey: 'c-123', title: 'Morning live', width: 1280, height: 720 };

describe('BambuserProvider', () => {
  it('creates an RTMP application and returns its ingest', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl });
    expect(await provider.createStream({ ...input, showId: 'show-9' })).toEqual({
      ref: 'app-1',
      rtmpUrl: 'rtmp://ingest.bambuser.test/b-live',
      streamKey: 'k-42',
      playbackUrl: null,
    });
    const call = seen.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/applications');
    expect(call.headers.accept).toBe('application/vnd.bambuser.v1+json');
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.body)).toEqual({ platform: 'rtmp', title: 'Morning live [c-123]' });
  });

  it('deletes the application, and a missing one is fine', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl });
    await provider.deleteStream('app-1');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/applications/app-1' });
    await provider.deleteStream('gone');
  });

  it('reports a refused API key with its status', async () => {
    const provider = new BambuserProvider({ apiKey: 'wrong', baseUrl });
    const failure = await provider.createStream(input).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LiveProviderError);
    expect(failure).toMatchObject({ status: 401, provider: 'bambuser' });
    expect((failure as Error).message).toMatch(/answered 401 .*POST \/applications.*Unauthorized/);
  });

  it('reports server errors with their status', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl: `${baseUrl}/broken` });
    await expect(provider.createStream(input)).rejects.toMatchObject({ status: 500 });
  });

  it('gives up after the timeout', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl: `${baseUrl}/slow`, timeoutMs: 300 });
    const started = Date.now();
    await expect(provider.createStream(input)).rejects.toThrow(
      'Bambuser API did not answer POST /applications within 0.3 s',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports an unreachable API', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1' });
    await expect(provider.createStream(input)).rejects.toThrow(/could not be reached/);
  });
});

describe('SelfHostedProvider', () => {
  const provider = new SelfHostedProvider({
    rtmpIngestUrl: 'rtmp://live.example.com:1935/live/',
    hlsBaseUrl: 'https://live.example.com/hls/',
  });

  it('issues an unguessable, url-safe key per content', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const stream = await provider.createStream(input);
      expect(stream.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(stream.streamKey).not.toContain(input.contentKey);
      keys.add(stream.streamKey);
    }
    expect(keys.size).toBe(500);
  });

  it('points the encoder at the ingest and players at the HLS playlist', async () => {
    const stream = await provider.createStream(input);
    expect(stream).toEqual({
      ref: stream.streamKey,
      rtmpUrl: 'rtmp://live.example.com:1935/live',
      streamKey: stream.streamKey,
      playbackUrl: `https://live.example.com/hls/${stream.streamKey}.m3u8`,
    });
    await provider.deleteStream(stream.ref);
  });
});

describe('createLiveProviders', () => {
  it('offers a local self-hosted server when nothing is configured', async () => {
    const providers = createLiveProviders({});
    expect(providers.map((provider) => provider.id)).toEqual(['selfhosted']);
    const stream = await providers[0]!.createStream(input);
    expect(stream.rtmpUrl).toBe(LOCAL_SELF_HOSTED.rtmpIngestUrl);
    expect(stream.playbackUrl).toBe(`${LOCAL_SELF_HOSTED.hlsBaseUrl}/${stream.streamKey}.m3u8`);
  });

  it('offers exactly the configured platforms', () => {
    expect(createLiveProviders({ bambuserApiKey: 'k' }).map((p) => p.id)).toEqual(['bambuser']);
    expect(
      createLiveProviders({
        bambuserApiKey: 'k',
        liveRtmpUrl: 'rtmps://live.example.com/live',
        liveHlsUrl: 'https://live.example.com/hls',
      }).map((p) => [p.id, p.label]),
    ).toEqual([
      ['bambuser', 'Bambuser'],
      ['selfhosted', 'Self-hosted RTMP'],
    ]);
  });

  it('refuses half or malformed settings', () => {
    expect(() => createLiveProviders({ liveRtmpUrl: 'rtmp://x/live' })).toThrow(/go together/);
    expect(() => createLiveProviders({ liveRtmpUrl: 'http://x/live', liveHlsUrl: 'http://x/hls' })).toThrow(
      /LIVE_RTMP_URL must start with rtmp:\/\/ or rtmps:\/\//,
    );
    expect(() => createLiveProviders({ bambuserApiKey: 'k', bambuserBaseUrl: 'nope' })).toThrow(/BAMBUSER_BASE_URL/);
  });
});
