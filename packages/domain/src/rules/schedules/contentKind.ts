import type { ContentListMediaType, MediaTypeFilter } from '../contents';

/**
 * A schedule holds either images and movies, or live streams: the first content picked decides
 * (SPEC.md section 2, Schedule wizard). 'media' is images and movies; 'live' is streams.
 */
export type ScheduleContentKind = 'media' | 'live';

type Typed = { type: 'image' | 'movie' | 'stream' };

export const scheduleContentKindOf = (content: Typed): ScheduleContentKind =>
  content.type === 'stream' ? 'live' : 'media';

/** The kind a selection has taken: its first content's, or null while nothing is picked. */
export function scheduleKindOf(selection: readonly Typed[]): ScheduleContentKind | null {
  const first = selection[0];
  return first ? scheduleContentKindOf(first) : null;
}

/** Whether a content may join a selection of `kind` (anything may start an empty one). */
export const fitsScheduleKind = (kind: ScheduleContentKind | null, content: Typed): boolean =>
  kind === null || scheduleContentKindOf(content) === kind;

/**
 * The media type the content picker asks the list for: after the first pick, live only, or images and
 * movies (narrowed further when the user's own filter is image only or video only). A user filter of the
 * other kind gives way to the pick.
 */
export function pickerMediaType(
  kind: ScheduleContentKind | null,
  filter: MediaTypeFilter = 'none',
): ContentListMediaType {
  if (kind === null) return filter;
  if (kind === 'live') return 'live';
  return filter === 'image' || filter === 'video' ? filter : 'image_movie';
}
