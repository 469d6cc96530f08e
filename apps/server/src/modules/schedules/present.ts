import {
  DEFAULT_DOWNLOAD_ALLOW_HOUR,
  type ScheduleValues,
  type TSchedule,
  type TScheduleBrief,
  type TScheduleContent,
} from '@signage/domain';
import { type ContentRow, presentContent } from '../contents';
import { resolvable, type ScheduleRow } from './rows';

export { resolvable };

/** The stored schedule as the domain's values (what validation and the update diff work on). */
export function valuesOf(row: ScheduleRow, contents: string[], dest: string[]): ScheduleValues {
  return {
    ...resolvable(row),
    playlist_name: row.playlistName,
    schedule_name: row.scheduleName,
    download_allow_hour: row.downloadAllowHour === DEFAULT_DOWNLOAD_ALLOW_HOUR ? DEFAULT_DOWNLOAD_ALLOW_HOUR : '',
    contents,
    dest,
  };
}

export function presentBrief(row: ScheduleRow): TScheduleBrief {
  const values = resolvable(row);
  return {
    schedule_id: row.id,
    schedule_name: row.scheduleName,
    playlist_name: row.playlistName,
    available_date_from: values.available_date_from,
    available_date_to: values.available_date_to,
    available_time_from: values.available_time_from,
    available_time_to: values.available_time_to,
    download_allow_hour: row.downloadAllowHour === DEFAULT_DOWNLOAD_ALLOW_HOUR ? DEFAULT_DOWNLOAD_ALLOW_HOUR : '',
    first_content_live: row.live,
    created_at: row.createdAt.toISOString(),
  };
}

/** A schedule's content; never with its stream key (content detail gives it to those who may change contents). */
export function presentScheduleContent(row: ContentRow): TScheduleContent {
  const content = presentContent(row);
  return {
    content_id: content.content_id,
    name: content.name,
    type: content.type,
    display_pattern: content.display_pattern,
    thumbnail_url: content.thumbnail_url,
    rtmp_url: content.rtmp_url,
    stream_key: content.stream_key,
    duration: content.duration,
    license_from: content.license_from,
    license_to: content.license_to,
    deleted: row.deletedAt !== null,
  };
}

/**
 * SPEC.md section 3's zone_code, derived (the column is read by nobody): the zone the schedule's dates and times are read
 * in, which is its players' own; the one zone of the players the user sees, or null when they are in several
 * (or the user sees none).
 */
export function zoneOfPlayers(zones: readonly string[]): string | null {
  const distinct = new Set(zones);
  return distinct.size === 1 ? (zones[0] ?? null) : null;
}

/**
 * The full answer: ordered contents, the players the user sees, how many others it also plays on, and the
 * display patterns of them all (the server refuses a content that does not fit any of them).
 */
export function presentSchedule(
  row: ScheduleRow,
  contents: TScheduleContent[],
  dest: { visible: string[]; hidden: number; zone: string | null; patterns: string[] },
): TSchedule {
  return {
    ...presentBrief(row),
    zone_code: dest.zone,
    contents,
    dest: dest.visible,
    dest_hidden: dest.hidden,
    dest_display_patterns: [...new Set(dest.patterns)].sort(),
    updated_at: row.updatedAt.toISOString(),
  };
}
