import type { TSchedule, TScheduleContent, TScheduleList } from '@signage/domain';

export const contentOf = (over: Partial<TScheduleContent> = {}): TScheduleContent => ({
  content_id: 'c1',
  name: 'Spring sale',
  type: 'image',
  display_pattern: 'Multi,CW',
  thumbnail_url: null,
  rtmp_url: null,
  stream_key: null,
  duration: null,
  license_from: null,
  license_to: null,
  deleted: false,
  ...over,
});

/** A Night, all-day schedule of three contents on one player; tests override what they look at. */
export const scheduleOf = (over: Partial<TSchedule> = {}): TSchedule => ({
  schedule_id: 's1',
  schedule_name: 'Autumn campaign',
  playlist_name: 'Default playlist',
  available_date_from: '2026-11-20',
  available_date_to: '2026-12-31',
  available_time_from: '',
  available_time_to: '',
  download_allow_hour: '23',
  first_content_live: false,
  created_at: '2026-11-01T00:00:00.000Z',
  zone_code: 'Asia/Tokyo',
  contents: [
    contentOf(),
    contentOf({ content_id: 'c2', name: 'Winter coats', type: 'movie', license_to: '2027-01-31' }),
    contentOf({ content_id: 'c3', name: 'Store map' }),
  ],
  dest: ['DVTEST'],
  dest_hidden: 0,
  dest_display_patterns: ['Multi,CW'],
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

export const listOf = (schedules: TSchedule[], over: Partial<TScheduleList> = {}): TScheduleList => ({
  device_code: 'DVTEST',
  time_zone: 'Asia/Tokyo',
  now: new Date().toISOString(),
  schedules,
  current_schedule: schedules[0] ?? null,
  next_schedule: null,
  ...over,
});
