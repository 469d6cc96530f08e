/**
 * The alerts module (issue 29 item 3): the one owner of alert_subscriptions, alert_states, alert_messages and
 * alert_deliveries. Users who watch the fleet subscribe (routes.ts); every server evaluates the players'
 * conditions each minute in opening hours and sends one message per subscription for what changed, by e-mail
 * or a signed webhook, each change once whichever process finds it (evaluate.ts, deliver.ts).
 */

export {
  createChannels,
  emailOf,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookSignature,
} from './channels';
export { deliverAlerts, FIRST_RETRY_SECONDS, MAX_ATTEMPTS, retryAt } from './deliver';
export { type AlertRules, evaluateAlerts, PLAYBACK_ERROR_WINDOW_MINUTES } from './evaluate';
export { ALERT_EVERY_MS, type AlertsConfig, runAlerts, startAlerts } from './loop';
export { alertsRoutes } from './routes';
