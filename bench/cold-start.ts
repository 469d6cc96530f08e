/**
 * Cold start to ready (issue 15 item 5): the time from spawning the product (as `npm start` runs
 * the server) until GET /api/health answers 200, i.e. migrations applied and the administrator
 * account created, compared with the time a bare Fastify hello-world takes to listen in the same
 * run. Measured on a first start (empty database: migrations and the admin account to create) and
 * a restart. Budget: ready within 10 times the bare server's start (the level measured before
 * readiness was checked); exits non-zero when missed.
 * Run: npx tsx bench/cold-start.ts   (embedded PGlite; BENCH_POSTGRES=1 uses a fresh PostgreSQL database)
 */
import { createDatabase, removeDataDir, startBare, startProduct, waitFor200 } from './processes';

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

async function main(): Promise<number> {
  const database = process.env.BENCH_POSTGRES ? await createDatabase() : undefined;
  const bare = await timed(startBare);
  await bare.value.stop();

  const first = await productStart({ databaseUrl: database?.url });
  await first.value.stop();
  const restart = await productStart({ databaseUrl: database?.url, dataDir: first.value.dataDir });
  await restart.value.stop();
  removeDataDir(first.value.dataDir);
  await database?.drop();

  const where = database ? 'PostgreSQL' : 'embedded PGlite';
  console.info(`bare Fastify listening: ${bare.ms.toFixed(0)} ms`);
  let failed = false;
  for (const [label, run] of [
    ['first start', first],
    ['restart', restart],
  ] as const) {
    const ratio = run.ms / bare.ms;
    console.info(`${label} to ready (${where}): ${run.ms.toFixed(0)} ms, ${ratio.toFixed(1)}x bare`);
    if (ratio > BUDGET_RATIO) failed = true;
  }
  console.info(failed ? `MISSES the budget (${BUDGET_RATIO}x bare)` : `within budget (${BUDGET_RATIO}x bare)`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
