import type { TPlay } from '@signage/domain';
import type { Database } from '../../db/client';
import { addToContentRollup, advanceAcked, insertPlays } from './repo';

export { readAcked } from './repo';

/**
 * The plays module: the one owner of play_events, play_daily and play_acks (proof of play, ARCHITECTURE.md section 5).
 * The player agent hands it the batches players send.
 */

/**
 * Records a batch of plays in one transaction, idempotent by (player, sequence): a retried batch counts
 * once, out-of-order batches are kept, and the answer's `acked` is the highest sequence n such that every
 * play 1..n is held, so the player sees a gap and keeps what is not yet acknowledged.
 */
export async function recordPlays(
  db: Database,
  deviceCode: string,
  plays: readonly TPlay[],
): Promise<{ acked: number; stored: number }> {
  return db.transaction(async (tx) => {
    const { stored, days } = await insertPlays(
      tx,
      deviceCode,
      plays.map((play) => ({
        sequence: play.sequence,
        contentId: play.content_id,
        scheduleId: play.schedule_id,
        startedAt: new Date(play.started_at),
        utcOffsetMinutes: play.utc_offset_minutes,
        durationMs: play.duration_ms,
      })),
    );
    const acked = await advanceAcked(tx, deviceCode);
    // Last: the per-content rows are shared by every player, so their locks are held as briefly as possible.
    await addToContentRollup(tx, days);
    return { acked, stored };
  });
}
