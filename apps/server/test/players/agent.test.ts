import { AgentClientError } from '@signage/agent-client';
import { AGENT_MESSAGES, PAIR_THROTTLE } from '@signage/domain';
import { eq } from 'drizzle-orm';
import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePins } from '../../src/db/schema';
import { nextArrival } from '../../src/http/arrival';
import { HEARTBEAT_ORDER_HORIZON_MS, recordHeartbeat } from '../../src/modules/players';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import {
  activePlayer,
  agentClient,
  announce,
  deviceRow,
  heartbeatCall,
  issuePin,
  nextSerial,
  pairCall,
} from './fixtures';

/**
 * A heartbeat sent with this header (its value a key of `holds`) waits before its token lookup until the test
 * lets it go: its arrival number is taken, its lookup finishes after a later beat's, deterministically.
 */
const HOLD = 'x-test-hold';
const holds = new Map<string, { reached: () => void; release: Promise<void> }>();
function holdBeforeLookup(route: RouteOptions) {
  if (route.url !== '/agent/v1/heartbeat') return;
  const hold: onRequestHookHandler = async (request) => {
    const key = request.headers[HOLD];
    const held = typeof key === 'string' ? holds.get(key) : undefined;
    if (!held) return;
    held.reached();
    await held.release;
  };
  route.onRequest = [hold, ...[route.onRequest ?? []].flat()];
}

/** A hold for one request: `reached` resolves once it waits, `release` lets it go on. */
function holdFor(key: string) {
  let release = () => {};
  const reached = new Promise<void>((resolveReached) => {
    holds.set(key, { reached: resolveReached, release: new Promise<void>((resolve) => (release = resolve)) });
  });
  return { reached, release: () => release() };
}

let t: TestApp;
let kt: string;
let frit: string;
beforeAll(async () => {
  t = await createTestApp({ onRoute: holdBeforeLookup });
  kt = await loginAs(t.app, await createUser(t.db, { role: 'DS_KT', region: 'JP' }));
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
});
afterAll(async () => {
  await t?.close();
});

describe('announce', () => {
  it('lists a new serial as waiting and is idempotent', async () => {
    const serial = nextSerial();
    const player = agentClient(t.app);
    expect(await player.announce(serial)).toEqual({ state: 'waiting', announce_interval_seconds: 60 });
    const before = await t.app.inject({ method: 'GET', url: '/api/registrations?order=DESC', headers: { cookie: kt } });
    expect((await player.announce(serial)).state).toBe('waiting');
    const after = await t.app.inject({ method: 'GET', url: '/api/registrations?order=DESC', headers: { cookie: kt } });
    expect(after.json().data.summary.total).toBe(before.json().data.summary.total);
    const rows = after.json().data.registrations.filter((r: { device_name: string }) => r.device_name === serial);
    expect(rows).toHaveLength(1);
  });

  it('refuses a serial that is empty or not printable ASCII with 400', async () => {
    expect((await announce(t.app, '')).statusCode).toBe(400);
    expect((await announce(t.app, 'a b')).statusCode).toBe(400);
    const response = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/announce',
      headers: { 'content-type': 'application/json' },
      payload: '{"serial":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('pairing with a PIN', () => {
  it('trades serial and PIN for a token once; the PIN is single use', async () => {
    const serial = nextSerial();
    const player = agentClient(t.app, { address: '10.9.0.1' });
    await player.announce(serial);
    const { pin, device_code } = await issuePin(t.app, kt, serial);
    expect(pin).toMatch(/^\d{6}$/);
    expect((await player.announce(serial)).state).toBe('registered');
    const { token, ...paired } = await player.pair(serial, pin);
    expect(paired).toEqual({ device_code, heartbeat_interval_seconds: 60 });
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(player.token).toBe(token);
    const row = await deviceRow(t.db, device_code);
    expect(row?.isActivated).toBe(true);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toHaveLength(64);
    const again = await player.pair(serial, pin).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AgentClientError);
    expect(again).toMatchObject({ status: 401, message: AGENT_MESSAGES.pinRejected });
    expect((await player.announce(serial)).state).toBe('activated');
  });

  it('refuses an expired PIN and leaves the player unpaired', async () => {
    const serial = nextSerial();
    await announce(t.app, serial);
    const { pin, device_code } = await issuePin(t.app, kt, serial);
    await t.db
      .update(devicePins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(devicePins.deviceCode, device_code));
    const response = await pairCall(t.app, serial, pin, '10.9.0.2');
    expect(response.statusCode).toBe(401);
    expect((await deviceRow(t.db, device_code))?.isActivated).toBe(false);
  });

  it('a new PIN replaces the previous one', async () => {
    const serial = nextSerial();
    await announce(t.app, serial);
    const first = await issuePin(t.app, kt, serial);
    const reissue = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/players',
        headers: { cookie: kt },
        payload: {
          region: 'JP',
          shop_no: '0012',
          shop_name: 'Ginza',
          display_pattern: '1x1v',
          device_code: first.device_code,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.pin as string;
    };
    // One PIN in a million repeats the previous one; issuing again until it differs keeps the check exact.
    let pin = await reissue();
    while (pin === first.pin) pin = await reissue();
    expect((await pairCall(t.app, serial, first.pin, '10.9.0.3')).statusCode).toBe(401);
    expect((await pairCall(t.app, serial, pin, '10.9.0.3')).statusCode).toBe(200);
    expect((await deviceRow(t.db, first.device_code))?.displayPattern).toBe('1x1v');
  });

  it('voids a PIN after PAIR_THROTTLE.guessesPerPin wrong guesses from all addresses, even against the right PIN afterwards', async () => {
    const serial = nextSerial();
    await announce(t.app, serial);
    const { pin } = await issuePin(t.app, kt, serial);
    const wrong = pin === '000000' ? '000001' : '000000';
    for (let i = 0; i < PAIR_THROTTLE.guessesPerPin; i++) {
      expect((await pairCall(t.app, serial, wrong, `10.8.0.${i}`)).statusCode).toBe(401);
    }
    const late = await pairCall(t.app, serial, pin, '10.8.1.1');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(AGENT_MESSAGES.pinRejected);
  });

  it('starts a new PIN issued by staff with a clean count', async () => {
    const serial = nextSerial();
    await announce(t.app, serial);
    const first = await issuePin(t.app, kt, serial);
    const wrong = first.pin === '000000' ? '000001' : '000000';
    for (let i = 0; i < PAIR_THROTTLE.guessesPerPin; i++) {
      expect((await pairCall(t.app, serial, wrong, `10.8.3.${i}`)).statusCode).toBe(401);
    }
    const { pin } = await issuePin(t.app, kt, serial);
    const otherWrong = pin === '000000' ? '000001' : '000000';
    for (let i = 0; i < PAIR_THROTTLE.guessesPerPin - 1; i++) {
      expect((await pairCall(t.app, serial, otherWrong, `10.8.4.${i}`)).statusCode).toBe(401);
    }
    const paired = await pairCall(t.app, serial, pin, '10.8.4.99');
    expect(paired.statusCode, paired.body).toBe(200);
  });

  it('throttles wrong guesses per address across serials', async () => {
    const address = '10.7.7.7';
    for (let i = 0; i < PAIR_THROTTLE.perAddress; i++) {
      expect((await pairCall(t.app, `nobody-${i}`, '123456', address)).statusCode).toBe(401);
    }
    expect((await pairCall(t.app, 'nobody-else', '123456', address)).statusCode).toBe(429);
    expect((await pairCall(t.app, 'nobody-else', '123456', '10.7.7.8')).statusCode).toBe(401);
  });

  it('answers a malformed PIN with 400', async () => {
    expect((await pairCall(t.app, 'x', '12ab', '10.6.0.1')).statusCode).toBe(400);
  });
});

describe('device token', () => {
  it('heartbeat sets last_accessed and is_alive; a fault report clears is_alive', async () => {
    const player = await activePlayer(t.app, kt);
    const client = agentClient(t.app, { token: player.token });
    const before = Date.now();
    expect(await client.heartbeat('ok')).toEqual({ device_code: player.device_code, heartbeat_interval_seconds: 60 });
    const row = await deviceRow(t.db, player.device_code);
    expect(row?.isAlive).toBe(true);
    expect(row?.lastAccessed?.getTime()).toBeGreaterThanOrEqual(before - 5);
    await client.heartbeat('error');
    expect((await deviceRow(t.db, player.device_code))?.isAlive).toBe(false);
  });

  it('writes beats sent at once by several players, and a player’s beats in the order they came', async () => {
    const a = await activePlayer(t.app, kt);
    const b = await activePlayer(t.app, kt);
    const c = await activePlayer(t.app, kt);
    const delivery = {
      applied_version: 'v-7',
      pending_version: null,
      on_screen: null,
      download: null,
      cache_bytes: 1000,
      quota_bytes: 1_000_000,
      clock_skew_ms: 120,
      player_version: '1.2.3',
    };
    const answers = await Promise.all([
      heartbeatCall(t.app, a.token, { status: 'ok', time_zone: 'Asia/Tokyo' }),
      heartbeatCall(t.app, b.token, { status: 'error' }),
      heartbeatCall(t.app, c.token, { status: 'ok', delivery }),
      // The same player again while its first beat may still be in flight: this one (a fault) comes last.
      heartbeatCall(t.app, a.token, { status: 'error' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().data.device_code)).toEqual([
      a.device_code,
      b.device_code,
      c.device_code,
      a.device_code,
    ]);
    // A beat without a zone keeps the one reported before; the delivery report is stored with its time.
    expect(await deviceRow(t.db, a.device_code)).toMatchObject({ isAlive: false, reportedTimeZone: 'Asia/Tokyo' });
    expect(await deviceRow(t.db, b.device_code)).toMatchObject({ isAlive: false, reportedTimeZone: null });
    const rowC = await deviceRow(t.db, c.device_code);
    expect(rowC).toMatchObject({ isAlive: true, delivery: expect.objectContaining({ applied_version: 'v-7' }) });
    expect(rowC?.deliveryReportedAt?.getTime()).toBe(rowC?.lastAccessed?.getTime());
  });

  it('does not let a beat whose lookup finished late overwrite a later beat, but keeps what only it reported', async () => {
    const player = await activePlayer(t.app, kt);
    const delivery = {
      applied_version: 'v-9',
      pending_version: null,
      on_screen: null,
      download: null,
      cache_bytes: 10,
      quota_bytes: 1000,
      clock_skew_ms: 0,
      player_version: '1.2.3',
    };
    const send = (payload: object, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/agent/v1/heartbeat',
        headers: { authorization: `Bearer ${player.token}`, ...(key ? { [HOLD]: key } : {}) },
        payload,
      });

    // The first beat arrives, then waits before its token lookup; the second arrives after it and is written.
    const first = holdFor(`${player.device_code}-1`);
    const earlier = send({ status: 'ok', time_zone: 'Asia/Tokyo', delivery }, `${player.device_code}-1`);
    await first.reached;
    const later = await send({ status: 'error' });
    expect(later.statusCode, later.body).toBe(200);
    const afterLater = await deviceRow(t.db, player.device_code);
    expect(afterLater).toMatchObject({ isAlive: false, reportedTimeZone: null, delivery: null });
    first.release();
    expect((await earlier).statusCode).toBe(200);
    // The later beat's state and time stay; the zone and report only the earlier one carried are kept.
    const row = await deviceRow(t.db, player.device_code);
    expect(row).toMatchObject({
      isAlive: false,
      lastAccessed: afterLater?.lastAccessed,
      reportedTimeZone: 'Asia/Tokyo',
      delivery: expect.objectContaining({ applied_version: 'v-9' }),
    });
    expect(row?.deliveryReportedAt?.getTime()).toBeLessThanOrEqual(row?.lastAccessed?.getTime() ?? 0);

    // Overtaken by a beat that carried its own zone and report: the earlier one changes nothing.
    const second = holdFor(`${player.device_code}-2`);
    const older = send(
      { status: 'ok', time_zone: 'America/Denver', delivery: { ...delivery, applied_version: 'v-old' } },
      `${player.device_code}-2`,
    );
    await second.reached;
    const newer = await send({
      status: 'error',
      time_zone: 'Europe/Paris',
      delivery: { ...delivery, applied_version: 'v-new' },
    });
    expect(newer.statusCode, newer.body).toBe(200);
    const afterNewer = await deviceRow(t.db, player.device_code);
    second.release();
    expect((await older).statusCode).toBe(200);
    const last = await deviceRow(t.db, player.device_code);
    expect(last).toEqual(afterNewer);
    expect(last).toMatchObject({
      isAlive: false,
      reportedTimeZone: 'Europe/Paris',
      delivery: expect.objectContaining({ applied_version: 'v-new' }),
    });
  });

  it('writes a player’s beats queued together in arrival order, whatever order they reach the writer in', async () => {
    const player = await activePlayer(t.app, kt);
    const tokenHash = (await deviceRow(t.db, player.device_code))?.tokenHash ?? '';
    const beat = (alive: boolean, zone?: string, playsUnrecorded?: number) => ({
      alive,
      reportedTimeZone: zone,
      delivery: undefined,
      playsUnrecorded,
    });
    const first = nextArrival();
    const second = nextArrival();
    const third = nextArrival();
    const fourth = nextArrival();
    // The first starts a statement; the rest queue behind it (one statement per player at a time) and reach
    // the writer out of order: the fourth (no zone) before the third (a zone) and the second (alive). The
    // unrecorded plays' running total is the third's (5), not the second's (2) that reached the writer last.
    const written = await Promise.all([
      recordHeartbeat(t.db, player.device_code, tokenHash, beat(true, 'Asia/Tokyo', 1), first).written,
      recordHeartbeat(t.db, player.device_code, tokenHash, beat(false), fourth).written,
      recordHeartbeat(t.db, player.device_code, tokenHash, beat(true, 'Europe/Paris', 5), third).written,
      recordHeartbeat(t.db, player.device_code, tokenHash, beat(true, 'America/Denver', 2), second).written,
    ]);
    expect(written).toEqual([true, true, true, true]);
    const after = await deviceRow(t.db, player.device_code);
    expect(after).toMatchObject({ isAlive: false, reportedTimeZone: 'Europe/Paris', playsUnrecorded: 5 });
    expect(after?.lastAccessed?.getTime()).toBe(fourth.wallMs);

    // A beat that reaches the writer longer than the horizon after it arrived writes nothing, and is answered.
    const stale = { ...nextArrival(), monoMs: nextArrival().monoMs - HEARTBEAT_ORDER_HORIZON_MS - 1 };
    expect(await recordHeartbeat(t.db, player.device_code, tokenHash, beat(true, 'UTC'), stale).written).toBe(true);
    expect(await deviceRow(t.db, player.device_code)).toEqual(after);
    // A token the player no longer holds writes nothing and says so.
    const gone = recordHeartbeat(t.db, player.device_code, 'f'.repeat(64), beat(true, 'UTC'), nextArrival());
    expect(await gone.written).toBe(false);
    expect(await deviceRow(t.db, player.device_code)).toEqual(after);
  });

  it('answers 401 for a missing, wrong or malformed token and changes nothing, before reading the body', async () => {
    const player = await activePlayer(t.app, kt);
    const before = await deviceRow(t.db, player.device_code);
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: player.token }]) {
      for (const url of ['/agent/v1/heartbeat', '/agent/v1/logs']) {
        const response = await t.app.inject({ method: 'POST', url, headers, payload: { junk: true } });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json().message).toBe(AGENT_MESSAGES.tokenRequired);
      }
    }
    expect(await deviceRow(t.db, player.device_code)).toEqual(before);
  });

  it('is revoked by deleting the player, whose row stays with its names', async () => {
    const player = await activePlayer(t.app, kt, { shop_name: 'Ginza' });
    expect((await heartbeatCall(t.app, player.token)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/devices/${player.device_code}`,
      headers: { cookie: frit },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refused = await heartbeatCall(t.app, player.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AGENT_MESSAGES.tokenRequired);
    expect(await deviceRow(t.db, player.device_code)).toMatchObject({
      deviceName: player.serial,
      shopName: 'Ginza',
      tokenHash: null,
      deletedAt: expect.any(Date),
    });
  });

  it('lets the serial of a deleted player announce again and be registered anew', async () => {
    const player = await activePlayer(t.app, kt);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/devices/${player.device_code}`,
      headers: { cookie: frit },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const newPinForDeleted = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: kt },
      payload: {
        region: 'JP',
        shop_no: '0012',
        shop_name: 'Ginza',
        display_pattern: '1x1v',
        device_code: player.device_code,
      },
    });
    expect(newPinForDeleted.statusCode).toBe(404);
    const client = agentClient(t.app, { address: '10.9.5.1' });
    expect((await client.announce(player.serial)).state).toBe('waiting');
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/registrations?order=DESC',
      headers: { cookie: kt },
    });
    const entries = waiting
      .json()
      .data.registrations.filter((r: { device_name: string }) => r.device_name === player.serial);
    expect(entries).toHaveLength(1);
    const issued = await issuePin(t.app, kt, player.serial);
    expect(issued.device_code).not.toBe(player.device_code);
    expect((await client.pair(player.serial, issued.pin)).device_code).toBe(issued.device_code);
    expect(await client.heartbeat()).toEqual({ device_code: issued.device_code, heartbeat_interval_seconds: 60 });
    expect((await deviceRow(t.db, player.device_code))?.deletedAt).toEqual(expect.any(Date));
  });

  it('uploads a log file with level and time range; a range ending before it starts is 400', async () => {
    const player = await activePlayer(t.app, kt);
    const upload = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/agent/v1/logs',
        headers: { authorization: `Bearer ${player.token}` },
        payload,
      });
    const good = await agentClient(t.app, { token: player.token }).uploadLog({
      name: 'player.log',
      level: 'WARNING',
      started_at: '2026-01-01T10:00:00Z',
      ended_at: '2026-01-01T11:00:00Z',
      content: 'line one\nline two\n',
    });
    expect(good).toEqual({ log_id: expect.stringMatching(/^[0-9a-f-]{36}$/), size: 18 });
    const backwards = await upload({
      name: 'player.log',
      level: 'INFO',
      started_at: '2026-01-01T11:00:00Z',
      ended_at: '2026-01-01T10:00:00Z',
      content: 'x',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(AGENT_MESSAGES.badRange);
    const badLevel = await upload({
      name: 'a.log',
      level: 'DEBUG',
      started_at: '2026-01-01T10:00:00Z',
      ended_at: '2026-01-01T10:00:00Z',
      content: '',
    });
    expect(badLevel.statusCode).toBe(400);
  });

  it('is documented in the OpenAPI output', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/agent/v1/announce',
      '/agent/v1/pair',
      '/agent/v1/heartbeat',
      '/agent/v1/logs',
      '/api/devices/',
      '/api/registrations/',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
