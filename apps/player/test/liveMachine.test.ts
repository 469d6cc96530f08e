import { describe, expect, it } from 'vitest';
import {
  CONNECT_MS,
  FREEZE_MS,
  HINT_PROBE_MS,
  LiveMachine,
  PROBE_MAX_MS,
  PROBE_MIN_MS,
  probeDelayMs,
} from '../src/live/liveMachine';

const T0 = Date.UTC(2026, 10, 25, 6, 0, 0);
const half = () => 0.5;

/** Feeds the video's position once a second from `from` to `to` (exclusive), advancing by `step` each time. */
function frames(machine: LiveMachine, from: number, to: number, start: number, step: number) {
  let time = start;
  for (let now = from; now < to; now += 1000, time += step) machine.on({ kind: 'frame', time }, now);
  return time;
}

describe('a live stream on the player', () => {
  it('goes off air -> on air -> dropped -> back, without a manual step, showing the live image meanwhile', () => {
    const machine = new LiveMachine(T0, half);
    expect(machine.start()).toEqual([{ kind: 'probe', inMs: 0 }]);
    expect(machine.streaming).toBe(false);

    // Off air: the playlist answers 404; the next probe backs off within 5-15 s.
    const [retry] = machine.on({ kind: 'probe', result: 'off' }, T0);
    expect(retry).toMatchObject({ kind: 'probe' });
    expect(machine.phase).toBe('off_air');

    // The publisher starts: the server's push says so; the playlist is asked at once, then every second.
    expect(machine.on({ kind: 'event', onAir: true }, T0 + 2000)).toEqual([{ kind: 'probe', inMs: 0 }]);
    expect(machine.on({ kind: 'probe', result: 'off' }, T0 + 2100)).toEqual([{ kind: 'probe', inMs: HINT_PROBE_MS }]);
    expect(machine.on({ kind: 'probe', result: 'on' }, T0 + 3100)).toEqual([]);
    expect(machine.phase).toBe('available');
    // The view chose it: hls.js attaches, but the live image stays until frames advance (no black frame).
    expect(machine.on({ kind: 'chosen' }, T0 + 3100)).toEqual([{ kind: 'connect' }]);
    machine.on({ kind: 'frame', time: 0 }, T0 + 4000);
    expect(machine.streaming).toBe(false);
    machine.on({ kind: 'frame', time: 0.8 }, T0 + 5000);
    expect(machine.phase).toBe('on_air');
    expect(machine.streaming).toBe(true);

    // The publisher drops: the server says off air; hls.js goes and the live image is back at once.
    const dropped = machine.on({ kind: 'event', onAir: false }, T0 + 60_000);
    expect(dropped[0]).toEqual({ kind: 'disconnect' });
    expect(dropped[1]).toMatchObject({ kind: 'probe' });
    expect(machine.streaming).toBe(false);

    // It comes back: the same path resumes the stream.
    machine.on({ kind: 'event', onAir: true }, T0 + 90_000);
    machine.on({ kind: 'probe', result: 'on' }, T0 + 90_100);
    expect(machine.on({ kind: 'chosen' }, T0 + 90_100)).toEqual([{ kind: 'connect' }]);
    frames(machine, T0 + 91_000, T0 + 94_000, 0, 1);
    expect(machine.streaming).toBe(true);
  });

  it('covers a still frame with the live image after FREEZE_MS and shows the stream again when it moves', () => {
    const machine = new LiveMachine(T0, half);
    machine.on({ kind: 'probe', result: 'on' }, T0);
    machine.on({ kind: 'chosen' }, T0);
    const at = frames(machine, T0, T0 + 5000, 0, 1);
    expect(machine.phase).toBe('on_air');
    // Frames stop (a publisher cut without a goodbye): on air until FREEZE_MS have passed, then covered.
    frames(machine, T0 + 5000, T0 + 5000 + FREEZE_MS, at, 0);
    expect(machine.phase).toBe('on_air');
    machine.on({ kind: 'frame', time: at }, T0 + 5000 + FREEZE_MS);
    expect(machine.phase).toBe('frozen');
    expect(machine.streaming).toBe(false);
    machine.on({ kind: 'frame', time: at + 0.5 }, T0 + 10_000);
    expect(machine.phase).toBe('on_air');
  });

  it('gives up a stream that fails: hls.js goes, a probe a second later, then backs off on failures in a row', () => {
    const machine = new LiveMachine(T0, half);
    machine.on({ kind: 'probe', result: 'on' }, T0);
    machine.on({ kind: 'chosen' }, T0);
    expect(machine.on({ kind: 'failed' }, T0 + 2000)).toEqual([
      { kind: 'disconnect' },
      { kind: 'probe', inMs: HINT_PROBE_MS },
    ]);
    machine.on({ kind: 'probe', result: 'on' }, T0 + 3000);
    machine.on({ kind: 'chosen' }, T0 + 3000);
    const again = machine.on({ kind: 'failed' }, T0 + 4000);
    expect(again[1]).toMatchObject({ kind: 'probe' });
    expect((again[1] as { inMs: number }).inMs).toBeGreaterThanOrEqual(PROBE_MIN_MS);
    // A failure outside an attachment changes nothing.
    expect(machine.on({ kind: 'failed' }, T0 + 5000)).toEqual([]);
  });

  it('gives up connecting after CONNECT_MS without a frame', () => {
    const machine = new LiveMachine(T0, half);
    machine.on({ kind: 'probe', result: 'on' }, T0);
    machine.on({ kind: 'chosen' }, T0);
    expect(machine.on({ kind: 'tick' }, T0 + CONNECT_MS - 1)).toEqual([]);
    expect(machine.on({ kind: 'tick' }, T0 + CONNECT_MS)[0]).toEqual({ kind: 'disconnect' });
    expect(machine.phase).toBe('off_air');
  });

  it('probes off air every 5-15 s, widening with each answer, with jitter', () => {
    expect(probeDelayMs(0, () => 0)).toBe(PROBE_MIN_MS);
    expect(probeDelayMs(0, () => 1)).toBe(7_500);
    expect(probeDelayMs(1, () => 1)).toBe(10_000);
    expect(probeDelayMs(9, () => 1)).toBe(PROBE_MAX_MS);
    const machine = new LiveMachine(T0, () => 1);
    const delays = [0, 1, 2, 3].map(
      (i) =>
        (machine.on({ kind: 'probe', result: i === 3 ? 'unreachable' : 'off' }, T0 + i)[0] as { inMs: number }).inMs,
    );
    expect(delays).toEqual([7_500, 10_000, 15_000, 15_000]);
  });
});
