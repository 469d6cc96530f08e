import type { Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { createChannels, runAlerts } from '../../src/modules/alerts';
import { createUser, loginAs, type TestApp } from '../helpers';

/** The thresholds of these tests; their webhook receivers listen on 127.0.0.1, so private addresses are allowed. */
export const RULES = {
  offlineMinutes: 10,
  behindMinutes: 30,
  quietMinutes: 60,
  checkSeconds: 60,
  allowPrivateWebhooks: true,
} as const;

export const minutes = (n: number) => n * 60_000;
export const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);

/** A subscription through the API as a signed-in user; answers its id. */
export async function subscribeAs(t: TestApp, cookie: string, payload: object): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/alerts/subscriptions',
    headers: { cookie },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`subscribe: ${response.statusCode} ${response.body}`);
  return response.json().data.subscription_id as string;
}

/** A signed-in watcher of the fleet (DS_FRIT unless told). */
export async function watcher(t: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { role: 'DS_FRIT', ...options });
  return { user, cookie: await loginAs(t.app, user) };
}

/** One round of the alerts as the background loop runs it, at `now`, with the app's configuration. */
export function roundAt(db: Database, config: Config) {
  const channels = createChannels(config.alerts);
  return {
    run: (now: Date) => runAlerts(db, config.alerts, channels, now),
    close: () => channels.close(),
  };
}
