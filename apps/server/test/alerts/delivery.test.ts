import { createHmac } from 'node:crypto';
import type { TAlertMessage, TAlertWebhookBody } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, pairedPlayer } from '../agent/fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { setDevice } from '../players/fixtures';
import { at, minutes, RULES, roundAt, subscribeAs, watcher } from './fixtures';
import { startReceiver, startSmtp } from './receivers';

/**
 * Alerts reach people (issue 29 item 3): through a real SMTP server and a real HTTP receiver, each message once,
 * one for many players, 'back to normal' after it, webhooks signed and retried with each attempt in the log.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let round: ReturnType<typeof roundAt>;
const SECRET = 'a-webhook-secret-of-some-length';

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = await startReceiver();
  t = await createTestApp({
    config: { alerts: { ...RULES, smtpUrl: smtp.url, from: 'Signage <alerts@test.example>' } },
  });
  round = roundAt(t.db, t.config);
});
afterAll(async () => {
  round?.close();
  await t?.close();
  await receiver?.close();
  await smtp?.close();
});

/** Verifies a webhook as a receiver would: HMAC-SHA256 of `<timestamp>.<body>` with the shared secret. */
function verified(request: { headers: Record<string, unknown>; body: string }, secret = SECRET) {
  const timestamp = String(request.headers['x-signage-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  expect(request.headers['x-signage-signature']).toBe(expected);
  expect(request.headers['content-type']).toBe('application/json');
  return JSON.parse(request.body) as TAlertWebhookBody;
}

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

async function deliveryLog(cookie: string): Promise<TAlertMessage[]> {
  const response = await t.app.inject({ url: '/api/alerts/messages', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.messages;
}

describe('a player offline past N minutes during opening hours', () => {
  it('sends one e-mail and one signed webhook, then one "back online" of each when it returns', async () => {
    const { cookie } = await watcher(t);
    const email = `ops-${Date.now()}@example.com`;
    await subscribeAs(t, cookie, { conditions: ['offline'], countries: ['GB'], channel: 'email', email });
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      countries: ['GB'],
      channel: 'webhook',
      webhook_url: receiver.url('/one'),
      webhook_secret: SECRET,
    });
    const player = await pairedPlayer(t.db, {
      region: 'GB',
      shopNo: '4711',
      shopName: 'Regent Street',
      timeZone: 'Europe/London',
    });
    const now = new Date();
    await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(11)) });

    const first = await round.run(now);
    expect(first.alerts.map((change) => change.device_code)).toEqual([player.deviceCode]);
    // Evaluated again a minute later: still offline, already announced, nothing more.
    await round.run(at(now, minutes(1)));
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]?.raw).toMatch(/Subject: Signage alert: 1 player needs attention/);
    expect(mailsTo(email)[0]?.raw).toContain('GB 4711 Regent Street');
    expect(receiver.at('/one')).toHaveLength(1);
    const alert = verified(receiver.at('/one')[0] as never);
    expect(alert.kind).toBe('alert');
    expect(alert.players).toEqual([
      expect.objectContaining({ device_code: player.deviceCode, condition: 'offline', shop_no: '4711', region: 'GB' }),
    ]);

    // It beats again (through the protocol), and the next round says it is back.
    const beat = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: bearer(player.token),
      payload: {},
    });
    expect(beat.statusCode, beat.body).toBe(200);
    await t.app.heartbeatsSettled();
    const back = await round.run(at(new Date(), minutes(1)));
    expect(back.recoveries.map((change) => change.device_code)).toEqual([player.deviceCode]);
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email)[1]?.raw).toMatch(/Subject: Signage: 1 player is back to normal/);
    expect(mailsTo(email)[1]?.raw).toContain('back online');
    expect(receiver.at('/one')).toHaveLength(2);
    expect(verified(receiver.at('/one')[1] as never).kind).toBe('recovery');

    const log = await deliveryLog(cookie);
    expect(log.map((message) => [message.channel, message.kind, message.status])).toEqual(
      expect.arrayContaining([
        ['email', 'alert', 'sent'],
        ['webhook', 'alert', 'sent'],
        ['email', 'recovery', 'sent'],
        ['webhook', 'recovery', 'sent'],
      ]),
    );
    expect(log).toHaveLength(4);
  });
});

describe('no floods', () => {
  it('50 players offline at once make one message listing them all, then one when they are back', async () => {
    const { cookie } = await watcher(t);
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      countries: ['FR'],
      channel: 'webhook',
      webhook_url: receiver.url('/fifty'),
      webhook_secret: SECRET,
    });
    const now = new Date();
    const players = [];
    for (let i = 0; i < 50; i++) {
      const player = await pairedPlayer(t.db, { region: 'FR', shopNo: String(1000 + i), timeZone: 'Europe/Paris' });
      await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(30)) });
      players.push(player);
    }
    await round.run(now);
    expect(receiver.at('/fifty')).toHaveLength(1);
    const body = verified(receiver.at('/fifty')[0] as never);
    expect(body.players.map((p) => p.device_code).sort()).toEqual(players.map((p) => p.deviceCode).sort());

    for (const player of players) await setDevice(t.db, player.deviceCode, { lastAccessed: at(now, minutes(1)) });
    await round.run(at(now, minutes(2)));
    expect(receiver.at('/fifty')).toHaveLength(2);
    const recovery = verified(receiver.at('/fifty')[1] as never);
    expect(recovery.kind).toBe('recovery');
    expect(recovery.players).toHaveLength(50);
  });

  it('a player back and offline again within its quiet period is not announced again', async () => {
    const { cookie } = await watcher(t);
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      countries: ['DE'],
      channel: 'webhook',
      webhook_url: receiver.url('/flap'),
      webhook_secret: SECRET,
    });
    const player = await pairedPlayer(t.db, { region: 'DE', timeZone: 'Europe/Berlin' });
    const now = new Date();
    await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(15)) });
    await round.run(now);
    await setDevice(t.db, player.deviceCode, { lastAccessed: at(now, minutes(1)) });
    await round.run(at(now, minutes(2)));
    expect(receiver.at('/flap').map((r) => verified(r as never).kind)).toEqual(['alert', 'recovery']);
    // Offline again 20 minutes later: within the hour's quiet period, nothing; after it, a new alert.
    await round.run(at(now, minutes(20)));
    expect(receiver.at('/flap')).toHaveLength(2);
    await round.run(at(now, minutes(61)));
    expect(receiver.at('/flap').map((r) => verified(r as never).kind)).toEqual(['alert', 'recovery', 'alert']);
  });
});

describe('webhook retries', () => {
  it('a receiver failing twice gets the message on the third attempt, each attempt in the delivery log', async () => {
    const { cookie } = await watcher(t);
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      countries: ['IT'],
      channel: 'webhook',
      webhook_url: receiver.url('/flaky'),
      webhook_secret: SECRET,
    });
    receiver.failFirst('/flaky', 2);
    const player = await pairedPlayer(t.db, { region: 'IT', timeZone: 'Europe/Rome' });
    const now = new Date();
    await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(12)) });
    await round.run(now);
    expect(receiver.at('/flaky')).toHaveLength(1);
    let [message] = await deliveryLog(cookie);
    expect(message?.status).toBe('pending');
    expect(message?.next_attempt_at).toBe(at(now, 30_000).toISOString());
    // Before the backoff ends nothing is tried; after it, the second (fails) and, a minute later, the third.
    await round.run(at(now, 20_000));
    expect(receiver.at('/flaky')).toHaveLength(1);
    await round.run(at(now, 30_000));
    expect(receiver.at('/flaky')).toHaveLength(2);
    await round.run(at(now, 90_000));
    expect(receiver.at('/flaky').map((r) => r.status)).toEqual([503, 503, 204]);
    // The same message each time, signed each time.
    const ids = receiver.at('/flaky').map((r) => verified(r as never).message_id);
    expect(new Set(ids).size).toBe(1);
    [message] = await deliveryLog(cookie);
    expect(message?.status).toBe('sent');
    expect(message?.attempts.map((a) => [a.attempt, a.ok, a.status_code])).toEqual([
      [1, false, 503],
      [2, false, 503],
      [3, true, 204],
    ]);
    expect(message?.attempts[0]?.error).toBe('the receiver answered HTTP 503');
  });
});

describe('opening hours', () => {
  const everyDay = (open: string, close: string) => ({
    week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [{ open, close }] })),
    exceptions: [],
  });
  const setHours = async (cookie: string, code: string, hours: unknown) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${code}/hours`,
      headers: { cookie },
      payload: { hours },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('stores in two zones: only the open one is announced; the closed one once it opens', async () => {
    const { cookie } = await watcher(t);
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      countries: ['JP', 'US'],
      channel: 'webhook',
      webhook_url: receiver.url('/hours'),
      webhook_secret: SECRET,
    });
    const tokyo = await pairedPlayer(t.db, { region: 'JP', shopNo: '0201', timeZone: 'Asia/Tokyo' });
    const newYork = await pairedPlayer(t.db, { region: 'US', shopNo: '0202', timeZone: 'America/New_York' });
    await setHours(cookie, tokyo.deviceCode, everyDay('00:00', '24:00'));
    // Closed every day of the week.
    await setHours(cookie, newYork.deviceCode, { week: [], exceptions: [] });
    const now = new Date();
    for (const player of [tokyo, newYork]) {
      await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(40)) });
    }
    await round.run(now);
    expect(receiver.at('/hours')).toHaveLength(1);
    expect(verified(receiver.at('/hours')[0] as never).players.map((p) => p.device_code)).toEqual([tokyo.deviceCode]);
    // Still closed a while later: still nothing for New York.
    await round.run(at(now, minutes(5)));
    expect(receiver.at('/hours')).toHaveLength(1);

    // The store opens (its hours now say open all day): offline through ten minutes of them, it is announced.
    await setHours(cookie, newYork.deviceCode, everyDay('00:00', '24:00'));
    await round.run(at(now, minutes(15)));
    expect(receiver.at('/hours')).toHaveLength(2);
    const opened = verified(receiver.at('/hours')[1] as never);
    expect(opened.kind).toBe('alert');
    expect(opened.players.map((p) => p.device_code)).toEqual([newYork.deviceCode]);
  });

  it('a player back while its store is closed is announced back when it opens, not before', async () => {
    const { cookie } = await watcher(t);
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      countries: ['AU'],
      channel: 'webhook',
      webhook_url: receiver.url('/closing'),
      webhook_secret: SECRET,
    });
    const player = await pairedPlayer(t.db, { region: 'AU', timeZone: 'Australia/Sydney' });
    const now = new Date();
    await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(20)) });
    await round.run(now);
    expect(receiver.at('/closing')).toHaveLength(1);
    // The store closes, and the player comes back meanwhile: no message while closed.
    await setHours(cookie, player.deviceCode, { week: [], exceptions: [] });
    const later = new Date();
    await setDevice(t.db, player.deviceCode, { lastAccessed: at(later, minutes(1)) });
    await round.run(at(later, minutes(2)));
    expect(receiver.at('/closing')).toHaveLength(1);
    await setHours(cookie, player.deviceCode, null);
    await round.run(at(later, minutes(3)));
    expect(receiver.at('/closing').map((r) => verified(r as never).kind)).toEqual(['alert', 'recovery']);
  });
});
