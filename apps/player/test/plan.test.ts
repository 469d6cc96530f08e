import { HOUR_MS, localMsOfDay, nightDeliveryMomentMs, type TManifest, type TManifestSchedule } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_SECONDS,
  imageSecondsOf,
  isLive,
  mayDownload,
  nextScheduleAt,
  scheduleAt,
  storeHourAt,
  streamsOf,
} from '../src/plan';
import { manifestMedia, manifestSchedule, offsetsIn, windowsIn } from './fixtures';

const media = manifestMedia;

/** A live content as the manifest carries it: its file is its live image, its stream an HLS playlist. */
const stream = (id: string, liveImage = true) => ({
  ...media(id),
  type: 'stream' as const,
  url: liveImage ? `/agent/v1/media/${id}` : null,
  stream_url: `/agent/v1/live/${id}/index.m3u8`,
  live: {
    layout: 'Fullscreen' as const,
    title: '',
    output_width: 1280,
    output_height: 720,
    logo_position: 'upper_left' as const,
    prompt: 'Soon',
    dashboard: 'hide' as const,
  },
});

const schedule = manifestSchedule;

const manifest = (schedules: TManifestSchedule[], zone = 'Europe/London'): TManifest => ({
  device_code: 'D1',
  time_zone: zone,
  display_pattern: 'Multi,CW',
  horizon_hours: 48,
  schedules: schedules.map((s) => ({ ...s, windows: windowsIn(s, zone) })),
  offsets: offsetsIn(zone),
  fallback: { kind: 'idle', clock: true, store_name: 'Soho' },
  version: 'v1',
  server_time: '2026-03-29T00:00:00.000Z',
});

describe('what the web player plays', () => {
  it('switches at the store-local minute across the spring DST change (London, 2026-03-29)', () => {
    const morning = schedule('morning', {
      available_date_from: '2026-03-29',
      available_date_to: '2026-03-29',
      available_time_from: '09:00:00',
      available_time_to: '11:59:59',
    });
    const plan = manifest([morning]);
    const ready = new Set(['morning-a']);
    // 09:00 BST is 08:00 UTC on that day (clocks went forward at 01:00 UTC).
    expect(scheduleAt(plan, ready, new Date('2026-03-29T07:59:59Z'))).toBeNull();
    expect(scheduleAt(plan, ready, new Date('2026-03-29T08:00:00Z'))?.schedule_id).toBe('morning');
    expect(scheduleAt(plan, ready, new Date('2026-03-29T10:59:59Z'))?.schedule_id).toBe('morning');
    expect(scheduleAt(plan, ready, new Date('2026-03-29T11:00:00Z'))).toBeNull();
    expect(nextScheduleAt(plan, new Date('2026-03-29T07:00:00Z'))?.schedule_id).toBe('morning');
  });

  it('never starts a newer schedule before its media are verified: the older one plays meanwhile', () => {
    const older = schedule('older', { created_at: '2026-01-01T00:00:00.000Z' });
    const newer = schedule('newer', {
      created_at: '2026-02-01T00:00:00.000Z',
      media: [media('n1'), media('n2', 'movie')],
    });
    const plan = manifest([newer, older]);
    const now = new Date('2026-03-01T12:00:00Z');
    expect(scheduleAt(plan, new Set(['older-a', 'n1']), now)?.schedule_id).toBe('older');
    expect(scheduleAt(plan, new Set(['older-a', 'n1', 'n2']), now)?.schedule_id).toBe('newer');
    expect(scheduleAt(plan, new Set(), now)).toBeNull();
  });

  it('keeps the schedule on screen playing the files it has while media added to its playlist download', () => {
    const grown = schedule('shop', { media: [media('red', 'movie'), media('blue', 'movie')] });
    const older = schedule('older', { created_at: '2025-12-01T00:00:00.000Z' });
    const plan = manifest([grown, older]);
    const now = new Date('2026-03-01T12:00:00Z');
    const verified = new Set(['red', 'older-a']);
    // On screen: the schedule goes on with red alone, neither the older schedule nor the idle screen.
    const onScreen = scheduleAt(plan, verified, now, 'shop');
    expect(onScreen?.schedule_id).toBe('shop');
    expect(onScreen?.media.map((item) => item.content_id)).toEqual(['red']);
    // Not on screen yet: it waits for all its media, as any newer schedule does.
    expect(scheduleAt(plan, verified, now, 'older')?.schedule_id).toBe('older');
    expect(scheduleAt(plan, verified, now)?.schedule_id).toBe('older');
    // Nothing of it downloaded: nothing to go on with.
    expect(scheduleAt(plan, new Set(['older-a']), now, 'shop')?.schedule_id).toBe('older');
    // Once blue is verified, the whole playlist.
    const whole = scheduleAt(plan, new Set(['red', 'blue', 'older-a']), now, 'shop');
    expect(whole?.media.map((item) => item.content_id)).toEqual(['red', 'blue']);
  });

  it("downloads Night media from this player's own moment in the night window, store time, unless the schedule started", () => {
    const night = schedule('night', {
      delivery_timing: 'NIGHT',
      download_allow_hour: '23',
      available_date_from: '2026-03-02',
      available_time_from: '10:00:00',
      available_time_to: '21:00:59',
    });
    const plan = manifest([night], 'Asia/Tokyo');
    Object.assign(night, { windows: windowsIn(night, 'Asia/Tokyo') });
    // D1's moment: 23:00 in Tokyo (14:00 UTC) plus its offset from the domain's spread.
    const moment = nightDeliveryMomentMs('D1', '23');
    const atMoment = new Date(Date.UTC(2026, 2, 1, 14) + (moment - 23 * HOUR_MS));
    expect(storeHourAt(plan, new Date('2026-03-01T13:59:00Z'))).toBe(22);
    expect(localMsOfDay(plan.offsets, atMoment.getTime())).toBe(moment);
    expect(mayDownload(night, plan, new Date('2026-03-01T13:59:00Z'))).toBe(false); // 22:59 in Tokyo
    expect(mayDownload(night, plan, new Date(atMoment.getTime() - 1000))).toBe(false); // in the window, before its moment
    expect(mayDownload(night, plan, atMoment)).toBe(true);
    expect(mayDownload(night, plan, new Date('2026-03-01T14:59:59Z'))).toBe(true); // 23:59:59
    expect(mayDownload(night, plan, new Date('2026-03-01T15:30:00Z'))).toBe(false); // 00:30 on the 2nd: window over
    expect(mayDownload(night, plan, new Date('2026-03-02T03:00:00Z'))).toBe(true); // started: 12:00 on the 2nd
    expect(mayDownload(schedule('now', {}), plan, new Date('2026-03-01T03:00:00Z'))).toBe(true);
  });

  it('starts two players of one campaign at different moments of the window, each from its device code', () => {
    const night = schedule('night', {
      delivery_timing: 'NIGHT',
      download_allow_hour: '23',
      available_date_from: '2026-03-02',
    });
    const first = { ...manifest([night], 'Asia/Tokyo'), device_code: 'JP0001-01' };
    const second = { ...manifest([night], 'Asia/Tokyo'), device_code: 'JP0001-02' };
    const [early, late] = [first, second].sort(
      (a, b) => nightDeliveryMomentMs(a.device_code) - nightDeliveryMomentMs(b.device_code),
    ) as [TManifest, TManifest];
    const lateAt = new Date(Date.UTC(2026, 2, 1, 14) + (nightDeliveryMomentMs(late.device_code) - 23 * HOUR_MS));
    const earlyAt = new Date(Date.UTC(2026, 2, 1, 14) + (nightDeliveryMomentMs(early.device_code) - 23 * HOUR_MS));
    expect(earlyAt.getTime()).toBeLessThan(lateAt.getTime());
    expect(mayDownload(night, early, earlyAt)).toBe(true);
    expect(mayDownload(night, late, earlyAt)).toBe(false);
    expect(mayDownload(night, late, lateAt)).toBe(true);
  });
});

describe('the display pattern on screen', () => {
  it("gives the stage its pattern's shape, and none for a combined or unknown pattern", async () => {
    const { aspectOf } = await import('../src/plan');
    expect(aspectOf('Multi,CW')).toBeCloseTo(16 / 9);
    expect(aspectOf('1x1v')).toBeCloseTo(9 / 16);
    expect(aspectOf('2x1')).toBeCloseTo(32 / 9);
    expect(aspectOf('Multi,CW&1x1v')).toBeNull();
    expect(aspectOf('nonsense')).toBeNull();
    expect(aspectOf(undefined)).toBeNull();
  });

  it('starts a live schedule once its live images are verified (the streams themselves are on air or not)', () => {
    const live = schedule('live', { live: true, media: [stream('s1'), stream('s2')] });
    const plan = manifest([live]);
    const now = new Date('2026-03-01T12:00:00Z');
    expect(isLive(live)).toBe(true);
    expect(streamsOf(live).map((m) => m.content_id)).toEqual(['s1', 's2']);
    expect(scheduleAt(plan, new Set(['s1']), now)).toBeNull();
    expect(scheduleAt(plan, new Set(['s1', 's2']), now)?.schedule_id).toBe('live');
    // A stream without a live image cannot stand in for itself off air: never ready.
    const bare = schedule('bare', { media: [stream('s3', false)] });
    expect(scheduleAt(manifest([bare]), new Set(['s3']), now)).toBeNull();
    expect(isLive(schedule('files', {}))).toBe(false);
  });

  it('keeps images 10 s unless the soak asks for shorter with debug_image_seconds', () => {
    expect(imageSecondsOf('')).toBe(IMAGE_SECONDS);
    expect(imageSecondsOf('?debug_image_seconds=2')).toBe(2);
    expect(imageSecondsOf('?debug_image_seconds=30')).toBe(IMAGE_SECONDS);
    expect(imageSecondsOf('?debug_image_seconds=0')).toBe(IMAGE_SECONDS);
    expect(imageSecondsOf('?debug_image_seconds=1.5')).toBe(IMAGE_SECONDS);
  });
});
