import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/client';
import { devices } from '../../src/db/schema';
import { type DeliveryFacts, deliveryPendingSql, deliveryStateOf } from '../../src/modules/players/delivery';
import { createTestDatabase } from '../helpers';
import { makePlayer } from '../schedules/fixtures';

/**
 * "Delivery pending" is decided by deliveryStateOf (the player answer's state) and, for the list filter, by
 * deliveryPendingSql over the table. Every combination of the facts they read is written to a real row and
 * both must agree: a change to one rule and not the other fails here.
 */
let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => handle.close());

const REPORTS = [null, { applied_version: null }, { applied_version: 'v1' }, { applied_version: 'v2' }];
const VERSIONS = [null, 'v1'];
const CHANGED = [null, new Date('2026-05-01T00:00:00Z')];
const CASES: DeliveryFacts[] = REPORTS.flatMap((report) =>
  VERSIONS.flatMap((manifestVersion) =>
    CHANGED.map((manifestChangedAt) => ({ delivery: report, manifestVersion, manifestChangedAt })),
  ),
);

describe('delivery pending', () => {
  it('is the same in the SQL filter as in the answer, for every combination of report, version and change', async () => {
    const seen: { facts: DeliveryFacts; state: string; sql: boolean }[] = [];
    for (const facts of CASES) {
      const code = await makePlayer(db);
      const report = facts.delivery && {
        applied_version: facts.delivery.applied_version,
        pending_version: null,
        on_screen: null,
        download: null,
        cache_bytes: null,
        quota_bytes: null,
        clock_skew_ms: null,
        player_version: null,
      };
      await db
        .update(devices)
        .set({
          delivery: report as never,
          manifestVersion: facts.manifestVersion,
          manifestChangedAt: facts.manifestChangedAt,
        })
        .where(eq(devices.deviceCode, code));
      const [row] = await db
        .select({ pending: sql<boolean>`coalesce(${deliveryPendingSql}, false)` })
        .from(devices)
        .where(eq(devices.deviceCode, code));
      seen.push({ facts, state: deliveryStateOf(facts), sql: row?.pending === true });
    }
    for (const { facts, state, sql: pending } of seen)
      expect({ facts, pending }).toEqual({ facts, pending: state === 'pending' });
    // The rule's own answers, so that both sides agreeing on a wrong rule fails too.
    const pendingCases = seen.filter((s) => s.state === 'pending').map((s) => s.facts);
    expect(pendingCases).toEqual([
      { delivery: { applied_version: null }, manifestVersion: null, manifestChangedAt: CHANGED[1] },
      { delivery: { applied_version: null }, manifestVersion: 'v1', manifestChangedAt: CHANGED[1] },
      { delivery: { applied_version: 'v1' }, manifestVersion: null, manifestChangedAt: CHANGED[1] },
      { delivery: { applied_version: 'v2' }, manifestVersion: null, manifestChangedAt: CHANGED[1] },
      { delivery: { applied_version: 'v2' }, manifestVersion: 'v1', manifestChangedAt: CHANGED[1] },
    ]);
    expect(seen.filter((s) => s.state === 'unknown').length).toBe(4 + 3);
  });
});
