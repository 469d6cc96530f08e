import { z } from 'zod';
import { ZText } from './common';

/**
 * Confirmed delivery (ARCHITECTURE.md section 5): what the player reports about the plan it plays, with each
 * heartbeat. The console compares `applied_version` with the manifest the server would give the player now.
 */
export const ZOnScreen = z.object({
  /** schedule: a schedule's media play · idle: the fallback (clock and store name) · pairing: not paired yet. */
  kind: z.enum(['schedule', 'idle', 'pairing']),
  schedule_id: z.guid().nullable(),
  content_id: z.guid().nullable(),
  /**
   * A live schedule's content: its stream is on screen ('stream'), or its live image while the stream is off air
   * ('live_image'). Absent or null for anything else.
   */
  live: z.enum(['stream', 'live_image']).nullable().optional(),
  /** When this item started on screen (the player's clock, corrected by its measured skew). */
  since: z.iso.datetime({ offset: true }),
});
export const ZDeliveryReport = z.object({
  /** The manifest version (ETag value) whose media are all downloaded and verified, and which the player plays from. */
  applied_version: ZText.max(128).nullable(),
  /** A newer manifest the player holds but has not applied yet (media downloading, or waiting for the download hour). */
  pending_version: ZText.max(128).nullable(),
  on_screen: ZOnScreen.nullable(),
  /** Progress of the pending version's media; null when nothing is downloading. */
  download: z
    .object({
      done_bytes: z.number().int().min(0),
      total_bytes: z.number().int().min(0),
      files_done: z.number().int().min(0),
      files_total: z.number().int().min(0),
    })
    .nullable(),
  /** Bytes of media kept for offline play, and the browser's storage quota. */
  cache_bytes: z.number().int().min(0).nullable(),
  quota_bytes: z.number().int().min(0).nullable(),
  /** The player's clock minus the server's (X-Server-Time), in ms. */
  clock_skew_ms: z.number().int().nullable(),
  /** The player software's version. */
  player_version: ZText.max(64).nullable(),
});
export type TDeliveryReport = z.infer<typeof ZDeliveryReport>;
