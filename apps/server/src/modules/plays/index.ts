import type { TPlay } from '@signage/domain';
import type { Database } from '../../db/client';
import { addToContentRollup, advanceAcked, insertPlays, pruneRawPlays, readAcked } from './repo';

export { emergencyPlayersShown } from './emergency';
export { playsWaitingSql } from './fleet';
export {
  contentDays,
  deviceDays,
  distinctPlayers,
  listPlays,
  playedDeviceCodes,
  playedIn,
  type Window,
} from './history';
export { readAcked } from './repo';

/**
 * The plays module: the one owner of play_events, play_acks and the rollups play_daily, play_content_daily and
 * play_content_months (proof of play, ARCHITECTURE.md section 5). The player agent hands it the batches players
 * send; the history screens read them through history.ts.
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
    // Plays at or below the acknowledged mark are held already (or were, before retention pruned them).
    const held = await readAcked(tx, deviceCode);
    const { stored, days } = await insertPlays(
      tx,
      deviceCode,
      plays
        .filter((play) => play.sequence > held)
        .map((play) => ({
          sequence: play.sequence,
          contentId: play.content_id,
          scheduleId: play.schedule_id,
          emergencyId: play.emergency_id ?? null,
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

const PRUNE_CHUNK = 5_000;

/**
 * Deletes raw plays older than the retention, in chunks so no statement holds locks for long; the rollups
 * stay. Safe with several server processes (a row deleted twice is deleted once). Answers how many went.
 */
export async function prunePlays(db: Database, retentionDays: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const deleted = await pruneRawPlays(db, before, PRUNE_CHUNK);
    total += deleted;
    if (deleted < PRUNE_CHUNK) return total;
  }
}

const FIRST_PRUNE_MS = 60_000;
const PRUNE_EVERY_MS = 3_600_000;

/** Prunes raw plays a minute after start and then hourly; a failure is logged and tried again next time. */
export function startPlayPruning(
  db: Database,
  retentionDays: number,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): { stop: () => void } {
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      const deleted = await prunePlays(db, retentionDays);
      if (deleted > 0) log.info({ deleted, retentionDays }, 'raw plays past their retention deleted');
    } catch (error) {
      log.error({ err: error }, 'pruning raw plays failed');
    }
    timer = setTimeout(run, PRUNE_EVERY_MS);
    timer.unref();
  };
  timer = setTimeout(run, FIRST_PRUNE_MS);
  timer.unref();
  return { stop: () => clearTimeout(timer) };
}
