import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BambuserProvider } from '../../src/live/bambuser';
import { createLiveIngest } from '../../src/live/ingest/create';
import { EmbeddedIngest } from '../../src/live/ingest/embedded';
import { ExternalIngest, NoIngest } from '../../src/live/ingest/external';
import { createLiveProviders } from '../../src/live/providers';
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

const input = { contentKey: 'c-123', title: 'Morning live', width: 1280, height: 720, host: 'signage.example.com' };

describe('BambuserProvider', () => {
  it('creates an RTMP application and returns its ingest', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl });
    expect(await provider.createStream({ ...input, showId: 'show-9' })).toEqual({
      ref: 'app-1',
      rtmpUrl: 'rtmp://ingest.bambuser.test/b-live',
      streamKey: 'k-42',
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
    // The stand-in's /slow/ never answers: only the provider's own timeout can end the call.
    await expect(provider.createStream(input)).rejects.toThrow(
      'Bambuser API did not answer POST /applications within 0.3 s',
    );
  });

  it('reports an unreachable API', async () => {
    const provider = new BambuserProvider({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1' });
    await expect(provider.createStream(input)).rejects.toThrow(/could not be reached/);
  });
});

const external = () =>
  new ExternalIngest({
    rtmpUrl: 'rtmp://live.example.com:1935/live',
    hlsLocation: '/srv/hls',
    hookSecrets: ['x'.repeat(32)],
    controlUrl: undefined,
  });
const embeddedConfig = (live: Record<string, unknown> = {}) => ({
  dataDir: '/srv/signage/data',
  host: '0.0.0.0',
  live: {
    ingest: 'embedded' as const,
    rtmpPort: 1935,
    nginxPath: '/usr/sbin/nginx',
    nginxModule: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
    hookSecret: undefined,
    controlUrl: undefined,
    ...live,
  },
});

describe('SelfHostedProvider', () => {
  const provider = new SelfHostedProvider(external());

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

  it("points the encoder at the ingest nginx runs as its own service, whatever the console's host", async () => {
    const stream = await provider.createStream(input);
    expect(stream).toEqual({
      ref: stream.streamKey,
      rtmpUrl: 'rtmp://live.example.com:1935/live',
      streamKey: stream.streamKey,
    });
    await provider.deleteStream(stream.ref);
  });

  it("points the encoder at the embedded ingest on the console's host", async () => {
    const embedded = new SelfHostedProvider(createLiveIngest(embeddedConfig({ rtmpPort: 19035 })));
    expect((await embedded.createStream(input)).rtmpUrl).toBe('rtmp://signage.example.com:19035/live');
  });
});

describe('createLiveIngest and createLiveProviders', () => {
  it('runs the embedded ingest and offers it when nothing is configured', () => {
    const ingest = createLiveIngest(embeddedConfig());
    expect(ingest).toBeInstanceOf(EmbeddedIngest);
    expect(ingest.state()).toBe('stopped');
    expect(createLiveProviders({}, ingest).map((provider) => provider.id)).toEqual(['selfhosted']);
  });

  it('has no ingest with LIVE_INGEST=off or with only Bambuser configured', () => {
    const off = createLiveIngest(embeddedConfig({ ingest: 'off' }));
    expect(off).toBeInstanceOf(NoIngest);
    expect(off.state()).toBe('off');
    expect(createLiveProviders({}, off)).toEqual([]);
    const bambuser = createLiveIngest(embeddedConfig({ bambuserApiKey: 'k' }));
    expect(bambuser).toBeInstanceOf(NoIngest);
    expect(createLiveProviders({ bambuserApiKey: 'k' }, bambuser).map((p) => p.id)).toEqual(['bambuser']);
  });

  it('uses nginx run as its own service with its URLs and secret, next to Bambuser', () => {
    const live = {
      bambuserApiKey: 'k',
      liveRtmpUrl: 'rtmps://live.example.com/live',
      liveHlsUrl: 'https://live.example.com/hls',
      hookSecret: 'a'.repeat(64),
    };
    const ingest = createLiveIngest(embeddedConfig(live));
    expect(ingest).toBeInstanceOf(ExternalIngest);
    expect(ingest.state()).toBe('external');
    expect(ingest.rtmpUrl('anything')).toBe('rtmps://live.example.com/live');
    expect(ingest.acceptsHookSecret('a'.repeat(64))).toBe(true);
    expect(ingest.acceptsHookSecret('a'.repeat(63))).toBe(false);
    expect(createLiveProviders(live, ingest).map((p) => [p.id, p.label])).toEqual([
      ['bambuser', 'Bambuser'],
      ['selfhosted', 'Self-hosted RTMP'],
    ]);
  });

  it("accepts both secrets of LIVE_HOOK_SECRET='new,old' during a rotation, and only those", () => {
    const [fresh, old] = ['n'.repeat(40), 'o'.repeat(40)];
    const live = { liveRtmpUrl: 'rtmp://x/live', liveHlsUrl: '/srv/hls' };
    const rotating = createLiveIngest(embeddedConfig({ ...live, hookSecret: `${fresh}, ${old}` }));
    expect(rotating.acceptsHookSecret(fresh)).toBe(true);
    expect(rotating.acceptsHookSecret(old)).toBe(true);
    expect(rotating.acceptsHookSecret(`${fresh},${old}`)).toBe(false);
    expect(rotating.acceptsHookSecret('x'.repeat(40))).toBe(false);
    // Once nginx has the new one, the old one is dropped from the setting and refused.
    const rotated = createLiveIngest(embeddedConfig({ ...live, hookSecret: fresh }));
    expect(rotated.acceptsHookSecret(old)).toBe(false);
    expect(rotated.acceptsHookSecret(fresh)).toBe(true);
    // A short half, an empty half or a third secret is a configuration error.
    for (const hookSecret of [`${fresh},short`, `${fresh},`, `${fresh},${old},${'t'.repeat(40)}`]) {
      expect(() => createLiveIngest(embeddedConfig({ ...live, hookSecret }))).toThrow(/'new,old' accepts both/);
    }
  });

  it('refuses half or malformed settings', () => {
    const secret = { hookSecret: 's'.repeat(32) };
    expect(() => createLiveIngest(embeddedConfig({ liveRtmpUrl: 'rtmp://x/live', ...secret }))).toThrow(/go together/);
    expect(() =>
      createLiveIngest(embeddedConfig({ liveRtmpUrl: 'http://x/live', liveHlsUrl: 'http://x/hls', ...secret })),
    ).toThrow(/LIVE_RTMP_URL must start with rtmp:\/\/ or rtmps:\/\//);
    expect(() => createLiveIngest(embeddedConfig({ liveRtmpUrl: 'rtmp://x/live', liveHlsUrl: '/srv/hls' }))).toThrow(
      /LIVE_HOOK_SECRET must be set/,
    );
    expect(() =>
      createLiveIngest(embeddedConfig({ liveRtmpUrl: 'rtmp://x/live', liveHlsUrl: '/srv/hls', hookSecret: 'short' })),
    ).toThrow(/LIVE_HOOK_SECRET/);
    expect(() =>
      createLiveIngest(embeddedConfig({ liveRtmpUrl: 'rtmp://x/live', liveHlsUrl: 'hls', ...secret })),
    ).toThrow(/LIVE_HLS_URL must be the HLS folder's path or an http\(s\) address/);
    expect(() =>
      createLiveIngest(
        embeddedConfig({ liveRtmpUrl: 'rtmp://x/live', liveHlsUrl: '/srv/hls', controlUrl: 'ftp://x', ...secret }),
      ),
    ).toThrow(/LIVE_CONTROL_URL/);
    expect(() => createLiveProviders({ bambuserApiKey: 'k', bambuserBaseUrl: 'nope' }, new NoIngest())).toThrow(
      /BAMBUSER_BASE_URL/,
    );
  });
});
