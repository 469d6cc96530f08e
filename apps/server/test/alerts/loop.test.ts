import type { TAlertWebhookBody } from '@signage/domain';
import { describe, expect, it, vi } from 'vitest';
import { pairedPlayer } from '../agent/fixtures';
import { createTestApp } from '../helpers';
import { RULES, subscribeAs, watcher } from './fixtures';
import { startReceiver } from './receivers';

/**
 * The background loop as a server runs it (no `now` argument): a round every ALERT_CHECK_SECONDS, and an offline
 * threshold of a fraction of a minute (ALERT_OFFLINE_MINUTES=0.05, 3 s), the settings of the end-to-end run.
 */
describe('the alerts loop', () => {
  it('runs a round every ALERT_CHECK_SECONDS and counts a fraction of a minute offline in seconds', async () => {
    const receiver = await startReceiver();
    const fast = await createTestApp({
      config: {
        alerts: { ...RULES, smtpUrl: undefined, from: 'x <x@test.example>', offlineMinutes: 0.05, checkSeconds: 1 },
      },
    });
    try {
      const { cookie } = await watcher(fast);
      await subscribeAs(fast, cookie, {
        conditions: ['offline'],
        countries: ['GB'],
        channel: 'webhook',
        webhook_url: receiver.url('/loop'),
        webhook_secret: 'a-webhook-secret-of-some-length',
      });
      const player = await pairedPlayer(fast.db, { region: 'GB', timeZone: 'Europe/London' });
      await vi.waitFor(() => expect(receiver.at('/loop')).toHaveLength(1), { timeout: 15_000, interval: 100 });
      const body = JSON.parse(receiver.at('/loop')[0]?.body ?? '{}') as TAlertWebhookBody;
      expect(body.players.map((p) => [p.device_code, p.condition])).toEqual([[player.deviceCode, 'offline']]);
    } finally {
      await fast.close();
      await receiver.close();
    }
  }, 30_000);
});
