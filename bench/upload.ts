/**
 * 400 MB upload benchmark (ARCHITECTURE.md section 7): starts the server as `npm start` would, on a fresh
 * data directory, uploads a 400 MB video through POST /api/contents and prints
 * - the server's peak memory growth during the upload (budget: under 64 MB), read from the kernel's peak
 *   RSS of the server process after resetting it, and
 * - the upload's throughput as a ratio of a plain streamed disk copy of the same file in the same run
 *   (budget: at least 0.5).
 * Run: npx tsx bench/upload.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  createWriteStream,
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
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_BYTES = 400 * 1024 * 1024;
const PASSWORD = 'Bench-Passw0rd-400';
const BUDGET = { memoryMb: 64, ratio: 0.5 };

function ffmpeg(): string {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(join(dir, 'ffmpeg'))) return join(dir, 'ffmpeg');
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A real 10 s clip (moov first), padded with an ISO-BMFF 'free' box to exactly 400 MB: valid, and as large as allowed. */
function makeVideo(dir: string): string {
  const clip = join(dir, 'clip.mp4');
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=10'];
  const result = spawnSync(ffmpeg(), [...args, '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip]);
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
  const file = join(dir, 'bench-400mb.mp4');
  writeFileSync(file, readFileSync(clip));
  const padding = TARGET_BYTES - statSync(file).size;
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

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function startServer(dataDir: string): Promise<{ pid: number; port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (match && child.pid) resolve({ pid: child.pid, port: Number(match[1]), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

const kb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function login(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/users/admin/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

/** A multipart upload streamed from disk, as a browser sends it (never read into memory here either). */
function upload(port: number, cookie: string, file: string, name: string): Promise<number> {
  const boundary = `bench${Date.now()}`;
  const field = (k: string, v: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const head = Buffer.from(
    `${field('name', name)}${field('display_pattern', 'Multi,CW')}--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="${name}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/contents',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(length) : reject(new Error(`upload answered ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'signage-bench-'));
  const server = await startServer(join(dir, 'data'));
  try {
    const video = makeVideo(dir);
    const cookie = await login(server.port);
    const small = join(dir, 'small.mp4');
    writeFileSync(small, readFileSync(join(dir, 'clip.mp4')));
    await upload(server.port, cookie, small, 'warm-up');

    const copySeconds = await timed(() => pipeline(createReadStream(video), createWriteStream(join(dir, 'copy.mp4'))));
    rmSync(join(dir, 'copy.mp4'));

    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const baseline = kb(server.pid, 'VmRSS');
    // Sampled as well, in case the kernel's peak cannot be reset on this system.
    let sampledPeak = baseline;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, kb(server.pid, 'VmRSS'));
    }, 10);
    const uploadSeconds = await timed(() => upload(server.port, cookie, video, 'bench-400mb'));
    clearInterval(sampler);
    const growthMb = (Math.max(kb(server.pid, 'VmHWM'), sampledPeak) - baseline) / 1024;

    const mb = TARGET_BYTES / 1024 / 1024;
    const ratio = copySeconds / uploadSeconds;
    console.info(`upload: ${mb} MB in ${uploadSeconds.toFixed(2)} s (${(mb / uploadSeconds).toFixed(0)} MB/s)`);
    console.info(`plain disk copy: ${mb} MB in ${copySeconds.toFixed(2)} s (${(mb / copySeconds).toFixed(0)} MB/s)`);
    console.info(
      `server peak memory growth: ${growthMb.toFixed(1)} MB (budget < ${BUDGET.memoryMb} MB) ${growthMb < BUDGET.memoryMb ? 'OK' : 'OVER'}`,
    );
    console.info(
      `throughput ratio vs disk copy: ${ratio.toFixed(2)} (budget >= ${BUDGET.ratio}) ${ratio >= BUDGET.ratio ? 'OK' : 'UNDER'}`,
    );
    if (growthMb >= BUDGET.memoryMb || ratio < BUDGET.ratio) process.exitCode = 1;
  } finally {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
