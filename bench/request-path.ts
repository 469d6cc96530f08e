/**
 * Request-path benchmark (issue 15 item 3): the product on a fresh PostgreSQL database against a
 * bare Fastify hello-world, both started in their own process on this machine, loaded in
 * interleaved pairs (10 connections, BENCH_SECONDS each, default 5) so that both see the same
 * machine. Prints requests per second and the same-run ratio for a signed-in GET /api/users/me;
 * exits non-zero when the median ratio misses the budget (0.15).
 * Run: npx tsx bench/request-path.ts   (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import autocannon from 'autocannon';
import { createDatabase, login, removeDataDir, startBare, startProduct } from './processes';

const BUDGET = 0.15;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.PORT ?? 18107);

type Result = { requests: { average: number }; non2xx: number; errors: number; timeouts: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = (await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers })) as Result;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<number> {
  const database = await createDatabase();
  const product = await startProduct({
    databaseUrl: database.url,
    port: PORT,
    env: process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {},
  });
  const bare = await startBare();
  try {
    const cookie = await login(product.port);
    const me = `http://127.0.0.1:${product.port}/api/users/me`;
    await load(me, { cookie }); // warm-up: JIT, pool connections
    await load(`http://127.0.0.1:${bare.port}/`);
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareRps = await load(`http://127.0.0.1:${bare.port}/`);
      const productRps = await load(me, { cookie });
      const ratio = productRps / bareRps;
      ratios.push(ratio);
      console.info(
        `round ${round}: bare ${bareRps.toFixed(0)} req/s, /api/users/me ${productRps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)}`,
      );
    }
    const result = median(ratios);
    const verdict = result >= BUDGET ? 'within budget' : 'MISSES the budget';
    console.info(`GET /api/users/me on PostgreSQL: median ratio ${result.toFixed(3)} (budget ${BUDGET}): ${verdict}`);
    return result >= BUDGET ? 0 : 1;
  } finally {
    await Promise.all([product.stop(), bare.stop()]);
    removeDataDir(product.dataDir);
    await database.drop();
  }
}

process.exitCode = await main();
