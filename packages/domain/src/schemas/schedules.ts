import { z } from 'zod';
import { DEFAULT_DOWNLOAD_ALLOW_HOUR } from '../catalog/constants';
import { MESSAGES } from '../catalog/messages';
import type { ScheduleValues } from '../rules/schedules/types';
import { validateScheduleValues } from '../rules/schedules/validation';
import { type LocalDate, type LocalTime, parseLocalDate, parseZone, type TimeZone } from '../rules/time';
import { ZInstant, ZText, zText } from './common';
import { DEVICE_LIST_ALL_LIMIT, ZDeviceCode } from './devices';
import { ZScheduleBrief } from './scheduleBrief';

export { type TScheduleBrief, ZScheduleBrief } from './scheduleBrief';

/** Longest playlist and schedule name: as long as other names in the console. */
export const SCHEDULE_NAME_MAX = 200;
/** Most contents one playlist holds. */
export const SCHEDULE_CONTENTS_MAX = 200;

const HH_MM = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** null reads as '', the spec's "missing" (no end period, all day, option off). */
const zOptionalText = (error: string) =>
  zText(error)
    .nullable()
    .transform((value) => (value ?? '').trim());

export const ZScheduleDate = zText(MESSAGES.scheduleInvalidDate)
  .trim()
  .refine((value) => parseLocalDate(value) === value, MESSAGES.scheduleInvalidDate)
  .transform((value) => value as LocalDate);

/** An end date, or '' (or null) for no end period. */
export const ZScheduleEndDate = zOptionalText(MESSAGES.scheduleInvalidDate)
  .refine((value) => value === '' || parseLocalDate(value) === value, MESSAGES.scheduleInvalidDate)
  .transform((value) => value as LocalDate | '');

/**
 * A time as 'HH:mm' or 'HH:mm:ss', sent on as 'HH:mm:ss' with the spec's seconds: a from time has seconds
 * 00 and a to time 59 (the end minute is included). Other seconds are refused, not rounded. '' (or null)
 * is no time: all day.
 */
function zScheduleTime(end: boolean) {
  const seconds = end ? '59' : '00';
  return zOptionalText(MESSAGES.scheduleInvalidTime)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const match = HH_MM.exec(value);
      if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.scheduleInvalidTime, continue: false });
      } else if (match[3] !== undefined && match[3] !== seconds) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.scheduleTimeStep, continue: false });
      }
    })
    .transform((value) => (value === '' ? '' : (`${value.slice(0, 5)}:${seconds}` as LocalTime)));
}
export const ZScheduleTimeFrom = zScheduleTime(false);
export const ZScheduleTimeTo = zScheduleTime(true);

/** The zone the console user entered the dates and times in (IANA id, canonical spelling). */
export const ZZoneCode = zText(MESSAGES.invalidTimeZone)
  .trim()
  .transform((value, ctx) => {
    const zone = parseZone(value);
    if (zone === null) ctx.addIssue({ code: 'custom', message: MESSAGES.invalidTimeZone });
    return (zone ?? value) as TimeZone;
  });

const playlistName = zText(MESSAGES.enterPlaylistName).trim().min(1, MESSAGES.enterPlaylistName).max(SCHEDULE_NAME_MAX);
const scheduleName = zText(MESSAGES.enterScheduleName).trim().min(1, MESSAGES.enterScheduleName).max(SCHEDULE_NAME_MAX);
const contents = z
  .array(ZText.trim().min(1).max(100), { error: MESSAGES.selectScheduleContent })
  .min(1, MESSAGES.selectScheduleContent)
  .max(SCHEDULE_CONTENTS_MAX);
const dest = z
  .array(ZDeviceCode, { error: MESSAGES.selectSchedulePlayer })
  .min(1, MESSAGES.selectSchedulePlayer)
  .max(DEVICE_LIST_ALL_LIMIT);
const downloadAllowHour = zOptionalText(MESSAGES.invalidRequest).pipe(
  z.enum([DEFAULT_DOWNLOAD_ALLOW_HOUR, ''], { error: MESSAGES.invalidRequest }),
);

/**
 * POST /api/schedules (SPEC.md section 7). The rules that need no clock are checked here (time steps and
 * order, end not before start); whether the start is today or tomorrow depends on today in zone_code, so
 * the server checks it with validateScheduleValues.
 */
export const ZScheduleCreate = z
  .object({
    playlist_name: playlistName,
    schedule_name: scheduleName,
    available_date_from: ZScheduleDate,
    available_date_to: ZScheduleEndDate.default(''),
    available_time_from: ZScheduleTimeFrom.default(''),
    available_time_to: ZScheduleTimeTo.default(''),
    contents,
    dest,
    download_allow_hour: downloadAllowHour.default(DEFAULT_DOWNLOAD_ALLOW_HOUR),
    zone_code: ZZoneCode,
  })
  .superRefine((body, ctx) => {
    const values: ScheduleValues = body;
    for (const issue of validateScheduleValues(values, { today: body.available_date_from, checkStart: false })) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
export type TScheduleCreate = z.output<typeof ZScheduleCreate>;

/**
 * PUT /api/schedules/{schedule_id}: zone_code plus the changed fields. Each field is checked alone here;
 * the rules across fields need the stored schedule, so the server merges and runs validateScheduleValues.
 */
export const ZScheduleUpdate = z.object({
  zone_code: ZZoneCode,
  playlist_name: playlistName.optional(),
  schedule_name: scheduleName.optional(),
  available_date_from: ZScheduleDate.optional(),
  available_date_to: ZScheduleEndDate.optional(),
  available_time_from: ZScheduleTimeFrom.optional(),
  available_time_to: ZScheduleTimeTo.optional(),
  contents: contents.optional(),
  dest: dest.optional(),
  download_allow_hour: downloadAllowHour.optional(),
});
export type TScheduleUpdate = z.output<typeof ZScheduleUpdate>;

export const ZScheduleIdParams = z.object({ schedule_id: ZText.trim().min(1).max(100) });

/**
 * A content as a schedule carries it (SPEC.md section 3: each with type, rtmp_url, stream_key,
 * thumbnail_url, display_pattern), plus what the device content list modal shows (name, expiring date).
 * A content deleted after the schedule ended keeps its name here; `deleted` says so.
 */
export const ZScheduleContent = z.object({
  content_id: z.string(),
  name: z.string(),
  type: z.enum(['image', 'movie', 'stream']),
  display_pattern: z.string(),
  thumbnail_url: z.string().nullable(),
  rtmp_url: z.string().nullable(),
  stream_key: z.string().nullable(),
  /** Seconds (movies); null for images and streams. */
  duration: z.number().nullable(),
  license_from: z.string().nullable(),
  /** The expiring date the modal shows; null is 'No expiration'. */
  license_to: z.string().nullable(),
  deleted: z.boolean(),
});
export type TScheduleContent = z.infer<typeof ZScheduleContent>;

/**
 * A schedule as the API answers it (SPEC.md section 3). Empty strings are the spec's "missing", as in
 * ScheduleValues: no end period, all day, download-hour option off. Dates and times are wall-clock values
 * read in each player's own zone. A write's `zone_code` is the zone the console user entered them in (it decides
 * what "today" is for the start-date rule) and is not kept; the answer's is derived: the one zone of the
 * players the user sees, or null when they are in several.
 */
export const ZSchedule = ZScheduleBrief.extend({
  zone_code: z.string().nullable(),
  /** Ordered. */
  contents: z.array(ZScheduleContent),
  /** Device codes of the players the asking user may see. */
  dest: z.array(z.string()),
  /** How many more players outside the asking user's region or shop the schedule also plays on. */
  dest_hidden: z.number().int(),
  /**
   * The display patterns of every player the schedule plays on (seen or hidden), each once: a content put
   * on it must fit each (contentFitsPlayer), so the contents picker marks those that do not (issue 31).
   */
  dest_display_patterns: z.array(z.string()),
  updated_at: ZInstant,
});
export type TSchedule = z.infer<typeof ZSchedule>;

/**
 * GET /api/schedules?device_code=: one player's schedules that have not ended (include_ended adds the
 * ended ones), newest first, with current_schedule and next_schedule resolved at `now` in the player's zone.
 */
export const ZScheduleListQuery = z.object({
  device_code: ZDeviceCode,
  include_ended: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
export const ZScheduleList = z.object({
  device_code: z.string(),
  /** The player's zone the dates and times are read in. */
  time_zone: z.string(),
  /** The server's instant the answer was resolved at (ISO 8601). */
  now: z.string(),
  schedules: z.array(ZSchedule),
  current_schedule: ZSchedule.nullable(),
  next_schedule: ZSchedule.nullable(),
});
export type TScheduleList = z.infer<typeof ZScheduleList>;
