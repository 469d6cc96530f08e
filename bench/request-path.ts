/**
 * Request-path benchmark (issue 15 items 2, 3 and 7): the product on a fresh PostgreSQL database holding
 * 20,000 generated players against a bare Fastify hello-world, both started in their own process on this
 * machine, loaded in interleaved pairs (bare, then product; 10 connections, BENCH_SECONDS each, default 5)
 * so that both see the same machine. Three calls, each with its own budget on the median same-run ratio:
 *   - a signed-in GET /api/users/me                          at least 0.15
 *   - a signed-in GET /api/devices, first page (DS_FRIT)      at least 0.05
 *   - POST /agent/v1/heartbeat with a device token, spread over the paired players; against a bare POST
 *     of the same JSON body                                   at least 0.2
 * Prints min/median/max of each call's ratios with the load average; exits non-zero when any median misses
 * its budget. The product answers signed-in calls from its session cache (auth/cache.ts) and takes the
 * heartbeat's player from it: what the bench measures is the path a fleet and a console see in steady state
 * (before the heartbeat rounds, every paired player beats once, as a fleet does each minute).
 * Run: npx tsx bench/request-path.ts   (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres;
 *      BENCH_PLAYERS default 20000, BENCH_ROUNDS default 3, PORT of the product, default 18107;
 *      BENCH_ONLY=me,devices,heartbeat to load some of them; BENCH_CPU_PROF=dir to profile the product;
 *      BENCH_HEARTBEAT_COLD=1 to measure the heartbeat without first beating every player once)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { deviceToken, generatePlayers } from './playerData';
import { createDatabase, login, removeDataDir, startBare, startProduct } from './processes';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000);
const PORT = Number(process.env.PORT ?? 18107);

type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };
type Call = {
  /** BENCH_ONLY's name for it. */
  key: 'me' | 'devices' | 'heartbeat';
  name: string;
  budget: number;
  /** The product's request, made per request (a heartbeat cycles through the players). */
  product: () => Request;
  /** The bare Fastify request it is paired with. */
  bare: Request;
};

type Result = { requests: { average: number }; non2xx: number; errors: number; timeouts: number };

async function load(port: number, make: () => Request, until: { amount?: number } = {}): Promise<number> {
  const first = make();
  const result = (await autocannon({
    url: `http://127.0.0.1:${port}${first.path}`,
    connections: CONNECTIONS,
    ...(until.amount ? { amount: until.amount } : { duration: SECONDS }),
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...make() }) }],
  })) as unknown as Result;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${first.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result.requests.average;
}

const loadAverage = (load: number[]) => load.map((value) => value.toFixed(2)).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<number> {
  const database = await createDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const profileDir = process.env.BENCH_CPU_PROF;
  const product = await startProduct({
    databaseUrl: database.url,
    port: PORT,
    env: process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {},
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const bare = await startBare();
  try {
    await generatePlayers(pool, PLAYERS);
    const cookie = await login(product.port);
    // Paired players only (generated player i is unpaired when i % 50 === 0).
    let next = 0;
    const nextPaired = () => {
      next = (next % PLAYERS) + 1;
      if (next % 50 === 0) next++;
      return next > PLAYERS ? 1 : next;
    };
    const beat = JSON.stringify({ status: 'ok', time_zone: 'Asia/Tokyo' });
    const json = { 'content-type': 'application/json' };
    const calls: Call[] = [
      {
        key: 'me',
        name: 'GET /api/users/me',
        budget: 0.15,
        product: () => ({ method: 'GET', path: '/api/users/me', headers: { cookie } }),
        bare: { method: 'GET', path: '/' },
      },
      {
        key: 'devices',
        name: `GET /api/devices (first page, ${PLAYERS} players)`,
        budget: 0.05,
        product: () => ({ method: 'GET', path: '/api/devices', headers: { cookie } }),
        bare: { method: 'GET', path: '/' },
      },
      {
        key: 'heartbeat',
        name: 'POST /agent/v1/heartbeat',
        budget: 0.2,
        product: () => ({
          method: 'POST',
          path: '/agent/v1/heartbeat',
          headers: { ...json, authorization: `Bearer ${deviceToken(nextPaired())}` },
          body: beat,
        }),
        bare: { method: 'POST', path: '/heartbeat', headers: json, body: beat },
      },
    ];
    const only = process.env.BENCH_ONLY?.split(',');
    const chosen = calls.filter((call) => !only || only.includes(call.key));
    const ratios = new Map<Call, number[]>(chosen.map((call) => [call, []]));
    // Warm-up: JIT, pool connections, prepared statements.
    for (const call of chosen) {
      await load(bare.port, () => call.bare);
      await load(product.port, call.product);
    }
    // A fleet beats once a minute, so in steady state every player's token has been seen within the device
    // cache's lifetime (3 minutes): one beat of each paired player before measuring. Without it the rounds
    // (about 20 s at these rates) would take most tokens for the first time, a server's first minute.
    const heartbeat = chosen.find((call) => call.key === 'heartbeat');
    // BENCH_HEARTBEAT_COLD=1 leaves it out: the figure of a server whose cache has not seen the fleet yet.
    if (heartbeat && !process.env.BENCH_HEARTBEAT_COLD) {
      await load(product.port, heartbeat.product, { amount: PLAYERS - Math.floor(PLAYERS / 50) });
    }
    const loadBefore = os.loadavg();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const call of chosen) {
        const bareRps = await load(bare.port, () => call.bare);
        const productRps = await load(product.port, call.product);
        const ratio = productRps / bareRps;
        ratios.get(call)?.push(ratio);
        console.info(
          `round ${round}: ${call.name}: bare ${bareRps.toFixed(0)} req/s, product ${productRps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)}`,
        );
      }
    }
    let missed = 0;
    console.info(
      `\nOn PostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} pairs of ${SECONDS} s (load average ${loadAverage(loadBefore)} before, ${loadAverage(os.loadavg())} after):`,
    );
    for (const call of chosen) {
      const values = ratios.get(call) ?? [];
      const result = median(values);
      const within = result >= call.budget;
      if (!within) missed++;
      console.info(
        `${call.name}: ratio min ${Math.min(...values).toFixed(3)} / median ${result.toFixed(3)} / max ${Math.max(...values).toFixed(3)} (budget ${call.budget} on the median): ${within ? 'within budget' : 'MISSES the budget'}`,
      );
    }
    return missed === 0 ? 0 : 1;
  } finally {
    await pool.end();
    await Promise.all([product.stop(), bare.stop()]);
    removeDataDir(product.dataDir);
    await database.drop();
  }
}

process.exitCode = await main();
