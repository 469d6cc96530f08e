import { AGENT_MESSAGES, MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer, announce, deviceRow, heartbeatCall, issuePin, nextSerial, registerCall } from './fixtures';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  cookies.frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  cookies.mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  cookies.st = await loginAs(t.app, await createUser(t.db, { role: 'DS_ST', region: 'US', shopNo: '0012' }));
});
afterAll(async () => {
  await t?.close();
});

const detail = async (code: string, user = 'frit') => {
  const response = await t.app.inject({ url: `/api/devices/${code}`, headers: { cookie: cookies[user]! } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.devices[0];
};
const edit = (code: string, payload: object, user = 'frit') =>
  t.app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie: cookies[user]! }, payload });
const failure = (response: { statusCode: number; json: () => { result: string; message: string } }) => ({
  status: response.statusCode,
  result: response.json().result,
  message: response.json().message,
});

describe('time zone at registration', () => {
  it("defaults to the country's zone when none is chosen", async () => {
    const tokyo = await activePlayer(t.app, cookies.frit!, { region: 'JP' });
    expect(await detail(tokyo.device_code)).toMatchObject({ time_zone: 'Asia/Tokyo', reported_time_zone: null });
    const us = await activePlayer(t.app, cookies.frit!, { region: 'US' });
    expect((await detail(us.device_code)).time_zone).toBe('America/New_York');
  });

  it('takes a chosen zone of the country and shows it in the list too', async () => {
    const player = await activePlayer(t.app, cookies.frit!, {
      region: 'US',
      shop_name: 'Chicago State St',
      time_zone: 'America/Chicago',
    });
    expect((await detail(player.device_code)).time_zone).toBe('America/Chicago');
    const list = await t.app.inject({
      url: '/api/devices?shop_name=Chicago State St',
      headers: { cookie: cookies.frit! },
    });
    expect(list.json().data.devices.map((d: { time_zone: string }) => d.time_zone)).toEqual(['America/Chicago']);
  });

  it('refuses a zone of another country, or no zone at all, with a clear 400', async () => {
    for (const [region, zone] of [
      ['US', 'Asia/Tokyo'],
      ['JP', 'America/Chicago'],
      ['AU', 'Mars/Olympus'],
      ['AU', ''],
    ]) {
      const serial = nextSerial('TZ');
      await announce(t.app, serial);
      const response = await registerCall(t.app, cookies.frit!, serial, { region, time_zone: zone });
      expect(failure(response), `${region} ${zone}`).toEqual({
        status: 400,
        result: 'Failure',
        message: MESSAGES.invalidTimeZone,
      });
    }
  });

  it('keeps the chosen zone when a new PIN is issued in the same country, and resets it with the country', async () => {
    const serial = nextSerial('TZPIN');
    await announce(t.app, serial);
    const issued = await issuePin(t.app, cookies.frit!, serial, { region: 'AU', time_zone: 'Australia/Perth' });
    const again = (region: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/players',
        headers: { cookie: cookies.frit! },
        payload: {
          region,
          shop_no: '0012',
          shop_name: 'Perth',
          display_pattern: 'Multi,CW',
          device_code: issued.device_code,
        },
      });
    expect((await again('AU')).statusCode).toBe(200);
    expect((await deviceRow(t.db, issued.device_code))?.timeZone).toBe('Australia/Perth');
    expect((await again('RU')).statusCode).toBe(200);
    expect((await deviceRow(t.db, issued.device_code))?.timeZone).toBe('Europe/Moscow');
  });
});

describe('time zone on player edit (PUT /api/devices/{code})', () => {
  it('lets an editor choose another zone of the country', async () => {
    const player = await activePlayer(t.app, cookies.frit!, { region: 'US' });
    const response = await edit(player.device_code, { time_zone: 'America/Los_Angeles' }, 'mk');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.devices[0].time_zone).toBe('America/Los_Angeles');
    expect((await detail(player.device_code)).time_zone).toBe('America/Los_Angeles');
  });

  it('refuses a zone outside the country, and refuses shop staff', async () => {
    const player = await activePlayer(t.app, cookies.frit!, { region: 'US', shop_no: '0012' });
    expect(failure(await edit(player.device_code, { time_zone: 'Europe/London' }))).toEqual({
      status: 400,
      result: 'Failure',
      message: MESSAGES.invalidTimeZone,
    });
    expect((await edit(player.device_code, { time_zone: 'America/Denver' }, 'st')).statusCode).toBe(403);
    expect((await detail(player.device_code)).time_zone).toBe('America/New_York');
  });
});

describe('zone reported by the player', () => {
  it('is recorded from announce and heartbeat, shown beside the configured zone, never applied', async () => {
    const serial = nextSerial('TZREP');
    const announced = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/announce',
      payload: { serial, time_zone: 'Europe/Berlin' },
    });
    expect(announced.statusCode, announced.body).toBe(200);
    const player = await activePlayer(t.app, cookies.frit!, { region: 'JP' }, serial);
    expect(await detail(player.device_code)).toMatchObject({
      time_zone: 'Asia/Tokyo',
      reported_time_zone: 'Europe/Berlin',
    });

    const beat = await heartbeatCall(t.app, player.token, { status: 'ok', time_zone: 'Asia/Seoul' });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(await detail(player.device_code)).toMatchObject({
      time_zone: 'Asia/Tokyo',
      reported_time_zone: 'Asia/Seoul',
    });

    // A heartbeat that says nothing about the zone leaves the last report alone.
    expect((await heartbeatCall(t.app, player.token, { status: 'ok' })).statusCode).toBe(200);
    expect((await detail(player.device_code)).reported_time_zone).toBe('Asia/Seoul');
  });

  it('must be an IANA zone name', async () => {
    const player = await activePlayer(t.app, cookies.frit!, { region: 'JP' });
    for (const zone of ['+09:00', 'Tokyo', 'Asia/Atlantis']) {
      const beat = await heartbeatCall(t.app, player.token, { status: 'ok', time_zone: zone });
      expect(beat.statusCode, zone).toBe(400);
      expect(beat.json().message, zone).toContain(AGENT_MESSAGES.badTimeZone);
    }
    const announced = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/announce',
      payload: { serial: nextSerial('TZBAD'), time_zone: 'UTC+9' },
    });
    expect(announced.statusCode).toBe(400);
    expect((await detail(player.device_code)).reported_time_zone).toBeNull();
  });
});
