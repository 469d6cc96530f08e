/**
 * Player list benchmark (ARCHITECTURE.md section 7: p95 under 50 ms on PostgreSQL for 20,000 players).
 *
 *   npx tsx bench/players-list.ts            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *
 * Creates a fresh database, migrates it, generates 20,000 players across every country with tags,
 * then times the player-list service (list page + total + tag names, as GET /api/devices runs it)
 * for the common filters and prints p50/p95 against the budget, with EXPLAIN of the list query.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { COUNTRIES, type Role, type TDeviceListQuery, ZDeviceListQuery } from '@signage/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SessionUser } from '../apps/server/src/auth/sessions';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { listPlayers as listPlayersWith } from '../apps/server/src/modules/devices/service';
import { playerSchedules } from '../apps/server/src/modules/schedules';

const listPlayers = (
  db: Database,
  user: Parameters<typeof listPlayersWith>[1],
  query: Parameters<typeof listPlayersWith>[2],
) => listPlayersWith({ db, schedules: playerSchedules }, user, query);

const BUDGET_MS = 50;
const PLAYERS = 20_000;
const TAGS = 40;
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

const tagId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

async function generate(pool: pg.Pool) {
  const countries = `array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  // Every country; 400 shops per country; a realistic spread of patterns, types, sites and health.
  await pool.query(`
    insert into devices (device_code, device_name, region, shop_no, shop_name, display_pattern, memo, store_type,
      device_type, is_alive, is_activated, registered_at, activated_at, last_accessed, created_at, updated_at)
    select 'DV' || lpad(i::text, 10, '0'), 'SN-' || i,
      (${countries})[1 + i % ${COUNTRIES.length}],
      lpad((1 + (i / ${COUNTRIES.length}) % 400)::text, 4, '0'),
      'Store ' || (1 + (i / ${COUNTRIES.length}) % 400),
      (array['Multi,CW','1x1v','Multi,CW&1x1v','1x4(2x8inc)','2x1','LED'])[1 + i % 6],
      case when i % 7 = 0 then 'near the entrance' else '' end,
      (array['1SmallMid','2Large','3Flagship','4Japan','5JapanLocal'])[1 + i % 5],
      (array['1M','2W','3MW','4Cashier','5Entrance','6UT','9Unset'])[1 + i % 7],
      true, i % 50 <> 0,
      now() - interval '30 days', now() - interval '29 days',
      case when i % 10 = 0 then now() - interval '1 hour' else now() end,
      now() - interval '30 days',
      date_trunc('milliseconds', now() - (i || ' seconds')::interval)
    from generate_series(1, ${PLAYERS}) as i`);
  // The tags: one DEVICE_TAG category with ${TAGS} tags under it (ids tagId(0..TAGS-1)), as staff make them.
  await pool.query(`
    with category as (
      insert into settings (type, value, level, en, ja, zh, ko)
      values ('DEVICE_TAG', 'bench', 1, 'Bench', 'Bench', 'Bench', 'Bench') returning id)
    insert into settings (id, type, type_id, value, level, en, ja, zh, ko)
    select ('00000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, 'DEVICE_TAG-bench', category.id,
      'tag-' || t, 2, 'Tag ' || t, 'タグ ' || t, '標籤 ' || t, '태그 ' || t
    from category, generate_series(0, ${TAGS - 1}) as t`);
  await pool.query(`
    insert into device_tags (device_code, setting_id)
    select distinct 'DV' || lpad(i::text, 10, '0'),
      ('00000000-0000-4000-8000-' || lpad(((i * k * 7) % ${TAGS})::text, 12, '0'))::uuid
    from generate_series(1, ${PLAYERS}) as i, generate_series(1, 3) as k
    where (i + k) % 4 <> 0`);
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

const SCENARIOS: { name: string; user: SessionUser; query: TDeviceListQuery; nextPage?: boolean }[] = [
  { name: 'all regions, first page (DS_FRIT)', user: user('DS_FRIT'), query: {} },
  { name: 'all regions, second page by cursor', user: user('DS_FRIT'), query: {}, nextPage: true },
  { name: 'region JP (DS_MK)', user: user('DS_MK'), query: { region: 'JP' } },
  { name: 'own region (DS_LHQBIZ, US)', user: user('DS_LHQBIZ', 'US'), query: {} },
  { name: 'own shop (DS_ST, JP 0012)', user: user('DS_ST', 'JP', '0012'), query: {} },
  { name: 'kitting, registered + unpaired (DS_KT JP)', user: user('DS_KT', 'JP'), query: {} },
  { name: 'only players with issues', user: user('DS_FRIT'), query: { is_alive: 'false' } },
  { name: 'only unscheduled, region GB', user: user('DS_FRIT'), query: { has_schedule: 'false', region: 'GB' } },
  { name: 'tag', user: user('DS_FRIT'), query: { tags: tagId(3) } },
  { name: 'tag minus exclude tag', user: user('DS_FRIT'), query: { tags: tagId(3), exclude_tag: tagId(5) } },
  {
    name: 'store type + exclude site',
    user: user('DS_FRIT'),
    query: { store_type: '2Large', exclude_device_type: '9Unset' },
  },
  { name: 'store name contains', user: user('DS_FRIT'), query: { shop_name: 'Store 12' } },
  { name: 'store code 0012, pattern LED', user: user('DS_MK'), query: { shop_no: '12', display_pattern: 'LED' } },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const name = `bench_players_${process.pid}_${randomBytes(3).toString('hex')}`;
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
    const counts = await pool.query(
      'select count(*)::int as players, (select count(*)::int from device_tags) as tags from devices',
    );
    console.info(
      `Generated ${counts.rows[0].players} players in ${COUNTRIES.length} countries with ${counts.rows[0].tags} tag links in ${Math.round(performance.now() - t0)} ms (database ${name})\n`,
    );
    console.info(
      `${'scenario'.padEnd(44)} ${'rows'.padStart(5)} ${'total'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  p95/budget`,
    );
    const plans: string[] = [];
    for (const scenario of SCENARIOS) {
      let query = ZDeviceListQuery.parse(scenario.query);
      if (scenario.nextPage) {
        const first = await listPlayers(db, scenario.user, query);
        query = ZDeviceListQuery.parse({ ...scenario.query, endCursor: first.summary.endCursor ?? undefined });
      }
      const times: number[] = [];
      let last = await listPlayers(db, scenario.user, query);
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const start = performance.now();
        last = await listPlayers(db, scenario.user, query);
        if (i >= WARMUP) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      console.info(
        `${scenario.name.padEnd(44)} ${String(last.devices.length).padStart(5)} ${String(last.summary.total).padStart(6)} ${p50.toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)}  ${(p95 / BUDGET_MS).toFixed(2)} ${p95 < BUDGET_MS ? 'ok' : 'OVER'}`,
      );
      captured.length = 0;
      capture = true;
      await listPlayers(db, scenario.user, query);
      capture = false;
      const list = captured.find((c) => c.query.includes('order by'));
      if (
        list &&
        [
          'region JP (DS_MK)',
          'own shop (DS_ST, JP 0012)',
          'tag',
          'all regions, second page by cursor',
          'only players with issues',
        ].includes(scenario.name)
      ) {
        const plan = await pool.query(`explain ${list.query}`, list.params);
        plans.push(`-- ${scenario.name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    console.info(
      `\nBudget: p95 under ${BUDGET_MS} ms per list call (page of 10 + total + tag names).\n\nEXPLAIN of the list query:\n`,
    );
    console.info(plans.join('\n\n'));
  } finally {
    await pool?.end();
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
