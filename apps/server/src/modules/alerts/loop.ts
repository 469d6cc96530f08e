import type { AlertsConfig } from '../../config';
import type { Database } from '../../db/client';
import { type Channels, createChannels } from './channels';
import { deliverAlerts } from './deliver';
import { evaluateAlerts } from './evaluate';

/** How often each server evaluates and delivers (a minute: the heartbeat's interval). */
export const ALERT_EVERY_MS = 60_000;

export type { AlertsConfig };

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * One round at `now`: the evaluation (changes claimed, messages queued), then delivery of what is due. Every
 * server process runs it each minute; what each does is decided in the database (evaluate.ts, deliver.ts).
 */
export async function runAlerts(db: Database, config: AlertsConfig, channels: Channels, now: Date = new Date()) {
  const evaluation = await evaluateAlerts(db, config, now);
  const attempts = await deliverAlerts(db, channels, now);
  return { ...evaluation, attempts };
}

/** Runs a round every minute in the background until `stop` (which waits for the round in progress). */
export function startAlerts(deps: { db: Database; config: AlertsConfig; log: Log }) {
  const channels = createChannels(deps.config);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runAlerts(deps.db, deps.config, channels).then(
      (round) => {
        if (round.messages > 0 || round.attempts > 0) {
          deps.log.info(
            {
              alerts: round.alerts.length,
              recoveries: round.recoveries.length,
              messages: round.messages,
              attempts: round.attempts,
            },
            'alerts: messages queued and sent',
          );
        }
      },
      (error: unknown) => deps.log.error({ err: error }, 'alerts: the round failed'),
    );
  };
  const timer = setInterval(() => {
    if (!stopped) tick();
  }, ALERT_EVERY_MS);
  timer.unref();
  return {
    channels,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      channels.close();
    },
  };
}
