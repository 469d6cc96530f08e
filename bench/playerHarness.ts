/**
 * Drives a web player page against a running product, as staff and a store screen would: contents uploaded and
 * schedules made through the console API (signed in as admin), the page paired with the PIN a registration
 * issues. Used by bench/player-soak.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Page } from 'playwright-core';

export type Api = { base: string; cookie: string };

async function call<T>(api: Api, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${api.base}${path}`, {
    ...init,
    headers: { cookie: api.cookie, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Runs ffmpeg to make a file; throws with its message when it fails. */
export function ffmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${result.stderr}`);
}

/** An image or movie content from a file; returns its content id. */
export async function uploadFile(api: Api, file: string, type: string, name: string): Promise<string> {
  const form = new FormData();
  form.set('name', name);
  form.set('display_pattern', 'Multi,CW');
  form.set('region', 'JP');
  form.set('content', new Blob([readFileSync(file)], { type }), file.split('/').at(-1) as string);
  return (await call<{ content_id: string }>(api, '/api/contents', { method: 'POST', body: form })).content_id;
}

/** A self-hosted live content (Fullscreen) whose live image is `imageFile`; returns its id and stream key. */
export async function registerLive(
  api: Api,
  imageFile: string,
  fields: {
    name: string;
    prompt: string;
    logo: string;
    width?: number;
    height?: number;
    dashboard?: string;
    /** Multielement (with this title) instead of Fullscreen. */
    title?: string;
  },
): Promise<{ content_id: string; stream_key: string; rtmp_url: string }> {
  const form = new FormData();
  const text: Record<string, string> = {
    name: fields.name,
    display_pattern: 'Multi,CW',
    region: 'JP',
    livePlatform: 'selfhosted',
    layout: fields.title ? 'Multielement' : 'Fullscreen',
    title: fields.title ?? '',
    livestation_url: 'https://station.example.com/live',
    output_resolution: fields.width ? 'Manual_input' : 'W1280xH720_Pixels',
    output_resolution_width: String(fields.width ?? ''),
    output_resolution_height: String(fields.height ?? ''),
    live_prompt: fields.title ? '' : fields.prompt,
    live_logo_position: fields.title ? '' : fields.logo,
    live_dashboard: fields.dashboard ?? 'hide',
  };
  for (const [key, value] of Object.entries(text)) form.set(key, value);
  form.set('content', new Blob([readFileSync(imageFile)], { type: 'image/png' }), 'live.png');
  return call(api, '/api/contents', { method: 'POST', body: form });
}

/** A schedule of `contents` (in order) for one player, from today on, all day, in Tokyo. */
export async function scheduleFor(api: Api, code: string, contents: string[], name: string): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const made = await call<{ schedule_id?: string; id?: string }>(api, '/api/schedules', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      playlist_name: 'Default playlist',
      schedule_name: name,
      available_date_from: today,
      available_date_to: '',
      available_time_from: '',
      available_time_to: '',
      contents,
      dest: [code],
      download_allow_hour: '',
      zone_code: 'Asia/Tokyo',
    }),
  });
  return made.schedule_id ?? made.id ?? '';
}

/** Opens the player page for `serial`, registers it to a store, types the PIN; resolves once it is paired. */
export async function pairPage(page: Page, api: Api, serial: string, query = ''): Promise<string> {
  await page.goto(`${api.base}/player/?serial=${encodeURIComponent(serial)}&lang=en${query}`);
  await page.getByText(serial).waitFor();
  const issued = await call<{ device_code: string; pin: string }>(api, '/api/registrations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      region: 'JP',
      shop_no: String(Math.floor(Math.random() * 9000) + 1000),
      shop_name: `Soak ${serial}`,
      display_pattern: 'Multi,CW',
      memo: '',
      device_name: serial,
    }),
  });
  await page.keyboard.type(issued.pin);
  await page.getByText('Nothing is scheduled').waitFor();
  return issued.device_code;
}

export async function removeSchedule(api: Api, scheduleId: string): Promise<void> {
  await call<null>(api, `/api/schedules/${scheduleId}`, { method: 'DELETE' });
}

/**
 * ffmpeg publishing a moving test pattern over RTMP at real time (the way an encoder in a store does), until
 * stop() (which resolves once ffmpeg has exited).
 */
export function publish(rtmpUrl: string, streamKey: string, size = '640x360'): { stop: () => Promise<void> } {
  const child = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
      ...['-f', 'flv', `${rtmpUrl.replace(/\/$/, '')}/${streamKey}`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Whether something listens at an rtmp:// address (the self-hosted ingest). */
export function listening(rtmpUrl: string): Promise<boolean> {
  const url = new URL(rtmpUrl.replace(/^rtmp:/, 'http:'));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 1935) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
