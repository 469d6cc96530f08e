import { describe, expect, it } from 'vitest';
import { LOAD_MS, PlayerLog, type Seen, STALL_MS, STREAM_STALL_MS, Watchdog } from '../src/watchdog';

const T0 = Date.UTC(2026, 10, 24, 1, 0, 0);
const seen = (over: Partial<Seen>): Seen => ({
  now: T0,
  showing: { kind: 'none' },
  loadingSince: null,
  heapBytes: null,
  localHour: 12,
  ...over,
});

describe('the watchdog', () => {
  it('leaves a video alone while its time advances, reloads it once it stalls, then skips it', () => {
    const dog = new Watchdog(T0);
    expect(dog.look(seen({ now: T0, showing: { kind: 'video', time: 1, ended: false } })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 5000, showing: { kind: 'video', time: 6, ended: false } })).kind).toBe('none');
    // Stuck at 6 s from here.
    expect(dog.look(seen({ now: T0 + 10_000, showing: { kind: 'video', time: 6, ended: false } })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 10_000 + STALL_MS, showing: { kind: 'video', time: 6, ended: false } }))).toEqual({
      kind: 'reload-video',
      reason: 'the video stalled at 6.0 s',
    });
    expect(dog.look(seen({ now: T0 + 40_000, showing: { kind: 'video', time: 6, ended: false } })).kind).toBe('none');
    expect(
      dog.look(seen({ now: T0 + 40_000 + STALL_MS, showing: { kind: 'video', time: 6, ended: false } })).kind,
    ).toBe('skip');
    // A new item starts its history afresh.
    dog.shown();
    expect(dog.look(seen({ now: T0 + 60_000, showing: { kind: 'video', time: 0, ended: false } })).kind).toBe('none');
  });

  it('reloads a live stream each time it stalls (there is nothing to skip to)', () => {
    const dog = new Watchdog(T0);
    const at = (now: number, time: number) => dog.look(seen({ now, showing: { kind: 'stream', time } })).kind;
    expect(at(T0, 1)).toBe('none');
    expect(at(T0 + 5000, 6)).toBe('none');
    expect(at(T0 + 10_000, 6)).toBe('none');
    expect(at(T0 + 10_000 + STREAM_STALL_MS, 6)).toBe('reload-stream');
    expect(at(T0 + 30_000, 6)).toBe('none');
    expect(at(T0 + 30_000 + STREAM_STALL_MS, 6)).toBe('reload-stream');
    expect(at(T0 + 45_000, 7)).toBe('none');
  });

  it('moves the loop on from an image kept past its time, and skips an item that does not load', () => {
    const dog = new Watchdog(T0);
    const image = { kind: 'image', since: T0, seconds: 10 } as const;
    expect(dog.look(seen({ now: T0 + 10_000 + STALL_MS - 1, showing: image })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 10_000 + STALL_MS + 1, showing: image })).kind).toBe('skip');
    // While the next item loads, the image may stay; up to LOAD_MS.
    expect(dog.look(seen({ now: T0 + 40_000, showing: image, loadingSince: T0 + 20_000 })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 20_001 + LOAD_MS, showing: image, loadingSince: T0 + 20_000 })).kind).toBe('skip');
  });

  it('reloads the page for memory only when it grew well past its settled size, and only at a quiet hour', () => {
    const dog = new Watchdog(T0);
    const mb = 1024 * 1024;
    // The first two minutes settle; the baseline is what is used then.
    expect(dog.look(seen({ now: T0 + 60_000, heapBytes: 500 * mb })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 120_000, heapBytes: 80 * mb })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 3_600_000, heapBytes: 200 * mb, localHour: 3 })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 3_600_000, heapBytes: 500 * mb, localHour: 14 })).kind).toBe('none');
    expect(dog.look(seen({ now: T0 + 3_600_000, heapBytes: 500 * mb, localHour: 3 }))).toEqual({
      kind: 'reload-page',
      reason: 'memory grew from 84 MB to 524 MB',
    });
  });
});

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("the player's own log", () => {
  it('says how the last run ended: started, a watchdog reload with its reason, or an unexpected stop', () => {
    const store = memoryStore();
    const first = new PlayerLog(store);
    first.started();
    first.stopped(); // a normal reload
    new PlayerLog(store).started();
    const crashed = new PlayerLog(store); // the last run never said goodbye
    crashed.started();
    crashed.reloading('memory grew from 84 MB to 524 MB');
    new PlayerLog(store).started();
    const lines = new PlayerLog(store).lines().map((line) => `${line.level} ${line.text}`);
    expect(lines).toEqual([
      'INFO started',
      'INFO started',
      'ERROR restarted after an unexpected stop (crash, power cut or killed browser)',
      'WARNING restarted by the watchdog: memory grew from 84 MB to 524 MB',
    ]);
  });

  it('uploads what it holds at its highest level, forgets only what was sent, and stays bounded', () => {
    const log = new PlayerLog(memoryStore());
    expect(log.upload()).toBeNull();
    log.write('INFO', 'one', new Date(T0));
    log.write('WARNING', 'two', new Date(T0 + 1000));
    const file = log.upload();
    expect(file).toMatchObject({ level: 'WARNING', count: 2, started_at: new Date(T0).toISOString() });
    expect(file?.content).toBe(
      `${new Date(T0).toISOString()} INFO one\n${new Date(T0 + 1000).toISOString()} WARNING two\n`,
    );
    log.write('ERROR', 'three');
    log.sent(2);
    expect(log.lines().map((line) => line.text)).toEqual(['three']);
    for (let i = 0; i < 500; i++) log.write('INFO', `line ${i}`);
    expect(log.lines()).toHaveLength(200);
    expect(log.lines().at(-1)?.text).toBe('line 499');
  });
});
