import { and, eq, gt, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveBroadcasts } from '../../db/schema';

/**
 * An open broadcast counts as on air while nginx keeps confirming it (on_update every UPDATE_SECONDS). One
 * that nginx stopped confirming without a publish_done (nginx run as its own service died) is off air after
 * this long, and is closed as 'lost' at the next write for its content.
 */
export const BROADCAST_STALE_MS = 20_000;

export type EndReason = 'publish_done' | 'rotated' | 'deleted' | 'ingest' | 'lost' | 'refused';

const open = isNull(liveBroadcasts.endedAt);
const staleBefore = (now: Date) => new Date(now.getTime() - BROADCAST_STALE_MS);
const fresh = (now: Date) => gt(liveBroadcasts.confirmedAt, staleBefore(now));

/** Whether the content has a broadcast nginx still confirms. */
export async function isOnAir(db: Database, contentId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: liveBroadcasts.id })
    .from(liveBroadcasts)
    .where(and(eq(liveBroadcasts.contentId, contentId), open, fresh(now)))
    .limit(1);
  return rows.length > 0;
}

/** When the current broadcast started (null off air) and when the last one ended (null if none has). */
export async function broadcastTimes(
  db: Database,
  contentId: string,
  now: Date,
): Promise<{ onAirSince: Date | null; lastEndedAt: Date | null }> {
  const [row] = await db
    .select({
      onAirSince: sql<Date | null>`min(${liveBroadcasts.startedAt}) filter (where ${and(open, fresh(now))})`.mapWith(
        (value: unknown) => (value === null ? null : new Date(value as string)),
      ),
      lastEndedAt: max(liveBroadcasts.endedAt),
    })
    .from(liveBroadcasts)
    .where(eq(liveBroadcasts.contentId, contentId));
  return { onAirSince: row?.onAirSince ?? null, lastEndedAt: row?.lastEndedAt ?? null };
}

/**
 * Opens a broadcast for a publisher (nginx connection `client`, key digest `keyHash`); broadcasts of the
 * content nginx stopped confirming are closed as lost first. Answers whether the content was off air before.
 */
export async function openBroadcast(
  tx: Database,
  values: { contentId: string; client: string; keyHash: string },
  now: Date,
): Promise<{ wasOnAir: boolean }> {
  await tx
    .update(liveBroadcasts)
    .set({ endedAt: now, endReason: 'lost' })
    .where(
      and(eq(liveBroadcasts.contentId, values.contentId), open, lte(liveBroadcasts.confirmedAt, staleBefore(now))),
    );
  const wasOnAir = await isOnAir(tx, values.contentId, now);
  await tx.insert(liveBroadcasts).values({
    contentId: values.contentId,
    ingestClient: values.client,
    keyHash: values.keyHash,
    startedAt: now,
    confirmedAt: now,
  });
  return { wasOnAir };
}

/** nginx says this publisher is still there: 1 when its open broadcast was found (0: none is open). */
export async function confirmBroadcast(
  tx: Database,
  values: { contentId: string; client: string; keyHash: string },
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(liveBroadcasts)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(liveBroadcasts.contentId, values.contentId),
        eq(liveBroadcasts.ingestClient, values.client),
        eq(liveBroadcasts.keyHash, values.keyHash),
        open,
      ),
    )
    .returning({ id: liveBroadcasts.id });
  return rows.length;
}

/** Ends the open broadcast of one publisher (publish_done); answers the contents it was for. */
export async function endClientBroadcast(
  tx: Database,
  values: { client: string; keyHash: string },
  reason: EndReason,
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .update(liveBroadcasts)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(liveBroadcasts.ingestClient, values.client), eq(liveBroadcasts.keyHash, values.keyHash), open))
    .returning({ contentId: liveBroadcasts.contentId });
  return [...new Set(rows.map((row) => row.contentId))];
}

/** Ends every open broadcast of a content (key rotated); answers whether one was on air. */
export async function endContentBroadcasts(
  tx: Database,
  contentId: string,
  reason: EndReason,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(liveBroadcasts)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(liveBroadcasts.contentId, contentId), open))
    .returning({ confirmedAt: liveBroadcasts.confirmedAt });
  return rows.some((row) => row.confirmedAt > staleBefore(now));
}

/** Ends every open broadcast (the embedded ingest stopped or starts); answers the contents that were on air. */
export async function endAllBroadcasts(tx: Database, reason: EndReason, now: Date): Promise<string[]> {
  const rows = await tx
    .update(liveBroadcasts)
    .set({ endedAt: now, endReason: reason })
    .where(open)
    .returning({ contentId: liveBroadcasts.contentId, confirmedAt: liveBroadcasts.confirmedAt });
  return [...new Set(rows.filter((row) => row.confirmedAt > staleBefore(now)).map((row) => row.contentId))];
}
