import { z } from 'zod';
import { DEFAULT_DOWNLOAD_ALLOW_HOUR } from '../catalog/constants';
import { ZInstant } from './common';

/**
 * A schedule without its contents and players: what the player list shows as a player's current or next
 * schedule (SPEC.md section 3: derived current_schedule and next_schedule). Its own file so that the
 * player schemas can carry it without importing the schedule schemas (which import them).
 * Empty strings are the spec's "missing": no end period, all day, download-hour option off.
 */
export const ZScheduleBrief = z.object({
  schedule_id: z.string(),
  schedule_name: z.string(),
  playlist_name: z.string(),
  available_date_from: z.string(),
  available_date_to: z.string(),
  available_time_from: z.string(),
  available_time_to: z.string(),
  download_allow_hour: z.enum([DEFAULT_DOWNLOAD_ALLOW_HOUR, '']),
  /** Whether the first content is a live stream (the content list modal then locks changes once started). */
  first_content_live: z.boolean(),
  created_at: ZInstant,
});
export type TScheduleBrief = z.infer<typeof ZScheduleBrief>;
