/**
 * A fleet and its staff at once (issue 30 item 8): N paired players, each sending a heartbeat and polling its
 * manifest once a minute as the web player does (apps/player/src/player.ts), spread over the minute, while
 * console users browse as people do: every few seconds a page (the player list with a filter, a player's
 * detail, the contents list, the play history), each page the requests the console makes for it.
 *
 * Open loop: every request is sent at its planned time whatever the server is doing (no connection pool to
 * wait on), and its latency counts from that time. A server that falls behind shows as late or unserved
 * requests, never as a load generator that quietly sent less. Prints per kind planned, served (answered OK by
 * the end of the run plus 10 s), p50 and p99, and the load average beside them (the machine may be shared).
 * Exits non-zero unless every kind had 99% served and p99 under 200 ms.
 *
 *   npx tsx bench/mixed-load.ts   (BENCH_PLAYERS default 50, BENCH_USERS 5, BENCH_SECONDS 60, BENCH_THINK_S 5:
 *                                  a user's mean seconds between pages; BENCH_DATABASE_URL set: PostgreSQL,
 *                                  an admin URL as the other benches take; unset: the embedded PGlite)
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { threadCpu } from './cpu';
import { deviceCode, seedFleet, token } from './fleetData';
import { createDatabase, login, removeDataDir, startProduct } from './processes';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_S = Number(process.env.BENCH_THINK_S ?? 5);
const POSTGRES = Boolean(process.env.BENCH_DATABASE_URL);
const PORT = Number(process.env.PORT ?? 18500);
const P99_BUDGET_MS = 200;
const SERVED_SHARE = 0.99;
const DRAIN_MS = 10_000;

/** A deterministic pseudo-random sequence (mulberry32): the same plan on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'heartbeat' | 'manifest' | 'console';
type Planned = { at: number; kind: Kind; path: string; init: RequestInit };
const slowest: Array<{ ms: number; path: string; at: number }> = [];

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const LIST_FILTERS = [
  '',
  '&region=JP',
  '&is_alive=true',
  '&has_schedule=false',
  '&shop_name=Store%201',
  '&memo=window',
  '&shop_no=0012',
  '&delivery_pending=true',
];

/** The requests of one console page, as the console sends them when it opens (or changes a filter). */
function page(next: () => number): string[] {
  const me = '/api/users/me';
  const choice = next();
  if (choice < 0.4) {
    const filter = LIST_FILTERS[Math.floor(next() * LIST_FILTERS.length)];
    return [me, `/api/devices?limit=20&order=DESC${filter}`];
  }
  if (choice < 0.6) return [me, `/api/devices/${deviceCode(1 + Math.floor(next() * PLAYERS))}`];
  if (choice < 0.8) return [me, '/api/contents?limit=20&order=DESC', '/api/contents?limit=20&order=DESC&region=JP'];
  return [me, `/api/contents/history?limit=20&order=DESC&start_date=${daysAgo(9)}&end_date=${today}`];
}

/** The version each player's first collect was given (If-None-Match of its polls, as the web player sends). */
const versions = new Map<number, string>();

function plan(cookies: string[]): Planned[] {
  const planned: Planned[] = [];
  const ms = SECONDS * 1000;
  for (let i = 1; i <= PLAYERS; i++) {
    const authorization = `Bearer ${token(i)}`;
    const offset = ((i - 1) / PLAYERS) * 60_000;
    for (let at = offset; at < ms; at += 60_000) {
      planned.push({
        at,
        kind: 'heartbeat',
        path: '/agent/v1/heartbeat',
        init: {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'ok', time_zone: 'Asia/Tokyo' }),
        },
      });
    }
    for (let at = (offset + 30_000) % 60_000; at < ms; at += 60_000) {
      const version = versions.get(i);
      const headers = version ? { authorization, 'if-none-match': version } : { authorization };
      planned.push({ at, kind: 'manifest', path: '/agent/v1/manifest', init: { headers } });
    }
  }
  cookies.forEach((cookie, user) => {
    const next = random(user + 1);
    for (let at = next() * THINK_S * 1000; at < ms; at += (0.5 + next()) * THINK_S * 1000) {
      for (const path of page(next)) planned.push({ at, kind: 'console', path, init: { headers: { cookie } } });
    }
  });
  return planned.sort((a, b) => a.at - b.at);
}

async function embedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-mixed-'));
  const handle = await openDatabase({ dataDir, databaseUrl: undefined });
  await seedFleet((statement) => handle.db.execute(sql.raw(statement)), PLAYERS).finally(handle.close);
  const product = await startProduct({ dataDir, port: PORT });
  return { product, drop: async () => {} };
}

async function onPostgres() {
  const database = await createDatabase();
  const product = await startProduct({ databaseUrl: database.url, port: PORT });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await seedFleet((statement) => client.query(statement), PLAYERS).finally(() => client.end());
  return { product, drop: database.drop };
}

/**
 * What each kind of request costs the server in CPU, whatever else the machine runs: REPEAT requests one after
 * another, and the busiest thread's CPU (the database's, on PGlite) and the whole process's, per request.
 */
async function costs(base: string, pid: number, cookie: string): Promise<void> {
  const REPEAT = 40;
  const agent = (i: number) => ({ authorization: `Bearer ${token(1 + (i % PLAYERS))}` });
  const samples: Array<[string, (i: number) => [string, RequestInit]]> = [
    [
      'heartbeat',
      (i) => [
        '/agent/v1/heartbeat',
        {
          method: 'POST',
          headers: { ...agent(i), 'content-type': 'application/json' },
          body: '{"status":"ok","time_zone":"Asia/Tokyo"}',
        },
      ],
    ],
    [
      'manifest 304',
      (i) => [
        '/agent/v1/manifest',
        { headers: { ...agent(i), 'if-none-match': versions.get(1 + (i % PLAYERS)) ?? '' } },
      ],
    ],
    ['users/me', () => ['/api/users/me', { headers: { cookie } }]],
    ...LIST_FILTERS.map((filter): [string, (i: number) => [string, RequestInit]] => [
      `player list${filter || ' (no filter)'}`,
      () => [`/api/devices?limit=20&order=DESC${filter}`, { headers: { cookie } }],
    ]),
    ['player detail', (i) => [`/api/devices/${deviceCode(1 + (i % PLAYERS))}`, { headers: { cookie } }]],
    ['contents list', () => ['/api/contents?limit=20&order=DESC', { headers: { cookie } }]],
    [
      'history',
      () => [
        `/api/contents/history?limit=20&order=DESC&start_date=${daysAgo(9)}&end_date=${today}`,
        { headers: { cookie } },
      ],
    ],
  ];
  const lines: string[] = [];
  for (const [name, make] of samples) {
    const before = threadCpu(pid);
    for (let i = 0; i < REPEAT; i++) {
      const [path, init] = make(i);
      await (await fetch(`${base}${path}`, init)).arrayBuffer();
    }
    const after = threadCpu(pid);
    const deltas = [...after].map(([tid, ms]) => ms - (before.get(tid) ?? 0));
    const busiest = Math.max(...deltas) / REPEAT;
    const total = deltas.reduce((sum, ms) => sum + ms, 0) / REPEAT;
    lines.push(`${name}: busiest thread ${busiest.toFixed(1)} ms, process ${total.toFixed(1)} ms`);
  }
  console.info(`CPU per request (${REPEAT} in a row; 10 ms ticks): ${lines.join('; ')}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);

async function main(): Promise<number> {
  const { product, drop } = await (POSTGRES ? onPostgres() : embedded());
  try {
    const base = `http://127.0.0.1:${product.port}`;
    const cookies = await Promise.all(Array.from({ length: USERS }, () => login(product.port)));
    // Each player collects once, as after pairing, and polls with the version it was given, so its polls are
    // 304s as in production (before 2026-12-03 they named none, and every poll resolved its manifest anew).
    let collecting = 1;
    const collect = async () => {
      while (collecting <= PLAYERS) {
        const i = collecting++;
        const response = await fetch(`${base}/agent/v1/manifest`, { headers: { authorization: `Bearer ${token(i)}` } });
        await response.arrayBuffer();
        const etag = response.headers.get('etag');
        if (etag) versions.set(i, etag);
      }
    };
    await Promise.all(Array.from({ length: 20 }, collect));
    if (process.env.BENCH_COSTS === '1') await costs(base, product.child.pid ?? 0, cookies[0] ?? '');
    const planned = plan(cookies);
    const outcomes = new Map<Kind, { planned: number; latencies: number[]; failed: string[] }>();
    for (const kind of ['heartbeat', 'manifest', 'console'] as const) {
      outcomes.set(kind, { planned: 0, latencies: [], failed: [] });
    }
    const loadBefore = loadavg();
    const start = performance.now();
    const deadline = start + SECONDS * 1000 + DRAIN_MS;
    const inFlight: Promise<void>[] = [];
    let next = 0;
    while (next < planned.length) {
      const now = performance.now() - start;
      while (next < planned.length && (planned[next] as Planned).at <= now) {
        const request = planned[next++] as Planned;
        const outcome = outcomes.get(request.kind) as { planned: number; latencies: number[]; failed: string[] };
        outcome.planned += 1;
        const due = start + request.at;
        const signal = AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now())));
        inFlight.push(
          fetch(`${base}${request.path}`, { ...request.init, signal })
            .then(async (response) => {
              await response.arrayBuffer();
              if (response.status >= 400) outcome.failed.push(`${response.status} ${request.path}`);
              else {
                const ms = performance.now() - due;
                outcome.latencies.push(ms);
                slowest.push({ ms, path: request.path, at: request.at });
              }
            })
            .catch((error: Error) => {
              outcome.failed.push(`${error.name} ${request.path}`);
            }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(inFlight);
    const loadAfter = loadavg();
    const where = POSTGRES ? 'PostgreSQL' : 'embedded PGlite';
    console.info(
      `${where}: ${PLAYERS} players, ${USERS} console users (a page every ${THINK_S / 2}-${(THINK_S * 3) / 2} s), ${SECONDS} s;` +
        ` load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
    );
    let ok = true;
    for (const [kind, outcome] of outcomes) {
      const sorted = [...outcome.latencies].sort((a, b) => a - b);
      const served = sorted.length / Math.max(1, outcome.planned);
      const p99 = percentile(sorted, 0.99);
      const held = served >= SERVED_SHARE && p99 < P99_BUDGET_MS;
      ok &&= held;
      console.info(
        `${kind}: ${sorted.length} of ${outcome.planned} served (${(served * 100).toFixed(1)}%), ` +
          `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms` +
          `${outcome.failed.length > 0 ? `, failed: ${[...new Set(outcome.failed)].slice(0, 5).join('; ')}` : ''}` +
          ` - ${held ? 'holds' : 'MISSES'}`,
      );
    }
    // Console requests by route and filter: a slow statement shows in its own p50, not only in the tail.
    const byRoute = new Map<string, number[]>();
    for (const each of slowest) {
      if (each.path.startsWith('/agent/')) continue;
      const [pathname, query = ''] = each.path.split('?');
      const name = `${pathname?.replace(/FP\d+/, ':code')}${query.includes('&') ? ` ${query.split('&').at(-1)?.split('=')[0]}` : ''}`;
      byRoute.set(name, [...(byRoute.get(name) ?? []), each.ms]);
    }
    console.info(
      `console p50 by route: ${[...byRoute]
        .map(
          ([name, all]) =>
            `${name} ${percentile(
              [...all].sort((a, b) => a - b),
              0.5,
            ).toFixed(0)} ms (${all.length})`,
        )
        .join('; ')}`,
    );
    const worst = slowest.sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.info(
      `slowest: ${worst.map((w) => `${w.ms.toFixed(0)} ms ${w.path} (at ${(w.at / 1000).toFixed(1)} s)`).join('; ')}`,
    );
    console.info(ok ? 'within budget' : 'MISSES the budget');
    return ok ? 0 : 1;
  } finally {
    await product.stop();
    removeDataDir(product.dataDir);
    await drop();
  }
}

process.exitCode = await main();
