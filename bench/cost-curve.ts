/**
 * The cost curve (issue 32 item 3): what a request costs as the fleet grows, not at one point. On PostgreSQL,
 * one product process per size, each on its own database (BENCH_SIZES players, default 1,000, 20,000 and
 * 100,000, generated as bench/playerData.ts makes them; every paired player has beaten once and the polled
 * ones hold their manifest version, a fleet's steady state), and two more holding 30 and 365 days of plays
 * (bench/historyData.ts, BENCH_HISTORY_PLAYERS players, default 2,000). Loaded in interleaved rounds
 * (BENCH_ROUNDS, default 3: in each round every call against every size in turn, so all sizes see the same
 * machine), BENCH_CONNECTIONS connections (default 10) for BENCH_SECONDS each (default 4):
 *   - GET /api/devices, first page, signed in as the administrator
 *   - POST /agent/v1/heartbeat, tokens spread over every paired player
 *   - GET /agent/v1/manifest answered 304, over 1,000 players spread over the table
 *   - GET /api/contents/history, first page (default window), and the same for the last 30 days
 * Prints for each the p95 and the CPU per request of the server process and of its PostgreSQL backends,
 * with the load average beside each figure; then the medians by size and the growth from the smallest size
 * to the largest. Exits non-zero when a call's CPU per request (node + PostgreSQL) at the largest size is
 * more than BENCH_GROWTH (default 2) times its cost at the smallest: over a fleet 100 times larger, flat or
 * logarithmic stays well under 2, linear would be 100.
 * Run: npx tsx bench/cost-curve.ts   (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuNow, loadAverage, perRequest } from './cpu';
import { generateHistory } from './historyData';
import { deviceToken, generatePlayers } from './playerData';
import { createDatabase, login, removeDataDir, startProduct } from './processes';

const SIZES = (process.env.BENCH_SIZES ?? '1000,20000,100000').split(',').map(Number);
const HISTORY_DAYS = [30, 365];
const HISTORY_PLAYERS = Number(process.env.BENCH_HISTORY_PLAYERS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GROWTH = Number(process.env.BENCH_GROWTH ?? 2);
const POLLED = 1_000;

type Request = { method: string; path: string; headers: Record<string, string>; body?: string };
type Target = { label: string; port: number; pid: number; databaseUrl: string };
/**
 * judgedFrom: the smallest size the growth is judged from. The heartbeat's bench sends each of 1,000 players
 * several beats a second, and the writer folds a player's beats in one batch into one row's update: cheaper
 * than a fleet's steady state, where each beat is another player's, so its curve is judged from 20,000.
 */
type Call = { name: string; target: Target; next: () => Request; expected: number; judgedFrom?: number };
type Figure = { p95: number; server: number; postgres: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Loads one call for SECONDS; every answer must have its status. */
async function measure(call: Call, options: { amount?: number } = {}): Promise<Figure> {
  const latencies: number[] = [];
  let unexpected = 0;
  const before = await cpuNow(call.target.pid, call.target.databaseUrl);
  const instance = autocannon({
    url: `http://127.0.0.1:${call.target.port}${call.next().path}`,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...call.next() }) }],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status !== call.expected) unexpected++;
    latencies.push(ms);
  });
  const result = (await instance) as unknown as { errors: number; timeouts: number };
  if (unexpected > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${call.name} (${call.target.label}): ${unexpected} answers other than ${call.expected}, ${result.errors} errors`,
    );
  }
  const cost = perRequest(before, await cpuNow(call.target.pid, call.target.databaseUrl), latencies.length);
  return { p95: percentile(latencies, 95), server: cost.server, postgres: cost.postgres };
}

type Started = Target & { stop: () => Promise<void> };

async function start(label: string, seed: (pool: pg.Pool) => Promise<void>): Promise<Started> {
  const database = await createDatabase();
  const product = await startProduct({ databaseUrl: database.url });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    await seed(pool);
  } finally {
    await pool.end();
  }
  return {
    label,
    port: product.port,
    pid: product.child.pid ?? 0,
    databaseUrl: database.url,
    stop: async () => {
      await product.stop();
      removeDataDir(product.dataDir);
      await database.drop();
    },
  };
}

/** The paired generated players (i % 50 <> 0), `count` of them spread over 1..players. */
function spread(players: number, count: number): number[] {
  const picked = new Set<number>();
  for (let k = 0; k < Math.min(count, players); k++) {
    const i = 1 + Math.floor((k * players) / Math.min(count, players));
    picked.add(i % 50 === 0 ? Math.min(i + 1, players) : i);
  }
  return [...picked].filter((i) => i % 50 !== 0);
}

async function playerCalls(target: Target, players: number): Promise<Call[]> {
  const cookie = await login(target.port);
  const beating = spread(players, players);
  let beat = 0;
  const heartbeat: Call = {
    name: 'heartbeat',
    target,
    expected: 200,
    judgedFrom: 20_000,
    next: () => ({
      method: 'POST',
      path: '/agent/v1/heartbeat',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${deviceToken(beating[beat++ % beating.length] as number)}`,
      },
      body: '{"status":"ok","time_zone":"Asia/Tokyo"}',
    }),
  };
  // A fleet's steady state: every paired player has beaten once, every polled one holds its version.
  await measure(heartbeat, { amount: beating.length });
  const polls: Record<string, string>[] = [];
  for (const i of spread(players, POLLED)) {
    const authorization = `Bearer ${deviceToken(i)}`;
    const response = await fetch(`http://127.0.0.1:${target.port}/agent/v1/manifest`, { headers: { authorization } });
    await response.arrayBuffer();
    const etag = response.headers.get('etag');
    if (response.status !== 200 || !etag) throw new Error(`first poll of player ${i}: ${response.status}`);
    polls.push({ authorization, 'if-none-match': etag });
  }
  let poll = 0;
  return [
    {
      name: 'player list, first page',
      target,
      expected: 200,
      next: () => ({ method: 'GET', path: '/api/devices', headers: { cookie } }),
    },
    heartbeat,
    {
      name: 'manifest poll (304)',
      target,
      expected: 304,
      next: () => ({ method: 'GET', path: '/agent/v1/manifest', headers: polls[poll++ % polls.length] ?? {} }),
    },
  ];
}

async function historyCalls(target: Target): Promise<Call[]> {
  const cookie = await login(target.port);
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const window = `start_date=${day(29)}&end_date=${day(0)}`;
  return [
    {
      name: 'history list, first page',
      target,
      expected: 200,
      next: () => ({ method: 'GET', path: '/api/contents/history', headers: { cookie } }),
    },
    {
      name: 'history list, last 30 days',
      target,
      expected: 200,
      next: () => ({ method: 'GET', path: `/api/contents/history?${window}`, headers: { cookie } }),
    },
  ];
}

async function main(): Promise<number> {
  const started: Started[] = [];
  try {
    const curves: { name: string; unit: string; points: { size: number; call: Call }[] }[] = [];
    const add = (name: string, unit: string, size: number, call: Call) => {
      const curve = curves.find((c) => c.name === name) ?? { name, unit, points: [] };
      if (!curves.includes(curve)) curves.push(curve);
      curve.points.push({ size, call });
    };
    for (const size of SIZES) {
      const target = await start(`${size} players`, (pool) => generatePlayers(pool, size));
      started.push(target);
      for (const call of await playerCalls(target, size)) add(call.name, 'players', size, call);
      console.info(`ready: ${target.label} (load average ${loadAverage()})`);
    }
    for (const days of HISTORY_DAYS) {
      const target = await start(`${days} days of plays`, (pool) =>
        generateHistory(pool, { players: HISTORY_PLAYERS, contents: 200, days, perDay: 5 }),
      );
      started.push(target);
      for (const call of await historyCalls(target)) add(call.name, 'days of plays', days, call);
      console.info(`ready: ${target.label}, ${HISTORY_PLAYERS} players (load average ${loadAverage()})`);
    }
    // Warm-up: JIT, pool connections, prepared statements, caches.
    for (const curve of curves) for (const point of curve.points) await measure(point.call);
    const figures = new Map<Call, Figure[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const curve of curves) {
        for (const { call } of curve.points) {
          const figure = await measure(call);
          figures.set(call, [...(figures.get(call) ?? []), figure]);
          console.info(
            `round ${round}: ${call.name}, ${call.target.label}: p95 ${figure.p95.toFixed(1)} ms, ${figure.server.toFixed(3)} ms node + ${figure.postgres.toFixed(3)} ms PostgreSQL per request (load average ${loadAverage()})`,
          );
        }
      }
    }
    let failed = 0;
    console.info(`\nMedians of ${ROUNDS} interleaved rounds, ${CONNECTIONS} connections, ${SECONDS} s each:`);
    for (const curve of curves) {
      const rows = curve.points.map(({ size, call }) => {
        const all = figures.get(call) ?? [];
        const cpu = median(all.map((f) => f.server + f.postgres));
        return { size, p95: median(all.map((f) => f.p95)), server: median(all.map((f) => f.server)), cpu, all };
      });
      for (const row of rows) {
        console.info(
          `  ${curve.name} at ${row.size} ${curve.unit}: p95 ${row.p95.toFixed(1)} ms, CPU ${row.server.toFixed(3)} ms node, ${(row.cpu - row.server).toFixed(3)} ms PostgreSQL per request`,
        );
      }
      const judgedFrom = curve.points[0]?.call.judgedFrom ?? 0;
      const first = rows.find((row) => row.size >= judgedFrom);
      const last = rows[rows.length - 1];
      if (!first || !last || first === last) continue;
      const growth = last.cpu / first.cpu;
      const within = growth <= GROWTH;
      if (!within) failed++;
      console.info(
        `  ${curve.name}: ${Math.round((10 * last.size) / first.size) / 10}x the ${curve.unit} (from ${first.size}), CPU per request x${growth.toFixed(2)}, p95 x${(last.p95 / first.p95).toFixed(2)} (budget x${GROWTH} on the CPU): ${within ? 'flat or logarithmic' : 'GROWS WITH THE FLEET'}`,
      );
    }
    console.info(`(load average ${loadAverage()} at the end)`);
    return failed === 0 ? 0 : 1;
  } finally {
    for (const target of started) await target.stop();
  }
}

process.exitCode = await main();
