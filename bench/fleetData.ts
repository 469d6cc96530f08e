/**
 * The fleet the player-protocol benches run (fleet-poll.ts, mixed-load.ts): paired players 'FP00000001'...
 * with tokens `bench-token-<i>`, each on one current schedule of three contents (twenty schedules), its
 * instants as migration 0023 keeps them (from the store's midnight of yesterday, no end).
 */
export const token = (i: number) => `bench-token-${i}`;
export const deviceCode = (i: number) => `FP${String(i).padStart(8, '0')}`;

export async function seedFleet(run: (statement: string) => Promise<unknown>, players: number) {
  await run(`
    insert into devices (device_code, device_name, region, shop_no, shop_name, display_pattern, time_zone,
      token_hash, is_alive, is_activated, registered_at, activated_at, last_accessed)
    select 'FP' || lpad(i::text, 8, '0'), 'FP-SN-' || i, 'JP', lpad((1 + i % 9000)::text, 4, '0'), 'Store ' || i,
      'Multi,CW', 'Asia/Tokyo', encode(sha256(('bench-token-' || i)::bytea), 'hex'), true, true, now(), now(), now()
    from generate_series(1, ${players}) as i`);
  await run(`
    insert into contents (id, key, name, type, display_pattern, region, media_key, content_type, size, sha256, created_by)
    select md5('c' || k)::uuid, 'fleet' || k, 'Fleet image ' || k, 'image', 'Multi,CW', 'JP',
      'contents/fleet' || k || '/file.png', 'image/png', 1000, repeat('0', 64), 'bench'
    from generate_series(1, 60) as k`);
  await run(`
    insert into schedules (id, schedule_name, playlist_name, date_from, date_to, time_from, time_to,
      download_allow_hour, live, zone_code, created_by)
    select md5('s' || g)::uuid, 'Fleet ' || g, 'Fleet', current_date - 1, null, null, null, '', false, 'Asia/Tokyo', 'bench'
    from generate_series(0, 19) as g`);
  await run(`
    insert into schedule_contents (schedule_id, position, content_id)
    select md5('s' || g)::uuid, p, md5('c' || (1 + g * 3 + p))::uuid from generate_series(0, 19) as g, generate_series(0, 2) as p`);
  // Un-ended from the schedule's first day at the store (Asia/Tokyo): starts_at and ends_at as its writes keep them.
  await run(`
    insert into schedule_devices (schedule_id, device_code, starts_at, ends_at)
    select md5('s' || (i % 20))::uuid, 'FP' || lpad(i::text, 8, '0'), (current_date - 1)::timestamp at time zone 'Asia/Tokyo', null
    from generate_series(1, ${players}) as i`);
  await run('analyze');
}
