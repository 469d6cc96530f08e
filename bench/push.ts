/**
 * Push bench (issue 11): change-to-apply latency with 1,000 connected players on PostgreSQL. The product runs
 * in its own process; this process holds 1,000 simulated players (startSimulatedPlayer: an open push
 * channel each, collecting on every push and confirming by heartbeat). One schedule plays on 50 of them;
 * each of 20 changes renames it, and the latency of a player is from sending the PUT to that player having
 * collected the new manifest and confirmed it (the web player adds its media download and the switch on
 * screen). Prints p50/p95/max over the 1,000 samples; exits non-zero when p95 misses the budget (1 s).
 * Media are not downloaded (the bench content has no file): this measures push, collect and confirm.
 * Run: npx tsx bench/push.ts   (BENCH_DATABASE_URL: admin URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { createHash, randomBytes } from 'node:crypto';
import { createAgentClient } from '@signage/agent-client';
import pg from 'pg';
import { startSimulatedPlayer } from '../apps/server/src/simulator/simulatedPlayer';
import { createDatabase, login, removeDataDir, startProduct } from './processes';

const BUDGET_P95_MS = 1000;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const TARGETED = 50;
const CHANGES = 20;
const PORT = Number(process.env.PORT ?? 18106);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Paired players written straight to the database (the bench is about push, not pairing): their tokens. */
async function seedPlayers(databaseUrl: string): Promise<{ codes: string[]; tokens: string[]; contentId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tokens = Array.from({ length: PLAYERS }, () => randomBytes(24).toString('base64url'));
    const codes = tokens.map((_, i) => `PUSH${String(i).padStart(6, '0')}`);
    const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
    await client.query(
      `insert into devices (device_code, device_name, region, shop_no, shop_name, display_pattern, time_zone,
         is_alive, is_activated, token_hash, registered_at, activated_at, last_accessed)
       select c, 'SN-' || c, 'JP', '0001', 'Bench', 'Multi,CW', 'Asia/Tokyo', true, true, h, now(), now(), now()
       from unnest($1::text[], $2::text[]) as t(c, h)`,
      [codes, hashes],
    );
    const { rows } = await client.query(
      `insert into contents (key, name, type, display_pattern, region, media_key, content_type, size, sha256, created_by)
       values ('pushbench', 'Bench image', 'image', 'Multi,CW', 'JP', 'contents/pushbench/file.png', 'image/png', 1000, $1, 'bench')
       returning id`,
      ['0'.repeat(64)],
    );
    return { codes, tokens, contentId: String(rows[0].id) };
  } finally {
    await client.end();
  }
}

async function send(port: number, method: string, path: string, cookie: string, body: unknown) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function main(): Promise<number> {
  const database = await createDatabase();
  const product = await startProduct({ databaseUrl: database.url, port: PORT, env: { LOG_LEVEL: 'warn' } });
  const base = `http://127.0.0.1:${product.port}`;
  const players: ReturnType<typeof startSimulatedPlayer>[] = [];
  try {
    const { codes, tokens, contentId } = await seedPlayers(database.url);
    const cookie = await login(product.port);
    // Every player's latest apply: the bench waits on these.
    const appliedAt = new Map<string, { version: string; at: number }>();
    const waiters = new Map<string, () => void>();
    tokens.forEach((token, i) => {
      const code = codes[i] as string;
      players.push(
        startSimulatedPlayer({
          client: createAgentClient({ baseUrl: base, token }),
          download: false,
          pollMs: 3_600_000,
          onApplied: ({ version, at }) => {
            appliedAt.set(code, { version, at });
            waiters.get(code)?.();
          },
        }),
      );
    });
    const until = (code: string, test: () => boolean) =>
      test() ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(code, () => test() && resolve()));
    await Promise.all(codes.map((code) => until(code, () => appliedAt.has(code))));
    console.info(`${PLAYERS} players connected and holding their first manifest`);

    const targeted = codes.slice(0, TARGETED);
    const today = new Date().toISOString().slice(0, 10);
    const created = await send(product.port, 'POST', '/api/schedules', cookie, {
      playlist_name: 'Bench',
      schedule_name: 'Bench 0',
      available_date_from: today,
      available_date_to: '',
      available_time_from: '',
      available_time_to: '',
      contents: [contentId],
      dest: targeted,
      download_allow_hour: '',
      zone_code: 'UTC',
    });
    const scheduleId = String(created.schedule_id);
    const settle = (before: Map<string, string>) =>
      Promise.all(targeted.map((code) => until(code, () => appliedAt.get(code)?.version !== before.get(code))));
    await settle(new Map(targeted.map((code) => [code, ''])));

    const samples: number[] = [];
    for (let change = 1; change <= CHANGES; change++) {
      const before = new Map(targeted.map((code) => [code, appliedAt.get(code)?.version ?? '']));
      const sent = Date.now();
      await send(product.port, 'PUT', `/api/schedules/${scheduleId}`, cookie, {
        schedule_name: `Bench ${change}`,
        zone_code: 'UTC',
      });
      await settle(before);
      for (const code of targeted) samples.push((appliedAt.get(code)?.at ?? sent) - sent);
    }
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 0.5);
    const p95 = percentile(samples, 0.95);
    console.info(
      `change to applied, ${CHANGES} changes x ${TARGETED} players with ${PLAYERS} connected: ` +
        `p50 ${p50} ms, p95 ${p95} ms, max ${samples.at(-1)} ms; budget p95 ${BUDGET_P95_MS} ms, ratio ${(p95 / BUDGET_P95_MS).toFixed(2)}`,
    );
    const ok = p95 <= BUDGET_P95_MS;
    console.info(ok ? 'within budget' : 'MISSES the budget');
    return ok ? 0 : 1;
  } finally {
    await Promise.all(players.map((player) => player.stop()));
    await product.stop();
    removeDataDir(product.dataDir);
    await database.drop();
  }
}

process.exitCode = await main();
