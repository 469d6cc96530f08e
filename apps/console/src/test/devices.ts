import type { TDevice } from '@signage/domain';

/** A registered, paired US player; tests override what they look at. */
export const testDevice = (over: Partial<TDevice> = {}): TDevice => ({
  device_code: 'DVTEST',
  has_floor_map: false,
  device_name: 'SN-1',
  region: 'US',
  shop_no: '0012',
  shop_name: 'Chicago State St',
  display_pattern: 'Multi,CW',
  memo: '',
  store_type: '',
  device_type: '9Unset',
  tags: [],
  s2id: '',
  time_zone: 'America/New_York',
  reported_time_zone: null,
  is_alive: true,
  is_activated: true,
  has_schedule: false,
  current_schedule: null,
  next_schedule: null,
  last_accessed: null,
  activated_at: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
