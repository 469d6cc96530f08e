/**
 * Schedules on the player list (ARCHITECTURE.md section 7: p95 under 50 ms on PostgreSQL for 20,000 players).
 *
 *   npx tsx bench/schedules.ts            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *
 * Creates a fresh database, migrates it, generates 20,000 players in every country (each in its country's
 * zone) with ten schedules each (200,000 schedules: ended, current and future ones, some daily windows,
 * some with no end; one player in ten has only ended ones), then times the player-list service as
 * GET /api/devices runs it (page of 10 + total + tags + has_schedule, current and next in the players'
 * zones) for the list and the 'Only unscheduled' filter, and one player's GET /api/schedules. Prints
 * p50/p95 and the ratio p95 / 50 ms, with EXPLAIN of the has-schedule queries.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { COUNTRIES, defaultZoneOf, type Role, type TDeviceListQuery, ZDeviceListQuery } from '@signage/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SessionUser } from '../apps/server/src/auth/sessions';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { listPlayers } from '../apps/server/src/modules/players/service';
import { playerSchedules } from '../apps/server/src/modules/schedules';
import { listSchedules } from '../apps/server/src/modules/schedules/service';

const BUDGET_MS = 50;
const PLAYERS = 20_000;
const SCHEDULES_EACH = 10;
const RUNS = 60;
const WARMUP = 5;
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

async function generate(pool: pg.Pool) {
  const countries = `array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  const zones = `array[${COUNTRIES.map((c) => `'${defaultZoneOf(c)}'`).join(',')}]`;
  await pool.query(`
    insert into devices (device_code, device_name, region, shop_no, shop_name, display_pattern, time_zone,
      is_alive, is_activated, registered_at, activated_at, last_accessed, created_at, updated_at)
    select 'DV' || lpad(i::text, 10, '0'), 'SN-' || i,
      (${countries})[1 + i % ${COUNTRIES.length}],
      lpad((1 + (i / ${COUNTRIES.length}) % 400)::text, 4, '0'),
      'Store ' || (1 + (i / ${COUNTRIES.length}) % 400),
      (array['Multi,CW','1x1v','Multi,CW&1x1v'])[1 + i % 3],
      (${zones})[1 + i % ${COUNTRIES.length}],
      true, true, now() - interval '30 days', now() - interval '29 days', now(),
      now() - interval '30 days', date_trunc('milliseconds', now() - (i || ' seconds')::interval)
    from generate_series(1, ${PLAYERS}) as i`);
  // Ten schedules per player. Player i, schedule k: k 0-3 ended (the last one yesterday), 4-6 current
  // (one daily 10:00-21:00, one with no end), 7-9 future. Players with i % 10 = 0 have only ended ones.
  await pool.query(`
    insert into schedules (id, schedule_name, playlist_name, date_from, date_to, time_from, time_to,
      download_allow_hour, live, zone_code, created_by, created_at, updated_at)
    select md5(i || '-' || k)::uuid, 'Schedule ' || i || '-' || k, 'Default playlist',
      current_date + (case when i % 10 = 0 or k < 4 then -20 + k else k - 6 end),
      case when i % 10 = 0 or k < 4 then current_date - 1 - (3 - least(k, 3))
           when k = 5 then null
           else current_date + k end,
      case when k in (4, 8) then time '10:00:00' end,
      case when k in (4, 8) then time '21:00:59' end,
      '23', false, 'Asia/Tokyo', 'bench', now() - ((10 - k) || ' days')::interval, now()
    from generate_series(1, ${PLAYERS}) as i, generate_series(0, ${SCHEDULES_EACH - 1}) as k`);
  await pool.query(`
    insert into schedule_devices (schedule_id, device_code, ends_local)
    select s.id, 'DV' || lpad(i::text, 10, '0'), s.ends_local
    from generate_series(1, ${PLAYERS}) as i
    cross join generate_series(0, ${SCHEDULES_EACH - 1}) as k
    join schedules s on s.id = md5(i || '-' || k)::uuid`);
  await pool.query(`
    insert into schedule_player_ends (device_code, last_end_local, open)
    select device_code, max(ends_local), bool_or(ends_local is null) from schedule_devices group by device_code`);
  await pool.query('analyze');
}

function user(authority: Role, region = '', shopNo = ''): SessionUser {
  return {
    username: authority,
    userId: authority,
    authority,
    region,
    shop_no: shopNo,
    shop_name: '',
    id: '',
    sessionId: '',
  };
}

type Scenario = { name: string; user: SessionUser; query: TDeviceListQuery; explain?: boolean };
const SCENARIOS: Scenario[] = [
  { name: 'all regions, first page (DS_FRIT)', user: user('DS_FRIT'), query: {} },
  { name: 'region JP (DS_MK)', user: user('DS_MK'), query: { region: 'JP' } },
  { name: 'own shop (DS_ST, JP 0012)', user: user('DS_ST', 'JP', '0012'), query: {} },
  { name: 'only unscheduled, all regions', user: user('DS_FRIT'), query: { has_schedule: 'false' }, explain: true },
  { name: 'only unscheduled, region GB', user: user('DS_FRIT'), query: { has_schedule: 'false', region: 'GB' } },
  { name: 'only scheduled, all regions', user: user('DS_FRIT'), query: { has_schedule: 'true' } },
  {
    name: 'only unscheduled, own region (DS_LHQBIZ US)',
    user: user('DS_LHQBIZ', 'US'),
    query: { has_schedule: 'false' },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    await run();
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const line = (name: string, rows: string, total: string, t: { p50: number; p95: number }) =>
  `${name.padEnd(46)} ${rows.padStart(5)} ${total.padStart(6)} ${t.p50.toFixed(2).padStart(8)} ${t.p95.toFixed(2).padStart(8)}  ${(t.p95 / BUDGET_MS).toFixed(2)} ${t.p95 < BUDGET_MS ? 'ok' : 'OVER'}`;

async function main() {
  const name = `bench_schedules_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let pool: pg.Pool | undefined;
  try {
    const migrated = await openDatabase({ dataDir: '/tmp', databaseUrl: url.toString() });
    await migrated.close();
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    const t0 = performance.now();
    await generate(pool);
    const captured: { query: string; params: unknown[] }[] = [];
    let capture = false;
    const db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (query, params) => void (capture && captured.push({ query, params })) },
    }) as unknown as Database;
    const deps = { db, schedules: playerSchedules };
    const counts = await pool.query(
      'select (select count(*)::int from devices) as players, (select count(*)::int from schedule_devices) as links',
    );
    console.info(
      `Generated ${counts.rows[0].players} players with ${counts.rows[0].links} schedule links in ${Math.round(performance.now() - t0)} ms (database ${name})\n`,
    );
    console.info(
      `${'scenario'.padEnd(46)} ${'rows'.padStart(5)} ${'total'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  p95/50ms`,
    );
    const plans: string[] = [];
    for (const scenario of SCENARIOS) {
      const query = ZDeviceListQuery.parse(scenario.query);
      const last = await listPlayers(deps, scenario.user, query);
      const withCurrent = last.devices.filter((d) => d.current_schedule !== null).length;
      const t = await time(() => listPlayers(deps, scenario.user, query));
      console.info(
        `${line(scenario.name, String(last.devices.length), String(last.summary.total), t)}  (${withCurrent} with a current schedule)`,
      );
      if (scenario.explain) {
        captured.length = 0;
        capture = true;
        await listPlayers(deps, scenario.user, query);
        capture = false;
        for (const c of captured.filter((q) => q.query.includes('schedule_devices'))) {
          const plan = await pool.query(`explain analyze ${c.query}`, c.params);
          plans.push(
            `-- ${scenario.name}: ${c.query.slice(0, 60)}...\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
          );
        }
      }
    }
    const page = await listPlayers(deps, user('DS_FRIT'), ZDeviceListQuery.parse({}));
    const pagePlayers = page.devices.map((d) => ({ deviceCode: d.device_code, timeZone: d.time_zone }));
    const parts = await time(() => playerSchedules.summaries(db, pagePlayers, new Date()));
    console.info(line('  of which: has_schedule/current/next of a page', String(pagePlayers.length), '-', parts));
    const player = code(12);
    const one = await listSchedules(db, user('DS_FRIT'), { device_code: player });
    const t = await time(() => listSchedules(db, user('DS_FRIT'), { device_code: player }));
    console.info(line(`GET /api/schedules?device_code (one player)`, String(one.schedules.length), '-', t));
    console.info(
      `\nBudget: p95 under ${BUDGET_MS} ms per list call (page of 10 + total + tags + has_schedule, current and next).\n\nEXPLAIN ANALYZE of the queries touching schedules:\n`,
    );
    console.info(plans.join('\n\n'));
  } finally {
    await pool?.end();
    if (process.env.KEEP_DB) console.info(`kept database ${name}`);
    else await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
