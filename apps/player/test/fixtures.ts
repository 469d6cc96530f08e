import type { TManifestMedia, TManifestSchedule } from '@signage/domain';

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

/** A schedule of a manifest: all day, no period, Immediate, with one image unless told. */
export const manifestSchedule = (id: string, over: Partial<TManifestSchedule> = {}): TManifestSchedule => ({
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
  ...over,
});
