import type { TDeliveryReport } from '@signage/domain';
import type { Database } from '../../db/client';
import type { Arrival } from '../../http/arrival';
import { type HeartbeatWrite, HeartbeatWriter } from './heartbeatWriter';

export { HEARTBEAT_ORDER_HORIZON_MS, type HeartbeatWrite } from './heartbeatWriter';

const heartbeatWriters = new WeakMap<Database, HeartbeatWriter>();

const writerOf = (db: Database) => {
  let writer = heartbeatWriters.get(db);
  if (!writer) {
    writer = new HeartbeatWriter(db);
    heartbeatWriters.set(db, writer);
  }
  return writer;
};

/**
 * A heartbeat: alive state, time and the zone the player reports (not updated_at: the list order follows
 * staff changes).
 *
 * A player's beats are applied in the order they arrived at this process (`arrival`, taken before the
 * request awaited anything), whatever order their token lookups finished in: see HeartbeatWriter.
 */
export function recordHeartbeat(
  db: Database,
  deviceCode: string,
  tokenHash: string,
  beat: {
    alive: boolean;
    reportedTimeZone: string | undefined;
    delivery?: TDeliveryReport | undefined;
    playsUnrecorded?: number | undefined;
  },
  arrival: Arrival,
): HeartbeatWrite {
  return writerOf(db).write({
    deviceCode,
    tokenHash,
    alive: beat.alive,
    arrival,
    // Absent (undefined) keeps what is stored.
    zone: beat.reportedTimeZone ?? null,
    delivery: beat.delivery ?? null,
    unrecorded: beat.playsUnrecorded ?? null,
  });
}

/** Resolves once every heartbeat handed to this database's writer so far is written (or failed). */
export function heartbeatsSettled(db: Database): Promise<void> {
  return writerOf(db).settled();
}
