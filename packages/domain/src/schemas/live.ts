import { z } from 'zod';
import { LIVE_DASHBOARD_OPTIONS, LIVE_LAYOUTS, LOGO_POSITIONS } from '../rules/contents';
import { ZInstant, ZText } from './common';

/**
 * Live streams (issue 14): what a player and the console need to show a live content. The stream key is
 * never part of a playback address: HLS is served under the content id, by the server, to a session allowed
 * to read the content (console) or to a player whose manifest carries it (device token).
 */

/** How a player renders a live content (the registration's layout fields), carried in the manifest. */
export const ZManifestLive = z.object({
  layout: z.enum(LIVE_LAYOUTS),
  /** Multielement's title; '' for Fullscreen. */
  title: z.string(),
  /** The registration's output resolution: the box the stream is drawn in (aspect ratio and pixel size). */
  output_width: z.number().int(),
  output_height: z.number().int(),
  /** Fullscreen: where the live mark sits; null for Multielement. */
  logo_position: z.enum(LOGO_POSITIONS).nullable(),
  /** Fullscreen: the prompt shown over the live image while off air; '' for Multielement. */
  prompt: z.string(),
  dashboard: z.enum(LIVE_DASHBOARD_OPTIONS),
});
export type TManifestLive = z.infer<typeof ZManifestLive>;

export const LIVE_INGEST_STATES = ['running', 'starting', 'stopped', 'unavailable', 'off', 'external'] as const;
export type LiveIngestState = (typeof LIVE_INGEST_STATES)[number];

/** GET /api/live/:content_id/status: whether the ingest receives the stream now, and where the console plays it. */
export const ZLiveStatus = z.object({
  content_id: z.string(),
  on_air: z.boolean(),
  /** ISO instant the current broadcast started; null off air. */
  on_air_since: z.string().nullable(),
  /** ISO instant the last broadcast ended; null when none has. */
  last_ended_at: ZInstant.nullable(),
  /** The HLS playlist for the console (session cookie), relative to the server: /api/live/{content_id}/index.m3u8. */
  playback_url: z.string(),
  /**
   * Optional (added by the ingest): where the server's own RTMP ingest stands. `running` receives streams;
   * `starting` (re)starts; `stopped`; `unavailable`: nginx or its RTMP module is missing (the server logged
   * why); `off`: no ingest here (LIVE_INGEST=off); `external`: nginx runs as its own service, or the content
   * is on another platform, so the server cannot tell.
   */
  ingest: z.enum(LIVE_INGEST_STATES).optional(),
});
export type TLiveStatus = z.infer<typeof ZLiveStatus>;

export const ZLiveContentParams = z.object({ content_id: z.guid() });
/** A playlist or segment name the ingest wrote: index.m3u8, 12.ts (no path, no dots but the extension). */
export const ZLiveFileParams = ZLiveContentParams.extend({
  file: ZText.regex(/^[A-Za-z0-9_-]{1,64}\.(m3u8|ts|m4s|mp4)$/),
});

/** POST /api/contents/:key/stream-key: a new key; the old one stops working at once (a running broadcast is cut). */
export const ZStreamKeyReply = z.object({ rtmp_url: z.string(), stream_key: z.string() });
export type TStreamKeyReply = z.infer<typeof ZStreamKeyReply>;

/** Push event `live` on /agent/v1/events: a live content of this player's manifest went on or off air. */
export const ZAgentLiveEvent = z.object({ content_id: z.string(), on_air: z.boolean() });
export type TAgentLiveEvent = z.infer<typeof ZAgentLiveEvent>;
