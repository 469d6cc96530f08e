import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashDeviceToken } from '../../src/agent/device';
import { AuthCache } from '../../src/auth/cache';
import { devices } from '../../src/db/schema';
import * as devicesModule from '../../src/modules/players';
import { createTestApp, type TestApp } from '../helpers';
import { heartbeatCall } from '../players/fixtures';
import { bearer, heardOf, pairedPlayer } from './fixtures';

// Counts the reads of a player by its token (the device guard and the poll read it through the index).
vi.mock('../../src/modules/players', async (original) => {
  const actual = await original<typeof import('../../src/modules/players')>();
  return { ...actual, findDeviceByTokenHash: vi.fn(actual.findDeviceByTokenHash) };
});
const tokenReads = vi.mocked(devicesModule.findDeviceByTokenHash);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const poll = (token: string, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/agent/v1/manifest',
    headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
  });

/** A paired player that has beaten once, polled once (200) and once more with its version (304). */
async function polledPlayer() {
  const player = await pairedPlayer(t.db);
  expect((await heartbeatCall(t.app, player.token, { status: 'ok' })).statusCode).toBe(200);
  // The first poll records what it served: the notification of that write ends any entry read before it.
  const first = await heardOf(t.app, player.token, () => poll(player.token));
  expect(first.statusCode, first.body).toBe(200);
  const etag = first.headers.etag as string;
  expect((await poll(player.token, etag)).statusCode).toBe(304);
  return { ...player, etag, tokenHash: hashDeviceToken(player.token) };
}

describe('the served-manifest cache', () => {
  it('answers an unchanged poll 304 without reading the database', async () => {
    const player = await polledPlayer();
    expect(t.app.authCache.manifest(player.tokenHash, Date.now())).toEqual({ version: player.etag.slice(1, -1) });
    tokenReads.mockClear();
    for (let i = 0; i < 3; i++) {
      const again = await poll(player.token, player.etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(player.etag);
      expect(Number(again.headers['x-server-time'])).toBeGreaterThan(0);
    }
    expect(tokenReads).not.toHaveBeenCalled();
    // Another version named is read and answered in full.
    const other = await poll(player.token, '"another"');
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).toBe(player.etag);
  });

  it('is ended by a write of what the manifest is made of, whoever writes it (here plain SQL)', async () => {
    const player = await polledPlayer();
    await heardOf(t.app, player.token, () =>
      t.db.execute(sql`update devices set shop_name = 'Moved store' where device_code = ${player.deviceCode}`),
    );
    expect(t.app.authCache.manifest(player.tokenHash, Date.now())).toBeUndefined();
    const changed = await poll(player.token, player.etag);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.etag).not.toBe(player.etag);
    expect(changed.json().data.fallback.store_name).toBe('Moved store');
  });

  it('checks a poll asking no-cache against the row (a collect a push event asked for)', async () => {
    const player = await polledPlayer();
    tokenReads.mockClear();
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/agent/v1/manifest',
      headers: { ...bearer(player.token), 'if-none-match': player.etag, 'cache-control': 'no-cache' },
    });
    expect(fresh.statusCode).toBe(304);
    expect(tokenReads).toHaveBeenCalledTimes(1);
  });

  it('refuses a poll whose token was revoked after a cached 304', async () => {
    const player = await polledPlayer();
    await heardOf(t.app, player.token, () =>
      t.db.update(devices).set({ tokenHash: null }).where(eq(devices.deviceCode, player.deviceCode)),
    );
    expect((await poll(player.token, player.etag)).statusCode).toBe(401);
  });
});

describe('AuthCache served manifests', () => {
  it('keep no entry past its validity, nor one read before a notification', () => {
    const cache = new AuthCache();
    cache.setListening(true);
    const now = 1_000_000;
    cache.putManifest('hash', cache.generation, { version: 'v1' }, now + 1000, now);
    expect(cache.manifest('hash', now + 999)).toEqual({ version: 'v1' });
    expect(cache.manifest('hash', now + 1000)).toBeUndefined();

    const generation = cache.generation;
    cache.apply('m:other');
    cache.putManifest('hash', generation, { version: 'v2' }, now + 60_000, now);
    expect(cache.manifest('hash', now)).toBeUndefined();

    cache.putManifest('hash', cache.generation, { version: 'v3' }, now + 60_000, now);
    cache.apply('m:hash');
    expect(cache.manifest('hash', now)).toBeUndefined();
    cache.putManifest('hash', cache.generation, { version: 'v4' }, now + 60_000, now);
    cache.apply('d:hash');
    expect(cache.manifest('hash', now)).toBeUndefined();
    cache.setListening(false);
  });
});
