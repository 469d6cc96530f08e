import type { TManifest } from '@signage/domain';
import type { Database } from '../db/client';
import { findContentsById } from '../modules/contents';
import { emergenciesOf } from '../modules/emergency';
import { findDevicesByCode, recordServedManifests } from '../modules/players';
import { type ManifestSchedule, manifestSchedulesOfMany } from '../modules/schedules';
import { buildManifest, manifestBound, manifestVersion, type ZoneFacts, zoneFactsOf } from './manifest';

/**
 * The new manifests of players told to collect (issue 32 item 4), resolved together for the push channel to
 * send in the 'manifest' event: a change for 5,000 connected players was 5,000 collects, each a request with
 * its own token check and three queries (15-19 s for the herd). Here a batch of players (one notification,
 * at most 200) costs five statements: the players' rows, their schedules, their emergency messages, the contents, and one write of
 * what was served (as a collect records it, for confirmed delivery). Each manifest is the one a collect at
 * this moment would answer, version and server time included. Players that are gone, unpaired or deleted
 * are left out (their channel, if any, is told to collect as before, and its collect answers for itself).
 * What depends only on the store's zone (its midnight, offsets, day) and on the schedules (their windows and
 * media) is worked out once per zone and per set of schedules, not once per player: what remains per player
 * is its own fields and the version's hash.
 */
export async function resolvePushedManifests(db: Database, codes: readonly string[]): Promise<Map<string, TManifest>> {
  const now = new Date();
  const zones = new Map<string, { facts: ZoneFacts; until: Date }>();
  const zoneOf = (timeZone: string) => {
    let zone = zones.get(timeZone);
    if (!zone) {
      zone = { facts: zoneFactsOf(timeZone, now), until: manifestBound({ timeZone }, now) };
      zones.set(timeZone, zone);
    }
    return zone;
  };
  const players = (await findDevicesByCode(db, codes)).filter(
    (row) => row.deletedAt === null && row.isActivated && row.tokenHash !== null,
  );
  const schedules = await manifestSchedulesOfMany(
    db,
    players.map((row) => ({ deviceCode: row.deviceCode, timeZone: row.timeZone, until: zoneOf(row.timeZone).until })),
    now,
  );
  const emergencies = await emergenciesOf(
    db,
    players.map((row) => row.deviceCode),
    now,
  );
  const ids = new Set<string>();
  for (const emergency of emergencies.values()) if (emergency.contentId) ids.add(emergency.contentId);
  for (const { schedules: list } of schedules.values())
    for (const s of list) for (const id of s.contentIds) ids.add(id);
  const rows = new Map((await findContentsById(db, [...ids])).map((row) => [row.id, row]));
  const out = new Map<string, TManifest>();
  const served: { row: (typeof players)[number]; version: string; validUntil: Date }[] = [];
  const memo = new WeakMap<ManifestSchedule, TManifest['schedules'][number]>();
  for (const row of players) {
    const resolved = schedules.get(row.deviceCode);
    if (!resolved) continue;
    const emergency = emergencies.get(row.deviceCode);
    const { manifest, validUntil } = buildManifest(
      row,
      { ...resolved, emergency },
      rows,
      now,
      zoneOf(row.timeZone).facts,
      memo,
    );
    const version = manifestVersion(manifest);
    served.push({ row, version, validUntil });
    out.set(row.deviceCode, { ...manifest, version, server_time: now.toISOString() } as TManifest);
  }
  await recordServedManifests(db, served, now);
  return out;
}
