import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer } from './fixtures';

/**
 * A heartbeat on PostgreSQL is answered once its write is sent, not once it is stored (the write may wait for a
 * row another transaction holds). The embedded PGlite dies with the process, so there a beat is answered once
 * written (agent.test.ts).
 */
let t: TestApp;
let kt: string;
beforeAll(async () => {
  t = await createTestApp();
  kt = await loginAs(t.app, await createUser(t.db, { role: 'DS_KT', region: 'JP' }));
});
afterAll(async () => {
  await t?.close();
});

describe('device token on PostgreSQL', () => {
  it('on PostgreSQL answers a beat once its write is sent, and the write follows', async () => {
    const player = await activePlayer(t.app, kt);
    const alive = async () => {
      const [row] = await t.db
        .select({ isAlive: devices.isAlive })
        .from(devices)
        .where(eq(devices.deviceCode, player.device_code));
      return row?.isAlive;
    };
    expect(await alive()).toBe(true);
    // Another transaction holds the player's row: the beat's statement waits for it in the database.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from devices where device_code = ${player.device_code} for update`);
      locked();
      await released;
    });
    await isLocked;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: { authorization: `Bearer ${player.token}` },
      payload: { status: 'error' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await alive()).toBe(true);
    release();
    await holder;
    await t.app.heartbeatsSettled();
    expect(await alive()).toBe(false);
  });
});
