import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../src/demo';
import { testMedia } from './agent/fixtures';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

/**
 * `npm run cli -- demo` (issue 12, item 4): a fresh server filled through its API shows every history screen
 * with data. Five players over three days keep it short; the full run is 40 players and 30 days.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ media: testMedia() });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);

describe('the demo command', () => {
  it('registers and pairs players, uploads contents, schedules them and sends days of plays; --live keeps them going', async () => {
    const admin = await createUser(t.db, { role: 'DS_FRIT', userId: 'demo-admin', password: 'Demo-passw0rd-1' });
    type Row = { device_code: string; acked: number; last_accessed: string };
    const fleet = async () =>
      new Map(
        (
          (await t.db.execute(
            sql`select d.device_code, a.acked, d.last_accessed from devices d join play_acks a using (device_code)
                where d.device_name like 'DEMO-%' order by d.activated_at`,
          )) as unknown as { rows: Row[] }
        ).rows.map((row) => [row.device_code, row]),
      );
    let stop: () => void = () => undefined;
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let filled = new Map<string, Row>();
    const code = await runDemo(
      ['--url', base, '--id', admin.userId, '--password', admin.password, '--players', '5', '--days', '3', '--live'],
      0,
      {
        until,
        roundMs: 1000,
        onRound: async (round) => {
          if (round === 0) filled = await fleet();
          else stop();
        },
      },
    );
    expect(code).toBe(0);
    // One live round: the first four players beat again and sent the minute's plays; the fifth stays dark.
    const after = [...(await fleet()).values()];
    expect(after).toHaveLength(5);
    const moved = after.map((row) => {
      const before = filled.get(row.device_code) as Row;
      return (
        Number(row.acked) > Number(before.acked) && Date.parse(row.last_accessed) > Date.parse(before.last_accessed)
      );
    });
    expect(moved).toEqual([true, true, true, true, false]);
    expect(await count(sql`select count(*) as n from devices where device_name like 'DEMO-%' and is_activated`)).toBe(
      5,
    );
    expect(await count(sql`select count(*) as n from contents where created_by = ${admin.userId}`)).toBe(7);
    expect(await count(sql`select count(*) as n from schedules where schedule_name like '% — winter season'`)).toBe(5);
    // Plays on at least two of the three days, and the history list shows them.
    expect(await count(sql`select count(distinct play_date) as n from play_daily`)).toBeGreaterThanOrEqual(2);
    const cookie = await loginAs(t.app, admin);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/contents/history?limit=100',
      headers: { cookie },
    });
    const rows = history.json().data.contentHistory as { players: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.players >= 1)).toBe(true);
  }, 120_000);

  it('says what is wrong instead of failing halfway', async () => {
    await expect(runDemo(['--url', base, '--password', 'x', '--players', '0'], 0)).rejects.toThrow(
      '--players is a number from 1 to 1000',
    );
    await expect(runDemo(['--url', base, '--id', 'nobody', '--password', 'wrong-password'], 0)).rejects.toThrow(
      'Could not sign in as nobody',
    );
  });
});
