// @vitest-environment jsdom
import type { TManifest } from '@signage/agent-client';
import type { TManifestEmergency } from '@signage/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dueEmergency, EmergencyScreen, emergencyFiles, neededMedia } from '../src/emergency';
import type { PlayQueue } from '../src/plays';
import { manifestMedia, manifestSchedule } from './fixtures';

/**
 * The emergency message on the player (issue 29 item 6): due from its start to its end (an image one once its
 * image is verified), drawn over everything, and recorded as a play with the emergency's id.
 */
const START = Date.parse('2026-03-01T03:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const ID = '7b0c3b7e-9a59-4a51-8d6e-2f5a1f0a9c11';

const emergency = (over: Partial<TManifestEmergency> = {}): TManifestEmergency => ({
  emergency_id: ID,
  kind: 'text',
  text: 'Evacuate now',
  starts_at: iso(START),
  ends_at: iso(START + 60_000),
  media: null,
  ...over,
});
const manifest = (due?: TManifestEmergency) =>
  ({ schedules: [manifestSchedule('s1', { media: [manifestMedia('a')] })], emergency: due }) as unknown as TManifest;

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

describe('dueEmergency', () => {
  it('is due from its start until its end, and an image one only once its image is verified', () => {
    const text = manifest(emergency());
    expect(dueEmergency(text, new Date(START - 1), new Set())).toBeNull();
    expect(dueEmergency(text, new Date(START), new Set())?.emergency_id).toBe(ID);
    expect(dueEmergency(text, new Date(START + 60_000), new Set())).toBeNull();
    expect(dueEmergency(manifest(), new Date(START), new Set())).toBeNull();

    const image = manifest(emergency({ kind: 'image', text: null, media: manifestMedia('img') }));
    expect(dueEmergency(image, new Date(START), new Set())).toBeNull();
    expect(dueEmergency(image, new Date(START), new Set(['img']))?.kind).toBe('image');
    expect(emergencyFiles(image).map((m) => m.content_id)).toEqual(['img']);
    expect([...neededMedia(image)].sort()).toEqual(['a', 'img']);
  });
});

/** The overlay with a recording play queue, in Tokyo (offset 540). */
function overlay() {
  const queue = { start: vi.fn(), progress: vi.fn(), close: vi.fn() };
  const screen = new EmergencyScreen({
    queue: queue as unknown as PlayQueue,
    files: { url: (id) => `blob:http://player.test/${id}` },
    skewMs: () => 0,
    storeOffset: () => 540,
  });
  return { queue, screen };
}

describe('EmergencyScreen', () => {
  it('covers the screen with the text, records one play with its id, and closes it when it is over', () => {
    const { queue, screen } = overlay();
    expect(screen.draw(emergency())).toBe(true);
    expect(screen.root.hidden).toBe(false);
    expect(screen.root.textContent).toBe('Evacuate now');
    expect(queue.start).toHaveBeenCalledWith({
      content_id: ID,
      schedule_id: null,
      emergency_id: ID,
      started_at: iso(START),
      utc_offset_minutes: 540,
    });
    vi.advanceTimersByTime(3000);
    expect(screen.draw(emergency())).toBe(true);
    expect(queue.start).toHaveBeenCalledTimes(1);
    expect(queue.progress).toHaveBeenLastCalledWith(3000);

    expect(screen.draw(null)).toBe(false);
    expect(screen.root.hidden).toBe(true);
    expect(queue.close).toHaveBeenCalledWith(3000);
  });

  it('shows an image message from its verified file', () => {
    const { queue, screen } = overlay();
    screen.draw(emergency({ kind: 'image', text: null, media: manifestMedia('img') }));
    expect(screen.root.querySelector('img')?.getAttribute('src')).toBe('blob:http://player.test/img');
    expect(queue.start.mock.calls[0]?.[0]).toMatchObject({ content_id: 'img', emergency_id: ID });
  });
});
