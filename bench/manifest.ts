/**
 * Manifest poll bench (issue 11, issue 32 item 1; ARCHITECTURE.md section 7): the 304 path of
 * GET /agent/v1/manifest against a bare Fastify hello-world, each in its own process on this machine, loaded
 * in interleaved pairs (10 connections, BENCH_SECONDS each, default 5), on a PostgreSQL database holding
 * BENCH_PLAYERS generated players (default 100,000). The polls cycle over BENCH_SAMPLE players spread over
 * the whole table (default 2,000; one of them paired through the real flow with a schedule playing now),
 * each sending the version its first poll was given. Prints requests per second, the same-run ratio, the CPU
 * per poll of the server process and of its PostgreSQL backends, and the load average; exits non-zero when
 * the median misses the budget (0.5).
 * Run: BENCH_PLAYERS=100000 npx tsx bench/manifest.ts
 *      (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_ROUNDS, PORT)
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuNow, loadAverage, perRequest } from './cpu';
import { deviceToken, generatePlayers } from './playerData';
import { createDatabase, login, removeDataDir, startBare, startProduct } from './processes';

const BUDGET = 0.5;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.PORT ?? 18105);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 2_000);

type Result = {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  '2xx': number;
  '3xx': number;
};
type Headers = Record<string, string>;

/**
 * Requests per second and how many were sent; every answer must have the `expected` class (2xx for the
 * baseline, 3xx = 304 for polls). `next` gives each request's headers (a poll cycles over the players).
 */
async function load(url: string, expected: '2xx' | '3xx', next: () => Headers = () => ({})) {
  const result = (await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, headers: next() }) }],
  })) as unknown as Result;
  const other = expected === '2xx' ? result['3xx'] : result['2xx'];
  if (result.errors > 0 || result.timeouts > 0 || other > 0 || result[expected] === 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${other} answers other than ${expected}`,
    );
  }
  return { rps: result.requests.average, total: result.requests.total };
}

/** The version each player's first poll was given: what it sends in If-None-Match from then on. */
async function firstPolls(url: string, tokens: string[]): Promise<Headers[]> {
  const polls: Headers[] = [];
  for (let at = 0; at < tokens.length; at += CONNECTIONS) {
    const batch = tokens.slice(at, at + CONNECTIONS);
    const answers = await Promise.all(
      batch.map(async (token) => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (response.status !== 200 || !etag) throw new Error(`first poll: ${response.status}`);
        return { authorization: `Bearer ${token}`, 'if-none-match': etag };
      }),
    );
    polls.push(...answers);
  }
  return polls;
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
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    await generatePlayers(pool, PLAYERS);
    await pool.end();
    const token = await scheduledPlayer(product.port, database.url);
    const url = `http://127.0.0.1:${product.port}/agent/v1/manifest`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const manifest = (await first.json()) as { data: { schedules: unknown[] } };
    if (manifest.data.schedules.length !== 1) throw new Error('the bench player has no scheduled manifest');
    // Generated players spread over the table (paired ones: i % 50 <> 0), and the scheduled one.
    const sampled = new Set<number>();
    for (let k = 0; k < Math.min(SAMPLE, PLAYERS); k++) {
      const i = 1 + Math.floor((k * PLAYERS) / Math.min(SAMPLE, PLAYERS));
      sampled.add(i % 50 === 0 ? i + 1 : i);
    }
    const tokens = [token, ...[...sampled].filter((i) => i <= PLAYERS).map(deviceToken)];
    const polls = await firstPolls(url, tokens);
    let at = 0;
    const nextPoll = () => polls[at++ % polls.length] as Headers;
    await load(url, '3xx', nextPoll); // warm-up: JIT, pool connections, zone clocks
    await load(`http://127.0.0.1:${bare.port}/`, '2xx');
    const pid = product.child.pid ?? 0;
    const ratios: number[] = [];
    const costs: { server: number; postgres: number }[] = [];
    const loadBefore = loadAverage();
    for (let round = 1; round <= ROUNDS; round++) {
      const bareRun = await load(`http://127.0.0.1:${bare.port}/`, '2xx');
      const before = await cpuNow(pid, database.url);
      const pollRun = await load(url, '3xx', nextPoll);
      const cost = perRequest(before, await cpuNow(pid, database.url), pollRun.total);
      costs.push(cost);
      const ratio = pollRun.rps / bareRun.rps;
      ratios.push(ratio);
      console.info(
        `round ${round}: bare ${bareRun.rps.toFixed(0)} req/s, manifest 304 ${pollRun.rps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)}, ${cost.text} per poll (load average ${loadAverage()})`,
      );
    }
    const result = median(ratios);
    const verdict = result >= BUDGET ? 'within budget' : 'MISSES the budget';
    console.info(
      `GET /agent/v1/manifest 304 on PostgreSQL, ${PLAYERS} players, polls over ${polls.length} of them: median ratio ${result.toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}; budget ${BUDGET}): ${verdict}; CPU per poll median ${median(costs.map((c) => c.server)).toFixed(3)} ms node + ${median(costs.map((c) => c.postgres)).toFixed(3)} ms PostgreSQL (load average ${loadBefore} before, ${loadAverage()} after)`,
    );
    return result >= BUDGET ? 0 : 1;
  } finally {
    if (!pool.ended) await pool.end();
    await Promise.all([product.stop(), bare.stop()]);
    removeDataDir(product.dataDir);
    await database.drop();
  }
}

process.exitCode = await main();
