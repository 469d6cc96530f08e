import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import { type DeviceRow, lockPlayers } from './repo';

/** What the server last resolved for each player: the manifest version a 304 is answered from. */

/**
 * A change to these players' manifests was notified (in the write's transaction): until each collects again,
 * its delivery is pending. The first change since it last collected sets the moment; later ones keep it.
 * The rows are locked in code order first (level 3 of the lock order, lockPlayers), not in whatever order
 * the UPDATE would reach them.
 */
export async function markManifestsChanged(tx: Database, deviceCodes: string[], now: Date): Promise<void> {
  if (deviceCodes.length === 0) return;
  const live = await lockPlayers(tx, deviceCodes);
  if (live.length === 0) return;
  await tx
    .update(devices)
    .set({
      manifestChangedAt: sql`case when ${devices.manifestVersion} is null and ${devices.manifestChangedAt} is not null then ${devices.manifestChangedAt} else ${now} end`,
      manifestVersion: null,
      manifestValidUntil: null,
      manifestChanges: sql`${devices.manifestChanges} + 1`,
    })
    .where(and(inArray(devices.deviceCode, live), isNull(devices.deletedAt)));
}

/**
 * Whether an unchanged poll may be answered from the player's row: it names the stored version, nothing it is
 * made of was written since (the version and its validity are cleared then), and time alone has not changed
 * it yet.
 */
export function servedManifestHolds(row: DeviceRow, now: Date): row is DeviceRow & { manifestVersion: string } {
  return row.manifestVersion !== null && row.manifestValidUntil !== null && row.manifestValidUntil > now;
}

/**
 * The manifest version the server resolved for a player and until when it holds (only written when the
 * version differs or the stored validity has ended, so an unchanged poll writes nothing, with or without
 * If-None-Match: a validity still running ends no later than one resolved since would). Written only if nothing the manifest
 * is made of was written since the player's row was read (manifest_changes, counted by migration 0021's
 * triggers): what a poll resolved before a change committed is never stored as valid after it. A version
 * that moved without a notified change (the 48-hour window slid, a licence ended) starts its pending time now.
 */
export async function recordServedManifest(
  db: Database,
  row: DeviceRow,
  served: { version: string; validUntil: Date },
  now: Date,
): Promise<void> {
  const { version, validUntil } = served;
  if (row.manifestVersion === version && servedManifestHolds(row, now)) return;
  const pendingSince = row.manifestVersion === null && row.manifestChangedAt !== null ? row.manifestChangedAt : now;
  // Only its validity moved: the plan did not change.
  const since = row.manifestVersion === version ? row.manifestChangedAt : pendingSince;
  await db
    .update(devices)
    .set({ manifestVersion: version, manifestChangedAt: since, manifestValidUntil: validUntil })
    .where(and(eq(devices.deviceCode, row.deviceCode), eq(devices.manifestChanges, row.manifestChanges)));
}

/**
 * recordServedManifest for many players in one statement (the manifests a change pushes to thousands of
 * players, agent/pushManifests.ts): the same rules, each row written only if nothing its manifest is made of
 * was written since that row was read.
 */
export async function recordServedManifests(
  db: Database,
  served: readonly { row: DeviceRow; version: string; validUntil: Date }[],
  now: Date,
): Promise<void> {
  const changed = served
    .filter(({ row, version }) => !(row.manifestVersion === version && servedManifestHolds(row, now)))
    .map(({ row, version, validUntil }) => {
      const pendingSince = row.manifestVersion === null && row.manifestChangedAt !== null ? row.manifestChangedAt : now;
      const since = row.manifestVersion === version ? row.manifestChangedAt : pendingSince;
      return {
        code: row.deviceCode,
        changes: row.manifestChanges,
        version,
        since: since?.toISOString() ?? null,
        until: validUntil.toISOString(),
      };
    });
  if (changed.length === 0) return;
  await db.execute(sql`
    update ${devices} d set manifest_version = u.version, manifest_changed_at = u.since,
      manifest_valid_until = u.until
    from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)
      as u(code text, changes integer, version text, since timestamptz, until timestamptz)
    where d.device_code = u.code and d.manifest_changes = u.changes`);
}
