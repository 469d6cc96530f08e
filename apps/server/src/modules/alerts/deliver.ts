import type { AlertChannel, AlertKind, TAlertPlayer, TAlertWebhookBody } from '@signage/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/prepared';
import { alertDeliveries } from '../../db/schema';
import type { Channels, Outcome } from './channels';
import { isoOf } from './messages';

/** Attempts per message: the first, then retries after 30 s, 1, 2, 4 and 8 minutes. */
export const MAX_ATTEMPTS = 6;
export const FIRST_RETRY_SECONDS = 30;
/** A claimed message is another process's to take up again this long after its claim (its sender died). */
const CLAIM_SECONDS = 120;
/** Messages one delivery round claims. */
const BATCH = 20;

/** When the retry after `attempt` failed attempts is due. */
export function retryAt(now: Date, attempt: number): Date {
  return new Date(now.getTime() + FIRST_RETRY_SECONDS * 1000 * 2 ** (attempt - 1));
}

type ClaimedMessage = {
  message_id: string;
  kind: AlertKind;
  players: TAlertPlayer[] | string;
  attempts: number;
  created_at: string | Date;
  channel: AlertChannel;
  target: string;
  secret: string | null;
};

/**
 * Claims the messages due at `now` (pending and due, or claimed by a sender that never finished): FOR UPDATE
 * SKIP LOCKED, so processes delivering at once each take different messages, and the claim commits before any
 * is sent.
 */
async function claimDue(db: Database, now: Date): Promise<ClaimedMessage[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return executeRows<ClaimedMessage>(
    db,
    sql`with due as (
        select message_id from alert_messages
        where (status = 'pending' and next_attempt_at <= ${at}) or (status = 'sending' and locked_until <= ${at})
        order by next_attempt_at, message_id limit ${BATCH} for update skip locked)
      update alert_messages m set status = 'sending', locked_until = ${at} + ${`${CLAIM_SECONDS} seconds`}::interval
      from due, alert_subscriptions s
      where m.message_id = due.message_id and s.subscription_id = m.subscription_id
      returning m.message_id, m.kind, m.players, m.attempts, m.created_at, s.channel, s.target, s.secret`,
  );
}

/** Records one attempt and what follows it: sent, a retry with backoff, or failed after the last one. */
async function settle(db: Database, message: ClaimedMessage, now: Date, outcome: Outcome): Promise<void> {
  const attempt = message.attempts + 1;
  const status = outcome.ok ? 'sent' : attempt >= MAX_ATTEMPTS ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    await tx.insert(alertDeliveries).values({
      messageId: message.message_id,
      attempt,
      attemptedAt: now,
      ok: outcome.ok,
      statusCode: outcome.statusCode,
      error: outcome.error,
    });
    await tx.execute(sql`update alert_messages set status = ${status}, attempts = ${attempt}, locked_until = null,
        sent_at = ${outcome.ok ? now.toISOString() : null}::timestamptz,
        next_attempt_at = ${(status === 'pending' ? retryAt(now, attempt) : now).toISOString()}::timestamptz
      where message_id = ${message.message_id}`);
  });
}

/**
 * One delivery round at `now`: every due message claimed and sent once on its channel, each attempt in the
 * delivery log. Answers how many attempts it made.
 */
export async function deliverAlerts(db: Database, channels: Channels, now: Date = new Date()): Promise<number> {
  const claimed = await claimDue(db, now);
  await Promise.all(
    claimed.map(async (message) => {
      const body: TAlertWebhookBody = {
        message_id: message.message_id,
        kind: message.kind,
        created_at: isoOf(message.created_at) ?? now.toISOString(),
        players: typeof message.players === 'string' ? JSON.parse(message.players) : message.players,
      };
      const outcome = await channels.send(
        message.channel,
        { target: message.target, secret: message.secret },
        body,
        now,
      );
      await settle(db, message, now, outcome);
    }),
  );
  return claimed.length;
}
