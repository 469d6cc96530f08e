/**
 * A fleet on the player protocol (issue 11; issue 15 item 4): 20,000 paired players on PostgreSQL, each
 * polling its manifest with the version it holds (304) and sending a heartbeat once a minute, spread evenly:
 * 667 requests a second for BENCH_SECONDS (default 60) through 50 connections. Every player has one current
 * schedule of three contents (twenty schedules of a thousand players). Prints p50/p97.5/p99 latency and
 * exits non-zero when p99 is over 200 ms, any request fails, or fewer than 99% of the planned requests were
 * served (the load generator waits for a free connection, so a server that falls behind is sent less).
 * Run: npx tsx bench/fleet-poll.ts   (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * The embedded default (PGlite, no DATABASE_URL): BENCH_EMBEDDED=1 BENCH_PLAYERS=3000 npx tsx bench/fleet-poll.ts
 * (the fleet is seeded into the data directory before the server starts; the server has it to itself).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedFleet, token } from './fleetData';
import { createDatabase, removeDataDir, startProduct } from './processes';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const P99_BUDGET_MS = 200;
/** The share of the planned requests that must be served in the run (a fleet the server keeps up with). */
const SERVED_SHARE = 0.99;
const CONNECTIONS = 50;
const PORT = Number(process.env.PORT ?? 18106);
const EMBEDDED = process.env.BENCH_EMBEDDED === '1';

/** PostgreSQL: a new database, migrated by the product as it starts, seeded while it runs. */
async function onPostgres() {
  const database = await createDatabase();
  const product = await startProduct({ databaseUrl: database.url, port: PORT });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await seedFleet((statement) => client.query(statement), PLAYERS);
  } catch (error) {
    await product.stop();
    await database.drop();
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return { product, drop: database.drop };
}

/** The embedded PGlite: migrated and seeded in a new data directory, then the product starts on it. */
async function embedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-fleet-'));
  const handle = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await seedFleet((statement) => handle.db.execute(sql.raw(statement)), PLAYERS).finally(handle.close);
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
  const product = await startProduct({ dataDir, port: PORT });
  return { product, drop: async () => {} };
}

/** Every player's manifest version, as it holds it after its first collect (20 at a time). */
async function versions(port: number): Promise<string[]> {
  const etags: string[] = new Array(PLAYERS + 1).fill('');
  let next = 1;
  const worker = async () => {
    while (next <= PLAYERS) {
      const i = next++;
      const response = await fetch(`http://127.0.0.1:${port}/agent/v1/manifest`, {
        headers: { authorization: `Bearer ${token(i)}` },
      });
      const body = (await response.json()) as { data?: { schedules: unknown[] } };
      if (response.status !== 200 || body.data?.schedules.length !== 1) {
        throw new Error(`player ${i}: ${response.status}, ${body.data?.schedules.length ?? 0} schedules`);
      }
      etags[i] = response.headers.get('etag') ?? '';
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return etags;
}

/**
 * CPU time (ms) each thread of the server process has used, by thread id (Linux /proc). The busiest
 * thread's share per request says where the server saturates, whatever else the machine runs.
 */
function threadCpu(pid: number): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  const tick = 1000 / 100; // USER_HZ
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * tick });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

type Result = {
  latency: { p50: number; p97_5: number; p99: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
};

async function main(): Promise<number> {
  const started = Date.now();
  const { product, drop } = await (EMBEDDED ? embedded() : onPostgres());
  try {
    const etags = await versions(product.port);
    console.info(
      `${EMBEDDED ? 'embedded PGlite' : 'PostgreSQL'}: ${PLAYERS} players seeded and collected once in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const rate = Math.round((2 * PLAYERS) / 60);
    let n = 0;
    const pid = product.child.pid ?? 0;
    const cpuBefore = threadCpu(pid);
    const result = (await autocannon({
      url: `http://127.0.0.1:${product.port}`,
      connections: CONNECTIONS,
      overallRate: rate,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (request: Record<string, unknown>) => {
            const k = n++;
            const player = 1 + (Math.floor(k / 2) % PLAYERS);
            if (k % 2 === 0) {
              return {
                ...request,
                method: 'GET',
                path: '/agent/v1/manifest',
                headers: { authorization: `Bearer ${token(player)}`, 'if-none-match': etags[player] },
              };
            }
            return {
              ...request,
              method: 'POST',
              path: '/agent/v1/heartbeat',
              headers: { authorization: `Bearer ${token(player)}`, 'content-type': 'application/json' },
              body: JSON.stringify({ status: 'ok', time_zone: 'Asia/Tokyo' }),
            };
          },
        },
      ],
    })) as unknown as Result;
    const cpuAfter = threadCpu(pid);
    const busiest = [...cpuAfter]
      .map(([tid, { name, ms }]) => ({ name: `${name} (${tid})`, ms: ms - (cpuBefore.get(tid)?.ms ?? 0) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    const served = Math.max(1, result.requests.total);
    console.info(
      `CPU per request, busiest threads: ${busiest.map((t) => `${t.name} ${(t.ms / served).toFixed(2)} ms`).join(', ')}` +
        ` (the busiest saturates near ${Math.round((1000 * served) / Math.max(1, busiest[0]?.ms ?? 1))} requests/s)`,
    );
    const failed = result.errors + result.timeouts + result['4xx'] + result['5xx'];
    const { p50, p97_5, p99, max } = result.latency;
    console.info(
      `${result.requests.total} requests at ${rate}/s planned (${result.requests.average.toFixed(0)}/s served): ` +
        `${result['3xx']} manifest 304, ${result['2xx']} heartbeats 200, ${failed} failed`,
    );
    console.info(`latency ms: p50 ${p50}, p97.5 ${p97_5}, p99 ${p99}, max ${max} (budget: p99 under ${P99_BUDGET_MS})`);
    // autocannon sends a request only when a connection is free: a server that falls behind is sent less,
    // not seen late, so the fleet counts as held only when (nearly) all its planned requests were served.
    const planned = rate * SECONDS;
    const kept = result.requests.total >= SERVED_SHARE * planned;
    if (!kept) {
      console.info(
        `fell behind: ${result.requests.total} of ${planned} planned requests served (at least ${SERVED_SHARE * 100}% needed)`,
      );
    }
    const ok = failed === 0 && p99 < P99_BUDGET_MS && kept;
    console.info(ok ? 'within budget' : 'MISSES the budget');
    return ok ? 0 : 1;
  } finally {
    await product.stop();
    removeDataDir(product.dataDir);
    await drop();
  }
}

process.exitCode = await main();
