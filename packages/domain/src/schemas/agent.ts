import { z } from 'zod';
import { DEFAULT_DOWNLOAD_ALLOW_HOUR } from '../catalog/constants';
import { HEARTBEAT_INTERVAL_SECONDS } from '../rules/players';
import { isZoneName } from '../rules/zones';
import { ZInstant, ZText } from './common';
import { ZDeliveryReport } from './delivery';
import { ZManifestEmergencyBase } from './emergency';
import { ZManifestLive } from './live';
import { ZLogLevel } from './logs';
import { ZSerial } from './registrations';

/** The player protocol /agent/v1 (ARCHITECTURE.md section 5). Its texts are for machines and installers. */
export { type TDeliveryReport, ZDeliveryReport, ZOnScreen } from './delivery';

export const AGENT_MESSAGES = {
  tokenRequired: 'A valid device token is required',
  pinRejected: 'The PIN is not valid for this player',
  tooManyGuesses: 'Too many wrong PINs. Wait and try again',
  badRange: 'The log time range ends before it starts',
  badTimeZone: 'time_zone must be an IANA time zone name such as Europe/London',
  mediaNotInManifest: "This media is not in the player's manifest",
  tooManyPlays: 'Send at most 500 plays in one batch',
} as const;

/** The zone the player's own clock is set to, as it reports it. Recorded for staff to see; never applied. */
export const ZReportedTimeZone = ZText.refine(isZoneName, AGENT_MESSAGES.badTimeZone);

export const ZAnnounce = z.object({ serial: ZSerial, time_zone: ZReportedTimeZone.optional() });
/** waiting: not registered yet · registered: a store is set, PIN pending · activated: paired. */
export const ZAgentState = z.enum(['waiting', 'registered', 'activated']);
export const ZAnnounceReply = z.object({ state: ZAgentState, announce_interval_seconds: z.number().int() });

export const ZPair = z.object({
  serial: ZSerial,
  pin: ZText.trim().regex(/^\d{6}$/, 'The PIN has six digits'),
});
export const ZPairReply = z.object({
  device_code: z.string(),
  token: z.string(),
  heartbeat_interval_seconds: z.number().int(),
});

export const ZHeartbeat = z
  .object({
    status: z.enum(['ok', 'error']).default('ok'),
    time_zone: ZReportedTimeZone.optional(),
    delivery: ZDeliveryReport.optional(),
    /**
     * Plays the player could not record (its storage full or unavailable) since it was paired: a running total,
     * so a resent beat never counts one twice; the server keeps the latest. Absent keeps what is stored.
     */
    plays_unrecorded: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .default({ status: 'ok' });
export const ZHeartbeatReply = z.object({
  device_code: z.string(),
  heartbeat_interval_seconds: z.literal(HEARTBEAT_INTERVAL_SECONDS),
});

/** Log upload: one log file (UTF-8 text, up to 4 MiB) with its level and time range. */
export const AGENT_LOG_MAX_BYTES = 4 * 1024 * 1024;
export const ZLogUpload = z.object({
  name: ZText.trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/),
  level: ZLogLevel,
  started_at: z.iso.datetime({ offset: true }),
  ended_at: z.iso.datetime({ offset: true }),
  content: ZText.max(AGENT_LOG_MAX_BYTES),
});
export type TLogUpload = z.infer<typeof ZLogUpload>;
export const ZLogUploadReply = z.object({ log_id: z.string(), size: z.number().int() });

/**
 * The manifest (GET /agent/v1/manifest): what a player needs to play the next 48 hours offline. Schedules
 * carry their wall-clock rules (dates and times at the store, read in `time_zone`), not a list of windows,
 * so the player resolves them with the same domain rules as the server and the manifest (and its ETag)
 * changes only when its content does. `server_time` is left out of the ETag's hash.
 */
export const MANIFEST_HORIZON_HOURS = 48;
/** How many days of windows a manifest carries: a week offline and a day to spare, the player plays on. */
export const MANIFEST_WINDOW_DAYS = 8;
export const ZManifestMedia = z.object({
  content_id: z.string(),
  name: z.string(),
  type: z.enum(['image', 'movie', 'stream']),
  content_type: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** Seconds; null for images (the player's default) and streams. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  license_from: z.string().nullable(),
  license_to: z.string().nullable(),
  display_pattern: z.string(),
  /**
   * The media endpoint (relative to the server). For a stream: its live image (size, sha256 and content_type
   * are the image's), downloaded and verified like any file, shown while the stream is off air.
   */
  url: z.string().nullable(),
  /** A stream's HLS playlist, relative to the server (device token): /agent/v1/live/{content_id}/index.m3u8. */
  stream_url: z.string().nullable(),
  /** A stream's rendering (layout, output resolution, logo position, prompt, dashboard); null otherwise. */
  live: ZManifestLive.nullable(),
});
export type TManifestMedia = z.infer<typeof ZManifestMedia>;
export const ZManifestSchedule = z.object({
  schedule_id: z.string(),
  schedule_name: z.string(),
  playlist_name: z.string(),
  /** Wall-clock values at the store ('' = open / all day), read in the manifest's time_zone. */
  available_date_from: z.string(),
  available_date_to: z.string(),
  available_time_from: z.string(),
  available_time_to: z.string(),
  /** Priority: the latest-created schedule in range plays. */
  created_at: ZInstant,
  /** The download-hour option: '23' (new media is downloaded from 23:00 local) or '' (at once). */
  download_allow_hour: z.enum([DEFAULT_DOWNLOAD_ALLOW_HOUR, '']),
  delivery_timing: z.enum(['NIGHT', 'NOW']),
  live: z.boolean(),
  /** Ordered: the play order of the loop. */
  media: z.array(ZManifestMedia),
  /**
   * When it plays, as instants (end exclusive, null open): its windows overlapping the next
   * MANIFEST_WINDOW_DAYS days, computed by the server with the domain's rules in the store's zone. The player
   * resolves what plays from these only (rules/instants.ts); the wall-clock fields above are for display.
   */
  windows: z.array(z.object({ start: z.string().nullable(), end: z.string().nullable() })).default([]),
});
export type TManifestSchedule = z.infer<typeof ZManifestSchedule>;
/**
 * An emergency message over every schedule (issue 29 item 6): its text, or its image (downloaded like any
 * media, whatever the download hour). Present only while one is posted for the player and not ended.
 */
export const ZManifestEmergency = ZManifestEmergencyBase.extend({ media: ZManifestMedia.nullable() });
export type TManifestEmergency = z.infer<typeof ZManifestEmergency>;
export const ZManifestFallback = z.object({
  kind: z.literal('idle'),
  clock: z.literal(true),
  store_name: z.string(),
});
export const ZManifest = z.object({
  device_code: z.string(),
  time_zone: z.string(),
  display_pattern: z.string(),
  horizon_hours: z.literal(MANIFEST_HORIZON_HOURS),
  /** Current or starting within the horizon, newest first. */
  schedules: z.array(ZManifestSchedule),
  /**
   * The store's UTC offsets over the windows' days (time_zone's, in minutes east; `at` null: since ever): the
   * player's wall clock for night delivery and the offset its plays are stamped with (rules/instants.ts).
   */
  offsets: z.array(z.object({ at: z.string().nullable(), minutes: z.number().int() })).default([]),
  /** What plays when no schedule does (always named, so it works offline too). */
  fallback: ZManifestFallback,
  /** The emergency message to show over the schedules from its start to its end; absent when none. */
  emergency: ZManifestEmergency.optional(),
  /** The ETag's value (without quotes), also in the body for players that store the manifest. */
  version: z.string(),
  /** Server clock (ISO instant); not part of the version. */
  server_time: ZInstant,
});
export type TManifest = z.infer<typeof ZManifest>;

export const ZAgentMediaParams = z.object({ content_id: ZText.min(1).max(64) });

/** Proof of play: one play as the player recorded it. */
export const PLAYS_MAX_BATCH = 500;
export const ZPlay = z.object({
  sequence: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  content_id: z.guid(),
  schedule_id: z.guid().nullable(),
  /**
   * The emergency message this play showed (issue 29 item 6); absent for a schedule's play (older players never
   * send it). `content_id` is then its image, or, for a text, the emergency's own id.
   */
  emergency_id: z.guid().nullish(),
  started_at: z.iso.datetime({ offset: true }),
  utc_offset_minutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60),
  duration_ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000),
});
export type TPlay = z.infer<typeof ZPlay>;
export const ZPlayBatch = z.object({ plays: z.array(ZPlay).min(1).max(PLAYS_MAX_BATCH, AGENT_MESSAGES.tooManyPlays) });
/** acked: the highest sequence n such that every play 1..n is held; `stored`: new rows of this batch. */
export const ZPlaysReply = z.object({ acked: z.number().int(), stored: z.number().int() });

/**
 * The push channel GET /agent/v1/events (Server-Sent Events, read with fetch so the device token travels in the
 * Authorization header). Events: `hello` on connect (data ZAgentHello), `manifest` when anything in the player's
 * manifest may have changed (data ZAgentManifestEvent: collect now), `revoked` when the player is deleted (the
 * server then closes the stream; the player forgets its token), `live` when a live content of its manifest goes on
 * or off air (data ZAgentLiveEvent: start or stop the stream now), `reconnect` when the server is shutting down
 * (data ZAgentReconnectEvent; the server then closes the stream: connect again at once, without backoff, through
 * the load balancer, which sends it to another server, and collect), `command` when a user asks it for a screenshot
 * or another remote command (data ZAgentCommand: run it once, answer it). A comment line (': ping') every
 * AGENT_EVENTS_PING_SECONDS keeps proxies from closing an idle stream.
 */
export const AGENT_EVENTS_PING_SECONDS = 25;
export const AGENT_EVENT_NAMES = ['hello', 'manifest', 'revoked', 'live', 'reconnect', 'command'] as const;
export type AgentEventName = (typeof AGENT_EVENT_NAMES)[number];
export const ZAgentHello = z.object({ device_code: z.string(), server_time: ZInstant });
export const ZAgentReconnectEvent = z.object({
  /** Why, for logs only ('draining': this server stops). */
  reason: z.string(),
});
export const ZAgentManifestEvent = z.object({
  /** What changed, for logs only (schedule, content, player, clock). */
  reason: z.string(),
  /**
   * The player's new manifest, resolved by the server holding its channel (issue 32: a change for thousands of
   * players is not thousands of collects): the player takes it as the answer of a collect. Absent (the server
   * could not resolve it, or an older server): collect now.
   */
  manifest: ZManifest.optional(),
});
