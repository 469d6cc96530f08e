import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { TIME_BOUND_MS } from '../../src/modules/players/counts';
import { MODULES } from '../../src/registry';
import {
  createPostgresDatabase,
  createTestDatabase,
  createUser,
  loginAs,
  TEST_DATABASE_URL,
  tempDir,
  testConfig,
} from '../helpers';
import { activePlayer, heartbeatCall, insertDeviceTag, query } from './fixtures';

/**
 * The player list's totals are cached per search while no write could change them (issue 15 item 2,
 * modules/players/counts.ts): a total changes at once after a player is registered, edited, tagged or
 * deleted, in the server that wrote and in another server on the same database (with TEST_DATABASE_URL,
 * a second connection pool as a second process has; on PGlite a second handle with its own cache).
 */

type Logged = { query: string; params: unknown[] };
const logged: Logged[] = [];
const logger = { logQuery: (text: string, params: unknown[]) => void logged.push({ query: text, params }) };
const counts = () => logged.filter((q) => /count\(\*\) from "devices"/i.test(q.query)).length;

let admin: Database;
let one: App;
let two: App;
let frit: string;
const closers: (() => Promise<void>)[] = [];

/** Two servers on one database; the first records its statements. */
async function twoServers(): Promise<{ first: Database; second: Database }> {
  if (TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresDatabase();
    const a = await openDatabase({ dataDir: tempDir(), databaseUrl: url });
    const b = await openDatabase({ dataDir: tempDir(), databaseUrl: url });
    closers.push(async () => {
      await a.close();
      await b.close();
      await drop();
    });
    admin = a.db;
    const client = (a.db as unknown as { $client: never }).$client;
    return { first: drizzlePg({ client, schema, logger }) as unknown as Database, second: b.db };
  }
  const handle: DatabaseHandle = await createTestDatabase();
  closers.push(handle.close);
  admin = handle.db;
  const client = (handle.db as unknown as { $client: never }).$client;
  return {
    first: drizzlePglite({ client, schema, logger }) as unknown as Database,
    second: drizzlePglite({ client, schema }) as unknown as Database,
  };
}

beforeAll(async () => {
  const { first, second } = await twoServers();
  one = await buildApp({ config: testConfig(), db: first, modules: MODULES });
  two = await buildApp({ config: testConfig(), db: second, modules: MODULES });
  await Promise.all([one.ready(), two.ready()]);
  frit = await loginAs(one, await createUser(admin, { role: 'DS_FRIT' }));
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  for (const close of closers.splice(0).reverse()) await close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The total a first page shows, on one server or the other (one row a page, so the page never holds all). */
async function total(app: App, params: Record<string, string | undefined> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/devices?${query({ limit: 1, ...params })}`,
    headers: { cookie: frit },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.summary.total as number;
}

/** The total on both servers, and how many count statements the first one ran for it. */
async function totals(params: Record<string, string | undefined> = {}) {
  const before = counts();
  const first = await total(one, params);
  return { first, second: await total(two, params), counted: counts() - before };
}

const put = (app: App, code: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie: frit }, payload });

describe('player list totals, cached while nothing they count changed', () => {
  const region = { region: 'TW' };

  it('a first page holding the whole search is its own total, with no count', async () => {
    await activePlayer(one, frit, { region: 'KR', shop_no: '0001' });
    const before = counts();
    const response = await one.inject({ method: 'GET', url: '/api/devices?region=KR', headers: { cookie: frit } });
    expect(response.json().data.summary.total).toBe(1);
    expect(counts() - before).toBe(0);
  });

  it('counts a search once, and again at once after a registration, an edit, a tag and a delete', async () => {
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await activePlayer(one, frit, { region: 'TW', shop_no: `010${i}` }));
    expect(await totals(region)).toEqual({ first: 3, second: 3, counted: 1 });
    // Unchanged: both servers answer from their cache.
    expect(await totals(region)).toEqual({ first: 3, second: 3, counted: 0 });

    // Registered (and paired) on the second server: both see it at once.
    const added = await activePlayer(two, frit, { region: 'TW', shop_no: '0200' });
    expect(await totals(region)).toEqual({ first: 4, second: 4, counted: 1 });

    // Moved to another country on the second server.
    expect((await put(two, players[0]!.device_code, { region: 'KR', time_zone: 'Asia/Seoul' })).statusCode).toBe(200);
    expect(await totals(region)).toEqual({ first: 3, second: 3, counted: 1 });
    expect((await totals({ region: 'KR' })).first).toBe(2);

    // Tagged on the first server, then untagged on the second.
    const tag = randomUUID();
    await insertDeviceTag(admin, tag, 'Window');
    expect(await totals({ tags: tag })).toMatchObject({ first: 0, second: 0 });
    for (const code of [players[1]!.device_code, players[2]!.device_code, added.device_code]) {
      expect((await put(one, code, { tags: [tag] })).statusCode).toBe(200);
    }
    expect(await totals({ tags: tag })).toEqual({ first: 3, second: 3, counted: 1 });
    expect((await put(two, added.device_code, { tags: [] })).statusCode).toBe(200);
    expect(await totals({ tags: tag })).toEqual({ first: 2, second: 2, counted: 1 });

    // A memo edit changes 'memo contains' and nothing else's total, but any write counts again.
    expect((await totals({ ...region, memo: 'lobby' })).first).toBe(0);
    expect((await put(two, players[2]!.device_code, { memo: 'Lobby screen' })).statusCode).toBe(200);
    expect((await totals({ ...region, memo: 'lobby' })).first).toBe(1);

    // Deleted on the first server.
    const removed = await one.inject({
      method: 'DELETE',
      url: `/api/devices/${players[2]!.device_code}`,
      headers: { cookie: frit },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await totals(region)).toEqual({ first: 2, second: 2, counted: 1 });
    expect((await totals({ ...region, memo: 'lobby' })).first).toBe(0);
  });

  it('heartbeats do not count again; a search on the alive state follows them within the time bound', async () => {
    const country = { region: 'SG' };
    const players = [];
    for (let i = 0; i < 4; i++) players.push(await activePlayer(one, frit, { region: 'SG', shop_no: `030${i}` }));
    expect(await totals(country)).toMatchObject({ first: 4, second: 4 });
    const online = { ...country, is_alive: 'true' };
    expect(await totals(online)).toEqual({ first: 4, second: 4, counted: 1 });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const player of players.slice(0, 2)) {
      expect((await heartbeatCall(one, player.token, { status: 'error' })).statusCode).toBe(200);
    }
    // The heartbeat writes no column a search without the alive state reads: no count.
    expect(await totals(country)).toEqual({ first: 4, second: 4, counted: 0 });
    // The alive state's total is kept for the time bound after its count, then counted again.
    expect(await totals(online)).toEqual({ first: 4, second: 4, counted: 0 });
    vi.setSystemTime(Date.now() + TIME_BOUND_MS);
    expect(await totals(online)).toEqual({ first: 2, second: 2, counted: 1 });
  });

  it('a schedule end written for a player counts the has-schedule search again at once', async () => {
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await activePlayer(one, frit, { region: 'MY', shop_no: `040${i}` }));
    const search = { region: 'MY', has_schedule: 'true' };
    // Written as the schedules module does when a schedule with the player is saved (an open end).
    const scheduleEnd = (code: string) =>
      admin.execute(
        sql`with s as (insert into schedules (schedule_name, playlist_name, zone_code, created_by)
          values ('S', 'P', 'Asia/Kuala_Lumpur', 'test') returning id)
          insert into schedule_devices (schedule_id, device_code, starts_at, ends_at) select s.id, ${code}, null, null from s`,
      );
    await scheduleEnd(players[0]!.device_code);
    await scheduleEnd(players[1]!.device_code);
    expect(await totals(search)).toEqual({ first: 2, second: 2, counted: 1 });
    await scheduleEnd(players[2]!.device_code);
    expect(await totals(search)).toEqual({ first: 3, second: 3, counted: 1 });
  });

  it('a write in a transaction that rolls back keeps the cached total', async () => {
    expect(await totals(region)).toMatchObject({ first: 2, second: 2 });
    await admin
      .transaction(async (tx) => {
        await tx.execute(sql`update devices set region = 'KR' where region = 'TW'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await totals(region)).toEqual({ first: 2, second: 2, counted: 0 });
  });
});
