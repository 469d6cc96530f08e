/**
 * Upload benchmark (ARCHITECTURE.md section 7, issue 15 item 7). The product, started as `npm start` starts it
 * (default log level, embedded database, fresh data directory), against a bare Fastify multipart-to-disk
 * server (bench/bare-upload.ts) in the same run, interleaved (the order alternates each round):
 * - a 400 MB video (`UPLOAD_MB`, default 400) through POST /api/contents: throughput ratio product/bare per
 *   round, min/median/max over `UPLOAD_RUNS` rounds (default 3); budget: median at least 0.5;
 * - the server's peak memory growth during those uploads (budget: under 64 MB), from the kernel's peak RSS
 *   after resetting it;
 * - a 3 MB clip end to end (request to answer): time ratio bare/product over `SMALL_RUNS` rounds (default 7),
 *   reported with its median times (no budget: the product checks and probes what the bare server does not).
 * The product's processing after the answer (the thumbnail) is waited for outside the timed part.
 * Exits non-zero when a budget is missed. Run: npx tsx bench/upload.ts
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, removeDataDir, type Started, startBare, startProduct } from './processes';

const BIG_MB = Number(process.env.UPLOAD_MB ?? 400);
const RUNS = Number(process.env.UPLOAD_RUNS ?? 3);
const SMALL_RUNS = Number(process.env.SMALL_RUNS ?? 7);
const BUDGET = { memoryMb: 64, ratio: 0.5 };

function ffmpeg(): string {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(join(dir, 'ffmpeg'))) return join(dir, 'ffmpeg');
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A real 10 s 720p clip (moov first), about 3 MB. */
function makeClip(dir: string): string {
  const clip = join(dir, 'clip.mp4');
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=10'];
  const result = spawnSync(ffmpeg(), [...args, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip]);
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
  return clip;
}

/** The clip padded with an ISO-BMFF 'free' box to exactly BIG_MB: valid, and as large as asked. */
function makeBigVideo(dir: string, clip: string): string {
  const file = join(dir, 'bench-big.mp4');
  writeFileSync(file, readFileSync(clip));
  const padding = BIG_MB * 1024 * 1024 - statSync(file).size;
  const fd = openSync(file, 'a');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  writeSync(fd, header);
  const block = Buffer.alloc(8 * 1024 * 1024);
  for (let left = padding - 8; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(block.length, left));
  closeSync(fd);
  return file;
}

const kb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** A multipart upload streamed from disk, as a browser sends it; resolves with seconds and the answer. */
function upload(port: number, path: string, cookie: string, file: string, name: string) {
  const boundary = `bench${Date.now()}`;
  const field = (k: string, v: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const head = Buffer.from(
    `${field('name', name)}${field('display_pattern', 'Multi,CW')}--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="${name}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const start = process.hrtime.bigint();
  return new Promise<{ seconds: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => {
          const seconds = Number(process.hrtime.bigint() - start) / 1e9;
          if (res.statusCode === 200) resolve({ seconds, body });
          else reject(new Error(`${path} answered ${res.statusCode}: ${body}`));
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

/** Waits (outside the timed part) until the product has processed a content after its answer. */
async function processed(port: number, cookie: string, body: string): Promise<void> {
  const key = (JSON.parse(body) as { data: { key: string } }).data.key;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/api/contents/${key}`, { headers: { cookie } });
    const state = ((await response.json()) as { data: { processing_state: string } }).data.processing_state;
    if (state === 'ready') return;
    if (state === 'failed') throw new Error(`processing of ${key} failed`);
    if (Date.now() > deadline) throw new Error(`processing of ${key} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const spread = (values: number[], digits = 2) =>
  `min ${Math.min(...values).toFixed(digits)} / median ${median(values).toFixed(digits)} / max ${Math.max(...values).toFixed(digits)}`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'signage-upload-bench-'));
  let product: (Started & { dataDir: string }) | undefined;
  let bare: Started | undefined;
  try {
    const clip = makeClip(dir);
    const big = makeBigVideo(dir, clip);
    product = await startProduct();
    bare = await startBare({ script: 'bench/bare-upload.ts', env: { UPLOAD_DIR: join(dir, 'bare') } });
    const cookie = await login(product.port);
    const pid = product.child.pid as number;
    const send = {
      product: async (file: string, name: string) => {
        const answer = await upload((product as Started).port, '/api/contents', cookie, file, name);
        await processed((product as Started).port, cookie, answer.body);
        return answer.seconds;
      },
      bare: async (file: string, name: string) =>
        (await upload((bare as Started).port, '/upload', '', file, name)).seconds,
    };
    // Warm-up: both servers have compiled their paths and opened what they keep open.
    for (let i = 0; i < 2; i += 1) {
      await send.bare(clip, 'warm-up');
      await send.product(clip, 'warm-up');
    }

    const bigRatios: number[] = [];
    const bigProduct: number[] = [];
    const bigBare: number[] = [];
    let growthMb = 0;
    for (let round = 0; round < RUNS; round += 1) {
      const measureProduct = async () => {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const baseline = kb(pid, 'VmRSS');
        let sampledPeak = baseline;
        const sampler = setInterval(() => {
          sampledPeak = Math.max(sampledPeak, kb(pid, 'VmRSS'));
        }, 10);
        const seconds = await upload(product!.port, '/api/contents', cookie, big, `big-${round}`).finally(() =>
          clearInterval(sampler),
        );
        growthMb = Math.max(growthMb, (Math.max(kb(pid, 'VmHWM'), sampledPeak) - baseline) / 1024);
        await processed(product!.port, cookie, seconds.body);
        return seconds.seconds;
      };
      let p: number;
      let b: number;
      if (round % 2 === 0) {
        b = await send.bare(big, `big-${round}`);
        p = await measureProduct();
      } else {
        p = await measureProduct();
        b = await send.bare(big, `big-${round}`);
      }
      bigProduct.push(p);
      bigBare.push(b);
      bigRatios.push(b / p);
    }

    const smallRatios: number[] = [];
    const smallProduct: number[] = [];
    const smallBare: number[] = [];
    for (let round = 0; round < SMALL_RUNS; round += 1) {
      const first = round % 2 === 0 ? 'bare' : 'product';
      const times: Record<string, number> = {};
      for (const which of [first, first === 'bare' ? 'product' : 'bare'] as const) {
        times[which] = await send[which as 'bare' | 'product'](clip, `small-${round}`);
      }
      smallProduct.push(times.product as number);
      smallBare.push(times.bare as number);
      smallRatios.push((times.bare as number) / (times.product as number));
    }

    const mbps = (seconds: number) => (BIG_MB / seconds).toFixed(0);
    const smallMb = (statSync(clip).size / 1024 / 1024).toFixed(1);
    const ratio = median(bigRatios);
    console.info(`${BIG_MB} MB upload, ${RUNS} interleaved rounds (product at its default log level):`);
    console.info(`  product: ${spread(bigProduct)} s (median ${mbps(median(bigProduct))} MB/s)`);
    console.info(`  bare Fastify multipart-to-disk: ${spread(bigBare)} s (median ${mbps(median(bigBare))} MB/s)`);
    console.info(
      `  throughput ratio product/bare: ${spread(bigRatios)} (budget: median >= ${BUDGET.ratio}) ${ratio >= BUDGET.ratio ? 'OK' : 'UNDER'}`,
    );
    console.info(
      `  server peak memory growth: ${growthMb.toFixed(1)} MB (budget < ${BUDGET.memoryMb} MB) ${growthMb < BUDGET.memoryMb ? 'OK' : 'OVER'}`,
    );
    console.info(`${smallMb} MB clip end to end, ${SMALL_RUNS} interleaved rounds:`);
    console.info(
      `  product: ${spread(
        smallProduct.map((s) => s * 1000),
        0,
      )} ms`,
    );
    console.info(
      `  bare: ${spread(
        smallBare.map((s) => s * 1000),
        0,
      )} ms`,
    );
    console.info(`  time ratio bare/product: ${spread(smallRatios)} (reported, no budget)`);
    if (growthMb >= BUDGET.memoryMb || ratio < BUDGET.ratio) process.exitCode = 1;
  } finally {
    await product?.stop();
    await bare?.stop();
    if (product) removeDataDir(product.dataDir);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
