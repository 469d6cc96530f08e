/**
 * Shared by the players-list and request-path benches: players generated straight into a bench database,
 * across every country, with common tags and one rare tag, paired ones holding a device token.
 */
import { COUNTRIES } from '@signage/domain';

/** Tags in the generated category; tag ids tagId(0..TAGS-1) are common, tagId(RARE_TAG) is rare. */
export const TAGS = 40;
/** Carried by one player in 4,000. */
export const RARE_TAG = TAGS;

export const tagId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** The device token of generated player i (paired players only: i % 50 <> 0). */
export const deviceToken = (i: number) => `bench-token-${i}`;

/** `pool`: anything that runs a statement (a pg.Pool, or `{ query: (s) => db.execute(sql.raw(s)) }` on PGlite). */
export async function generatePlayers(
  pool: { query: (statement: string) => Promise<unknown> },
  players: number,
): Promise<void> {
  const countries = `array[${COUNTRIES.map((c) => `'${c}'`).join(',')}]`;
  // Every country; 400 shops per country; a realistic spread of patterns, types, sites and health.
  await pool.query(`
    insert into devices (device_code, device_name, region, shop_no, shop_name, display_pattern, memo, store_type,
      device_type, token_hash, is_alive, is_activated, registered_at, activated_at, last_accessed, created_at, updated_at)
    select 'DV' || lpad(i::text, 10, '0'), 'SN-' || i,
      (${countries})[1 + i % ${COUNTRIES.length}],
      lpad((1 + (i / ${COUNTRIES.length}) % 400)::text, 4, '0'),
      'Store ' || (1 + (i / ${COUNTRIES.length}) % 400),
      (array['Multi,CW','1x1v','Multi,CW&1x1v','1x4(2x8inc)','2x1','LED'])[1 + i % 6],
      case when i % 7 = 0 then 'near the entrance' else '' end,
      (array['1SmallMid','2Large','3Flagship','4Japan','5JapanLocal'])[1 + i % 5],
      (array['1M','2W','3MW','4Cashier','5Entrance','6UT','9Unset'])[1 + i % 7],
      case when i % 50 <> 0 then encode(sha256(('bench-token-' || i)::bytea), 'hex') end,
      true, i % 50 <> 0, -- one in 50 registered but not paired yet (kitting)
      now() - interval '30 days', now() - interval '29 days',
      case when i % 10 = 0 then now() - interval '1 hour' else now() end,
      now() - interval '30 days',
      date_trunc('milliseconds', now() - (i || ' seconds')::interval)
    from generate_series(1, ${players}) as i`);
  // The tags: one DEVICE_TAG category with TAGS + 1 tags under it, as staff make them.
  await pool.query(`
    with category as (
      insert into settings (type, value, level, en, ja, zh, ko)
      values ('DEVICE_TAG', 'bench', 1, 'Bench', 'Bench', 'Bench', 'Bench') returning id)
    insert into settings (id, type, type_id, value, level, en, ja, zh, ko)
    select ('00000000-0000-4000-8000-' || lpad(t::text, 12, '0'))::uuid, 'DEVICE_TAG-bench', category.id,
      'tag-' || t, 2, 'Tag ' || t, 'タグ ' || t, '標籤 ' || t, '태그 ' || t
    from category, generate_series(0, ${TAGS}) as t`);
  await pool.query(`
    insert into device_tags (device_code, setting_id)
    select distinct 'DV' || lpad(i::text, 10, '0'),
      ('00000000-0000-4000-8000-' || lpad(((i * k * 7) % ${TAGS})::text, 12, '0'))::uuid
    from generate_series(1, ${players}) as i, generate_series(1, 3) as k
    where (i + k) % 4 <> 0`);
  await pool.query(`
    insert into device_tags (device_code, setting_id)
    select 'DV' || lpad(i::text, 10, '0'), '${tagId(RARE_TAG)}'::uuid
    from generate_series(1, ${players}, 4000) as i`);
  await pool.query('vacuum analyze');
}
