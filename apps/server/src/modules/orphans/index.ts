/**
 * The orphan sweep: blobs a crash left without their row (a blob is stored before its row commits) and
 * upload temp files, removed at start and then once an hour. See sweep.ts and ../contents/media-deps.ts.
 */
import type { Database } from '../../db/client';
import { cleanUploadLeftovers } from '../contents';
import type { BlobOwner, MediaDeps } from '../types';
import { claimSlot } from './repo';
import { sweepOrphanBlobs } from './sweep';

export { claimSlot } from './repo';
export { sweepOrphanBlobs } from './sweep';

export const SWEEP_EVERY_MS = 3_600_000;
const JOB = 'orphan-sweep';
/** Ticks are spread over the first minutes of a slot, so the processes do not all ask at the same instant. */
const TICK_SPREAD_MS = 120_000;

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

export type OrphanSweepDeps = {
  db: Database;
  media: Pick<MediaDeps, 'blobs' | 'uploadDir'>;
  owners: readonly BlobOwner[];
  graceMs: number;
  log: Log;
};

/**
 * One sweep: the local leftovers of this process's DATA_DIR, then the store's blobs no row names. What was
 * removed is logged at info (the count and every key); a start's sweep is logged even when it found nothing.
 */
export async function sweepOrphans(
  deps: OrphanSweepDeps,
  now = Date.now(),
  { atStart = false }: { atStart?: boolean } = {},
): Promise<{ blobs: string[]; files: number }> {
  const { db, media, owners, graceMs, log } = deps;
  const files = await cleanUploadLeftovers(media, { graceMs, now });
  const blobs = await sweepOrphanBlobs(db, media.blobs, owners, { graceMs, now });
  if (blobs.length > 0 || files > 0 || atStart) {
    log.info(
      { removed: blobs.length, keys: blobs, files, graceMinutes: graceMs / 60_000, atStart },
      'orphan sweep: media no row names and upload leftovers removed',
    );
  }
  return { blobs, files };
}

/**
 * Sweeps now (a start: what a crash left is removed before long), then at every hour's slot. Several server
 * processes sharing one database sweep a slot once: the one whose claim took it (repo.ts). A failure is
 * logged and the next slot tries again. `stop` waits for a sweep in progress.
 */
export function startOrphanSweeps(deps: OrphanSweepDeps): { stop: () => Promise<void>; started: Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = (claimed: () => Promise<boolean>, atStart = false) => {
    running = (async () => {
      try {
        if (!stopped && (await claimed())) await sweepOrphans(deps, Date.now(), { atStart });
      } catch (error) {
        deps.log.error({ err: error }, 'orphan sweep failed');
      }
    })();
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    const now = Date.now();
    const slot = Math.floor(now / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS;
    timer = setTimeout(
      () => {
        void run(() => claimSlot(deps.db, JOB, new Date(slot))).then(schedule);
      },
      slot - now + Math.floor(Math.random() * TICK_SPREAD_MS),
    );
    timer.unref();
  };
  const started = run(async () => true, true).then(schedule);
  return {
    started,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
