import { addDays, type LocalDate, PAGE_SIZE, todayIn, UTC } from '@signage/domain';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Database, DatabaseHandle } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { devices, deviceTags } from '../../src/db/schema';
import { insertSchedule } from '../../src/modules/schedules/repo';
import { MODULES } from '../../src/registry';
import { createTestDatabase, createUser, loginAs, testConfig } from '../helpers';
import { insertDeviceTag, query } from './fixtures';

/**
 * The console's page of the unfiltered list (PAGE_SIZE rows, any scope and order, first and next pages) is
 * one statement prepared per shape, which reads each row's tags and un-ended schedule ids; other page sizes
 * and 'all' build their statement per request. Both must answer the same players, in the same order, with
 * the same fields. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the prepared statements
 * are planned once per connection).
 */

const logged: string[] = [];
let handle: DatabaseHandle;
let db: Database;
let app: App;
const cookies: Record<string, string> = {};

const TAG = '33333333-3333-4333-8333-333333333333';
const REGIONS = ['JP', 'US'];
const PLAYERS = 27;

/** The same database with every statement recorded. */
function recording(base: DatabaseHandle): Database {
  const logger = { logQuery: (text: string) => void logged.push(text) };
  const client = (base.db as unknown as { $client: never }).$client;
  return (base.kind === 'pglite'
    ? drizzlePglite({ client, schema, logger })
    : drizzlePg({ client, schema, logger })) as unknown as Database;
}

const day = (offset: number) => addDays(todayIn(UTC), offset);

beforeAll(async () => {
  handle = await createTestDatabase();
  db = recording(handle);
  app = await buildApp({ config: testConfig(), db, modules: MODULES });
  await app.ready();
  await insertDeviceTag(handle.db, TAG, 'Window');
  const base = Date.UTC(2026, 0, 1);
  const codes = Array.from({ length: PLAYERS }, (_, i) => `LP${String(i).padStart(4, '0')}`);
  await handle.db.insert(devices).values(
    codes.map((deviceCode, i) => ({
      deviceCode,
      deviceName: `LP-SN-${i}`,
      region: REGIONS[i % 2] ?? 'JP',
      shopNo: i % 3 === 0 ? '0012' : '0034',
      shopName: `Store ${i % 3}`,
      timeZone: i % 2 === 0 ? 'Asia/Tokyo' : 'America/New_York',
      isActivated: i % 5 !== 0,
      registeredAt: new Date(base),
      lastAccessed: new Date(),
      // Pairs of players share an update time: the device code orders them.
      updatedAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  );
  await handle.db
    .insert(deviceTags)
    .values(codes.filter((_, i) => i % 4 === 0).map((deviceCode) => ({ deviceCode, settingId: TAG })));
  const schedule = (name: string, dateFrom: LocalDate, dateTo: LocalDate, players: string[]) =>
    handle.db.transaction((tx) =>
      insertSchedule(
        tx,
        {
          scheduleName: name,
          playlistName: 'Default playlist',
          dateFrom,
          dateTo,
          timeFrom: null,
          timeTo: null,
          downloadAllowHour: '23',
          live: false,
          createdBy: 'test',
        },
        [],
        players,
      ),
    );
  await schedule(
    'Now',
    day(-1),
    day(3),
    codes.filter((_, i) => i % 3 === 1),
  );
  await schedule(
    'Later',
    day(5),
    day(9),
    codes.filter((_, i) => i % 6 === 1 || i % 7 === 0),
  );
  await schedule(
    'Ended',
    day(-9),
    day(-5),
    codes.filter((_, i) => i % 2 === 0),
  );
  cookies.frit = await loginAs(app, await createUser(handle.db, { role: 'DS_FRIT' }));
  cookies.biz = await loginAs(app, await createUser(handle.db, { role: 'DS_LHQBIZ', region: 'US' }));
  cookies.kt = await loginAs(app, await createUser(handle.db, { role: 'DS_KT', region: 'JP' }));
  cookies.st = await loginAs(app, await createUser(handle.db, { role: 'DS_ST', region: 'JP', shopNo: '0012' }));
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

type Listed = { device_code: string; has_schedule: boolean; current_schedule: { schedule_name: string } | null };
type Page = { devices: Listed[]; summary: { endCursor: string | null; total: number } };

async function page(who: string, params: Record<string, string | number | boolean | undefined>): Promise<Page> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/devices?${query(params)}`,
    headers: { cookie: cookies[who] ?? '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Every player of a search, page after page of `limit`. */
async function walk(who: string, params: Record<string, string | boolean | undefined>, limit: number) {
  const seen: Listed[] = [];
  const totals = new Set<number>();
  let endCursor: string | undefined;
  do {
    const data = await page(who, { ...params, limit, endCursor });
    seen.push(...data.devices);
    totals.add(data.summary.total);
    endCursor = data.summary.endCursor ?? undefined;
  } while (endCursor && seen.length < PLAYERS);
  return { seen, totals: [...totals] };
}

const SEARCHES: [string, Record<string, string | boolean | undefined>][] = [
  ['frit', {}],
  ['frit', { order: 'ASC' }],
  ['frit', { region: 'JP' }],
  ['frit', { region: 'US', shop_no: '34', order: 'ASC' }],
  ['biz', {}],
  ['kt', {}],
  ['kt', { is_activated: false }],
  ['kt', { order: 'ASC', is_activated: true }],
  ['st', {}],
];

describe('the console page of the unfiltered list (prepared per shape)', () => {
  it('answers the same players, order and fields as other page sizes and the whole list', async () => {
    for (const [who, params] of SEARCHES) {
      const label = `${who} ${JSON.stringify(params)}`;
      logged.length = 0;
      const prepared = await walk(who, params, PAGE_SIZE);
      // The console's page runs the prepared statement, whose row count is written into it.
      expect(
        logged.some((text) => text.includes(` limit ${PAGE_SIZE + 1}`)),
        label,
      ).toBe(true);
      const built = await walk(who, params, 4);
      const whole = (await page(who, { ...params, all: true })).devices;
      expect(prepared.seen.length, label).toBeGreaterThan(0);
      expect(prepared.seen, label).toEqual(whole);
      expect(built.seen, label).toEqual(whole);
      expect(prepared.totals, label).toEqual([whole.length]);
    }
  });

  it('shows each player the schedules that have not ended for it, as its detail does', async () => {
    const listed = (await walk('frit', {}, PAGE_SIZE)).seen;
    expect(listed.filter((d) => d.current_schedule?.schedule_name === 'Now').length).toBeGreaterThan(0);
    expect(listed.filter((d) => !d.has_schedule).length).toBeGreaterThan(0);
    for (const row of listed) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/devices/${row.device_code}`,
        headers: { cookie: cookies.frit ?? '' },
      });
      expect(response.json().data.devices[0], row.device_code).toEqual(row);
    }
  });
});
