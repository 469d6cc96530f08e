import {
  AGENT_CONTRACTS,
  AGENT_MESSAGES,
  DEFAULT_DOWNLOAD_ALLOW_HOUR,
  LOGO_POSITIONS,
  licenceDayIn,
  MANIFEST_HORIZON_HOURS,
  MANIFEST_WINDOW_DAYS,
  nextZoneTransition,
  parseZone,
  pathOf,
  type TManifest,
  type TManifestLive,
  type TManifestMedia,
  UTC,
  zoneClock,
  zoneOffsetsBetween,
} from '@signage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedDevice, RequestCache } from '../auth/guards';
import { canonicalJson, sha256 } from '../blob';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import { route } from '../http/route';
import { type ContentRow, findContentsById } from '../modules/contents';
import { type EmergencyRow, emergenciesOf, manifestEmergency } from '../modules/emergency';
import { findDeviceByTokenHash, recordServedManifest, servedManifestHolds } from '../modules/players';
import { type ManifestSchedule, manifestSchedulesOf } from '../modules/schedules';
import type { ModulePlugin } from '../modules/types';
import type { AgentDevice } from './device';

/** The resolved manifest without the server time: what the version (ETag) is a hash of. */
export type ResolvedManifest = Omit<TManifest, 'server_time' | 'version'>;

/**
 * A content as the player gets it; null when it may not be delivered (deleted, its license has ended, or
 * its upload is still processing or failed: players only get media that is ready).
 */
function mediaOf(row: ContentRow | undefined, today: string): TManifestMedia | null {
  if (!row || row.deletedAt !== null || row.processingState !== 'ready') return null;
  if (row.licenseTo !== null && row.licenseTo < today) return null;
  const stream = row.type === 'stream';
  return {
    content_id: row.id,
    name: row.name,
    type: row.type,
    content_type: row.contentType,
    size: row.size,
    sha256: row.sha256,
    duration: row.durationSeconds,
    width: row.width,
    height: row.height,
    license_from: row.licenseFrom,
    license_to: row.licenseTo,
    display_pattern: row.displayPattern,
    // A stream's file is its live image: players keep it like any file and show it while off air.
    url: row.mediaKey ? pathOf(AGENT_CONTRACTS.media, { content_id: row.id }) : null,
    stream_url: stream ? pathOf(AGENT_CONTRACTS.live, { content_id: row.id, file: 'index.m3u8' }) : null,
    live: stream ? liveOf(row) : null,
  };
}

function liveOf(row: ContentRow): TManifestLive {
  const fullscreen = row.layout !== 'Multielement';
  const logo = LOGO_POSITIONS.find((p) => p === row.liveLogoPosition);
  return {
    layout: fullscreen ? 'Fullscreen' : 'Multielement',
    title: fullscreen ? '' : (row.title ?? ''),
    output_width: row.outputWidth ?? 1280,
    output_height: row.outputHeight ?? 720,
    logo_position: fullscreen ? (logo ?? null) : null,
    prompt: fullscreen ? (row.livePrompt ?? '') : '',
    dashboard: row.liveDashboard === 'show' ? 'show' : 'hide',
  };
}

/**
 * The longest a resolved manifest is taken as unchanged without resolving it again, whatever its schedules
 * say: a bound on what a change that reached no trigger could cost (one full resolution per player per this
 * long is about 1/360 of its polls).
 */
export const MANIFEST_VALID_MAX_MS = 6 * 3600 * 1000;

/** The player's next local midnight: licence dates are judged by the store's day (licenceDayIn). */
function nextLocalMidnight(timeZone: string, now: Date): Date {
  const clock = zoneClock(parseZone(timeZone) ?? UTC);
  const tomorrow = clock.addDays(clock.today(now.getTime()), 1);
  return new Date(clock.epoch(tomorrow, '00:00:00' as Parameters<typeof clock.epoch>[1]));
}

/**
 * The manifest of a player at a moment: its schedules current or starting within 48 hours (chosen by the
 * schedules module with the domain's window rules), their ordered deliverable media, and the fallback.
 * Three queries with the token check: schedules with their content ids, then the contents.
 */
export async function resolveManifest(db: Database, device: AgentDevice, now: Date): Promise<ResolvedManifest> {
  return (await resolveManifestUntil(db, device, now)).manifest;
}

/**
 * resolveManifest, and until when it holds unless something it is made of is written: the first moment
 * time alone could change it (a window ending or entering the horizon, the store's midnight), at most
 * MANIFEST_VALID_MAX_MS away.
 */
export async function resolveManifestUntil(
  db: Database,
  device: AgentDevice,
  now: Date,
): Promise<{ manifest: ResolvedManifest; validUntil: Date }> {
  const [{ schedules, changesAt }, emergencies] = await Promise.all([
    manifestSchedulesOf(db, device, now, manifestBound(device, now)),
    emergenciesOf(db, [device.deviceCode], now),
  ]);
  const emergency = emergencies.get(device.deviceCode);
  const ids = [
    ...new Set([...schedules.flatMap((s) => s.contentIds), ...(emergency?.contentId ? [emergency.contentId] : [])]),
  ];
  const rows = new Map((await findContentsById(db, ids)).map((row) => [row.id, row]));
  return buildManifest(device, { schedules, changesAt, emergency }, rows, now);
}

/** The latest a player's resolved manifest holds whatever its schedules say (its store's midnight, 6 hours). */
export function manifestBound(device: Pick<AgentDevice, 'timeZone'>, now: Date): Date {
  const midnight = nextLocalMidnight(device.timeZone, now).getTime();
  return new Date(Math.min(now.getTime() + MANIFEST_VALID_MAX_MS, midnight));
}

/**
 * What a manifest takes from its store's zone at a moment, the same for every player of that zone: the offsets
 * over the windows' days, the first moment they could change (the next transition passing, or a later one
 * entering those days), and the store's day (licences). */
export type ZoneFacts = { offsets: ResolvedManifest['offsets']; changesAt: number; today: string };

export function zoneFactsOf(timeZone: string, now: Date): ZoneFacts {
  // The zone was parsed when it was stored (registration, player edit); read back as the domain's type.
  const zone = parseZone(timeZone) ?? UTC;
  const reach = new Date(now.getTime() + MANIFEST_WINDOW_DAYS * 24 * 3600 * 1000);
  const moments = [nextZoneTransition(zone, now), nextZoneTransition(zone, reach)].map((t, i) =>
    t === null ? Number.POSITIVE_INFINITY : t.getTime() - (i === 0 ? 0 : reach.getTime() - now.getTime()),
  );
  return {
    offsets: zoneOffsetsBetween(zone, now, reach),
    changesAt: Math.min(...moments.filter((m) => m > now.getTime())),
    today: licenceDayIn(zone, now),
  };
}

/** A manifest schedule as built from a schedule and the contents' rows: `memo` keeps one per schedule. */
type BuiltSchedule = ResolvedManifest['schedules'][number];

/**
 * A player's manifest from its schedules (schedules module), its current emergency message (emergency module)
 * and their contents' rows, and until when it holds (an emergency message's end included).
 * Many players at once (agent/pushManifests.ts) pass their zone's facts and a `memo`: the schedules module
 * hands players of one zone with the same schedules the same objects, built here once for all of them.
 */
export function buildManifest(
  device: AgentDevice,
  {
    schedules,
    changesAt,
    emergency,
  }: { schedules: ManifestSchedule[]; changesAt: Date; emergency?: EmergencyRow | undefined },
  rows: ReadonlyMap<string, ContentRow>,
  now: Date,
  zone: ZoneFacts = zoneFactsOf(device.timeZone, now),
  memo?: WeakMap<ManifestSchedule, BuiltSchedule>,
): { manifest: ResolvedManifest; validUntil: Date } {
  const ends = emergency ? [emergency.endsAt.getTime()] : [];
  const validUntil = new Date(Math.min(changesAt.getTime(), zone.changesAt, ...ends));
  const emergencyMedia = emergency?.contentId ? mediaOf(rows.get(emergency.contentId), zone.today) : null;
  const built = (s: ManifestSchedule): BuiltSchedule => {
    const known = memo?.get(s);
    if (known) return known;
    const out: BuiltSchedule = {
      schedule_id: s.schedule_id,
      schedule_name: s.schedule_name,
      playlist_name: s.playlist_name,
      available_date_from: s.available_date_from,
      available_date_to: s.available_date_to,
      available_time_from: s.available_time_from,
      available_time_to: s.available_time_to,
      created_at: s.created_at,
      download_allow_hour: s.download_allow_hour,
      delivery_timing: s.download_allow_hour === DEFAULT_DOWNLOAD_ALLOW_HOUR ? 'NIGHT' : 'NOW',
      live: s.first_content_live,
      media: s.contentIds.map((id) => mediaOf(rows.get(id), zone.today)).filter((m) => m !== null),
      windows: s.windows,
    };
    memo?.set(s, out);
    return out;
  };
  const manifest: ResolvedManifest = {
    device_code: device.deviceCode,
    time_zone: device.timeZone,
    display_pattern: device.displayPattern,
    horizon_hours: MANIFEST_HORIZON_HOURS,
    schedules: schedules.map(built),
    offsets: zone.offsets,
    fallback: { kind: 'idle', clock: true, store_name: device.shopName },
  };
  // An image message whose image may no longer be delivered (deleted, expired) shows nothing.
  if (emergency && (emergency.kind === 'text' || emergencyMedia)) {
    manifest.emergency = manifestEmergency(emergency, emergencyMedia);
  }
  return { manifest, validUntil };
}

/** The version of a resolved manifest: sha256 of its canonical form (base64url, 43 characters). */
export const manifestVersion = (manifest: ResolvedManifest) => sha256(canonicalJson(manifest), 'base64url');

/** Whether If-None-Match names this entity tag (weak comparison, as RFC 9110 says for If-None-Match). */
export function matchesIfNoneMatch(header: string | undefined, version: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${version}"`);
}

/** Date and X-Server-Time (epoch ms) on every manifest answer, 304 included: the player measures its skew. */
function stampServerTime(reply: FastifyReply, now: Date) {
  reply.header('x-server-time', String(now.getTime())).header('date', now.toUTCString());
}

/**
 * The manifest answer. An unchanged poll (If-None-Match names the version stored with the player, nothing it
 * is made of was written since and time has not changed it yet) is answered 304 from the player's row, read
 * with its token: no schedules, media or hashing. Otherwise it is resolved, and what was served is recorded.
 */
export async function answerManifest(db: Database, device: AgentDevice, request: FastifyRequest, reply: FastifyReply) {
  const now = new Date();
  const ifNoneMatch = request.headers['if-none-match'];
  if (servedManifestHolds(device, now) && matchesIfNoneMatch(ifNoneMatch, device.manifestVersion)) {
    return notModified(reply, device.manifestVersion, now);
  }
  const { manifest, validUntil } = await resolveManifestUntil(db, device, now);
  const version = manifestVersion(manifest);
  // Confirmed delivery compares what the player applied with this (a write only when it changed).
  await recordServedManifest(db, device, { version, validUntil }, now);
  if (matchesIfNoneMatch(ifNoneMatch, version)) return notModified(reply, version, now);
  stampManifest(reply, version, now);
  return { ...manifest, version, server_time: now.toISOString() };
}

function stampManifest(reply: FastifyReply, version: string, now: Date) {
  stampServerTime(reply, now);
  reply.header('etag', `"${version}"`).header('cache-control', 'no-cache');
}

function notModified(reply: FastifyReply, version: string, now: Date) {
  stampManifest(reply, version, now);
  return reply.code(304).send();
}

/**
 * A poll. An unchanged one is answered 304 from the version this process last saw served to the player while
 * it holds (the request cache's CachedManifest, ended by the database's notification of any write of it), with
 * no database read at all; failing that from the player's row (answerManifest), which then fills the cache.
 * A poll with Cache-Control: no-cache (the player's collect after a push event, which another process may have
 * sent before this one's notification arrived) is checked against the row.
 */
export async function answerPoll(
  db: Database,
  cache: RequestCache,
  device: CachedDevice,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const now = new Date();
  const tokenHash = request.deviceTokenHash ?? '';
  const ifNoneMatch = request.headers['if-none-match'];
  const fresh = request.headers['cache-control']?.includes('no-cache') === true;
  const cached = fresh ? undefined : cache.manifest(tokenHash, now.getTime());
  if (cached && matchesIfNoneMatch(ifNoneMatch, cached.version)) return notModified(reply, cached.version, now);
  // The guard read the whole row when its own cache had no entry: used as it is, but not cached (what it read
  // may predate a notification this process has applied since; a read taken after `generation` may be).
  if ('manifestChanges' in device) return answerManifest(db, device as AgentDevice, request, reply);
  const generation = cache.generation;
  const row = await findDeviceByTokenHash(db, tokenHash);
  if (!row) throw new HttpError(401, AGENT_MESSAGES.tokenRequired);
  if (servedManifestHolds(row, now) && row.manifestValidUntil) {
    const validUntil = row.manifestValidUntil.getTime();
    cache.putManifest(tokenHash, generation, { version: row.manifestVersion }, validUntil, now.getTime());
  }
  return answerManifest(db, row, request, reply);
}

/** GET /agent/v1/manifest: the player's manifest, or 304 when its If-None-Match is still the version. */
export const manifestRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(
    app,
    AGENT_CONTRACTS.manifest,
    async ({ device, request, reply }) => answerPoll(db, app.authCache, device, request, reply),
    {
      // Every player polls each minute (mostly 304): logged at debug when answered, at info when refused.
      routine: true,
      // The player's code may come from the token cache; the poll reads the row itself when it needs it.
      cachedDevice: true,
    },
  );
};
