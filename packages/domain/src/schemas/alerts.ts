import { z } from 'zod';
import { isCountry } from '../catalog/countries';
import { MESSAGES } from '../catalog/messages';
import { ZInstant, zText } from './common';

/**
 * Alerts that reach people (issue 29 item 3): a user who watches the fleet subscribes to conditions of the
 * players in some countries (within their region) and gets one message per evaluation listing every player that
 * entered a condition, and one when they are back to normal, by e-mail or by a signed webhook. Times are UTC ISO
 * instants.
 */

/** offline: no heartbeat for N minutes while the store is open · behind: delivery pending for N minutes · playback_error: the player reported a playback error. */
export const ALERT_CONDITIONS = ['offline', 'behind', 'playback_error'] as const;
export const ZAlertCondition = z.enum(ALERT_CONDITIONS);
export type AlertCondition = z.infer<typeof ZAlertCondition>;

export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export const ZAlertChannel = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.infer<typeof ZAlertChannel>;

/** A message is an alert (players entered a condition) or a recovery (they are back to normal). */
export const ZAlertKind = z.enum(['alert', 'recovery']);
export type AlertKind = z.infer<typeof ZAlertKind>;

/** pending: waiting for its next attempt · sending: an attempt is running · sent · failed: every attempt failed. */
export const ZAlertMessageStatus = z.enum(['pending', 'sending', 'sent', 'failed']);

/** The subscriptions one user may keep. */
export const ALERT_SUBSCRIPTIONS_PER_USER = 20;
/** The shortest webhook secret (HMAC-SHA256 key). */
export const WEBHOOK_SECRET_MIN = 16;
/** Messages the delivery log lists (the latest). */
export const ALERT_MESSAGES_LISTED = 50;

export const ALERT_MESSAGES = {
  conditions: 'Please select at least one condition',
  countries: 'Please select countries within your region',
  email: 'Please enter a valid e-mail address',
  webhookUrl: 'Please enter an http or https URL',
  webhookPrivate: 'Please enter a webhook URL on a public address (this server does not send to private networks)',
  webhookSecret: `Please enter a secret of at least ${WEBHOOK_SECRET_MIN} characters`,
  noSmtp: 'E-mail alerts are not configured on this server (SMTP_URL)',
  tooMany: `At most ${ALERT_SUBSCRIPTIONS_PER_USER} subscriptions per user`,
} as const;

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
};

const ZCountryList = z
  .array(zText(ALERT_MESSAGES.countries).refine(isCountry, { error: ALERT_MESSAGES.countries }), {
    error: ALERT_MESSAGES.countries,
  })
  .max(40, { error: ALERT_MESSAGES.countries });

/**
 * A new subscription: e-mail needs `email`; webhook needs `webhook_url` and `webhook_secret`. `countries` empty
 * means every country the user may see.
 */
export const ZAlertSubscriptionInput = z
  .object({
    conditions: z
      .array(ZAlertCondition, { error: ALERT_MESSAGES.conditions })
      .min(1, { error: ALERT_MESSAGES.conditions })
      .max(ALERT_CONDITIONS.length, { error: ALERT_MESSAGES.conditions }),
    countries: ZCountryList.default([]),
    channel: ZAlertChannel,
    email: zText(ALERT_MESSAGES.email).trim().max(254).optional(),
    webhook_url: zText(ALERT_MESSAGES.webhookUrl).trim().max(2000).optional(),
    webhook_secret: zText(ALERT_MESSAGES.webhookSecret).max(256).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.channel === 'email' && !z.email().safeParse(input.email ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: ALERT_MESSAGES.email });
    }
    if (input.channel === 'webhook') {
      if (!isHttpUrl(input.webhook_url ?? '')) {
        ctx.addIssue({ code: 'custom', path: ['webhook_url'], message: ALERT_MESSAGES.webhookUrl });
      }
      if ((input.webhook_secret ?? '').length < WEBHOOK_SECRET_MIN) {
        ctx.addIssue({ code: 'custom', path: ['webhook_secret'], message: ALERT_MESSAGES.webhookSecret });
      }
    }
  });
export type TAlertSubscriptionInput = z.input<typeof ZAlertSubscriptionInput>;

/** A subscription as its owner sees it: the webhook's secret is never sent back. */
export const ZAlertSubscription = z.object({
  subscription_id: z.string(),
  conditions: z.array(ZAlertCondition),
  countries: z.array(z.string()),
  channel: ZAlertChannel,
  /** The e-mail address, or the webhook URL. */
  target: z.string(),
  created_at: ZInstant,
});
export type TAlertSubscription = z.infer<typeof ZAlertSubscription>;
export const ZAlertSubscriptionList = z.object({ subscriptions: z.array(ZAlertSubscription) });

export const ZAlertSubscriptionParams = z.object({
  subscription_id: z.uuid({ error: MESSAGES.invalidRequest }),
});

/** One player of a message: who, where, which condition, since when. */
export const ZAlertPlayer = z.object({
  device_code: z.string(),
  device_name: z.string(),
  region: z.string(),
  shop_no: z.string(),
  shop_name: z.string(),
  condition: ZAlertCondition,
  /** alert: when the condition began (last heartbeat, pending since, the error) · recovery: when it ended. */
  since: z.string().nullable(),
});
export type TAlertPlayer = z.infer<typeof ZAlertPlayer>;

/** One try to deliver a message: its outcome and, for a webhook, the receiver's HTTP status. */
export const ZAlertAttempt = z.object({
  attempt: z.number().int(),
  attempted_at: ZInstant,
  ok: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TAlertAttempt = z.infer<typeof ZAlertAttempt>;

export const ZAlertMessage = z.object({
  message_id: z.string(),
  subscription_id: z.string(),
  kind: ZAlertKind,
  channel: ZAlertChannel,
  target: z.string(),
  status: ZAlertMessageStatus,
  created_at: ZInstant,
  sent_at: ZInstant.nullable(),
  /** When the next attempt is due (pending only). */
  next_attempt_at: ZInstant.nullable(),
  players: z.array(ZAlertPlayer),
  attempts: z.array(ZAlertAttempt),
});
export type TAlertMessage = z.infer<typeof ZAlertMessage>;
export const ZAlertMessageList = z.object({ messages: z.array(ZAlertMessage) });

/** The JSON body of a webhook (signed: see docs/alerts.md). */
export const ZAlertWebhookBody = z.object({
  message_id: z.string(),
  kind: ZAlertKind,
  created_at: ZInstant,
  players: z.array(ZAlertPlayer),
});
export type TAlertWebhookBody = z.infer<typeof ZAlertWebhookBody>;
