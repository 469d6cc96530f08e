import type { TDeliveryReport, TDevice } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { bearer, pairedPlayer, storedImage, testMedia } from './fixtures';

/**
 * Confirmed delivery: the heartbeat's report against the manifest the server would give the player now, as
 * the player list and detail show it ('up to date', 'pending since', clock off) and the pending filter.
 */
let t: TestApp;
let mk: string;
let it_: string;
const media = testMedia();

beforeAll(async () => {
  t = await createTestApp({ media });
  mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  it_ = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
});
afterAll(async () => {
  await t?.close();
});

const manifest = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/agent/v1/manifest', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { version: string };
};

const report = (over: Partial<TDeliveryReport>): TDeliveryReport => ({
  applied_version: null,
  pending_version: null,
  on_screen: null,
  download: null,
  cache_bytes: 1000,
  quota_bytes: 1_000_000,
  clock_skew_ms: 120,
  player_version: '1.0.0',
  ...over,
});

async function heartbeat(token: string, delivery: TDeliveryReport) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/agent/v1/heartbeat',
    headers: bearer(token),
    payload: { status: 'ok', delivery },
  });
  expect(response.statusCode, response.body).toBe(200);
  // Answered once its write is sent: what the detail shows next is what was written.
  await t.app.heartbeatsSettled();
}

async function detail(code: string): Promise<TDevice> {
  const response = await t.app.inject({ method: 'GET', url: `/api/devices/${code}`, headers: { cookie: it_ } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.devices[0];
}

async function pendingCodes(): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/devices?delivery_pending=true&limit=100',
    headers: { cookie: it_ },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.devices as TDevice[]).map((device) => device.device_code);
}

describe('confirmed delivery', () => {
  it('is unknown until the player reports, then up to date, pending after a change, up to date once applied', async () => {
    const player = await pairedPlayer(t.db, { shopName: 'Umeda' });
    const image = await storedImage(t.db, media.blobs, { name: 'Spring' });
    expect((await detail(player.deviceCode)).delivery.state).toBe('unknown');

    const first = await manifest(player.token);
    await heartbeat(player.token, report({ applied_version: first.version }));
    expect((await detail(player.deviceCode)).delivery).toMatchObject({
      state: 'up_to_date',
      pending_since: null,
      applied_version: first.version,
      clock_off: false,
      cache_bytes: 1000,
      player_version: '1.0.0',
    });
    expect(await pendingCodes()).not.toContain(player.deviceCode);

    const before = Date.now();
    expectOk(
      await call(
        t.app,
        mk,
        'POST',
        '/api/schedules',
        createBody([player.deviceCode], [image.id], { available_date_from: dayFrom(0), download_allow_hour: '' }),
      ),
    );
    // Pending from the change, before the player has even collected.
    const pending = (await detail(player.deviceCode)).delivery;
    expect(pending.state).toBe('pending');
    expect(Date.parse(pending.pending_since ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await pendingCodes()).toContain(player.deviceCode);

    // Collecting is not applying: still pending since the same moment.
    const second = await manifest(player.token);
    expect(second.version).not.toBe(first.version);
    expect((await detail(player.deviceCode)).delivery.pending_since).toBe(pending.pending_since);

    await heartbeat(
      player.token,
      report({
        applied_version: second.version,
        on_screen: { kind: 'schedule', schedule_id: null, content_id: image.id, since: new Date().toISOString() },
      }),
    );
    const applied = (await detail(player.deviceCode)).delivery;
    expect(applied).toMatchObject({ state: 'up_to_date', pending_since: null });
    expect(applied.on_screen).toMatchObject({ kind: 'schedule', content_id: image.id, content_name: 'Spring' });
    expect(await pendingCodes()).not.toContain(player.deviceCode);
  });

  it('carries what a live schedule shows (its stream or its live image) to the console, and refuses other values', async () => {
    const player = await pairedPlayer(t.db);
    const since = new Date().toISOString();
    const onScreen = { kind: 'schedule' as const, schedule_id: null, content_id: null, since };
    await heartbeat(player.token, report({ on_screen: { ...onScreen, live: 'live_image' } }));
    expect((await detail(player.deviceCode)).delivery.on_screen).toMatchObject({ live: 'live_image' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: bearer(player.token),
      payload: { status: 'ok', delivery: report({ on_screen: { ...onScreen, live: 'black' as 'stream' } }) },
    });
    expect(refused.statusCode).toBe(400);
    expect((await detail(player.deviceCode)).delivery.on_screen).toMatchObject({ live: 'live_image' });
  });

  it('flags a clock more than a minute off', async () => {
    const player = await pairedPlayer(t.db);
    const served = await manifest(player.token);
    await heartbeat(player.token, report({ applied_version: served.version, clock_skew_ms: -95_000 }));
    expect((await detail(player.deviceCode)).delivery).toMatchObject({ clock_off: true, clock_skew_ms: -95_000 });
  });

  it("keeps the player's latest count of plays it could not record: a resent beat never adds, bad values are refused", async () => {
    const player = await pairedPlayer(t.db);
    const beat = async (payload: object) =>
      t.app.inject({ method: 'POST', url: '/agent/v1/heartbeat', headers: bearer(player.token), payload });
    expect((await detail(player.deviceCode)).delivery.plays_unrecorded).toBe(0);
    for (const total of [12, 12]) {
      expect((await beat({ status: 'ok', plays_unrecorded: total })).statusCode).toBe(200);
      await t.app.heartbeatsSettled();
    }
    expect((await detail(player.deviceCode)).delivery.plays_unrecorded).toBe(12);
    // A beat without the count (an older player) keeps it; the list shows it as the detail does.
    expect((await beat({ status: 'ok' })).statusCode).toBe(200);
    await t.app.heartbeatsSettled();
    const listed = await t.app.inject({ method: 'GET', url: '/api/devices?limit=100', headers: { cookie: it_ } });
    const row = (listed.json().data.devices as TDevice[]).find((d) => d.device_code === player.deviceCode);
    expect(row?.delivery.plays_unrecorded).toBe(12);
    for (const bad of [-1, 1.5, 2 ** 31, '3']) {
      const refused = await beat({ status: 'ok', plays_unrecorded: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    await t.app.heartbeatsSettled();
    expect((await detail(player.deviceCode)).delivery.plays_unrecorded).toBe(12);
    expect((await beat({ status: 'ok', plays_unrecorded: 40 })).statusCode).toBe(200);
    await t.app.heartbeatsSettled();
    expect((await detail(player.deviceCode)).delivery.plays_unrecorded).toBe(40);
  });

  it('refuses a malformed report and keeps the last good one', async () => {
    const player = await pairedPlayer(t.db);
    const served = await manifest(player.token);
    await heartbeat(player.token, report({ applied_version: served.version }));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: bearer(player.token),
      payload: { status: 'ok', delivery: { ...report({}), cache_bytes: -1 } },
    });
    expect(refused.statusCode).toBe(400);
    expect((await detail(player.deviceCode)).delivery.applied_version).toBe(served.version);
  });
});
