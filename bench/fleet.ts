/**
 * The fleet bench (issue 28 item 5, issue 32 item 4): BENCH_SERVERS server processes (default 2) on one
 * PostgreSQL database of its own (created and dropped here), and a simulated fleet in BENCH_GENERATORS
 * generator processes (bench/fleetGenerator.ts, default 2): every player holds its push channel open and sends
 * a manifest poll and a heartbeat once a minute as the web player does (apps/player/src/cadence.ts), open loop.
 * For each fleet size it prints:
 * - the run: requests planned and served, p50/p99 from the planned time, held or not (p99 < 200 ms and 99%
 *   of the planned requests served), and players per core (the fleet over the machine's cores);
 * - memory per connected player of a server process, next to a bare SSE server (bench/bare-sse.ts) holding
 *   the same number of channels from the same generators in the same run;
 * - the push fan-out: one schedule of BENCH_FANOUT players (default 5,000) renamed through the API, the time
 *   until the last of them has its event and its new manifest;
 * - CPU per request of the servers, of PostgreSQL's backends for this database, and of the generators: what
 *   limits the fleet.
 * Sizes: BENCH_PLAYERS=1000,3000,5000 runs those; BENCH_SEARCH=1 doubles from the first size while the
 * fleet holds, then bisects to BENCH_RESOLUTION (default 1,000), up to BENCH_MAX (default 100,000).
 * BENCH_SECONDS (default 120) per run. Exits non-zero when a listed size (or the search's first) misses.
 * Run: npx tsx bench/fleet.ts   (docs/performance.md, "Fleet", for 100,000 and the open-file limit)
 */
import { createHash } from 'node:crypto';
import { cpus } from 'node:os';
import pg from 'pg';
import { seedFleet } from './fleetData';
import { mergeSorted, nextSize, verdict } from './fleetPlan';
import {
  cpuOfAll,
  type Generator,
  loadAverage,
  openFileLimit,
  rssOf,
  sampleBackends,
  startGenerator,
  stopGenerators,
} from './fleetProcs';
import { createDatabase, login, removeDataDir, type Started, startBare, startProduct } from './processes';

const list = (text: string | undefined) =>
  text
    ? text
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : [];
const SIZES = list(process.env.BENCH_PLAYERS ?? '1000,3000,5000');
const SEARCH = process.env.BENCH_SEARCH === '1';
const MAX = Number(process.env.BENCH_MAX ?? 100_000);
const RESOLUTION = Number(process.env.BENCH_RESOLUTION ?? 1000);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 2);
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const FANOUT = Number(process.env.BENCH_FANOUT ?? 5000);
const PER_ADDRESS = Number(process.env.BENCH_PER_ADDRESS ?? 20_000);
const CONNECT_RATE = Number(process.env.BENCH_CONNECT_RATE ?? 1000);
const FANOUT_BUDGET_MS = 2000;
/** BENCH_CPU_PROF=dir: a CPU profile of every server process, written there when it stops. */
const PROFILE = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const CORES = cpus().length;
const uuidOf = (text: string) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const say = (line: string) => console.info(`${line}   [load ${loadAverage()}]`);

/** Players 1..FANOUT on schedule 0 alone, the rest on schedules 1..19: the fan-out renames schedule 0. */
async function seed(url: string, players: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedFleet((statement) => client.query(statement), players);
    await client.query(
      `update schedule_devices set schedule_id = case when substr(device_code, 3)::int <= $1 then md5('s0')::uuid
         else md5('s' || (1 + substr(device_code, 3)::int % 19))::uuid end`,
      [FANOUT],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/**
 * The fleet's players [1, n] in GENERATORS slices, connected to `ports` in two halves; resolves when all hold
 * a manifest. `rss` is read after each half: the memory of a channel is the second half's growth over its
 * channels, which leaves out what the first connections warmed up (code, caches, heap reserve).
 */
async function connectFleet(n: number, ports: number[], rss: () => number) {
  const generators = Array.from({ length: GENERATORS }, startGenerator);
  const size = Math.ceil(n / GENERATORS);
  const half = async (second: boolean) => {
    const reports = generators.map((g, i) => {
      const start = 1 + i * size;
      const end = Math.min(n + 1, start + size);
      const middle = start + Math.floor((end - start) / 2);
      const [from, to] = second ? [middle, end] : [start, middle];
      g.tell({ type: 'connect', from, to, ports, perAddress: PER_ADDRESS, perSecond: CONNECT_RATE / GENERATORS });
      return g.next('connected');
    });
    const done = await Promise.all(reports);
    const failed = done.reduce((sum, r) => sum + r.failed, 0);
    const retried = done.reduce((sum, r) => sum + r.retried, 0);
    const reasons = done.flatMap((r) => Object.entries(r.reasons).map(([why, count]) => `${why} ${count}`));
    if (failed + retried > 0) {
      say(`${retried} push channels opened only when tried again, ${failed} never: ${reasons.join(', ')}`);
    }
    return done.reduce((sum, r) => sum + r.connected, 0);
  };
  const first = await half(false);
  const before = rss();
  const second = await half(true);
  const bytesPerChannel = (rss() - before) / Math.max(1, second);
  return { generators, connected: first + second, bytesPerChannel };
}

/** RSS per channel of a bare SSE server holding n / SERVERS channels (the product's per-process share). */
async function bareBytesPerChannel(n: number): Promise<number> {
  const bare: Started = await startBare({ script: 'bench/bare-sse.ts' });
  try {
    const pid = bare.child.pid as number;
    const { generators, bytesPerChannel } = await connectFleet(Math.ceil(n / SERVERS), [bare.port], () => rssOf(pid));
    await stopGenerators(generators);
    return bytesPerChannel;
  } finally {
    await bare.stop();
  }
}

/** Fresh server processes for each size, so that each size's memory is its own. */
async function runSize(n: number, url: string) {
  const products: (Started & { dataDir: string })[] = [];
  try {
    for (let i = 0; i < SERVERS; i++) {
      products.push(await startProduct({ databaseUrl: url, env: { LOG_LEVEL: 'info' }, nodeArgs: PROFILE }));
    }
    return await measure(n, products, url, await login(products[0]?.port as number));
  } finally {
    await Promise.all(products.map((p) => p.stop().then(() => removeDataDir(p.dataDir))));
  }
}

async function measure(n: number, products: Started[], url: string, cookie: string) {
  const pids = products.map((p) => p.child.pid as number);
  const bare = await bareBytesPerChannel(n);
  const total = () => pids.reduce((sum, pid) => sum + rssOf(pid), 0);
  const {
    generators,
    connected,
    bytesPerChannel: product,
  } = await connectFleet(
    n,
    products.map((p) => p.port),
    total,
  );
  const rssAfter = pids.map(rssOf);
  say(
    `${n} players, ${connected} push channels held on ${SERVERS} servers: memory per connected player ` +
      `${kb(product)} (bare SSE ${kb(bare)}, ratio ${(product / Math.max(1, bare)).toFixed(2)}; server RSS ` +
      `${rssAfter.map((r) => `${Math.round(r / 2 ** 20)} MB`).join(', ')})`,
  );
  try {
    const cpu = { servers: cpuOfAll(pids) };
    const postgres = await sampleBackends(url);
    const start = Date.now() + 2000;
    for (const g of generators) g.tell({ type: 'run', players: n, start, durationMs: SECONDS * 1000, drainMs: 5000 });
    const ran = await Promise.all(generators.map((g) => g.next('ran')));
    const servers = cpuOfAll(pids) - cpu.servers;
    const database = await postgres.stop();
    const counts = {
      planned: ran.reduce((s, r) => s + r.planned, 0),
      served: ran.reduce((s, r) => s + r.served, 0),
      failed: ran.reduce((s, r) => s + r.failed, 0),
      latencies: mergeSorted(ran.map((r) => r.latencies)),
    };
    const result = verdict(counts);
    const generatorsMs = ran.reduce((s, r) => s + r.cpuMs, 0);
    const per = (ms: number) => `${(ms / Math.max(1, counts.served)).toFixed(2)} ms`;
    const busy = (ms: number) => `${((100 * ms) / (SECONDS * 1000 * CORES)).toFixed(0)}%`;
    say(
      `${n} players, ${SECONDS} s: ${counts.served} of ${counts.planned} planned requests served ` +
        `(${(100 * result.servedShare).toFixed(2)}%), ${counts.failed} failed; p50 ${result.p50} ms, p99 ${result.p99} ms ` +
        `from the planned time: ${result.held ? 'HELD' : 'not held'} (${Math.round(n / CORES)} players per core)`,
    );
    say(
      `  CPU per request: servers ${per(servers)}, PostgreSQL ${per(database)}, generators ${per(generatorsMs)} ` +
        `(share of the machine: ${busy(servers)}, ${busy(database)}, ${busy(generatorsMs)})`,
    );
    const fanCpu = { servers: cpuOfAll(pids), postgres: await sampleBackends(url, 50), at: Date.now() };
    const fanout = await fanOut(n, generators, cookie, products[0] as Started);
    const fanMs = Date.now() - fanCpu.at;
    say(
      `  during the fan-out (${fanMs} ms): servers ${cpuOfAll(pids) - fanCpu.servers} ms of CPU, PostgreSQL ` +
        `${await fanCpu.postgres.stop()} ms (${CORES * fanMs} ms of the machine); PostgreSQL's backends, ` +
        `sampled every 50 ms: ${fanCpu.postgres.waits() || 'idle'}`,
    );
    return { held: result.held, fanout };
  } finally {
    await stopGenerators(generators);
  }
}

/** Renames schedule 0 (players 1..FANOUT): the time until the last of them has its event and its manifest. */
async function fanOut(n: number, generators: Generator[], cookie: string, product: Started) {
  const reach = Math.min(n, FANOUT);
  for (const g of generators) g.tell({ type: 'mark', from: 1, to: reach + 1 });
  const reports = generators.map((g) => g.next('fanout'));
  const sent = Date.now();
  const response = await fetch(`http://127.0.0.1:${product.port}/api/schedules/${uuidOf('s0')}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ schedule_name: `Fleet 0 at ${sent}`, zone_code: 'Asia/Tokyo' }),
  });
  if (!response.ok) throw new Error(`PUT schedule: ${response.status} ${await response.text()}`);
  const answered = Date.now() - sent;
  const done = await Promise.all(reports);
  const events = mergeSorted(done.map((r) => r.event.map((t) => t - sent)));
  const manifests = mergeSorted(done.map((r) => r.manifest.map((t) => t - sent)));
  const missing = done.reduce((s, r) => s + r.missing, 0);
  const last = manifests.at(-1) ?? Number.POSITIVE_INFINITY;
  say(
    `  push fan-out to ${reach} players: the PUT answered in ${answered} ms, last event ${events.at(-1)} ms, new manifests p50 ` +
      `${manifests[Math.floor(manifests.length / 2)]} ms, last ${last} ms${missing ? `, ${missing} never got it` : ''}` +
      ` (budget ${FANOUT_BUDGET_MS} ms: ${missing === 0 && last <= FANOUT_BUDGET_MS ? 'within' : 'MISSED'})`,
  );
  return missing === 0 && last <= FANOUT_BUDGET_MS;
}

async function main(): Promise<number> {
  const limit = openFileLimit();
  say(
    `fleet bench: ${SERVERS} servers, ${GENERATORS} generators, ${CORES} cores, open-file limit ${limit.soft} ` +
      `(hard ${limit.hard}): one process holds fewer push channels than that (raise it with ulimit -n, or ` +
      `LimitNOFILE in deploy/systemd)`,
  );
  const largest = SEARCH ? MAX : Math.max(...SIZES);
  const perServer = Math.ceil(largest / SERVERS);
  const perGenerator = Math.ceil(largest / GENERATORS);
  if (Math.max(perServer, perGenerator) > limit.soft - 1000) {
    say(`${largest} players need more than ${limit.soft - 1000} sockets in one process: add servers or generators`);
    return 2;
  }
  const database = await createDatabase();
  try {
    // The product migrates the new database as it starts; the fleet is written into it before the runs.
    const migrator = await startProduct({ databaseUrl: database.url });
    await migrator.stop();
    removeDataDir(migrator.dataDir);
    await seed(database.url, largest);
    const tried: { players: number; held: boolean }[] = [];
    let ok = true;
    for (
      let n: number | null | undefined = SEARCH ? SIZES[0] : SIZES.shift();
      n;
      n = SEARCH ? nextSize(tried, n, MAX, RESOLUTION) : SIZES.shift()
    ) {
      const { held, fanout } = await runSize(n, database.url);
      tried.push({ players: n, held });
      if (!SEARCH || tried.length === 1) ok = ok && held && fanout;
    }
    if (SEARCH) {
      const best = Math.max(0, ...tried.filter((t) => t.held).map((t) => t.players));
      say(`largest fleet held: ${best} players, ${Math.round(best / CORES)} per core`);
    }
    return ok ? 0 : 1;
  } finally {
    await database.drop();
  }
}

process.exitCode = await main();
