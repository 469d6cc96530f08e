/**
 * Proof-of-play history on a fleet (issue 12; ARCHITECTURE.md section 7: p95 under 50 ms on PostgreSQL).
 *
 *   npx tsx bench/history.ts            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *
 * Creates a fresh database, migrates it and generates 20,000 players in every country, 200 contents and 30
 * days of plays rolled up (each player shows five contents a day: 3,000,000 play_daily rows, about 500
 * players per content and day), then times the history services as their routes run them: the list (first
 * page, a region, a name, 30 days), the detail (first page, a store-name filter) and one player's plays.
 * Then ingest: batches of 6 plays (a minute of 10 s items) through recordPlays (raw rows, acknowledged mark, both rollups, one
 * transaction each) against a bare insert of the same rows into a plain table, in the same run. Prints
 * p50/p95 against the budget and the ingest ratio, EXPLAIN ANALYZE of the list's and detail's queries, and
 * exits 1 when a budget is missed.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  type Role,
  type TPlay,
  ZContentHistoryDetailQuery,
  ZContentHistoryQuery,
  ZPlayHistoryQuery,
} from '@signage/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SessionUser } from '../apps/server/src/auth/sessions';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { contentHistory, contentHistoryDetail, playHistory } from '../apps/server/src/modules/history/service';
import { recordPlays } from '../apps/server/src/modules/plays';
import { generateHistory } from './historyData';

const BUDGET_MS = 50;
/**
 * Ingest through the plays module against a bare insert of the same rows: at least this ratio. A batch is one
 * transaction of about ten statements (raw rows, the acknowledged mark, three rollups) against one bare
 * INSERT, so the ratio is low by construction; the bench also prints batches per second against what a fleet
 * sending a batch a minute needs.
 */
const INGEST_BUDGET = 0.05;
const PLAYERS = 20_000;
const CONTENTS = 200;
const DAYS = 30;
const PER_DAY = 5;
const RUNS = 60;
const WARMUP = 5;
/** A minute of a player's plays (10 s items), as the web player sends them. */
const BATCH = 6;
const INGEST_BATCHES = 1000;
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const code = (i: number) => `DV${String(i).padStart(10, '0')}`;
const contentId = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

function user(authority: Role): SessionUser {
  return {
    username: authority,
    userId: authority,
    authority,
    region: '',
    shop_no: '',
    shop_name: '',
    id: '',
    sessionId: '',
  };
}

/** A fleet of PLAYERS sending one batch a minute, in batches per second. */
const FLEET_BATCHES_PER_SECOND = PLAYERS / 60;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    await run();
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Ingest: plays per second through recordPlays, and through a bare insert of the same rows. */
async function ingest(db: Database, pool: pg.Pool) {
  await pool.query(`create table bare_plays (device_code text not null, sequence bigint not null, content_id uuid not null,
    schedule_id uuid, started_at timestamptz not null, utc_offset_minutes smallint not null, duration_ms integer not null,
    primary key (device_code, sequence))`);
  const batches: { device: string; plays: TPlay[] }[] = [];
  for (let b = 0; b < INGEST_BATCHES; b++) {
    const device = code(1000 + b);
    batches.push({
      device,
      plays: Array.from({ length: BATCH }, (_, i) => ({
        sequence: i + 1,
        content_id: contentId(1 + ((b + i) % CONTENTS)),
        schedule_id: null,
        started_at: new Date(Date.now() - (BATCH - i) * 10_000).toISOString(),
        utc_offset_minutes: 540,
        duration_ms: 10_000,
      })),
    });
  }
  const bare = async () => {
    const start = performance.now();
    for (const { device, plays } of batches) {
      const values: unknown[] = [];
      const rows = plays.map((p, i) => {
        values.push(device, p.sequence, p.content_id, p.schedule_id, p.started_at, p.utc_offset_minutes, p.duration_ms);
        const o = i * 7;
        return `($${o + 1},$${o + 2},$${o + 3},$${o + 4},$${o + 5},$${o + 6},$${o + 7})`;
      });
      await pool.query(`insert into bare_plays values ${rows.join(',')} on conflict do nothing`, values);
    }
    return (INGEST_BATCHES * BATCH) / ((performance.now() - start) / 1000);
  };
  const real = async () => {
    const start = performance.now();
    for (const { device, plays } of batches) await recordPlays(db, device, plays);
    return (INGEST_BATCHES * BATCH) / ((performance.now() - start) / 1000);
  };
  // Interleaved, fresh rows each round (a re-sent batch would be skipped, not stored).
  const ratios: number[] = [];
  const figures: string[] = [];
  for (let round = 0; round < 3; round++) {
    await pool.query('truncate bare_plays');
    await pool.query('delete from play_events where device_code >= $1 and device_code < $2', [
      code(1000),
      code(1000 + INGEST_BATCHES),
    ]);
    await pool.query('delete from play_acks where device_code >= $1 and device_code < $2', [
      code(1000),
      code(1000 + INGEST_BATCHES),
    ]);
    const b = await bare();
    const r = await real();
    ratios.push(r / b);
    figures.push(
      `round ${round + 1}: recordPlays ${Math.round(r)} plays/s, bare insert ${Math.round(b)} plays/s, ratio ${(r / b).toFixed(2)}`,
    );
  }
  ratios.sort((a, b) => a - b);
  return { median: ratios[1] as number, figures };
}

async function main(): Promise<number> {
  const name = `bench_history_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let pool: pg.Pool | undefined;
  let failed = false;
  try {
    const migrated = await openDatabase({ dataDir: '/tmp', databaseUrl: url.toString() });
    await migrated.close();
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    const t0 = performance.now();
    await generateHistory(pool, { players: PLAYERS, contents: CONTENTS, days: DAYS, perDay: PER_DAY });
    const captured: { query: string; params: unknown[] }[] = [];
    let capture = false;
    const db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (query, params) => void (capture && captured.push({ query, params })) },
    }) as unknown as Database;
    const counts = await pool.query(
      'select (select count(*)::int from play_daily) as daily, (select count(*)::int from play_content_daily) as per_content',
    );
    console.info(
      `Generated ${PLAYERS} players, ${CONTENTS} contents, ${counts.rows[0].daily} play_daily and ${counts.rows[0].per_content} play_content_daily rows in ${Math.round(performance.now() - t0)} ms (database ${name})\n`,
    );
    const mk = user('DS_MK');
    const lastDays = (days: number) => ({
      start_date: new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10),
      end_date: new Date().toISOString().slice(0, 10),
    });
    const busy = contentId(1 + ((1 + 0) % CONTENTS));
    const scenarios: { name: string; run: () => Promise<{ rows: number }>; explain?: boolean; budget?: false }[] = [
      {
        name: 'list: first page, default window (10 days)',
        run: async () => ({
          rows: (await contentHistory(db, mk, ZContentHistoryQuery.parse({}))).contentHistory.length,
        }),
        explain: true,
      },
      {
        name: 'list: region JP',
        run: async () => ({
          rows: (await contentHistory(db, mk, ZContentHistoryQuery.parse({ region: 'JP' }))).contentHistory.length,
        }),
      },
      {
        name: "list: name contains 'Campaign 1'",
        run: async () => ({
          rows: (await contentHistory(db, mk, ZContentHistoryQuery.parse({ name: 'Campaign 1' }))).contentHistory
            .length,
        }),
      },
      {
        name: 'list: 30 days',
        run: async () => ({
          rows: (await contentHistory(db, mk, ZContentHistoryQuery.parse(lastDays(30)))).contentHistory.length,
        }),
      },
      {
        name: 'list: 30 days, 100 a page (a CSV export page)',
        run: async () => {
          const query = ZContentHistoryQuery.parse({ ...lastDays(30), limit: 100 });
          return { rows: (await contentHistory(db, mk, query)).contentHistory.length };
        },
        budget: false,
      },
      {
        name: 'detail: first page of players (50)',
        run: async () => ({
          rows: (await contentHistoryDetail(db, mk, busy, ZContentHistoryDetailQuery.parse({}))).devices.length,
        }),
        explain: true,
      },
      {
        name: "detail: store name contains 'Store 12'",
        run: async () => ({
          rows: (await contentHistoryDetail(db, mk, busy, ZContentHistoryDetailQuery.parse({ shop_name: 'Store 12' })))
            .devices.length,
        }),
      },
      {
        name: "GET /api/playhistory (one player's plays, 100)",
        run: async () => ({
          rows: (await playHistory(db, mk, ZPlayHistoryQuery.parse({ device_code: code(12) }))).plays.length,
        }),
      },
    ];
    console.info(
      `${'scenario'.padEnd(48)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  p95/50ms`,
    );
    const plans: string[] = [];
    for (const scenario of scenarios) {
      const { rows } = await scenario.run();
      const t = await time(scenario.run);
      const over = scenario.budget !== false && t.p95 >= BUDGET_MS;
      failed ||= over;
      const verdict = scenario.budget === false ? '(no budget)' : over ? 'OVER' : 'ok';
      console.info(
        `${scenario.name.padEnd(48)} ${String(rows).padStart(5)} ${t.p50.toFixed(2).padStart(8)} ${t.p95.toFixed(2).padStart(8)}  ${(t.p95 / BUDGET_MS).toFixed(2)} ${verdict}`,
      );
      if (scenario.explain) {
        captured.length = 0;
        capture = true;
        await scenario.run();
        capture = false;
        for (const c of captured) {
          const plan = await pool.query(`explain analyze ${c.query}`, c.params);
          plans.push(
            `-- ${scenario.name}: ${c.query.slice(0, 70)}...\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
          );
        }
      }
    }
    const ingested = await ingest(db, pool);
    console.info(`\nIngest, batches of ${BATCH} plays from ${INGEST_BATCHES} players (interleaved, 3 rounds):`);
    for (const figure of ingested.figures) console.info(`  ${figure}`);
    const ingestOk = ingested.median >= INGEST_BUDGET;
    failed ||= !ingestOk;
    console.info(
      `  median ratio ${ingested.median.toFixed(2)} (budget at least ${INGEST_BUDGET}) ${ingestOk ? 'ok' : 'UNDER'}`,
    );
    console.info(
      `  a ${PLAYERS}-player fleet sending a batch a minute needs ${Math.round(FLEET_BATCHES_PER_SECOND)} batches/s (measured here on one connection, one batch after another)`,
    );
    console.info(
      `\nBudget: p95 under ${BUDGET_MS} ms per call.\n\nEXPLAIN ANALYZE of the list's and the detail's queries:\n`,
    );
    console.info(plans.join('\n\n'));
    return failed ? 1 : 0;
  } finally {
    await pool?.end();
    if (process.env.KEEP_DB) console.info(`kept database ${name}`);
    else await admin(`drop database if exists "${name}" with (force)`);
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
