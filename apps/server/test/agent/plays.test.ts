import { randomUUID } from 'node:crypto';
import type { TPlay } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playEvents } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { agentClient } from '../players/fixtures';
import { call, expectOk } from '../schedules/fixtures';
import { bearer, pairedPlayer } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const content = randomUUID();
const schedule = randomUUID();
const play = (sequence: number): TPlay => ({
  sequence,
  content_id: content,
  schedule_id: schedule,
  started_at: new Date(Date.UTC(2026, 10, 23, 1, 0, sequence)).toISOString(),
  utc_offset_minutes: 540,
  duration_ms: 10_000,
});
const plays = (...sequences: number[]) => sequences.map(play);

const send = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/agent/v1/plays', headers: bearer(token), payload: payload as object });

async function rowsOf(deviceCode: string) {
  const rows = await t.db.select().from(playEvents).where(eq(playEvents.deviceCode, deviceCode));
  return rows.map((row) => row.sequence).sort((a, b) => a - b);
}

describe('POST /agent/v1/plays', () => {
  it('stores a batch once: the same batch again counts once and answers the same acked', async () => {
    const player = await pairedPlayer(t.db);
    const client = agentClient(t.app, { token: player.token });
    expect(await client.plays(plays(1, 2, 3))).toEqual({ acked: 3, stored: 3 });
    expect(await client.plays(plays(1, 2, 3))).toEqual({ acked: 3, stored: 0 });
    expect(await rowsOf(player.deviceCode)).toEqual([1, 2, 3]);
    const [row] = await t.db.select().from(playEvents).where(eq(playEvents.deviceCode, player.deviceCode)).limit(1);
    expect(row).toMatchObject({ contentId: content, scheduleId: schedule, utcOffsetMinutes: 540, durationMs: 10_000 });
  });

  it('keeps out-of-order batches and shows a gap in acked until it is filled', async () => {
    const player = await pairedPlayer(t.db);
    const client = agentClient(t.app, { token: player.token });
    expect(await client.plays(plays(4, 5))).toEqual({ acked: 0, stored: 2 });
    expect(await client.plays(plays(1, 2))).toEqual({ acked: 2, stored: 2 });
    expect(await client.plays(plays(3, 3, 6))).toEqual({ acked: 6, stored: 2 });
    expect(await client.plays(plays(8))).toEqual({ acked: 6, stored: 1 });
    expect(await rowsOf(player.deviceCode)).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it("counts each player's sequences apart", async () => {
    const a = await pairedPlayer(t.db);
    const b = await pairedPlayer(t.db);
    expectOk(await send(a.token, { plays: plays(1, 2) }));
    const reply = await send(b.token, { plays: plays(1) });
    expect(reply.json().data).toEqual({ acked: 1, stored: 1 });
  });

  it('refuses bad plays and batches over 500 with 400, storing nothing', async () => {
    const player = await pairedPlayer(t.db);
    expect((await send(player.token, { plays: [] })).statusCode).toBe(400);
    expect((await send(player.token, { plays: [{ ...play(1), sequence: 0 }] })).statusCode).toBe(400);
    expect((await send(player.token, { plays: [{ ...play(1), started_at: 'yesterday' }] })).statusCode).toBe(400);
    expect((await send(player.token, { plays: [{ ...play(1), content_id: 'x' }] })).statusCode).toBe(400);
    const tooMany = await send(player.token, { plays: Array.from({ length: 501 }, (_, i) => play(i + 1)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('500');
    expect(await rowsOf(player.deviceCode)).toEqual([]);
  });

  it('refuses a missing token and the token of a deleted player with 401', async () => {
    const player = await pairedPlayer(t.db);
    expect(
      (await t.app.inject({ method: 'POST', url: '/agent/v1/plays', payload: { plays: plays(1) } })).statusCode,
    ).toBe(401);
    const frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
    expectOk(await call(t.app, frit, 'DELETE', `/api/devices/${player.deviceCode}`));
    expect((await send(player.token, { plays: plays(1) })).statusCode).toBe(401);
  });
});
