/**
 * Shared by the history and cost-curve benches: players in every country, contents, and their plays rolled
 * up as the plays module leaves them (play_daily, play_content_daily, play_content_months), plus one
 * player's raw plays (DV0000000012).
 */
import { COUNTRIES } from '@signage/domain';
import type pg from 'pg';

/** Each player shows perDay contents a day, every day but one in eleven, for the last `days` days. */
export type HistorySize = { players: number; contents: number; days: number; perDay: number };

export async function generateHistory(pool: pg.Pool, size: HistorySize): Promise<void> {
  const { players: PLAYERS, contents: CONTENTS, days: DAYS, perDay: PER_DAY } = size;
  const countries = `array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  await pool.query(`
    insert into devices (device_code, device_name, region, shop_no, shop_name, display_pattern, memo,
      is_alive, is_activated, registered_at, activated_at, last_accessed, created_at, updated_at)
    select 'DV' || lpad(i::text, 10, '0'), 'SN-' || i,
      (${countries})[1 + i % ${COUNTRIES.length}],
      lpad((1 + (i / ${COUNTRIES.length}) % 9000)::text, 4, '0'),
      'Store ' || (1 + (i / ${COUNTRIES.length}) % 400), 'Multi,CW', case when i % 7 = 0 then 'Window' else '' end,
      true, true, now() - interval '60 days', now() - interval '59 days', now(),
      now() - interval '60 days', now() - (i || ' seconds')::interval
    from generate_series(1, ${PLAYERS}) as i`);
  await pool.query(`
    insert into contents (id, key, name, type, display_pattern, region, created_by, created_at, updated_at)
    select ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, 'bench' || k, 'Campaign ' || k,
      (array['image','image','movie'])[1 + k % 3], 'Multi,CW',
      case when k % 4 = 0 then '' else (${countries})[1 + k % ${COUNTRIES.length}] end, 'bench',
      now() - interval '60 days', now() - (k || ' hours')::interval
    from generate_series(1, ${CONTENTS}) as k`);
  // Player i shows contents (i + 37 j) mod 200 for j < 5, every day but one in eleven.
  await pool.query(`
    insert into play_daily (content_id, play_date, device_code, plays, duration_ms)
    select ('00000000-0000-4000-8000-' || lpad((1 + (i + 37 * j) % ${CONTENTS})::text, 12, '0'))::uuid,
      current_date - d, 'DV' || lpad(i::text, 10, '0'), 40 + (i + d) % 30, (40 + (i + d) % 30) * 10000
    from generate_series(1, ${PLAYERS}) as i, generate_series(0, ${PER_DAY - 1}) as j, generate_series(0, ${DAYS - 1}) as d
    where (i + d) % 11 <> 0`);
  await pool.query(`
    insert into play_content_daily (content_id, play_date, players, plays, duration_ms)
    select content_id, play_date, count(*), sum(plays), sum(duration_ms) from play_daily group by 1, 2`);
  await pool.query(`
    insert into play_content_months (content_id, month, device_code, days)
    select content_id, date_trunc('month', play_date)::date, device_code, bit_or(1 << (extract(day from play_date)::int - 1))
    from play_daily group by 1, 2, 3`);
  // One player's raw plays (its GET /api/playhistory): 30 days of five contents, 40 plays each a day.
  await pool.query(`
    insert into play_events (device_code, sequence, content_id, started_at, utc_offset_minutes, duration_ms)
    select 'DV0000000012', row_number() over (order by d desc, n), ('00000000-0000-4000-8000-' || lpad((1 + (12 + 37 * (n % 5)) % ${CONTENTS})::text, 12, '0'))::uuid,
      date_trunc('day', now()) - (d || ' days')::interval + (n * 60 || ' seconds')::interval, 540, 10000
    from generate_series(0, ${DAYS - 1}) as d, generate_series(0, 199) as n`);
  await pool.query('analyze');
}
