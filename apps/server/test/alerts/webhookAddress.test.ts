import { ALERT_MESSAGES, type TAlertWebhookBody } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannels, webhookSignature } from '../../src/modules/alerts/channels';
import { checkedAddress, isPublicAddress, refusedAtSubscribe } from '../../src/modules/alerts/webhookAddress';
import { createTestApp } from '../helpers';
import { RULES, watcher } from './fixtures';
import { startReceiver } from './receivers';

const BODY: TAlertWebhookBody = {
  message_id: 'msg-1',
  kind: 'alert',
  created_at: '2026-12-04T08:00:00.000Z',
  players: [],
};
const SECRET = 'a webhook secret of 32 characters';
const NOW = new Date('2026-12-04T08:00:00Z');

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('where a webhook may go', () => {
  it('tells public addresses from private, loopback, link-local and reserved ones, IPv4-mapped included', () => {
    const judged = [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      'not an address',
    ].map((address) => [address, isPublicAddress(address)]);
    expect(Object.fromEntries(judged)).toEqual({
      '8.8.8.8': true,
      '1.1.1.1': true,
      '2606:4700:4700::1111': true,
      '127.0.0.1': false,
      '127.8.9.10': false,
      '10.1.2.3': false,
      '172.16.0.1': false,
      '172.31.255.255': false,
      '192.168.1.1': false,
      '169.254.169.254': false,
      '100.64.0.1': false,
      '0.0.0.0': false,
      '224.0.0.1': false,
      '255.255.255.255': false,
      '::1': false,
      '::': false,
      'fd00::1': false,
      'fe80::1': false,
      '::ffff:127.0.0.1': false,
      '::ffff:8.8.8.8': true,
      'not an address': false,
    });
  });

  it('refuses a name that resolves to loopback, and one that does not resolve, saying why', async () => {
    await expect(checkedAddress('localhost', false)).rejects.toThrow(
      /is not public .*ALERT_WEBHOOK_ALLOW_PRIVATE=true/,
    );
    await expect(checkedAddress('[::1]', false)).rejects.toThrow("the receiver's address ::1 is not public");
    await expect(checkedAddress('no-such-host.invalid', true)).rejects.toThrow(/does not resolve/);
    await expect(checkedAddress('127.0.0.1', true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('by default sends nothing to a receiver on the loopback, and the attempt says why', async () => {
    const channels = createChannels({ smtpUrl: undefined, from: 'x@test.example', allowPrivateWebhooks: false });
    const outcome = await channels.send('webhook', { target: receiver.url('/private'), secret: SECRET }, BODY, NOW);
    expect(outcome).toEqual({
      ok: false,
      statusCode: null,
      error: `the receiver's address 127.0.0.1 is not public (set ALERT_WEBHOOK_ALLOW_PRIVATE=true to allow private networks)`,
    });
    expect(receiver.at('/private')).toHaveLength(0);
    channels.close();
  });

  it('with ALERT_WEBHOOK_ALLOW_PRIVATE it posts the signed body to the address it checked', async () => {
    const channels = createChannels({ smtpUrl: undefined, from: 'x@test.example', allowPrivateWebhooks: true });
    const outcome = await channels.send('webhook', { target: receiver.url('/allowed'), secret: SECRET }, BODY, NOW);
    expect(outcome).toEqual({ ok: true, statusCode: 204, error: null });
    const [request] = receiver.at('/allowed');
    expect(JSON.parse(request?.body ?? '')).toEqual(BODY);
    const timestamp = String(NOW.getTime() / 1000);
    expect(request?.headers['x-signage-timestamp']).toBe(timestamp);
    expect(request?.headers['x-signage-signature']).toBe(webhookSignature(SECRET, timestamp, request?.body ?? ''));
    channels.close();
  });
});

describe('subscribing to a webhook on a private address', () => {
  it('is refused when the host is, or resolves to, an address that is not public; a name that does not resolve is taken', async () => {
    await expect(refusedAtSubscribe('http://127.0.0.1:9/hook', false)).resolves.toBe(true);
    await expect(refusedAtSubscribe('https://[::1]/hook', false)).resolves.toBe(true);
    await expect(refusedAtSubscribe('https://169.254.169.254/latest', false)).resolves.toBe(true);
    await expect(refusedAtSubscribe('http://localhost:8080/hook', false)).resolves.toBe(true);
    await expect(refusedAtSubscribe('https://8.8.8.8/hook', false)).resolves.toBe(false);
    await expect(refusedAtSubscribe('https://no-such-host.invalid/hook', false)).resolves.toBe(false);
    await expect(refusedAtSubscribe('http://127.0.0.1:9/hook', true)).resolves.toBe(false);
  });

  it('answers 400 at the URL field and stores nothing, unless ALERT_WEBHOOK_ALLOW_PRIVATE', async () => {
    const t = await createTestApp({
      config: { alerts: { ...RULES, allowPrivateWebhooks: false, smtpUrl: undefined, from: 'a@test.example' } },
    });
    try {
      const { cookie } = await watcher(t);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/subscriptions',
        headers: { cookie },
        payload: {
          conditions: ['offline'],
          channel: 'webhook',
          webhook_url: receiver.url('/x'),
          webhook_secret: SECRET,
        },
      });
      expect(post.statusCode).toBe(400);
      expect(post.json().message).toBe(ALERT_MESSAGES.webhookPrivate);
      const listed = await t.app.inject({ url: '/api/alerts/subscriptions', headers: { cookie } });
      expect(listed.json().data.subscriptions).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
