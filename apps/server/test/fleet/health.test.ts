import type { TFleetHealth } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceScreenshots } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer, setDevice } from '../players/fixtures';

/**
 * Fleet health (issue 29 item 2): the paired players of the user's region per country and state, each count the
 * same as the player list filtered by that state (the screen's links).
 */
let t: TestApp;
let frit: string;
let itJp: string;
let bizJp: string;
const codes: Record<string, string> = {};
const report = (cache: number | null, quota: number | null) => ({
  applied_version: 'v1',
  pending_version: null,
  on_screen: null,
  download: null,
  cache_bytes: cache,
  quota_bytes: quota,
  clock_skew_ms: null,
  player_version: null,
});

beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  itJp = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'JP' }));
  bizJp = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQBIZ', region: 'JP' }));
  const now = Date.now();
  const make = async (name: string, region: string, shop: string) => {
    codes[name] = (await activePlayer(t.app, frit, { region, shop_no: shop })).device_code;
    return codes[name] as string;
  };
  const offline = { isAlive: false, lastAccessed: new Date(now - 3_600_000) };
  await setDevice(t.db, await make('online', 'JP', '0501'), { isAlive: true, lastAccessed: new Date(now) });
  const closed = await make('closed', 'JP', '0502');
  await setDevice(t.db, closed, offline);
  // Closed every day: a week without ranges.
  const hours = await t.app.inject({
    method: 'PUT',
    url: `/api/devices/${closed}/hours`,
    headers: { cookie: frit },
    payload: { hours: { week: [], exceptions: [] } },
  });
  expect(hours.statusCode, hours.body).toBe(200);
  await setDevice(t.db, await make('open', 'JP', '0503'), offline);
  await setDevice(t.db, await make('behind', 'JP', '0504'), {
    isAlive: true,
    lastAccessed: new Date(now),
    delivery: report(null, null),
    manifestVersion: 'v2',
    manifestChangedAt: new Date(now - 2 * 3_600_000),
  });
  await setDevice(t.db, await make('storage', 'JP', '0505'), {
    isAlive: true,
    lastAccessed: new Date(now),
    delivery: report(950, 1000),
  });
  const errors = await make('errors', 'JP', '0506');
  await setDevice(t.db, errors, { isAlive: true, lastAccessed: new Date(now) });
  await t.db.insert(deviceScreenshots).values({
    deviceCode: errors,
    takenAt: new Date(now - 3_600_000),
    size: 1,
    blobKey: `screenshots/${errors}/x.jpg`,
    error: 'video stalled',
  });
  await setDevice(t.db, await make('gb', 'GB', '0507'), offline);
});
afterAll(async () => {
  await t?.close();
});

const health = async (cookie: string) => {
  const response = await t.app.inject({ url: '/api/fleet/health', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TFleetHealth;
};
const listed = async (cookie: string, query: string) => {
  const response = await t.app.inject({ url: `/api/devices?${query}&limit=100`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.devices as { device_code: string; store_open: boolean }[]).map((d) => d.device_code);
};

describe('GET /api/fleet/health', () => {
  it('counts the region of a region-bound user per state, for DS_LHQIT and DS_LHQBIZ alike', async () => {
    for (const cookie of [itJp, bizJp]) {
      const answer = await health(cookie);
      expect(answer.countries.map((c) => c.region)).toEqual(['JP']);
      expect(answer.totals).toEqual({
        players: 6,
        online: 4,
        offline_open: 1,
        offline_closed: 1,
        behind: 1,
        errors: 1,
        storage: 1,
      });
    }
  });

  it('counts every country for DS_FRIT', async () => {
    const answer = await health(frit);
    const gb = answer.countries.find((c) => c.region === 'GB');
    expect(gb).toMatchObject({ players: 1, online: 0, offline_open: 1, offline_closed: 0 });
    expect(answer.countries.find((c) => c.region === 'JP')?.players).toBe(6);
  });

  it('each count is what the player list filtered by its state and country shows', async () => {
    expect(await listed(itJp, 'health=offline_closed')).toEqual([codes.closed]);
    expect(await listed(itJp, 'health=offline_open')).toEqual([codes.open]);
    expect(await listed(itJp, 'health=behind')).toEqual([codes.behind]);
    expect(await listed(itJp, 'health=storage')).toEqual([codes.storage]);
    expect(await listed(itJp, 'health=errors')).toEqual([codes.errors]);
    expect((await listed(frit, 'health=offline_open&region=GB')).sort()).toEqual([codes.gb]);
    expect((await listed(itJp, 'health=online')).sort()).toEqual(
      [codes.online, codes.behind, codes.storage, codes.errors].sort(),
    );
  });

  it("shows 'closed now' on the player list from the opening hours", async () => {
    const response = await t.app.inject({ url: `/api/devices/${codes.closed}`, headers: { cookie: itJp } });
    expect(response.json().data.devices[0].store_open).toBe(false);
    const open = await t.app.inject({ url: `/api/devices/${codes.open}`, headers: { cookie: itJp } });
    expect(open.json().data.devices[0].store_open).toBe(true);
  });
});
