import type { Database } from '../../db/client';
import { playersToExtend, rewriteWindows } from './repo';

/** How often each server looks for players whose open windows run short (or were read in an old zone). */
export const HOURS_EXTEND_EVERY_MS = 3_600_000;
const BATCH = 500;

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Writes the windows again of every player that needs it, BATCH players per transaction. Safe to run in
 * several servers at once: each batch holds its players' store_hours rows while it writes (repo.ts), and a
 * player already extended by another is no longer picked.
 */
export async function extendOpeningWindows(db: Database, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const codes = await playersToExtend(db, now, BATCH);
    if (codes.length === 0) return total;
    await db.transaction(async (tx) => {
      await rewriteWindows(tx, codes, now);
    });
    total += codes.length;
    if (codes.length < BATCH) return total;
  }
}

/** Extends at start and then every HOURS_EXTEND_EVERY_MS; a failure is logged and the next run tries again. */
export function startHoursExtension(db: Database, log: Log): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = extendOpeningWindows(db).then(
      (n) => {
        if (n > 0) log.info({ players: n }, 'opening hours: windows written ahead');
      },
      (error: unknown) => log.error({ err: error }, 'opening hours: extending windows failed'),
    );
  };
  run();
  const timer = setInterval(() => {
    if (!stopped) run();
  }, HOURS_EXTEND_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The player's zone changed (in the caller's transaction): its windows are written again in the new one. */
export async function hoursZoneChanged(tx: Database, deviceCode: string): Promise<void> {
  await rewriteWindows(tx, [deviceCode], new Date());
}
