/**
 * Resident memory of one server process on the embedded database (ARCHITECTURE.md section 7, README
 * "Memory"). Starts the server in this process as `npm start` would (fresh DATA_DIR, PGlite), then
 * prints RSS and where it goes:
 * - idle, right after start;
 * - after a light load: sign-ins, 300 list requests, 20 image uploads (thumbnails by sharp), their
 *   thumbnails read back.
 * Breakdown: V8 heap, external and ArrayBuffers (Node's own counters), PGlite's WebAssembly memory (the
 * resident part of the mappings that reserve several GiB of address space, which only wasm memories do)
 * and the rest (code, native libraries: sharp/libvips, ffmpeg is a separate process).
 * Run: npx tsx --expose-gc bench/memory.ts   (budget: MEMORY_BUDGET_MB below, checked on the loaded figure)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config';
import { startServer } from '../apps/server/src/server';

const MEMORY_BUDGET_MB = 400;
const PASSWORD = 'Bench-Memory-Passw0rd';
const MB = 1024 * 1024;

/**
 * Resident bytes of wasm memories: a read-write anonymous mapping directly followed by a reservation
 * of 4 GiB or more (the guard region V8 puts behind every wasm memory).
 */
function wasmResidentBytes(): number {
  let total = 0;
  let previous: { rss: number; writable: boolean } | undefined;
  let current: { rss: number; writable: boolean } | undefined;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (mapping) {
      previous = current;
      current = { rss: 0, writable: mapping[3] === 'rw-p' };
      const size = BigInt(`0x${mapping[2]}`) - BigInt(`0x${mapping[1]}`);
      if (mapping[3] === '---p' && size >= 4n * 1024n * BigInt(MB) && previous?.writable) total += previous.rss;
    } else if (current && line.startsWith('Rss:')) {
      current.rss = Number(line.split(/\s+/)[1]) * 1024;
    }
  }
  return total;
}

function snapshot(label: string): { label: string; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  const wasm = wasmResidentBytes();
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0).padStart(4)} MB`;
  console.info(
    `${label.padEnd(22)} rss ${mb(usage.rss)} | V8 heap ${mb(usage.heapTotal)} (used ${mb(usage.heapUsed)})` +
      ` | PGlite wasm memory ${mb(wasm)} resident | the rest (Node, compiled wasm code, sharp/libvips,` +
      ` malloc arenas) ${mb(usage.rss - usage.heapTotal - wasm)}`,
  );
  return { label, rss: usage.rss };
}

async function lightLoad(base: string): Promise<void> {
  const auth = await fetch(`${base}/api/users/admin/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = (auth.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const image = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#c05028' } })
    .png()
    .toBuffer();
  const keys: string[] = [];
  for (let i = 0; i < 20; i++) {
    const form = new FormData();
    form.set('name', `Memory ${i}`);
    form.set('display_pattern', 'Multi,CW');
    form.set('region', 'JP');
    form.set('content', new Blob([image], { type: 'image/png' }), `memory-${i}.png`);
    const response = await fetch(`${base}/api/contents`, { method: 'POST', headers: { cookie }, body: form });
    if (!response.ok) throw new Error(`upload ${response.status}: ${await response.text()}`);
    keys.push(((await response.json()) as { data: { key: string } }).data.key);
  }
  for (let i = 0; i < 100; i++) {
    for (const path of ['/api/contents', '/api/devices', '/api/setting']) {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      await response.arrayBuffer();
    }
  }
  for (const key of keys)
    await (await fetch(`${base}/api/contents/${key}/thumbnail`, { headers: { cookie } })).arrayBuffer();
}

/** Child mode: the server process itself, printing a snapshot for every label read on stdin. */
async function serve(): Promise<void> {
  const server = await startServer(
    loadConfig({
      DATA_DIR: process.env.MEMORY_DATA_DIR,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: PASSWORD,
    }),
  );
  console.info(`port ${server.port}`);
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) {
    for (const label of String(chunk).split('\n').filter(Boolean)) {
      if (label === 'stop') {
        await server.close();
        process.exit(0);
      }
      console.info(`rss ${snapshot(label).rss}`);
    }
  }
}

/** Starts the server as its own process (as `npm start` does) and lets the caller ask for snapshots. */
async function spawnServer(dataDir: string) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, MEMORY_CHILD: '1', MEMORY_DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let index = buffer.indexOf('\n'); index >= 0; index = buffer.indexOf('\n')) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 1);
      if (!line.startsWith('rss ') && !line.startsWith('port ')) console.info(line);
      else (waiters.shift() ?? ((l: string) => lines.push(l)))(line);
    }
  });
  const next = () => new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiters.push(resolve)));
  const port = Number((await next()).split(' ')[1]);
  return {
    port,
    snapshot: async (label: string) => {
      child.stdin.write(`${label}\n`);
      return Number((await next()).split(' ')[1]);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.write('stop\n');
      }),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-memory-'));
  try {
    // The first start also runs initdb (a second wasm instance); a store office lives on restarts.
    const first = await spawnServer(dataDir);
    await first.snapshot('first start (initdb)');
    await first.stop();
    const server = await spawnServer(dataDir);
    await server.snapshot('idle after restart');
    await lightLoad(`http://127.0.0.1:${server.port}`);
    const loaded = await server.snapshot('after light load');
    await server.stop();
    console.info(
      `${(loaded / MB).toFixed(0)} MB after light load (budget ${MEMORY_BUDGET_MB} MB): ${loaded <= MEMORY_BUDGET_MB * MB ? 'within' : 'OVER'}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await (process.env.MEMORY_CHILD ? serve() : main());
