/**
 * Cold start to ready (issue 15 item 5): the time from spawning the product (as `npm start` runs
 * the server) until GET /api/health answers 200, i.e. migrations applied and the administrator
 * account created, compared with the time a bare Fastify hello-world takes to listen in the same
 * run. Measured on a first start (empty database: migrations and the admin account to create) and
 * a restart. Budget: ready within 10 times the bare server's start (the level measured before
 * readiness was checked); exits non-zero when missed.
 * Run: npx tsx bench/cold-start.ts   (embedded PGlite; BENCH_POSTGRES=1 uses a fresh PostgreSQL database;
 * BENCH_ROUNDS rounds of bare, first start and restart, default 3: the median of each round's ratio counts)
 */
import { createDatabase, removeDataDir, serverEntry, startBare, startProduct, waitFor200 } from './processes';

const BUDGET_RATIO = 10;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function productStart(options: { databaseUrl?: string; dataDir?: string }) {
  return timed(async () => {
    const product = await startProduct(options);
    await waitFor200(`http://127.0.0.1:${product.port}/api/health`);
    return product;
  });
}

/** Rounds of (bare, first start, restart), interleaved: on the shared machine one round's ratio swings 2x. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function round(): Promise<{ bare: number; first: number; restart: number }> {
  const database = process.env.BENCH_POSTGRES ? await createDatabase() : undefined;
  const bare = await timed(startBare);
  await bare.value.stop();
  const first = await productStart({ databaseUrl: database?.url });
  await first.value.stop();
  const restart = await productStart({ databaseUrl: database?.url, dataDir: first.value.dataDir });
  await restart.value.stop();
  removeDataDir(first.value.dataDir);
  await database?.drop();
  return { bare: bare.ms, first: first.ms, restart: restart.ms };
}

async function main(): Promise<number> {
  const where = process.env.BENCH_POSTGRES ? 'PostgreSQL' : 'embedded PGlite';
  // Built (and the first-start template made, when stale) before the clock runs: the first round's first
  // start used to include the build, 0.5 s of esbuild or several seconds with a new template.
  serverEntry();
  const rounds: Awaited<ReturnType<typeof round>>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const result = await round();
    rounds.push(result);
    console.info(
      `round ${i + 1}: bare ${result.bare.toFixed(0)} ms, first start ${result.first.toFixed(0)} ms ` +
        `(${(result.first / result.bare).toFixed(1)}x), restart ${result.restart.toFixed(0)} ms ` +
        `(${(result.restart / result.bare).toFixed(1)}x)`,
    );
  }
  console.info(`bare Fastify listening: median ${median(rounds.map((r) => r.bare)).toFixed(0)} ms`);
  let failed = false;
  for (const label of ['first', 'restart'] as const) {
    const ratio = median(rounds.map((r) => r[label] / r.bare));
    const ms = median(rounds.map((r) => r[label]));
    const name = label === 'first' ? 'first start' : 'restart';
    console.info(`${name} to ready (${where}): median ${ms.toFixed(0)} ms, median ratio ${ratio.toFixed(1)}x bare`);
    if (ratio > BUDGET_RATIO) failed = true;
  }
  console.info(failed ? `MISSES the budget (${BUDGET_RATIO}x bare)` : `within budget (${BUDGET_RATIO}x bare)`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
