import type { TDevice, TDeviceDelivery } from '@signage/domain';

/** A player that never reported its delivery; tests override what they look at. */
export const testDelivery = (over: Partial<TDeviceDelivery> = {}): TDeviceDelivery => ({
  state: 'unknown',
  pending_since: null,
  applied_version: null,
  on_screen: null,
  download: null,
  cache_bytes: null,
  quota_bytes: null,
  clock_skew_ms: null,
  clock_off: false,
  player_version: null,
  plays_unrecorded: 0,
  reported_at: null,
  ...over,
});

/** A registered, paired US player; tests override what they look at. */
export const testDevice = (over: Partial<TDevice> = {}): TDevice => ({
  device_code: 'DVTEST',
  has_floor_map: false,
  store_open: true,
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
  delivery: testDelivery(),
  last_accessed: null,
  activated_at: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
