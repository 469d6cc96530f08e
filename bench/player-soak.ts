/**
 * The web player's memory over days (issue 11), compressed into minutes: a player page in Chromium against the
 * product (its own PGlite data, port PORT or 19150) loops two images and a short video fast (images 1 s through
 * the soak-only `debug_image_seconds` address parameter, a 2 s video), and every CYCLE_MS a live schedule is
 * created over it and deleted again (the live view is built and torn down, its live image shown, its playlist
 * probed); when the self-hosted RTMP ingest answers, ffmpeg also publishes during each live phase, so the stream
 * goes on and off air (hls.js attached and destroyed) every cycle: off air 5 s, on air 10 s, off air 5 s.
 *
 * Every SAMPLE_MS, after a forced garbage collection, it reads through the Chrome DevTools Protocol
 * (Performance.getMetrics) the JavaScript heap in use, DOM nodes and event listeners, and from the page the
 * object URLs alive (URL.createObjectURL minus revokeObjectURL, counted by a wrapper installed before the player
 * loads) and the media elements in the document. After a warm-up it compares the first third of the samples with
 * the last third (medians) against BUDGETS; exits non-zero on a miss.
 *
 * Run: npm run build -w @signage/player && npx tsx bench/player-soak.ts [--minutes N]   (default 5)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { readPlays } from '../e2e/support/playerPlays';
import {
  type Api,
  ffmpeg,
  listening,
  pairPage,
  publish,
  registerLive,
  removeSchedule,
  scheduleFor,
  uploadFile,
} from './playerHarness';
import { login, removeDataDir, startProduct } from './processes';

const PORT = Number(process.env.PORT ?? 19150);
const RTMP_PORT = Number(process.env.RTMP_PORT ?? PORT + 5);
const SAMPLE_MS = 10_000;
const WARM_UP_MS = 60_000;
/** One cycle: the files loop alone for half of it, then a live schedule over it for the other half. */
const CYCLE_MS = 40_000;
/**
 * Growth allowed from the first third of the samples to the last (medians): the heap may wander with what is
 * on screen at the moment of the sample, so 2 MB or 10 %; nodes and listeners a few (a status line, a layer);
 * object URLs none beyond the files the plan holds; media elements never more than the stage draws.
 */
const BUDGETS = {
  heapBytes: (first: number) => Math.max(2 * 1024 * 1024, first * 0.1),
  nodes: () => 60,
  listeners: () => 10,
  objectUrls: () => 1,
};
const MAX_MEDIA_ELEMENTS = 6;
/** The files loop shows three items every ~4 s for half of each cycle: far more than this many plays a minute. */
const MIN_PLAYS_PER_MINUTE = 5;

type Sample = { at: number; heap: number; nodes: number; listeners: number; urls: number; media: number };

const COUNT_OBJECT_URLS = `(() => {
  const alive = new Set();
  const create = URL.createObjectURL.bind(URL);
  const revoke = URL.revokeObjectURL.bind(URL);
  URL.createObjectURL = (object) => { const url = create(object); alive.add(url); return url; };
  URL.revokeObjectURL = (url) => { alive.delete(url); revoke(url); };
  Object.defineProperty(window, '__soakObjectUrls', { get: () => alive.size });
})();`;

/** The embedded ingest starts beside the server: wait for it (30 s at most), else run without live on/off. */
async function untilListening(rtmpUrl: string): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await listening(rtmpUrl)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function minutesArg(): number {
  const at = process.argv.indexOf('--minutes');
  const minutes = at >= 0 ? Number(process.argv[at + 1]) : 5;
  if (!Number.isFinite(minutes) || minutes < 2) throw new Error('--minutes takes a number of minutes, at least 2');
  return minutes;
}

async function sample(page: Page, cdp: Awaited<ReturnType<typeof cdpOf>>, start: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const page_ = await page.evaluate(() => ({
    urls: (window as unknown as { __soakObjectUrls: number }).__soakObjectUrls,
    media: document.querySelectorAll('video, img').length,
  }));
  return {
    at: Date.now() - start,
    heap: metric('JSHeapUsedSize'),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    ...page_,
  };
}

async function cdpOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return cdp;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function verdict(samples: Sample[]): boolean {
  const settled = samples.filter((s) => s.at >= WARM_UP_MS);
  const third = Math.max(1, Math.floor(settled.length / 3));
  const first = settled.slice(0, third);
  const last = settled.slice(-third);
  let ok = true;
  const check = (label: string, key: keyof typeof BUDGETS, field: keyof Sample, unit = 1, suffix = '') => {
    const a = median(first.map((s) => s[field]));
    const b = median(last.map((s) => s[field]));
    const allowed = BUDGETS[key](a);
    const pass = b - a <= allowed;
    ok &&= pass;
    const f = (n: number) => `${(n / unit).toFixed(unit > 1 ? 2 : 0)}${suffix}`;
    console.info(
      `${label.padEnd(16)} first third ${f(a).padStart(10)}  last third ${f(b).padStart(10)}  growth ${f(b - a).padStart(9)}  (budget ${f(allowed)}): ${pass ? 'within' : 'OVER'}`,
    );
  };
  check('JS heap (after GC)', 'heapBytes', 'heap', 1024 * 1024, ' MB');
  check('DOM nodes', 'nodes', 'nodes');
  check('event listeners', 'listeners', 'listeners');
  check('object URLs alive', 'objectUrls', 'urls');
  const most = Math.max(...samples.map((s) => s.media));
  const mediaOk = most <= MAX_MEDIA_ELEMENTS;
  console.info(
    `media elements   at most ${most} in the document (budget ${MAX_MEDIA_ELEMENTS}): ${mediaOk ? 'within' : 'OVER'}`,
  );
  return ok && mediaOk;
}

async function main(): Promise<number> {
  const minutes = minutesArg();
  const dir = mkdtempSync(join(tmpdir(), 'signage-soak-'));
  const files = {
    red: join(dir, 'red.png'),
    blue: join(dir, 'blue.png'),
    live: join(dir, 'live.png'),
    clip: join(dir, 'clip.mp4'),
  };
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:size=640x360', '-frames:v', '1', files.red]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=blue:size=640x360', '-frames:v', '1', files.blue]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x00c000:size=640x360', '-frames:v', '1', files.live]);
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', files.clip],
  ]);
  // The embedded ingest on a port of the soak's own (RTMP_PORT, default PORT + 5), so the stream goes on and off air.
  const product = await startProduct({
    port: PORT,
    env: { LOG_LEVEL: 'warn', LIVE_INGEST: 'embedded', LIVE_RTMP_PORT: String(RTMP_PORT) },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'],
  });
  let publisher: { stop: () => Promise<void> } | null = null;
  try {
    const api: Api = { base: `http://127.0.0.1:${product.port}`, cookie: await login(product.port) };
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.addInitScript(COUNT_OBJECT_URLS);
    const code = await pairPage(page, api, `SOAK-${Date.now()}`, '&debug_image_seconds=1');
    const contents = [
      await uploadFile(api, files.red, 'image/png', 'Soak red'),
      await uploadFile(api, files.clip, 'video/mp4', 'Soak clip'),
      await uploadFile(api, files.blue, 'image/png', 'Soak blue'),
    ];
    const live = await registerLive(api, files.live, {
      name: 'Soak live',
      prompt: 'Soon',
      logo: 'upper_right',
      dashboard: 'show',
    });
    const ingest = await untilListening(live.rtmp_url);
    console.info(
      `soak: ${minutes} min, images 1 s + a 2 s video; a live schedule over it for the second half of every ${CYCLE_MS / 1000} s; ` +
        `live on/off: ${ingest ? `ffmpeg publishes to ${live.rtmp_url} from 5 s to 15 s of each live phase` : 'no ingest answers, the live image and probes only'}`,
    );
    await scheduleFor(api, code, contents, 'Soak loop');
    await page.locator('.layer.shown img, .layer.shown video').first().waitFor();
    const cdp = await cdpOf(page);
    const start = Date.now();
    const end = start + minutes * 60_000;
    const samples: Sample[] = [];
    let nextSample = start;
    let liveSchedule: string | null = null;
    let cycles = 0;
    let streamed = 0;
    let seenThisCycle = false;
    while (Date.now() < end) {
      const inCycle = (Date.now() - start) % CYCLE_MS;
      const half = CYCLE_MS / 2;
      if (inCycle >= half && !liveSchedule) {
        liveSchedule = await scheduleFor(api, code, [live.content_id], `Soak live ${++cycles}`);
        seenThisCycle = false;
      } else if (inCycle < half && liveSchedule) {
        await publisher?.stop();
        publisher = null;
        await removeSchedule(api, liveSchedule);
        liveSchedule = null;
      }
      // Within the live phase: off air for 5 s, on air for 10 s, off air again for the last 5 s.
      const onAir = ingest && liveSchedule !== null && inCycle >= half + 5_000 && inCycle < half + 15_000;
      if (onAir && !publisher) publisher = publish(live.rtmp_url, live.stream_key);
      if (!onAir && publisher) {
        await publisher.stop();
        publisher = null;
      }
      if (publisher && !seenThisCycle && (await page.locator('.live-box.streaming').count()) > 0) {
        seenThisCycle = true;
        streamed++;
      }
      if (Date.now() >= nextSample) {
        const s = await sample(page, cdp, start);
        samples.push(s);
        console.info(
          `${String(Math.round(s.at / 1000)).padStart(5)} s  heap ${(s.heap / 1024 / 1024).toFixed(2)} MB  nodes ${s.nodes}  listeners ${s.listeners}  object URLs ${s.urls}  media elements ${s.media}`,
        );
        nextSample += SAMPLE_MS;
      }
      await page.waitForTimeout(500);
    }
    // The loop must have moved on all along (a frozen page would keep its memory flat too).
    const plays = (await page.evaluate(readPlays)).sequence;
    const playsOk = plays >= minutes * MIN_PLAYS_PER_MINUTE;
    // With the ingest, the stream must have come on screen in most live phases (a stuck live view would not).
    const streamOk = !ingest || streamed >= Math.floor(cycles / 2);
    console.info(
      `${cycles} live cycles, the stream on screen in ${streamed}: ${streamOk ? 'within' : 'OVER'}; ` +
        `${plays} plays made (at least ${minutes * MIN_PLAYS_PER_MINUTE}): ${playsOk ? 'within' : 'OVER'}; ` +
        "machine shared with other work: the figures are the page's own, not timings",
    );
    return verdict(samples) && playsOk && streamOk ? 0 : 1;
  } finally {
    await publisher?.stop();
    await browser.close();
    await product.stop();
    removeDataDir(product.dataDir);
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
