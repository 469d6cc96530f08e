import { randomUUID } from 'node:crypto';
import type { TPlay } from '@signage/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playContentDaily, playContentMonths, playDaily, playEvents } from '../../src/db/schema';
import { seededRandom as random } from '../../src/demo';
import { prunePlays } from '../../src/modules/plays';
import { createTestApp, type TestApp } from '../helpers';
import { bearer, pairedPlayer } from './fixtures';

/**
 * The daily rollup of proof of play (issue 12 item 1): per content, player and UTC date it always equals the
 * raw plays held, whatever the batches: random sizes, re-deliveries, overlaps, out of order, across midnight UTC.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Row = { content_id: string; play_date: string; plays: number; duration_ms: number };
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows.map((row) => ({
    content_id: row.content_id,
    play_date: String(row.play_date).slice(0, 10),
    plays: Number(row.plays),
    duration_ms: Number(row.duration_ms),
  }));

const send = (token: string, plays: TPlay[]) =>
  t.app.inject({ method: 'POST', url: '/agent/v1/plays', headers: bearer(token), payload: { plays } });

describe('the daily rollup of plays', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`equals the raw plays for random batches with re-deliveries (seed ${seed})`, async () => {
      const next = random(seed);
      const player = await pairedPlayer(t.db);
      const contents = [randomUUID(), randomUUID(), randomUUID()];
      // 300 plays around midnight UTC (from 22:00 on day one to 02:00 on day two), each with its content.
      const midnight = Date.UTC(2026, 10, 23, 0, 0, 0);
      const all: TPlay[] = Array.from({ length: 300 }, (_, i) => ({
        sequence: i + 1,
        content_id: contents[Math.floor(next() * contents.length)] as string,
        schedule_id: null,
        started_at: new Date(midnight - 2 * 3600_000 + Math.floor(next() * 4 * 3600_000)).toISOString(),
        utc_offset_minutes: 540,
        duration_ms: 1000 + Math.floor(next() * 20_000),
      }));
      // Random overlapping windows of the sequence, in random order; each window may be sent twice.
      for (let sent = 0; sent < 40; sent++) {
        const from = Math.floor(next() * all.length);
        const size = 1 + Math.floor(next() * 30);
        const batch = all.slice(from, from + size);
        const times = next() < 0.3 ? 2 : 1;
        for (let k = 0; k < times; k++) expect((await send(player.token, batch)).statusCode).toBe(200);
      }
      // Then every play, so that whatever was missed arrives (and the rest is re-delivered).
      for (let from = 0; from < all.length; from += 100) {
        expect((await send(player.token, all.slice(from, from + 100))).statusCode).toBe(200);
      }
      const rolled = await rowsOf(sql`
        select content_id, play_date::text as play_date, plays, duration_ms from ${playDaily}
        where device_code = ${player.deviceCode} order by content_id, play_date`);
      const raw = await rowsOf(sql`
        select content_id, (started_at at time zone 'UTC')::date::text as play_date, count(*) as plays,
          sum(duration_ms) as duration_ms
        from play_events where device_code = ${player.deviceCode}
        group by 1, 2 order by 1, 2`);
      expect(rolled).toEqual(raw);
      // And the raw plays are exactly the generated ones, counted by the same UTC dates.
      const expected = new Map<string, number>();
      for (const play of all) {
        const key = `${play.content_id} ${play.started_at.slice(0, 10)}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      expect(new Map(rolled.map((row) => [`${row.content_id} ${row.play_date}`, row.plays]))).toEqual(expected);
      expect(new Set(rolled.map((row) => row.play_date))).toEqual(new Set(['2026-11-22', '2026-11-23']));
      // The per-content rollup (the history list) agrees: one player, the same plays per content and date.
      const perContent = await t.db
        .select()
        .from(playContentDaily)
        .where(
          sql`${playContentDaily.contentId} in (${sql.join(
            contents.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
      expect(new Map(perContent.map((row) => [`${row.contentId} ${row.playDate}`, Number(row.plays)]))).toEqual(
        expected,
      );
      expect(perContent.every((row) => row.players === 1)).toBe(true);
      // And the month bits mark exactly the days of play_daily.
      const months = await t.db
        .select()
        .from(playContentMonths)
        .where(eq(playContentMonths.deviceCode, player.deviceCode));
      const marked = months.flatMap((row) =>
        Array.from({ length: 31 }, (_, bit) => bit)
          .filter((bit) => (row.days & (1 << bit)) !== 0)
          .map((bit) => `${row.contentId} ${row.month.slice(0, 8)}${String(bit + 1).padStart(2, '0')}`),
      );
      expect(new Set(marked)).toEqual(new Set(rolled.map((row) => `${row.content_id} ${row.play_date}`)));
    });
  }

  it('counts each player once per content and day in the per-content rollup, however many batches', async () => {
    const content = randomUUID();
    const players = await Promise.all([pairedPlayer(t.db), pairedPlayer(t.db), pairedPlayer(t.db)]);
    const play = (sequence: number, hour: number): TPlay => ({
      sequence,
      content_id: content,
      schedule_id: null,
      started_at: new Date(Date.UTC(2026, 10, 20, hour, 0, 0)).toISOString(),
      utc_offset_minutes: 0,
      duration_ms: 10_000,
    });
    // Concurrent batches of three players, each sending its day in two batches and one of them twice.
    await Promise.all(
      players.map(async (player) => {
        await send(player.token, [play(1, 1), play(2, 2)]);
        await send(player.token, [play(3, 3)]);
        await send(player.token, [play(3, 3)]);
      }),
    );
    const [row] = await t.db.select().from(playContentDaily).where(eq(playContentDaily.contentId, content));
    expect(row).toMatchObject({ playDate: '2026-11-20', players: 3, plays: 9, durationMs: 90_000 });
  });

  it('adds nothing when the same batch comes again', async () => {
    const player = await pairedPlayer(t.db);
    const content = randomUUID();
    const batch: TPlay[] = [1, 2, 3].map((sequence) => ({
      sequence,
      content_id: content,
      schedule_id: null,
      started_at: new Date(Date.UTC(2026, 10, 23, 12, 0, sequence)).toISOString(),
      utc_offset_minutes: 0,
      duration_ms: 5000,
    }));
    await send(player.token, batch);
    await send(player.token, batch);
    const rows = await t.db.select().from(playDaily).where(eq(playDaily.deviceCode, player.deviceCode));
    expect(rows).toEqual([
      { contentId: content, playDate: '2026-11-23', deviceCode: player.deviceCode, plays: 3, durationMs: 15_000 },
    ]);
  });
});

describe('retention of raw plays', () => {
  it('deletes acknowledged raw plays past the retention, keeps the rollups, and a late retry counts nothing', async () => {
    const player = await pairedPlayer(t.db);
    const content = randomUUID();
    const old = Date.now() - 500 * 86_400_000;
    const batch: TPlay[] = [1, 2, 3, 5].map((sequence) => ({
      sequence,
      content_id: content,
      schedule_id: null,
      started_at: new Date(old + sequence * 1000).toISOString(),
      utc_offset_minutes: 0,
      duration_ms: 1000,
    }));
    expect((await send(player.token, batch)).json().data).toEqual({ acked: 3, stored: 4 });
    // Sequence 5 is past a gap (4 never came): not acknowledged, so it stays whatever its age.
    expect(await prunePlays(t.db, 400)).toBeGreaterThanOrEqual(3);
    const left = await t.db.select().from(playEvents).where(eq(playEvents.deviceCode, player.deviceCode));
    expect(left.map((row) => row.sequence)).toEqual([5]);
    const day = new Date(old).toISOString().slice(0, 10);
    const rollup = async () =>
      (await t.db.select().from(playDaily).where(eq(playDaily.deviceCode, player.deviceCode))).map((row) => [
        row.playDate,
        row.plays,
      ]);
    expect(await rollup()).toEqual([[day, 4]]);
    // The player retries the old batch (its answer was lost): held already, nothing counted twice.
    expect((await send(player.token, batch)).json().data).toEqual({ acked: 3, stored: 0 });
    expect(await rollup()).toEqual([[day, 4]]);
    // Nothing younger than the retention goes.
    expect(await prunePlays(t.db, 600)).toBe(0);
  });
});
