/**
 * Manifest poll bench (issue 11; ARCHITECTURE.md section 7): the 304 path of GET /agent/v1/manifest (a
 * paired player with one current schedule polling with the version it holds) against a bare Fastify
 * hello-world, each in its own process on this machine, loaded in interleaved pairs (10 connections,
 * BENCH_SECONDS each, default 5). Prints requests per second and the same-run ratio; exits non-zero when
 * the median misses the budget (0.5).
 * Run: npx tsx bench/manifest.ts   (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, login, removeDataDir, startBare, startProduct } from './processes';

const BUDGET = 0.5;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.PORT ?? 18105);

type Result = { requests: { average: number }; errors: number; timeouts: number; '2xx': number; '3xx': number };

/** Requests per second; every answer must have the `expected` class (2xx for the baseline, 3xx = 304 for polls). */
async function load(url: string, expected: '2xx' | '3xx', headers: Record<string, string> = {}): Promise<number> {
  const result = (await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers })) as unknown as Result;
  const other = expected === '2xx' ? result['3xx'] : result['2xx'];
  if (result.errors > 0 || result.timeouts > 0 || other > 0 || result[expected] === 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${other} answers other than ${expected}`,
    );
  }
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function json(port: number, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A player paired through the real flow with one schedule playing now; answers its token. */
async function scheduledPlayer(port: number, databaseUrl: string): Promise<string> {
  const cookie = await login(port);
  const serial = `BENCH-${randomBytes(3).toString('hex')}`;
  await json(port, 'POST', '/agent/v1/announce', { serial });
  const store = { region: 'JP', shop_no: '0001', shop_name: 'Bench', display_pattern: 'Multi,CW', memo: '' };
  const issued = await json(port, 'POST', '/api/registrations', { ...store, device_name: serial }, { cookie });
  const paired = await json(port, 'POST', '/agent/v1/pair', { serial, pin: issued.pin });
  // A content row as an upload leaves it (the bench needs no file: a 304 never sends media).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `insert into contents (key, name, type, display_pattern, region, media_key, content_type, size, sha256, created_by)
     values ($1, 'Bench image', 'image', 'Multi,CW', 'JP', $2, 'image/png', 1000, $3, 'bench') returning id`,
    [serial.toLowerCase(), `contents/${serial.toLowerCase()}/file.png`, '0'.repeat(64)],
  );
  await client.end();
  const today = new Date().toISOString().slice(0, 10);
  await json(
    port,
    'POST',
    '/api/schedules',
    {
      playlist_name: 'Bench',
      schedule_name: 'Bench',
      available_date_from: today,
      available_date_to: '',
      available_time_from: '',
      available_time_to: '',
      contents: [rows[0].id],
      dest: [issued.device_code],
      download_allow_hour: '',
      zone_code: 'UTC',
    },
    { cookie },
  );
  return String(paired.token);
}

async function main(): Promise<number> {
  const database = await createDatabase();
  const product = await startProduct({
    databaseUrl: database.url,
    port: PORT,
    env: process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {},
    nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
  });
  const bare = await startBare();
  try {
    const token = await scheduledPlayer(product.port, database.url);
    const url = `http://127.0.0.1:${product.port}/agent/v1/manifest`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const manifest = (await first.json()) as { data: { schedules: unknown[] } };
    const etag = first.headers.get('etag') ?? '';
    if (manifest.data.schedules.length !== 1 || !etag) throw new Error('the bench player has no scheduled manifest');
    const headers = { authorization: `Bearer ${token}`, 'if-none-match': etag };
    await load(url, '3xx', headers); // warm-up: JIT, pool connections, zone clocks
    await load(`http://127.0.0.1:${bare.port}/`, '2xx');
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareRps = await load(`http://127.0.0.1:${bare.port}/`, '2xx');
      const pollRps = await load(url, '3xx', headers);
      const ratio = pollRps / bareRps;
      ratios.push(ratio);
      console.info(
        `round ${round}: bare ${bareRps.toFixed(0)} req/s, manifest 304 ${pollRps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)} (load average ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')})`,
      );
    }
    const result = median(ratios);
    const verdict = result >= BUDGET ? 'within budget' : 'MISSES the budget';
    console.info(
      `GET /agent/v1/manifest 304 on PostgreSQL: median ratio ${result.toFixed(3)} (budget ${BUDGET}): ${verdict}`,
    );
    return result >= BUDGET ? 0 : 1;
  } finally {
    await Promise.all([product.stop(), bare.stop()]);
    removeDataDir(product.dataDir);
    await database.drop();
  }
}

process.exitCode = await main();
