import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import { type DeviceRow, servedManifestHolds } from './repo';

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
