import { z } from 'zod';
import {
  ZAgentMediaParams,
  ZAnnounce,
  ZAnnounceReply,
  ZHeartbeat,
  ZHeartbeatReply,
  ZLogUpload,
  ZLogUploadReply,
  ZManifest,
  ZPair,
  ZPairReply,
  ZPlayBatch,
  ZPlaysReply,
} from '../schemas/agent';
import {
  ZAgentCommandList,
  ZAgentCommandParams,
  ZCommandAnswer,
  ZCommandAnswerReply,
  ZScreenshotReply,
  ZScreenshotUpload,
} from '../schemas/commands';
import { ZLiveFileParams } from '../schemas/live';
import { type Contract, defineContract } from './contract';

/** Where the player protocol lives; its version is part of the path. */
export const AGENT_PREFIX = '/agent/v1';

/**
 * The player protocol (ARCHITECTURE.md section 5) as contracts like /api's: announce and pair are open,
 * the others need the device token from pairing ('device'). Server and agent client both read these.
 */
export const AGENT_CONTRACTS = {
  announce: defineContract({
    method: 'POST',
    path: '/agent/v1/announce',
    body: ZAnnounce,
    response: ZAnnounceReply,
    errors: [400],
    roles: 'public',
    summary:
      'A player announces its serial (and optionally the IANA zone of its clock); idempotent. Answers its state: waiting, registered or activated',
    tags: ['agent'],
  }),
  pair: defineContract({
    method: 'POST',
    path: '/agent/v1/pair',
    body: ZPair,
    response: ZPairReply,
    errors: [400, 401, 429],
    roles: 'public',
    summary: 'Trade serial + PIN for a device token. PINs are single use and expire; wrong guesses are throttled',
    tags: ['agent'],
  }),
  heartbeat: defineContract({
    method: 'POST',
    path: '/agent/v1/heartbeat',
    body: ZHeartbeat,
    response: ZHeartbeatReply,
    errors: [400],
    roles: 'device',
    summary:
      'Bearer device token. Sets last_accessed and is_alive (and records the IANA time_zone the player reports); a player missing 3 windows of 60 s shows as Issue',
    tags: ['agent'],
  }),
  logs: defineContract({
    method: 'POST',
    path: '/agent/v1/logs',
    body: ZLogUpload,
    response: ZLogUploadReply,
    errors: [400, 413],
    roles: 'device',
    summary: 'Bearer device token. Upload one log file with its level and time range',
    tags: ['agent'],
  }),
  manifest: defineContract({
    method: 'GET',
    path: '/agent/v1/manifest',
    response: ZManifest,
    roles: 'device',
    summary:
      'Bearer device token. The schedules current or starting within 48 hours with their ordered media, the fallback and the server time. Strong ETag = hash of the resolved manifest; If-None-Match equal answers 304 without a body. X-Server-Time (epoch ms) on every answer',
    tags: ['agent'],
  }),
  media: defineContract({
    method: 'GET',
    path: '/agent/v1/media/:content_id',
    params: ZAgentMediaParams,
    response: z.any(),
    reply: 'raw',
    errors: [403, 404, 416],
    roles: 'device',
    summary:
      "Bearer device token. A media file of the player's current manifest, with Range (206, 416); 403 for media not in it. With S3 storage: 307 to a short-lived URL signed for that object (follow it with the same Range; the token stays behind)",
    tags: ['agent'],
  }),
  events: defineContract({
    method: 'GET',
    path: '/agent/v1/events',
    response: z.any(),
    reply: 'raw',
    roles: 'device',
    summary:
      "Bearer device token. Server-Sent Events: 'hello' on connect, 'manifest' when the player's manifest may have changed (collect now), 'revoked' when the player is deleted (then the stream closes); ': ping' comments every 25 s. Works across server processes (PostgreSQL LISTEN/NOTIFY)",
    tags: ['agent'],
  }),
  live: defineContract({
    method: 'GET',
    path: '/agent/v1/live/:content_id/:file',
    params: ZLiveFileParams,
    response: z.any(),
    reply: 'raw',
    errors: [400, 403, 404],
    roles: 'device',
    summary:
      "Bearer device token. A live stream's HLS playlist (index.m3u8) or segment, for a stream in the player's manifest (403 otherwise); 404 while the stream is off air",
    tags: ['agent'],
  }),
  plays: defineContract({
    method: 'POST',
    path: '/agent/v1/plays',
    body: ZPlayBatch,
    response: ZPlaysReply,
    errors: [400, 413],
    roles: 'device',
    summary:
      'Bearer device token. Proof of play, up to 500 plays a batch; idempotent by (player, sequence). Answers acked: the highest sequence n with every play 1..n held',
    tags: ['agent'],
  }),
  commands: defineContract({
    method: 'GET',
    path: '/agent/v1/commands',
    response: ZAgentCommandList,
    roles: 'device',
    summary:
      "Bearer device token. The player's commands not answered yet and still fresh (asked within 60 s), oldest first; asked on every connection of the push channel",
    tags: ['agent'],
  }),
  commandAnswer: defineContract({
    method: 'POST',
    path: '/agent/v1/commands/:command_id',
    params: ZAgentCommandParams,
    body: ZCommandAnswer,
    response: ZCommandAnswerReply,
    errors: [400, 404],
    roles: 'device',
    summary: "Bearer device token. The outcome of one of the player's commands (done or failed, with why)",
    tags: ['agent'],
  }),
  screenshot: defineContract({
    method: 'POST',
    path: '/agent/v1/screenshots',
    body: ZScreenshotUpload,
    response: ZScreenshotReply,
    errors: [400, 404, 413],
    roles: 'device',
    summary:
      'Bearer device token. A JPEG of what the screen shows (base64, at most 1 MB), answering a screenshot command or taken with a playback error; the last 10 per player are kept',
    tags: ['agent'],
  }),
} as const;

export const AGENT_CONTRACT_LIST: readonly Contract[] = Object.values(AGENT_CONTRACTS);
