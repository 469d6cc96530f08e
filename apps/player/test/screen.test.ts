// @vitest-environment jsdom
import type { TManifestMedia } from '@signage/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_TEXTS } from '../src/i18n';
import type { PlayQueue } from '../src/plays';
import { Screen } from '../src/screen';
import { manifestMedia, manifestSchedule } from './fixtures';

/**
 * The stage (screen.ts): the next item is prepared in the back layer while the current one stays shown, and
 * revealed only once it can play (no black frame between them); each item shown opens a play, which closes
 * with what was shown when the next takes over, the schedule changes or the screen goes idle.
 */
const SECONDS = 5;
const START = Date.parse('2026-03-01T03:00:00.000Z');
const SKEW = 2000;

const media = manifestMedia;
const schedule = (id: string, items: TManifestMedia[]) => manifestSchedule(id, { media: items });

/** Decoding images: each waits until the test says it decoded (or failed). */
let decodes: { src: string; done: () => void; fail: () => void }[] = [];
const decoded = async (src: string, ok = true) => {
  const index = decodes.findIndex((d) => d.src.endsWith(`/${src}`));
  const [found] = decodes.splice(index, 1);
  if (index < 0 || !found) throw new Error(`${src} is not decoding`);
  if (ok) found.done();
  else found.fail();
  await vi.advanceTimersByTimeAsync(0);
};

function stage() {
  const queue = { start: vi.fn(), progress: vi.fn(), close: vi.fn() };
  const fresh = vi.fn();
  const screen = new Screen(document.createElement('div'), {
    base: 'http://server.test',
    token: 't',
    fileUrl: (id) => `blob:http://player.test/${id}`,
    probe: async () => 'unreachable',
    texts: PLAYER_TEXTS.en,
    log: () => undefined,
    queue: queue as unknown as PlayQueue,
    skewMs: () => SKEW,
    // The store's offset from the manifest (Tokyo), whatever the browser's zone: plays are stamped with it.
    storeOffset: () => 540,
    imageSeconds: SECONDS,
    fresh,
  });
  const layers = [...screen.stage.children] as HTMLElement[];
  /** What is shown: the media of each layer marked shown. */
  const shown = () =>
    layers
      .filter((layer) => layer.classList.contains('shown'))
      .map((layer) => (layer.firstElementChild as HTMLImageElement | HTMLVideoElement | null)?.src.split('/').at(-1));
  const started = () => queue.start.mock.calls.map(([play]) => play.content_id as string);
  return { screen, queue, layers, shown, started, fresh };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  decodes = [];
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value(this: HTMLImageElement) {
      return new Promise<void>((done, fail) => decodes.push({ src: this.src, done, fail: () => fail(new Error('x')) }));
    },
  });
  HTMLMediaElement.prototype.play = vi.fn(async () => undefined);
  HTMLMediaElement.prototype.pause = vi.fn();
  HTMLMediaElement.prototype.load = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the stage', () => {
  it('keeps the current image shown until the next has decoded, then switches in one step', async () => {
    const { screen, shown, started, layers } = stage();
    screen.play(schedule('s1', [media('a'), media('b')]));
    expect(shown()).toEqual([]); // the first is decoding: nothing half-drawn
    await decoded('a');
    expect(shown()).toEqual(['a']);

    await vi.advanceTimersByTimeAsync(SECONDS * 1000);
    // b is in the back layer, decoding; a is still the one on screen.
    expect(layers.map((layer) => layer.firstElementChild?.getAttribute('src')?.split('/').at(-1))).toEqual(['b', 'a']);
    expect(shown()).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(300);
    expect(shown()).toEqual(['a']);
    await decoded('b');
    expect(shown()).toEqual(['b']);
    // The layer that went to the back let go of its image.
    expect(layers[1]?.children).toHaveLength(0);
    expect(started()).toEqual(['a', 'b']);
    // The loop comes round again.
    await vi.advanceTimersByTimeAsync(SECONDS * 1000);
    await decoded('a');
    expect(shown()).toEqual(['a']);
    expect(started()).toEqual(['a', 'b', 'a']);
  });

  it('opens a play when an item is revealed and closes it with what was shown when the next takes over', async () => {
    const { screen, queue } = stage();
    const s1 = schedule('s1', [media('a'), media('b')]);
    screen.play(s1);
    await vi.advanceTimersByTimeAsync(400); // decoding takes 400 ms: not part of a's play
    await decoded('a');
    expect(queue.start).toHaveBeenCalledTimes(1);
    expect(queue.start).toHaveBeenLastCalledWith({
      content_id: 'a',
      schedule_id: 's1',
      // In the server's time: the player's clock minus its skew.
      started_at: new Date(START + 400 - SKEW).toISOString(),
      utc_offset_minutes: 540,
    });
    // Each second the loop reports how long the open play has lasted.
    await vi.advanceTimersByTimeAsync(1000);
    screen.play(s1);
    expect(queue.progress).toHaveBeenLastCalledWith(1000);
    await vi.advanceTimersByTimeAsync(SECONDS * 1000 - 1000);
    expect(queue.close).toHaveBeenLastCalledWith(SECONDS * 1000);
    queue.close.mockClear();
    await vi.advanceTimersByTimeAsync(250);
    await decoded('b');
    expect(queue.start).toHaveBeenCalledTimes(2);
    expect(queue.start.mock.calls[1]?.[0]).toMatchObject({ content_id: 'b', schedule_id: 's1' });
    expect(queue.close).not.toHaveBeenCalled();
  });

  it('reveals a video once it can play, and moves on when it ends', async () => {
    const { screen, shown, started, queue } = stage();
    screen.play(schedule('s1', [media('v', 'movie'), media('a')]));
    const video = screen.stage.querySelector('video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(shown()).toEqual([]);
    video.dispatchEvent(new Event('canplay'));
    expect(shown()).toEqual(['v']);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(started()).toEqual(['v']);
    queue.close.mockClear();
    await vi.advanceTimersByTimeAsync(12_000); // its length, whatever the image duration
    expect(queue.close).not.toHaveBeenCalled();
    video.dispatchEvent(new Event('ended'));
    expect(queue.close).toHaveBeenLastCalledWith(12_000);
    expect(shown()).toEqual(['v']); // until the image has decoded
    await decoded('a');
    expect(shown()).toEqual(['a']);
    expect(started()).toEqual(['v', 'a']);
  });

  it('skips an image that cannot be decoded: no play opens for it', async () => {
    const { screen, shown, started } = stage();
    screen.play(schedule('s1', [media('broken'), media('b')]));
    await decoded('broken', false);
    await decoded('b');
    expect(shown()).toEqual(['b']);
    expect(started()).toEqual(['b']);
  });

  it('closes the open play when the schedule changes, and ignores a reveal left over from the one before', async () => {
    const { screen, shown, started, queue } = stage();
    screen.play(schedule('s1', [media('a'), media('b')]));
    await decoded('a');
    await vi.advanceTimersByTimeAsync(SECONDS * 1000); // b starts decoding for s1
    queue.close.mockClear();
    await vi.advanceTimersByTimeAsync(1500);
    screen.play(schedule('s2', [media('c')]));
    expect(queue.close).toHaveBeenCalledWith(SECONDS * 1000 + 1500);
    await decoded('b'); // too late: s1 is gone
    expect(started()).toEqual(['a']);
    expect(shown()).toEqual([]);
    await decoded('c');
    expect(shown()).toEqual(['c']);
    expect(started()).toEqual(['a', 'c']);
    expect(queue.start.mock.calls[1]?.[0]).toMatchObject({ schedule_id: 's2' });
  });

  it('goes idle: the open play closes and the stage empties', async () => {
    const { screen, shown, queue, layers } = stage();
    screen.play(schedule('s1', [media('a')]));
    await decoded('a');
    await vi.advanceTimersByTimeAsync(3000);
    screen.play(null);
    expect(queue.close).toHaveBeenLastCalledWith(3000);
    expect(shown()).toEqual([]);
    expect(layers.every((layer) => layer.children.length === 0)).toBe(true);
    expect(screen.now()).toMatchObject({ schedule: null, item: null });
  });
});
