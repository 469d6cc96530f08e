import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { contents } from '../../src/db/schema';
import { ExternalIngest, newStreamKey, SelfHostedProvider, streamKeyHash } from '../../src/live';
import { createTestApp, type TestApp, tempDir } from '../helpers';

/** Every line the server logs, as text: what must never hold a stream key. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/**
 * nginx's rtmp_control as the server calls it (drop/publisher?app=live&name=KEY), standing in for nginx in
 * the tests that need no real ingest: it records which stream names were dropped.
 */
export async function controlStandIn(): Promise<{ url: string; dropped: string[]; close: () => Promise<void> }> {
  const dropped: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    if (url.pathname === '/control/drop/publisher' && url.searchParams.get('app') === 'live') {
      dropped.push(url.searchParams.get('name') ?? '');
      response.writeHead(200).end('1');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/control`,
    dropped,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const HOOK_SECRET = randomBytes(32).toString('hex');

/**
 * An app whose self-hosted ingest is nginx "run as its own service": the hooks take HOOK_SECRET, HLS is read
 * from a folder the test writes, and cuts go to the control stand-in. Everything but nginx itself is real.
 */
export async function liveWorld(): Promise<{
  t: TestApp;
  hlsDir: string;
  control: Awaited<ReturnType<typeof controlStandIn>>;
  logs: string[];
  close: () => Promise<void>;
}> {
  const hlsDir = tempDir('signage-hls-');
  const control = await controlStandIn();
  const ingest = new ExternalIngest({
    rtmpUrl: 'rtmp://live.example.com:1935/live',
    hlsLocation: hlsDir,
    hookSecrets: [HOOK_SECRET],
    controlUrl: control.url,
  });
  const log = logCapture();
  const t = await createTestApp({
    config: { logLevel: 'info' },
    media: { liveIngest: ingest, liveProviders: [new SelfHostedProvider(ingest)] },
    logStream: log.stream,
  });
  return {
    t,
    hlsDir,
    control,
    logs: log.lines,
    close: async () => {
      await t.close();
      await control.close();
    },
  };
}

let sequence = 0;

/** A self-hosted live content as registration leaves it, with its key (and the key's digest). */
export async function makeStream(
  db: Database,
  options: { region?: string; platform?: 'selfhosted' | 'bambuser'; deleted?: boolean } = {},
) {
  const streamKey = newStreamKey();
  const key = `live${process.pid}x${++sequence}`;
  const [row] = await db
    .insert(contents)
    .values({
      key,
      name: `Live ${key}`,
      type: 'stream',
      displayPattern: 'Multi,CW',
      region: options.region ?? 'JP',
      mediaKey: `contents/${key}/original.png`,
      livePlatform: options.platform ?? 'selfhosted',
      layout: 'Fullscreen',
      rtmpUrl: 'rtmp://live.example.com:1935/live',
      streamKey,
      streamKeyHash: streamKeyHash(streamKey),
      createdBy: 'test',
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning({ id: contents.id });
  return { id: row!.id, key, streamKey };
}

let clients = 0;

/** nginx-rtmp's notify call: a form post with the stream name (the key) and the connection id. */
export function hook(
  app: App,
  event: 'publish' | 'publish_done' | 'update',
  streamKey: string,
  options: { client?: string; secret?: string } = {},
) {
  const call = { publish: 'publish', publish_done: 'publish_done', update: 'update_publish' }[event];
  const body = new URLSearchParams({
    app: 'live',
    flashver: 'FMLE/3.0 (compatible; Lavf59.27',
    swfurl: '',
    tcurl: 'rtmp://127.0.0.1:1935/live',
    pageurl: '',
    addr: '127.0.0.1',
    clientid: options.client ?? String(++clients),
    call,
    name: streamKey,
    type: 'live',
  });
  return app.inject({
    method: 'POST',
    url: `/internal/live/${event}?secret=${encodeURIComponent(options.secret ?? HOOK_SECRET)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1' },
    payload: body.toString(),
  });
}

/** nginx's HLS output for a key: a playlist naming two segments, and the segments. */
export function writeHls(hlsDir: string, streamKey: string): { playlist: string; segment: Buffer } {
  const folder = path.join(hlsDir, streamKey);
  mkdirSync(folder, { recursive: true });
  const playlist =
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:7\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000,\n7.ts\n#EXTINF:1.000,\n8.ts\n';
  const segment = randomBytes(1880);
  writeFileSync(path.join(folder, 'index.m3u8'), playlist);
  writeFileSync(path.join(folder, '7.ts'), segment);
  writeFileSync(path.join(folder, '8.ts'), segment);
  return { playlist, segment };
}
