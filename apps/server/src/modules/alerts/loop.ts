import type { AlertsConfig } from '../../config';
import type { Database } from '../../db/client';
import { type Channels, createChannels } from './channels';
import { deliverAlerts } from './deliver';
import { evaluateAlerts } from './evaluate';

/** How often each server evaluates and delivers by default (a minute: the heartbeat's interval). */
export const ALERT_EVERY_MS = 60_000;

/** The round's interval of a configuration (ALERT_CHECK_SECONDS), else the default. */
export const alertEveryMs = (config: Pick<AlertsConfig, 'checkSeconds'>) =>
  config.checkSeconds > 0 ? config.checkSeconds * 1000 : ALERT_EVERY_MS;

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

/**
 * Runs a round every ALERT_CHECK_SECONDS (a minute by default) in the background until `stop` (which waits for
 * the round in progress); a round still running when the next is due makes that one skip.
 */
export function startAlerts(deps: { db: Database; config: AlertsConfig; log: Log }) {
  const channels = createChannels(deps.config);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    busy = true;
    running = runAlerts(deps.db, deps.config, channels)
      .then(
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
      )
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(() => {
    if (!stopped && !busy) tick();
  }, alertEveryMs(deps.config));
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
