import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAdminSocket } from '../../src/admin/client';
import { upload } from '../contents/support';
import { createPostgresDatabase, loginAs, TEST_DATABASE_URL, tempDir } from '../helpers';
import { writeImage } from '../media/fixtures';
import { activePlayer } from '../players/fixtures';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { freePort, httpApp, startProductServer, waitFor } from './running';

/**
 * The whole path as a store runs it: `npm start` with the embedded nginx-rtmp ingest, ffmpeg publishing a test
 * pattern to the RTMP address and key shown at registration, the HLS read through the console's and the
 * player's routes by those allowed, off air when ffmpeg stops; a wrong key cannot publish; no log line holds
 * a key. Every wait is for a condition, with a bound (a loaded 2-core machine is slow, never stuck).
 */
const PASSWORD = 'Live-ingest-Passw0rd';
let server: Awaited<ReturnType<typeof startProductServer>>;
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir: string;
let rtmpPort: number;
const encoders: ChildProcess[] = [];

/** ffmpeg pushing a 25 fps test pattern with a keyframe every second (the ingest's fragment length). */
function publish(url: string): { child: ChildProcess; exited: Promise<number | null>; startedAt: number } {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.resume();
  encoders.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, startedAt: Date.now() };
}

beforeAll(async () => {
  dataDir = tempDir('signage-live-');
  rtmpPort = await freePort();
  const database = TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  dropDatabase = database?.drop;
  server = await startProductServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
    LIVE_INGEST: 'embedded',
    LIVE_RTMP_PORT: String(rtmpPort),
  });
}, 180_000);

afterAll(async () => {
  for (const encoder of encoders) if (encoder.exitCode === null) encoder.kill('SIGKILL');
  const nginxPid = Number(readFileSync(path.join(dataDir, 'live', 'nginx.pid'), 'utf8').trim() || 0);
  await server?.stop();
  // Stopping the server stops its nginx.
  if (nginxPid) expect(() => process.kill(nginxPid, 0)).toThrow();
  await dropDatabase?.();
}, 60_000);

describe('the embedded RTMP ingest, end to end', () => {
  const app = () => httpApp(server.base);
  let admin: string;
  let content: { content_id: string; key: string; rtmp_url: string; stream_key: string };
  let wrongKey: string;

  it('is running once the server is, and a stream published with the issued key plays for those allowed', async () => {
    admin = await loginAs(app(), { userId: 'admin', password: PASSWORD });
    const socket = path.join(dataDir, 'admin.sock');
    for (const [userId, region] of [
      ['jp-viewer', 'JP'],
      ['us-viewer', 'US'],
    ]) {
      const added = await callAdminSocket(socket, 'user-add', {
        userId,
        role: 'DS_LHQBIZ',
        region,
        password: PASSWORD,
      });
      expect(added).toMatchObject({ reachable: true, status: 200 });
    }
    const jp = await loginAs(app(), { userId: 'jp-viewer', password: PASSWORD });
    const us = await loginAs(app(), { userId: 'us-viewer', password: PASSWORD });

    const image = path.join(tempDir(), 'live.png');
    await writeImage(image, 'png', 800, 600);
    const registered = await upload(
      app(),
      admin,
      {
        name: 'Ingest live',
        display_pattern: 'Multi,CW',
        region: 'JP',
        livePlatform: 'selfhosted',
        layout: 'Fullscreen',
        livestation_url: 'https://station.example.com/live',
        output_resolution: 'W1280xH720_Pixels',
        output_resolution_width: '',
        output_resolution_height: '',
        live_prompt: 'Soon on air',
        live_logo_position: 'lower_right',
        live_dashboard: 'hide',
      },
      { filename: 'live.png', type: 'image/png', data: await readFile(image) },
    );
    expect(registered.statusCode, registered.body).toBe(200);
    content = registered.json().data;
    // The console was opened at 127.0.0.1: the RTMP address is on that host, with the ingest's port.
    expect(content.rtmp_url).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
    wrongKey = `${content.stream_key.slice(0, 16)}${'Z'.repeat(16)}`;

    const viewer = await activePlayer(app(), admin, { region: 'JP', shop_no: '0042' });
    const other = await activePlayer(app(), admin, { region: 'JP', shop_no: '0043' });
    expectOk(
      await call(
        app(),
        admin,
        'POST',
        '/api/schedules',
        createBody([viewer.device_code], [content.content_id], {
          available_date_from: dayFrom(0),
          available_date_to: dayFrom(1),
          download_allow_hour: '',
        }),
      ),
    );

    const status = async (cookie = admin) =>
      (await call(app(), cookie, 'GET', `/api/live/${content.content_id}/status`)).json().data;
    expect(await status()).toMatchObject({ on_air: false, ingest: 'running' });

    const encoder = publish(`${content.rtmp_url}/${content.stream_key}`);
    const onAir = await waitFor('the status to turn on air', async () => {
      const now = await status();
      return now.on_air ? now : undefined;
    });
    const playlistUrl = `/api/live/${content.content_id}/index.m3u8`;
    const playlist = await waitFor('a playlist with a segment', async () => {
      const response = await call(app(), admin, 'GET', playlistUrl);
      return response.statusCode === 200 && /\.ts$/m.test(response.body) ? response : undefined;
    });
    const firstSegmentAt = Date.now();
    console.info(
      `live ingest latency: ffmpeg start to first playlist with a segment ${firstSegmentAt - encoder.startedAt} ms; ` +
        `on_publish to it ${firstSegmentAt - Date.parse(onAir.on_air_since)} ms`,
    );
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-cache');
    const segmentName = playlist.body.split('\n').find((line) => line.endsWith('.ts')) as string;
    const segment = await call(app(), jp, 'GET', `/api/live/${content.content_id}/${segmentName}`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const bytes = (segment as unknown as { rawPayload: Buffer }).rawPayload;
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte

    expect((await app().inject({ url: playlistUrl })).statusCode).toBe(401);
    expect((await call(app(), us, 'GET', playlistUrl)).statusCode).toBe(404);
    expect((await call(app(), jp, 'GET', playlistUrl)).statusCode).toBe(200);

    const asPlayer = (token: string, file: string) =>
      app().inject({
        url: `/agent/v1/live/${content.content_id}/${file}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const manifest = await app().inject({
      url: '/agent/v1/manifest',
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(manifest.json().data.schedules[0].media[0].stream_url).toBe(
      `/agent/v1/live/${content.content_id}/index.m3u8`,
    );
    const agentPlaylist = await asPlayer(viewer.token, 'index.m3u8');
    expect(agentPlaylist.statusCode).toBe(200);
    const agentSegment = agentPlaylist.body.split('\n').find((line) => line.endsWith('.ts')) as string;
    expect((await asPlayer(viewer.token, agentSegment)).statusCode).toBe(200);
    expect((await asPlayer(other.token, 'index.m3u8')).statusCode).toBe(403);

    encoder.child.kill('SIGINT');
    await encoder.exited;
    await waitFor('the status to turn off air', async () => ((await status()).on_air ? undefined : true));
    expect((await call(app(), admin, 'GET', playlistUrl)).statusCode).toBe(404);
    expect((await asPlayer(viewer.token, 'index.m3u8')).statusCode).toBe(404);
  }, 240_000);

  it('refuses a wrong key: ffmpeg cannot publish and nothing goes on air', async () => {
    const encoder = publish(`${content.rtmp_url}/${wrongKey}`);
    const code = await Promise.race([
      encoder.exited,
      waitFor('ffmpeg to give up', async () => undefined, { withinMs: 60_000 }).catch(() => 'still running'),
    ]);
    expect(code).not.toBe(0);
    expect(code).not.toBe('still running');
    const status = (await call(httpApp(server.base), admin, 'GET', `/api/live/${content.content_id}/status`)).json()
      .data;
    expect(status.on_air).toBe(false);
  }, 90_000);

  it('writes no stream key and no hook secret to any log line', async () => {
    const secret = /secret=([A-Za-z0-9_-]+)/.exec(readFileSync(path.join(dataDir, 'live', 'nginx.conf'), 'utf8'))?.[1];
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The log is written in batches: wait for the refusal's line to be out.
    await waitFor('the refusal in the log', async () =>
      server.lines.some((line) => line.includes('live: publish refused')) ? true : undefined,
    );
    expect(server.lines.some((line) => line.includes('/internal/live/publish'))).toBe(true);
    for (const line of server.lines) {
      expect(line).not.toContain(content.stream_key);
      expect(line).not.toContain(wrongKey);
      expect(line).not.toContain(secret);
    }
  });
});
