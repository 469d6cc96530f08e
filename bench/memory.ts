/**
 * Resident memory of one server process on the embedded database (ARCHITECTURE.md section 7, docs/performance.md
 * "Memory", issue 15 item 4). Starts the product as `npm start` does (the built server on plain node, fresh
 * DATA_DIR, PGlite) and reads its memory from /proc:
 * - after the first start (the build's migrated empty database copied in, the admin account);
 * - idle after a restart, as a store office's server lives;
 * - after a light load: sign-ins, 300 list requests, 20 image uploads (thumbnails by sharp), their
 *   thumbnails read back.
 * Breakdown: PGlite's WebAssembly memory (the resident part of the mapping followed by a reservation of
 * several GiB, which only wasm memories have) and the rest (Node and V8's heaps of both threads, compiled
 * code, native libraries: sharp/libvips, malloc arenas; ffmpeg is a separate process).
 * Run: npx tsx bench/memory.ts   (budgets below; exits non-zero when one is missed)
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { login, removeDataDir, startProduct } from './processes';

/** Idle after a restart (the example: 250 MB; 470 MB before this work) and after the light load. */
const IDLE_BUDGET_MB = 320;
const LOADED_BUDGET_MB = 400;
const MB = 1024 * 1024;

/**
 * Resident bytes of a process's wasm memories: a read-write anonymous mapping directly followed by a
 * reservation of 4 GiB or more (the guard region V8 puts behind every wasm memory).
 */
function wasmResidentBytes(pid: number): number {
  let total = 0;
  let previous: { rss: number; writable: boolean } | undefined;
  let current: { rss: number; writable: boolean } | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
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

function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

function snapshot(label: string, pid: number): number {
  const rss = residentBytes(pid);
  const wasm = wasmResidentBytes(pid);
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0).padStart(4)} MB`;
  console.info(
    `${label.padEnd(22)} rss ${mb(rss)} | PGlite wasm memory ${mb(wasm)} resident | the rest (Node, V8 heaps,` +
      ` compiled code, sharp/libvips, malloc arenas) ${mb(rss - wasm)}`,
  );
  return rss;
}

async function lightLoad(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const cookie = await login(port);
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

/** The product's resident memory settles after start (lazy compilation, the first GCs): read it when still. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 3000));
}

async function main(): Promise<number> {
  const env = { LOG_LEVEL: 'warn' };
  // The first start also creates the database (from the build's template); a store office lives on restarts.
  const first = await startProduct({ env });
  const { dataDir } = first;
  try {
    await settle();
    snapshot('first start', first.child.pid ?? 0);
    await first.stop();
    const server = await startProduct({ dataDir, env });
    try {
      await settle();
      const idle = snapshot('idle after restart', server.child.pid ?? 0);
      await lightLoad(server.port);
      const loaded = snapshot('after light load', server.child.pid ?? 0);
      const verdict = (bytes: number, budget: number) =>
        `${(bytes / MB).toFixed(0)} MB (budget ${budget} MB): ${bytes <= budget * MB ? 'within' : 'OVER'}`;
      console.info(`idle ${verdict(idle, IDLE_BUDGET_MB)}; after light load ${verdict(loaded, LOADED_BUDGET_MB)}`);
      return idle <= IDLE_BUDGET_MB * MB && loaded <= LOADED_BUDGET_MB * MB ? 0 : 1;
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
}

process.exitCode = await main();
