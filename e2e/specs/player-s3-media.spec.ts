import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Request, test } from '@playwright/test';
import { E2E } from '../support/env';
import { apiAs, registerSerial } from '../support/fleet';
import { S3_BUCKET, startS3rver, waitFor } from '../support/s3';

/**
 * Media from object storage in Chromium (issue 28 item 3, docs/media-delivery.md). Its own layout beside the
 * suite's server: s3rver as the bucket (with the CORS rule the docs give), the built server started with
 * STORAGE_URL on it, and a byte-counting TCP proxy in front of the server that the browser goes through. A web
 * player paired through the proxy plays a video whose bytes came from the bucket: its media request answered
 * 307 to a signed URL, the storage answered the file, and the server sent the browser less than the file.
 */
const PRODUCT_PORT = E2E.port + 200;
const PROXY_PORT = E2E.port + 201;
const S3_PORT = E2E.port + 202;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const STORAGE = `http://127.0.0.1:${S3_PORT}`;

const ADMIN = { id: 'admin', password: 'Admin-s3-Passw0rd' };

const work = mkdtempSync(join(tmpdir(), 'signage-s3-e2e-'));
const children: ChildProcess[] = [];
let proxy: net.Server | undefined;
/** Bytes the server sent to the browser through the proxy. */
let serverToBrowser = 0;

/** A 4-second H.264 clip with noise in it, so that it weighs a few MB (more than the page and its calls). */
function heavyClip(): string {
  const mp4 = join(work, 'noisy.mp4');
  const result = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
      ...['-vf', 'noise=alls=40:allf=t+u', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', mp4],
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return mp4;
}

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { cwd: E2E.repoRoot, env: { ...process.env, ...env }, stdio: 'ignore' });
  children.push(child);
  return child;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const storage = await startS3rver({
    directory: join(work, 's3'),
    port: S3_PORT,
    origin: PROXY,
    spawnWith: (command, args) => start(command, args),
  });
  start(process.execPath, [join(E2E.repoRoot, 'apps/server/dist/main.mjs')], {
    PORT: String(PRODUCT_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LIVE_INGEST: 'off',
    STORAGE_URL: storage.storageUrl,
    MEDIA_URL_TTL_SECONDS: '300',
  });
  await waitFor(`http://127.0.0.1:${PRODUCT_PORT}/api/health`, (status) => status === 200);
  proxy = net.createServer((browser) => {
    const server = net.connect(PRODUCT_PORT, '127.0.0.1');
    server.on('data', (chunk: Buffer) => {
      serverToBrowser += chunk.length;
    });
    browser.pipe(server).pipe(browser);
    const close = () => {
      browser.destroy();
      server.destroy();
    };
    browser.on('error', close);
    server.on('error', close);
    browser.on('close', close);
    server.on('close', close);
  });
  await new Promise<void>((resolve) => proxy?.listen(PROXY_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

test('a web player plays a video from S3 storage whose bytes did not pass through the server', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const serial = `S3-${stamp}`;
  const clip = heavyClip();
  const size = statSync(clip).size;
  expect(size).toBeGreaterThan(1_000_000);
  // The staff calls go to the server directly (not counted); the browser goes through the counting proxy.
  const staff = await apiAs(ADMIN, `http://127.0.0.1:${PRODUCT_PORT}`);
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  try {
    await page.goto(`${PROXY}/player/?serial=${serial}&lang=en`);
    await expect(page.getByText(serial)).toBeVisible();
    const { device_code: code, pin } = await registerSerial(staff, serial, {
      region: 'JP',
      shop_no: '0098',
      shop_name: `S3 store ${stamp}`,
      display_pattern: 'Multi,CW',
    });
    await page.keyboard.type(pin);
    await expect(page.getByText('Nothing is scheduled')).toBeVisible();

    const uploaded = await staff.post('/api/contents', {
      multipart: {
        name: `Noisy ${stamp}`,
        region: 'JP',
        display_pattern: 'Multi,CW',
        license_from: '',
        license_to: '',
        content: { name: 'noisy.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const video = ((await uploaded.json()).data as { content_id: string }).content_id;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const before = serverToBrowser;
    const created = await staff.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: `S3 ${stamp}`,
        available_date_from: today,
        available_date_to: '',
        available_time_from: '',
        available_time_to: '',
        contents: [video],
        dest: [code],
        download_allow_hour: '',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(created.status(), await created.text()).toBe(200);

    // The video plays: its time advances.
    const playing = page.locator('.layer.shown video');
    await expect(playing).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(() => playing.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);

    // Its file came from the bucket: the server answered the media request with a redirect to a signed URL,
    // the storage answered the whole file (the device token stayed behind, or s3rver would have refused).
    const fromStorage = finished.find(
      (request) =>
        request.url().startsWith(`${STORAGE}/${S3_BUCKET}/`) &&
        request.redirectedFrom()?.url() === `${PROXY}/agent/v1/media/${video}`,
    );
    expect(fromStorage, finished.map((r) => r.url()).join('\n')).toBeDefined();
    expect(new URL(String(fromStorage?.url())).searchParams.get('X-Amz-Expires')).toBe('300');
    const redirect = await fromStorage?.redirectedFrom()?.response();
    expect(redirect?.status()).toBe(307);
    const answer = await fromStorage?.response();
    expect(answer?.status()).toBe(200);
    expect(Number(answer?.headers()['content-length'])).toBe(size);
    // And the server sent the browser less than the file since the schedule was made (manifest, beats, push).
    const sent = serverToBrowser - before;
    console.info(`server to browser while the ${size} byte video was delivered: ${sent} bytes`);
    expect(sent).toBeLessThan(size / 4);
  } finally {
    await staff.dispose();
  }
});
