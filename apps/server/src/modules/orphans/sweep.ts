import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import type { BlobOwner } from '../types';

/** Keys asked about in one statement (an `= any(...)` over primary keys). */
const BATCH = 500;

export type SweepOptions = {
  /** Blobs written less than this long ago are kept whatever the rows say: their row may be on its way. */
  graceMs: number;
  now?: number;
};

/**
 * Removes the blobs of every owner's prefix that no row names and that were written more than the grace
 * ago: what a crash between a blob's write and its row's commit left behind. A blob is deleted only after
 * its owner was asked about it (never from a guess), and prefixes no owner claims are not even listed.
 * Answers the keys removed.
 */
export async function sweepOrphanBlobs(
  db: Database,
  blobs: BlobStore,
  owners: readonly BlobOwner[],
  options: SweepOptions,
): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - options.graceMs;
  const removed: string[] = [];
  for (const owner of owners) {
    let batch: string[] = [];
    const settle = async () => {
      const named = await owner.named(db, batch);
      for (const key of batch) {
        if (named.has(key)) continue;
        await blobs.delete(key);
        removed.push(key);
      }
      batch = [];
    };
    for await (const page of blobs.list(owner.prefix)) {
      for (const blob of page) {
        if (!blob.key.startsWith(owner.prefix) || blob.modifiedAt.getTime() > cutoff) continue;
        batch.push(blob.key);
        if (batch.length === BATCH) await settle();
      }
    }
    if (batch.length > 0) await settle();
  }
  return removed;
}
