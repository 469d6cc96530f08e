import { ALERT_MESSAGES_LISTED } from '@signage/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertDeliveries, alertMessages, alertSubscriptions } from '../../db/schema';

export type SubscriptionRow = typeof alertSubscriptions.$inferSelect;
export type MessageRow = typeof alertMessages.$inferSelect;
export type AttemptRow = typeof alertDeliveries.$inferSelect;

export async function allSubscriptions(db: Database): Promise<SubscriptionRow[]> {
  return db.select().from(alertSubscriptions);
}

export async function subscriptionsOf(db: Database, userPk: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.userId, userPk))
    .orderBy(asc(alertSubscriptions.createdAt), asc(alertSubscriptions.subscriptionId));
}

export async function countSubscriptionsOf(db: Database, userPk: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alertSubscriptions).where(eq(alertSubscriptions.userId, userPk));
  return Number(row?.n ?? 0);
}

export async function insertSubscription(
  db: Database,
  values: typeof alertSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(alertSubscriptions).values(values).returning();
  if (!row) throw new Error('alerts: the insert returned no row');
  return row;
}

/** Deletes a user's own subscription (its messages and their attempts go with it); undefined when not theirs. */
export async function deleteSubscription(
  db: Database,
  userPk: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .delete(alertSubscriptions)
    .where(and(eq(alertSubscriptions.subscriptionId, subscriptionId), eq(alertSubscriptions.userId, userPk)))
    .returning();
  return row;
}

export type LoggedMessage = MessageRow & { channel: string; target: string; attemptRows: AttemptRow[] };

/** The latest messages of a user's subscriptions, newest first, each with its attempts in order. */
export async function latestMessagesOf(db: Database, userPk: string): Promise<LoggedMessage[]> {
  const messages = await db
    .select({ message: alertMessages, channel: alertSubscriptions.channel, target: alertSubscriptions.target })
    .from(alertMessages)
    .innerJoin(alertSubscriptions, eq(alertSubscriptions.subscriptionId, alertMessages.subscriptionId))
    .where(eq(alertSubscriptions.userId, userPk))
    .orderBy(desc(alertMessages.createdAt), desc(alertMessages.messageId))
    .limit(ALERT_MESSAGES_LISTED);
  const ids = messages.map((row) => row.message.messageId);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(alertDeliveries)
          .where(inArray(alertDeliveries.messageId, ids))
          .orderBy(asc(alertDeliveries.attempt));
  return messages.map(({ message, channel, target }) => ({
    ...message,
    channel,
    target,
    attemptRows: attempts.filter((attempt) => attempt.messageId === message.messageId),
  }));
}
