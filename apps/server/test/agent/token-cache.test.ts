import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashDeviceToken } from '../../src/agent';
import * as devicesModule from '../../src/modules/players';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../helpers';
import { pairedPlayer } from './fixtures';

// Counts the device guard's token lookups (agent/device.ts reads the player through the module's index).
vi.mock('../../src/modules/players', async (original) => {
  const actual = await original<typeof import('../../src/modules/players')>();
  return { ...actual, findDeviceByTokenHash: vi.fn(actual.findDeviceByTokenHash) };
});
const lookups = vi.mocked(devicesModule.findDeviceByTokenHash);

/** More players than the token cache used to hold (a first-in first-out map of 20,000). */
const FLEET = 100_000;

describe('the device-token cache at fleet scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const beat = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'ok' },
    });

  it("a player's next beat finds its token after the rest of a 100,000-player fleet beat in between", async () => {
    const players = [await pairedPlayer(t.db), await pairedPlayer(t.db)];
    lookups.mockClear();
    for (const player of players) expect((await beat(player.token)).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(players.length);

    // The other players' beats in the minute before these players beat again, as the guard keeps each
    // (their lookups are not what this test counts).
    const cache = t.app.authCache;
    const now = Date.now();
    for (let i = 0; i < FLEET; i++) cache.putDevice(`fleet-token-${i}`, cache.generation, { deviceCode: `F${i}` }, now);

    lookups.mockClear();
    for (const player of players) expect((await beat(player.token)).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(0);
    await t.app.heartbeatsSettled();
  });

  it('a revoked token is refused at once, and the others still beat from the cache', async () => {
    const kept = await pairedPlayer(t.db);
    const revoked = await pairedPlayer(t.db);
    expect((await beat(kept.token)).statusCode).toBe(200);
    expect((await beat(revoked.token)).statusCode).toBe(200);
    await t.app.heartbeatsSettled();

    // The token is cleared in the database (as unpairing does): its notification ends the cached entry.
    const applied = once(t.app.authCache, 'invalidated');
    await t.db.execute(sql`update devices set token_hash = null where token_hash = ${hashDeviceToken(revoked.token)}`);
    if (TEST_DATABASE_URL) await applied;
    expect((await beat(revoked.token)).statusCode).toBe(401);
    lookups.mockClear();
    expect((await beat(kept.token)).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(0);
    await t.app.heartbeatsSettled();
  });
});
