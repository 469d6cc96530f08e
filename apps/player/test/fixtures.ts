import {
  type InstantWindow,
  type ResolvableSchedule,
  scheduleWindowsBetween,
  type TimeZone,
  type TManifestMedia,
  type TManifestSchedule,
  zoneOffsetsBetween,
} from '@signage/domain';

/** The span the tests' moments fall in: the windows and offsets a manifest of theirs carries. */
const FROM = new Date('2026-01-01T00:00:00Z');
const TO = new Date('2027-01-01T00:00:00Z');

/** A schedule's windows as the server computes them for a manifest (the domain's rules, in a zone). */
export const windowsIn = (schedule: TManifestSchedule, zone: string): InstantWindow[] =>
  scheduleWindowsBetween(schedule as unknown as ResolvableSchedule, zone as TimeZone, FROM, TO);

/** A zone's offsets over the tests' span, as a manifest carries them. */
export const offsetsIn = (zone: string) => zoneOffsetsBetween(zone as TimeZone, FROM, TO);

/** A file of a manifest: an image or a movie, ready, at its media route. */
export const manifestMedia = (id: string, type: 'image' | 'movie' = 'image'): TManifestMedia => ({
  content_id: id,
  name: id,
  type,
  content_type: type === 'image' ? 'image/png' : 'video/mp4',
  size: 10,
  sha256: 'x',
  duration: null,
  width: null,
  height: null,
  license_from: null,
  license_to: null,
  display_pattern: 'Multi,CW',
  url: `/agent/v1/media/${id}`,
  stream_url: null,
  live: null,
});

/**
 * A schedule of a manifest: all day, no period, Immediate, with one image unless told; its windows those of its
 * dates and times in Europe/London unless told (plan.test's manifests recompute them in their own zone).
 */
export const manifestSchedule = (id: string, over: Partial<TManifestSchedule> = {}): TManifestSchedule => {
  const schedule = bareSchedule(id, over);
  return { ...schedule, windows: over.windows ?? windowsIn(schedule, 'Europe/London') };
};

const bareSchedule = (id: string, over: Partial<TManifestSchedule>): TManifestSchedule => ({
  schedule_id: id,
  schedule_name: id,
  playlist_name: 'Default playlist',
  available_date_from: '',
  available_date_to: '',
  available_time_from: '',
  available_time_to: '',
  created_at: '2026-01-01T00:00:00.000Z',
  download_allow_hour: '',
  delivery_timing: 'NOW',
  live: false,
  media: [manifestMedia(`${id}-a`)],
  windows: [],
  ...over,
});
