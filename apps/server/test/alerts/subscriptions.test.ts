import { ALERT_MESSAGES, type TAlertWebhookBody } from '@signage/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceScreenshots } from '../../src/db/schema';
import { pairedPlayer } from '../agent/fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { setDevice } from '../players/fixtures';
import { at, minutes, RULES, roundAt, subscribeAs, watcher } from './fixtures';
import { startReceiver } from './receivers';

/**
 * Subscriptions per user (issue 29 item 3): which conditions, which countries within the user's region, which
 * channel; each user's own; bad input refused with the field's message; audited. And the other two conditions.
 */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let round: ReturnType<typeof roundAt>;
const SECRET = 'another-webhook-secret-value';

beforeAll(async () => {
  receiver = await startReceiver();
  // No SMTP_URL: e-mail subscriptions are refused with the reason.
  t = await createTestApp({ config: { alerts: { ...RULES, smtpUrl: undefined, from: 'Signage <a@test.example>' } } });
  round = roundAt(t.db, t.config);
});
afterAll(async () => {
  round?.close();
  await t?.close();
  await receiver?.close();
});

const post = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/alerts/subscriptions', headers: { cookie }, payload });
const webhook = (path: string, extra: object = {}) => ({
  conditions: ['offline'],
  channel: 'webhook',
  webhook_url: receiver.url(path),
  webhook_secret: SECRET,
  ...extra,
});

describe('subscribing', () => {
  it('refuses bad input with the message of the field', async () => {
    const { cookie } = await watcher(t);
    const cases: [object, string][] = [
      [webhook('/x', { conditions: [] }), ALERT_MESSAGES.conditions],
      [webhook('/x', { webhook_url: 'ftp://example.com/' }), ALERT_MESSAGES.webhookUrl],
      [webhook('/x', { webhook_secret: 'short' }), ALERT_MESSAGES.webhookSecret],
      [webhook('/x', { countries: ['XX'] }), ALERT_MESSAGES.countries],
      [{ conditions: ['offline'], channel: 'email', email: 'not an address' }, ALERT_MESSAGES.email],
      [{ conditions: ['offline'], channel: 'email', email: 'ops@example.com' }, ALERT_MESSAGES.noSmtp],
    ];
    for (const [payload, message] of cases) {
      const response = await post(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('keeps a region-bound user within its region, shows each user only their own, never the secret; audited', async () => {
    const it = await watcher(t, { role: 'DS_LHQIT', region: 'GB' });
    const other = await watcher(t, { role: 'DS_LHQIT', region: 'GB' });
    const refused = await post(it.cookie, webhook('/gb', { countries: ['FR'] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ALERT_MESSAGES.countries);
    const id = await subscribeAs(t, it.cookie, webhook('/gb'));
    const mine = await t.app.inject({ url: '/api/alerts/subscriptions', headers: { cookie: it.cookie } });
    expect(mine.json().data.subscriptions).toEqual([
      expect.objectContaining({
        subscription_id: id,
        countries: ['GB'],
        channel: 'webhook',
        target: receiver.url('/gb'),
      }),
    ]);
    expect(mine.body).not.toContain(SECRET);
    const theirs = await t.app.inject({ url: '/api/alerts/subscriptions', headers: { cookie: other.cookie } });
    expect(theirs.json().data.subscriptions).toEqual([]);
    // Another user cannot end it: as if it did not exist.
    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/subscriptions/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(stranger.statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alert.subscribe'), eq(auditLog.target, id)));
    expect(entry).toMatchObject({ actor: it.user.userId, region: 'GB' });
    expect(JSON.stringify(entry?.detail)).not.toContain(SECRET);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/subscriptions/${id}`,
      headers: { cookie: it.cookie },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const after = await t.app.inject({ url: '/api/alerts/subscriptions', headers: { cookie: it.cookie } });
    expect(after.json().data.subscriptions).toEqual([]);
  });

  it("tells a region-bound user of its region's players only, whatever the subscription says", async () => {
    const gb = await watcher(t, { role: 'DS_LHQIT', region: 'SE' });
    await subscribeAs(t, gb.cookie, webhook('/se'));
    const home = await pairedPlayer(t.db, { region: 'SE', timeZone: 'Europe/Stockholm' });
    const abroad = await pairedPlayer(t.db, { region: 'NL', timeZone: 'Europe/Amsterdam' });
    const now = new Date();
    for (const player of [home, abroad]) {
      await setDevice(t.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(30)) });
    }
    await round.run(now);
    expect(receiver.at('/se')).toHaveLength(1);
    const body = JSON.parse(receiver.at('/se')[0]?.body ?? '{}') as TAlertWebhookBody;
    expect(body.players.map((p) => p.device_code)).toEqual([home.deviceCode]);
  });
});

describe('the other conditions', () => {
  it('behind on delivery for N minutes, and playback errors, each to the subscriptions that name them', async () => {
    const { cookie } = await watcher(t);
    await subscribeAs(t, cookie, webhook('/behind', { conditions: ['behind'], countries: ['ES'] }));
    await subscribeAs(t, cookie, webhook('/errors', { conditions: ['playback_error'], countries: ['ES'] }));
    const now = new Date();
    const behind = await pairedPlayer(t.db, { region: 'ES', shopNo: '0301', timeZone: 'Europe/Madrid' });
    const failing = await pairedPlayer(t.db, { region: 'ES', shopNo: '0302', timeZone: 'Europe/Madrid' });
    const delivery = {
      applied_version: 'v1',
      pending_version: null,
      on_screen: null,
      download: null,
      cache_bytes: null,
      quota_bytes: null,
      clock_skew_ms: null,
      player_version: null,
    };
    // Beating, but its plan changed 40 minutes ago and it still plays v1.
    await setDevice(t.db, behind.deviceCode, {
      isAlive: true,
      lastAccessed: now,
      delivery,
      manifestVersion: 'v2',
      manifestChangedAt: at(now, -minutes(40)),
    });
    await setDevice(t.db, failing.deviceCode, { isAlive: true, lastAccessed: now });
    await t.db.insert(deviceScreenshots).values({
      deviceCode: failing.deviceCode,
      takenAt: at(now, -minutes(1)),
      size: 10,
      blobKey: `screenshots/${failing.deviceCode}/x.jpg`,
      error: 'video decode failed',
    });
    await round.run(now);
    const behindBody = JSON.parse(receiver.at('/behind')[0]?.body ?? '{}') as TAlertWebhookBody;
    expect(behindBody.players).toEqual([
      expect.objectContaining({
        device_code: behind.deviceCode,
        condition: 'behind',
        since: at(now, -minutes(40)).toISOString(),
      }),
    ]);
    const errorBody = JSON.parse(receiver.at('/errors')[0]?.body ?? '{}') as TAlertWebhookBody;
    expect(errorBody.players).toEqual([
      expect.objectContaining({ device_code: failing.deviceCode, condition: 'playback_error' }),
    ]);
    // Delivered, and no error screenshot for the window: both back to normal.
    await setDevice(t.db, behind.deviceCode, { manifestVersion: 'v1', lastAccessed: at(now, minutes(20)) });
    await setDevice(t.db, failing.deviceCode, { lastAccessed: at(now, minutes(20)) });
    await round.run(at(now, minutes(20)));
    expect(receiver.at('/behind').map((r) => (JSON.parse(r.body) as TAlertWebhookBody).kind)).toEqual([
      'alert',
      'recovery',
    ]);
    expect(receiver.at('/errors').map((r) => (JSON.parse(r.body) as TAlertWebhookBody).kind)).toEqual([
      'alert',
      'recovery',
    ]);
  });
});
