/**
 * The embedded live ingest's latency (issue 14): the product started as `npm start` starts it, a live content
 * registered, then ROUNDS times ffmpeg publishes a 25 fps test pattern with a keyframe a second, as docs/live-streams.md
 * says, and the HLS is polled through the console's route (every 50 ms):
 * - ffmpeg start to on air (the on_publish hook), and on_publish to the first playlist with a segment;
 * - for 8 s of steady streaming, how late each segment is listed after the last frame it holds was sent
 *   (segment n of a broadcast holds media seconds [n, n+1) after on_publish; -re sends frames in real time).
 * Glass to glass adds the player: hls.js starts 3 fragments (3 s) behind the live edge. Prints medians; exits
 * non-zero when the first segment comes more than 3 s after on air or segments are listed over 1 s late.
 *   npx tsx bench/live-latency.ts   (RTMP on LIVE_RTMP_PORT, default 19035)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { login, removeDataDir, startProduct } from './processes';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const RTMP_PORT = Number(process.env.LIVE_RTMP_PORT ?? 19035);
const STEADY_MS = 8000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function registerLive(base: string, cookie: string) {
  const image = join(tmpdir(), `live-latency-${process.pid}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=800x600', '-frames:v', '1', image]);
  const form = new FormData();
  const fields = {
    name: 'Latency',
    display_pattern: 'Multi,CW',
    livePlatform: 'selfhosted',
    layout: 'Fullscreen',
    livestation_url: 'https://station.example.com/live',
    output_resolution: 'W1280xH720_Pixels',
    output_resolution_width: '',
    output_resolution_height: '',
    live_prompt: 'Soon',
    live_logo_position: 'upper_right',
    live_dashboard: 'hide',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('content', new Blob([readFileSync(image)], { type: 'image/png' }), 'live.png');
  const response = await fetch(`${base}/api/contents`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await response.json()) as { data: { content_id: string; rtmp_url: string; stream_key: string } };
  if (!response.ok) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.data;
}

function publish(url: string): ChildProcess {
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'];
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-f', 'flv', url);
  return spawn('ffmpeg', args, { stdio: 'ignore' });
}

async function main() {
  const product = await startProduct({ env: { LIVE_INGEST: 'embedded', LIVE_RTMP_PORT: String(RTMP_PORT) } });
  const base = `http://127.0.0.1:${product.port}`;
  try {
    const cookie = await login(product.port);
    const live = await registerLive(base, cookie);
    const get = (file: string) => fetch(`${base}/api/live/${live.content_id}/${file}`, { headers: { cookie } });
    const status = async () =>
      ((await (await get('status')).json()) as { data: { on_air: boolean; on_air_since: string | null } }).data;
    const toOnAir: number[] = [];
    const toFirstSegment: number[] = [];
    const startToSegment: number[] = [];
    const lateness: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const startedAt = Date.now();
      const encoder = publish(`${live.rtmp_url}/${live.stream_key}`);
      let onAir = await status();
      while (!onAir.on_air) {
        if (Date.now() - startedAt > 60_000) throw new Error('not on air within 60 s');
        await delay(50);
        onAir = await status();
      }
      const publishedAt = Date.parse(onAir.on_air_since ?? '');
      toOnAir.push(publishedAt - startedAt);
      const seen = new Map<string, number>();
      let firstAt = 0;
      while (Date.now() - publishedAt < STEADY_MS) {
        const response = await get('index.m3u8');
        const text = response.ok ? await response.text() : '';
        const now = Date.now();
        for (const name of text.split('\n').filter((line) => line.endsWith('.ts'))) {
          if (!seen.has(name)) seen.set(name, now);
          firstAt ||= now;
        }
        await delay(50);
      }
      toFirstSegment.push(firstAt - publishedAt);
      startToSegment.push(firstAt - startedAt);
      const numbers = [...seen.keys()].map((name) => Number.parseInt(name, 10)).sort((a, b) => a - b);
      const first = numbers[0] ?? 0;
      for (const n of numbers) lateness.push((seen.get(`${n}.ts`) ?? 0) - (publishedAt + (n - first + 1) * 1000));
      encoder.kill('SIGINT');
      await new Promise((resolve) => encoder.once('exit', resolve));
      while ((await status()).on_air) await delay(50);
    }
    console.info(`rounds: ${ROUNDS} (shared 2-core machine; medians)`);
    console.info(`ffmpeg start -> on air (on_publish):            ${median(toOnAir)} ms`);
    console.info(`on_publish -> first playlist with a segment:    ${median(toFirstSegment)} ms`);
    console.info(`ffmpeg start -> first playlist with a segment:  ${median(startToSegment)} ms`);
    console.info(`segment listed after its last frame was sent:  ${median(lateness)} ms (n=${lateness.length})`);
    const edge = median(lateness) + 1000 + 3 * 1000;
    console.info(
      `expected glass to glass with hls.js (3 fragments behind): about ${(edge / 1000).toFixed(1)} s + decode`,
    );
  } finally {
    await product.stop();
    removeDataDir(product.dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
