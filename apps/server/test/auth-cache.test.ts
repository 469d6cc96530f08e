import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceToken } from '../src/agent/device';
import type { App } from '../src/app';
import {
  AUTH_CACHE_MAX_ENTRIES,
  AUTH_CACHE_TTL_MS,
  AuthCache,
  DEVICE_CACHE_MAX_ENTRIES,
  DEVICE_CACHE_TTL_MS,
} from '../src/auth/cache';
import { hashToken } from '../src/auth/sessions';
import { devices, users } from '../src/db/schema';
import { changePassword, removeUser } from '../src/modules/users/admin';
import { me, type Server, twoServers, userPk } from './authServers';
import { createTestApp, createUser, loginAs, TEST_DATABASE_URL, type TestApp } from './helpers';
import { activePlayer, deviceRow, heartbeatCall } from './players/fixtures';

const sessionIdOf = (cookie: string) => hashToken(cookie.slice('sid='.length));

/** Resolves when `app`'s cache applied a notification naming `key` (or forgetting everything). */
function invalidation(app: App, key: string): Promise<void> {
  return new Promise((resolve) => {
    const seen = (payload: string) => {
      if (payload !== '*' && !payload.includes(key)) return;
      app.authCache.off('invalidated', seen);
      resolve();
    };
    app.authCache.on('invalidated', seen);
  });
}

/**
 * Runs a write that must end `key`'s entries in `app`'s cache. On the embedded PGlite the notification
 * reaches the cache before the write's own answer; over PostgreSQL it comes on the listener's connection
 * when the write commits, asynchronously: the cache has it when `invalidation` resolves.
 */
async function invalidating(app: App, key: string, write: () => Promise<unknown>): Promise<void> {
  let applied = false;
  const seen = invalidation(app, key).then(() => {
    applied = true;
  });
  await write();
  if (!TEST_DATABASE_URL) expect(applied).toBe(true);
  await seen;
}

describe('AuthCache', () => {
  const entry = (userPk: string, expiresAt = Number.MAX_SAFE_INTEGER) => ({
    userPk,
    user: { userPk },
    expiresAt,
    lastSeenAt: 0,
  });

  it('serves nothing and stores nothing while its listener is down', () => {
    const cache = new AuthCache();
    cache.putSession('s1', cache.generation, entry('u1'), 0);
    expect(cache.session('s1', 0)).toBeUndefined();
    cache.setListening(true);
    cache.putSession('s1', cache.generation, entry('u1'), 0);
    expect(cache.session('s1', 0)?.userPk).toBe('u1');
    cache.setListening(false);
    expect(cache.session('s1', 0)).toBeUndefined();
    cache.setListening(true);
    expect(cache.session('s1', 0)).toBeUndefined();
  });

  it('drops what a read that started before an invalidation would store after it', () => {
    const cache = new AuthCache();
    cache.setListening(true);
    const before = cache.generation;
    cache.apply('s:s1');
    cache.putSession('s1', before, entry('u1'), 0);
    cache.putDevice('t1', before, { code: 'DV1' }, 0);
    expect(cache.session('s1', 0)).toBeUndefined();
    expect(cache.device('t1', 0)).toBeUndefined();
  });

  it('forgets an entry after its TTL and a session when it expires, and holds a bounded number', () => {
    const cache = new AuthCache();
    cache.setListening(true);
    cache.putSession('s1', cache.generation, entry('u1'), 0);
    cache.putSession('s2', cache.generation, entry('u1', 100), 0);
    expect(cache.session('s1', AUTH_CACHE_TTL_MS - 1)).toBeDefined();
    expect(cache.session('s1', AUTH_CACHE_TTL_MS)).toBeUndefined();
    expect(cache.session('s2', 99)).toBeDefined();
    expect(cache.session('s2', 100)).toBeUndefined();
    // A player's token outlives a heartbeat interval (60 s), or no heartbeat would ever find it.
    expect(DEVICE_CACHE_TTL_MS).toBeGreaterThan(60_000);
    cache.putDevice('t', cache.generation, 'DV', 0);
    expect(cache.device('t', DEVICE_CACHE_TTL_MS - 1)).toBe('DV');
    expect(cache.device('t', DEVICE_CACHE_TTL_MS)).toBeUndefined();
    for (let i = 0; i <= AUTH_CACHE_MAX_ENTRIES; i++) cache.putSession(`s${i}`, cache.generation, entry(`u${i}`), 0);
    expect(cache.size.sessions).toBe(AUTH_CACHE_MAX_ENTRIES);
    expect(cache.session('s0', 0)).toBeUndefined();
    expect(cache.session(`s${AUTH_CACHE_MAX_ENTRIES}`, 0)?.userPk).toBe(`u${AUTH_CACHE_MAX_ENTRIES}`);
  });

  it('holds a fleet of device tokens well past the old 20,000, and drops the least recently used when full', () => {
    expect(DEVICE_CACHE_MAX_ENTRIES).toBeGreaterThan(100_000);
    const fleet = new AuthCache();
    fleet.setListening(true);
    const players = 100_001;
    for (let i = 0; i < players; i++) fleet.putDevice(`t${i}`, fleet.generation, i, 0);
    let found = 0;
    for (let i = 0; i < players; i++) if (fleet.device(`t${i}`, 1) === i) found++;
    expect(found).toBe(players);

    const small = new AuthCache(AUTH_CACHE_TTL_MS, DEVICE_CACHE_TTL_MS, 3);
    small.setListening(true);
    for (const key of ['a', 'b', 'c']) small.putDevice(key, small.generation, key, 0);
    // 'a' was used since 'b' was stored, so 'b' goes when 'd' comes.
    expect(small.device('a', 0)).toBe('a');
    small.putDevice('d', small.generation, 'd', 0);
    expect(small.size.devices).toBe(3);
    expect([small.device('a', 0), small.device('b', 0), small.device('c', 0), small.device('d', 0)]).toEqual([
      'a',
      undefined,
      'c',
      'd',
    ]);
    fleet.setListening(false);
    small.setListening(false);
  });

  it("ends every session of a changed user, a revoked token's player, and everything on '*'", () => {
    const cache = new AuthCache();
    cache.setListening(true);
    cache.putSession('s1', cache.generation, entry('u1'), 0);
    cache.putSession('s2', cache.generation, entry('u1'), 0);
    cache.putSession('s3', cache.generation, entry('u2'), 0);
    cache.putDevice('t1', cache.generation, 'DV1', 0);
    cache.putDevice('t2', cache.generation, 'DV2', 0);
    cache.apply('u:u1');
    cache.apply('d:t1');
    expect(cache.size).toEqual({ sessions: 1, devices: 1 });
    cache.apply('*');
    expect(cache.size).toEqual({ sessions: 0, devices: 0 });
  });
});

describe('the request path cache in one server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a known session from the cache; a logout ends it at once', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect(t.app.authCache.session(sessionIdOf(cookie), Date.now())?.user.userId).toBe(user.userId);

    // No waiting for the database's notification: the server that ended the session forgot it itself.
    const out = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.userId}/auth`, headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(t.app.authCache.session(sessionIdOf(cookie), Date.now())).toBeUndefined();
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('shows a role, region or store change made in the database (CLI, single sign-on) at once', async () => {
    const user = await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0001' });
    const cookie = await loginAs(t.app, user);
    expect((await me(t.app, cookie)).json().data.authority).toBe('DS_ST');
    const pk = await userPk(t.db, user.userId);
    await invalidating(t.app, pk, () =>
      t.db.update(users).set({ authority: 'DS_LHQIT', region: 'US', shopNo: '' }).where(eq(users.id, pk)),
    );
    expect((await me(t.app, cookie)).json().data).toMatchObject({ authority: 'DS_LHQIT', region: 'US', shop_no: '' });
  });

  it('refuses a session at once after a password change and after the user is removed', async () => {
    const changed = await createUser(t.db);
    const changedCookie = await loginAs(t.app, changed);
    const removed = await createUser(t.db);
    const removedCookie = await loginAs(t.app, removed);
    expect((await me(t.app, changedCookie)).statusCode).toBe(200);
    expect((await me(t.app, removedCookie)).statusCode).toBe(200);

    await invalidating(t.app, await userPk(t.db, changed.userId), () =>
      changePassword(t.db, { userId: changed.userId, password: 'another password' }, { actor: 'test' }),
    );
    expect((await me(t.app, changedCookie)).statusCode).toBe(401);
    await invalidating(t.app, await userPk(t.db, removed.userId), () =>
      removeUser(t.db, { userId: removed.userId }, { actor: 'test' }),
    );
    expect((await me(t.app, removedCookie)).statusCode).toBe(401);
  });

  it('refuses a session whose expiry was moved into the past at once', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    await invalidating(t.app, sessionIdOf(cookie), () =>
      t.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${sessionIdOf(cookie)}`),
    );
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it("refuses a deleted player's heartbeat at once", async () => {
    const admin = await createUser(t.db);
    const cookie = await loginAs(t.app, admin);
    const player = await activePlayer(t.app, cookie);
    expect((await heartbeatCall(t.app, player.token, { status: 'ok' })).statusCode).toBe(200);
    expect(t.app.authCache.size.devices).toBeGreaterThan(0);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/devices/${player.device_code}`,
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await heartbeatCall(t.app, player.token, { status: 'ok' })).statusCode).toBe(401);
  });

  it('a beat answered from a stale entry records nothing, and the next one is refused', async () => {
    const admin = await createUser(t.db);
    const cookie = await loginAs(t.app, admin);
    const player = await activePlayer(t.app, cookie);
    expect((await heartbeatCall(t.app, player.token, { status: 'ok' })).statusCode).toBe(200);
    const tokenHash = hashDeviceToken(player.token);
    const cached = t.app.authCache.device(tokenHash, Date.now());
    if (!cached) throw new Error('the beat did not cache its player');
    // The token goes in the database; the entry is put back as if its notification had not come yet.
    await invalidating(t.app, tokenHash, () =>
      t.db.update(devices).set({ tokenHash: null }).where(eq(devices.deviceCode, player.device_code)),
    );
    t.app.authCache.putDevice(tokenHash, t.app.authCache.generation, cached, Date.now());
    const before = await deviceRow(t.db, player.device_code);

    // Answered once its write is sent; the write checks the token and records nothing...
    expect((await heartbeatCall(t.app, player.token, { status: 'error', time_zone: 'UTC' })).statusCode).toBe(200);
    expect(await deviceRow(t.db, player.device_code)).toEqual(before);
    // ...and forgets the entry, so the next call reads the database and is refused.
    expect(t.app.authCache.device(tokenHash, Date.now())).toBeUndefined();
    expect((await heartbeatCall(t.app, player.token, { status: 'ok' })).statusCode).toBe(401);
  });
});

/** Two servers on one database, as behind a load balancer (authServers.ts). */
describe('two servers on one database', () => {
  let servers: Awaited<ReturnType<typeof twoServers>>;
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    servers = await twoServers();
    ({ a, b } = servers);
  });
  afterAll(async () => {
    await servers?.close();
  });

  it('a logout on one ends the session the other has cached', async () => {
    const user = await createUser(a.handle.db);
    const cookie = await loginAs(a.app, user);
    expect((await me(b.app, cookie)).statusCode).toBe(200);
    expect(b.app.authCache.session(sessionIdOf(cookie), Date.now())).toBeDefined();

    const seen = invalidation(b.app, sessionIdOf(cookie));
    const out = await a.app.inject({ method: 'DELETE', url: `/api/users/${user.userId}/auth`, headers: { cookie } });
    expect(out.statusCode).toBe(200);
    await seen;
    expect((await me(b.app, cookie)).statusCode).toBe(401);
  });

  it("a role change and a removal through one reach the other's cache", async () => {
    const user = await createUser(a.handle.db, { role: 'DS_KT', region: 'JP' });
    const cookie = await loginAs(a.app, user);
    expect((await me(b.app, cookie)).json().data.authority).toBe('DS_KT');
    const pk = await userPk(a.handle.db, user.userId);

    let seen = invalidation(b.app, pk);
    await a.handle.db.update(users).set({ authority: 'DS_FRIT', region: '' }).where(eq(users.id, pk));
    await seen;
    expect((await me(b.app, cookie)).json().data).toMatchObject({ authority: 'DS_FRIT', region: '' });

    seen = invalidation(b.app, pk);
    await removeUser(a.handle.db, { userId: user.userId }, { actor: 'test' });
    await seen;
    expect((await me(b.app, cookie)).statusCode).toBe(401);
  });

  it("a player deleted through one is refused by the other's next heartbeat", async () => {
    const admin = await createUser(a.handle.db);
    const cookie = await loginAs(a.app, admin);
    const player = await activePlayer(a.app, cookie);
    expect((await heartbeatCall(b.app, player.token, { status: 'ok' })).statusCode).toBe(200);
    expect(b.app.authCache.size.devices).toBeGreaterThan(0);
    const seen = invalidation(b.app, hashDeviceToken(player.token));
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/devices/${player.device_code}`,
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await seen;
    expect((await heartbeatCall(b.app, player.token, { status: 'ok' })).statusCode).toBe(401);
  });
});
