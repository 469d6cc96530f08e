import {
  ALERT_MESSAGES,
  ALERT_SUBSCRIPTIONS_PER_USER,
  type AlertChannel,
  type AlertCondition,
  resolveRegion,
  type TAlertMessage,
  type TAlertSubscription,
  type TAlertSubscriptionInput,
  type ZAlertSubscriptionInput,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../http/envelope';
import {
  countSubscriptionsOf,
  deleteSubscription,
  insertSubscription,
  type LoggedMessage,
  latestMessagesOf,
  type SubscriptionRow,
  subscriptionsOf,
} from './repo';
import { refusedAtSubscribe } from './webhookAddress';

type Input = ReturnType<typeof ZAlertSubscriptionInput.parse>;

function present(row: SubscriptionRow): TAlertSubscription {
  return {
    subscription_id: row.subscriptionId,
    conditions: row.conditions as AlertCondition[],
    countries: row.countries,
    channel: row.channel as AlertChannel,
    target: row.target,
    created_at: row.createdAt.toISOString(),
  };
}

function presentMessage(row: LoggedMessage): TAlertMessage {
  return {
    message_id: row.messageId,
    subscription_id: row.subscriptionId,
    kind: row.kind as TAlertMessage['kind'],
    channel: row.channel as AlertChannel,
    target: row.target,
    status: row.status as TAlertMessage['status'],
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    players: row.players,
    attempts: row.attemptRows.map((attempt) => ({
      attempt: attempt.attempt,
      attempted_at: attempt.attemptedAt.toISOString(),
      ok: attempt.ok,
      status_code: attempt.statusCode,
      error: attempt.error,
    })),
  };
}

/** 400 with a field's own message (the console shows it at the field it names). */
const fieldError = (_field: string, message: string) => new HttpError(400, message);

/**
 * The countries a subscription names must be within the user's region: a region-bound user (DS_LHQIT) names
 * its own or none (none: its own); DS_FRIT any.
 */
function countriesFor(user: SessionUser, countries: readonly string[]): string[] {
  const reach = resolveRegion(user, null);
  if (!reach.allowed) throw fieldError('countries', ALERT_MESSAGES.countries);
  if (reach.region === null) return [...new Set(countries)];
  if (countries.some((country) => country !== reach.region)) throw fieldError('countries', ALERT_MESSAGES.countries);
  return [reach.region];
}

export async function subscribe(
  db: Database,
  user: SessionUser,
  input: Input,
  { emailConfigured, allowPrivateWebhooks }: { emailConfigured: boolean; allowPrivateWebhooks: boolean },
): Promise<TAlertSubscription> {
  if (input.channel === 'email' && !emailConfigured) throw fieldError('channel', ALERT_MESSAGES.noSmtp);
  if (input.channel === 'webhook' && (await refusedAtSubscribe(input.webhook_url ?? '', allowPrivateWebhooks)))
    throw fieldError('webhook_url', ALERT_MESSAGES.webhookPrivate);
  const countries = countriesFor(user, input.countries);
  const target = input.channel === 'email' ? (input.email ?? '') : (input.webhook_url ?? '');
  const row = await db.transaction(async (tx) => {
    if ((await countSubscriptionsOf(tx, user.id)) >= ALERT_SUBSCRIPTIONS_PER_USER) {
      throw new HttpError(400, ALERT_MESSAGES.tooMany);
    }
    const stored = await insertSubscription(tx, {
      userId: user.id,
      conditions: [...new Set(input.conditions)],
      countries,
      channel: input.channel,
      target,
      secret: input.channel === 'webhook' ? (input.webhook_secret ?? null) : null,
    });
    await recordAudit(tx, {
      actor: user.userId,
      action: 'alert.subscribe',
      target: stored.subscriptionId,
      region: user.region,
      detail: { conditions: stored.conditions, countries, channel: stored.channel, target },
    });
    return stored;
  });
  return present(row);
}

export async function unsubscribe(db: Database, user: SessionUser, subscriptionId: string) {
  return db.transaction(async (tx) => {
    const row = await deleteSubscription(tx, user.id, subscriptionId);
    if (!row) throw notFound();
    await recordAudit(tx, {
      actor: user.userId,
      action: 'alert.unsubscribe',
      target: row.subscriptionId,
      region: user.region,
      detail: { conditions: row.conditions, countries: row.countries, channel: row.channel, target: row.target },
    });
    return { subscription_id: row.subscriptionId };
  });
}

export async function listSubscriptions(db: Database, user: SessionUser) {
  return { subscriptions: (await subscriptionsOf(db, user.id)).map(present) };
}

export async function listMessages(db: Database, user: SessionUser) {
  return { messages: (await latestMessagesOf(db, user.id)).map(presentMessage) };
}

export type { TAlertSubscriptionInput };
